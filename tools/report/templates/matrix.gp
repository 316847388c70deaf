#@ matrix.gp: the compiler matrix of one case (compilers_*.gp): variants on x, one line per
#@ OpenMP toolchain and CUDA as the dashed reference. Placeholders and pieces: see common.gp,
#@ size.gp and bars.gp. @YLABEL@: the quoted label; @YRANGE@: range (and log scale from a
#@ 10x span on) of y.
set title @TITLE@
set xlabel 'variant'
set ylabel @YLABEL@
@YRANGE@
set xrange [-0.5:@XMAX@]
set key outside right top vertical noreverse Left
set xtics nomirror@ROTATE@ (@XTICS@)
@DATA@
plot @PLOT@
#@ a toolchain's line: block @NAME@ ($cud0 for CUDA, $tK for toolchain K); @DASH@ 2 for CUDA
#@line @NAME@ using 1:2 with linespoints lw 1.5 dt @DASH@ pt @MARKER@ ps 1.3 lc rgb '@COLOR@' title @LEGEND@
