# transpose_double_cols_0_on_g0_vm_bars: made by portbench report; run 'gnuplot transpose_double_cols_0_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'transpose_double_cols_0_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'transpose double on g0@vm, n = 16384: bandwidth per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T090516Z_transpose_16384'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [11.2528:10560]
set ytics ('20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:5.6]
set xtics nomirror ('naive' 0, 'tile' 1, 'padded' 2, 'unrolled' 3, 'lib' 4, 'baseline' 5)
$b0 << EOD
-0.28 954.171
0.72 1920
1.72 2531.4
2.72 3767.82
EOD
$b1 << EOD
4 3980.94
EOD
$b2 << EOD
0 250.096
1 713.93
2 827.293
3 3357.28
EOD
$b3 << EOD
0.28 243.384
1.28 16.8951
2.28 16.8792
3.28 16.9817
EOD
$b4 << EOD
5 30.3282
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
