# transpose_float_cols_16411_on_g0_vm_bars: made by portbench report; run 'gnuplot transpose_float_cols_16411_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'transpose_float_cols_16411_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'transpose float cols=16411 on g0@vm, n = 8191: bandwidth per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T090545Z_transpose_8191x16411'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [5.55878:10560]
set ytics ('10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:5.6]
set xtics nomirror ('naive' 0, 'tile' 1, 'padded' 2, 'unrolled' 3, 'lib' 4, 'baseline' 5)
$b0 << EOD
-0.28 538.905
0.72 1028.7
1.72 1364.97
2.72 2216.87
EOD
$b1 << EOD
4 3560.67
EOD
$b2 << EOD
0 137.639
1 357.016
2 411.46
3 1167.06
EOD
$b3 << EOD
0.28 122.444
1.28 8.44819
2.28 8.33817
3.28 8.49184
EOD
$b4 << EOD
5 46.756
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
