#@ sweep_values.gp: a parameter sweep at one size (NAME_values.gp): the rate over the value,
#@ one line per series. Placeholders and pieces: see common.gp and size.gp. @XLABEL@: the
#@ quoted parameter name; @LOGX@: log scale and range of x when the values grow
#@ geometrically; @XTICS@: a tic per value.
set title @TITLE@
set xlabel @XLABEL@
@LOGX@
set key outside right top vertical noreverse Left
set xtics (@XTICS@)
@CEILINGS@
@YAXIS@
@DATA@
plot @PLOT@
#@line $g@N@ using 1:2 with linespoints lw 2 pt @MARKER@ ps 0.9 lc rgb '@COLOR@' title @LEGEND@
