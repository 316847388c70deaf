#@ roofline.gp: the roofline and the energy roofline of one GPU and dtype (roofline_*.gp,
#@ energy_roofline_*.gp): every passing row at its benchmark's intensity. Placeholders and
#@ pieces: see common.gp and size.gp. @XMIN@, @XMAX@: the x range; @YUNIT@: GFLOP/s or
#@ GFLOP/J; @YAXIS@: range and tics of y; @LABELS@: the pieces bench, one per benchmark;
#@ @ROOFS@: the roof functions; @PLOT@: the roofs (pieces energy_roof, or measured_roof and
#@ peak_roof), then the pieces point, one per series.
set title @TITLE@
set key outside below center horizontal reverse Left
set bmargin 9
set xlabel 'arithmetic intensity: FLOPs / bytes of the cost model (log scale)'
set logscale x 10
set xrange [@XMIN@:@XMAX@]
set ylabel '@YUNIT@ (log scale)'
@YAXIS@
@LABELS@
@ROOFS@
@DATA@
set samples 1000
plot @PLOT@
#@ the key goes below: inside, it would cover roofs or points
#@bench set label @NAME@ at first @X@, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
#@energy_roof emax(x) with lines lw 2 lc rgb '#a05000' dt 1 title 'best GB/J and GFLOP/J of these rows'
#@measured_roof rmeas(x) with lines lw 2 lc rgb '#a05000' dt 3 title 'measured ceilings (portbench ceilings)'
#@peak_roof rpeak(x) with lines lw 2 lc rgb '#505050' dt 2 title '@GPU@ datasheet'
#@point $s@N@ using 1:2 with points pt @MARKER@ ps 1.1 lc rgb '@COLOR@' title @LEGEND@
