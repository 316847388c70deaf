#@ size.gp: a family's rate over size (NAME_size.gp): one line per series, or, when a series
#@ runs several kernels, one chart per series with a line per kernel (NAME_size_SERIES.gp).
#@ Placeholders and pieces: see common.gp, which starts every chart.
#@ @TITLE@: the quoted title and caption; @XAXIS@: label, log scale, range and tics of x;
#@ @L2@: the piece l2 (common.gp) when the GPU's L2 is on the axis; @CEILINGS@: the pieces
#@ peak and measured; @YAXIS@: label and range of y; @DATA@: the points; @PLOT@: the pieces
#@ line, one per series or kernel.
set title @TITLE@
set key outside right top vertical noreverse Left
@XAXIS@
@L2@
@CEILINGS@
@YAXIS@
@DATA@
plot @PLOT@
#@ a line: @DATA@ block $s@N@; @MARKER@ and @COLOR@ the series' (or kernel's) own; @DASH@ 2 for
#@ the library and CPU references, else 1; @LEGEND@ the quoted legend
#@line $s@N@ using 1:2 with linespoints lw 2 pt @MARKER@ ps 0.8 lc rgb '@COLOR@' dt @DASH@ title @LEGEND@
