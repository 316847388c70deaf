#@ bars.gp: the variants of a family at its headline size (NAME_bars.gp), one bar per series,
#@ the bars of a variant centred on its tic. Placeholders and pieces: see common.gp and
#@ size.gp. @BOXWIDTH@: one bar's width; @XMAX@: the right end of x; @ROTATE@: the piece
#@ rotate (common.gp) when names would touch; @XTICS@: the variant names; @FAILS@: the
#@ pieces fail, one per failed row (its gap says why).
set title @TITLE@
set xlabel 'variant'
@CEILINGS@
@YAXIS@
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth @BOXWIDTH@ absolute
set xrange [-0.6:@XMAX@]
set xtics nomirror@ROTATE@ (@XTICS@)
@FAILS@
@DATA@
plot @PLOT@
#@fail set label 'FAIL' at first @X@, graph 0.02 left rotate by 90 textcolor rgb '#d62728' front
#@ a series' bars: block $b@N@
#@bar $b@N@ using 1:2 with boxes lc rgb '@COLOR@' title @LEGEND@
