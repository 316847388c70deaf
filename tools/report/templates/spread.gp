#@ spread.gp: one case measured on several GPUs (spread_*.gp): a point per variant and series
#@ at the median rate, a bar from the min to the max. Placeholders and pieces: see common.gp,
#@ size.gp, bars.gp and matrix.gp.
set title @TITLE@
set xlabel 'variant'
set ylabel @YLABEL@
@YRANGE@
set key outside right top vertical noreverse Left
set grid noxtics
set xrange [-0.6:@XMAX@]
set xtics nomirror@ROTATE@ (@XTICS@)
@DATA@
plot @PLOT@
#@ a series: block $s@N@ of x, median, min, max
#@point $s@N@ using 1:2:3:4 with yerrorbars lw 1.5 pt @MARKER@ ps 1.3 lc rgb '@COLOR@' title @LEGEND@
