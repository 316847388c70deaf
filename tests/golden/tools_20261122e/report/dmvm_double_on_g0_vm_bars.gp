# dmvm_double_on_g0_vm_bars: made by portbench report; run 'gnuplot dmvm_double_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_double_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double on g0@vm, nx = 16384: bandwidth per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T173515Z_dmvm_nx16384_t'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [7.7721:10560]
set ytics ('10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:12.6]
set xtics nomirror rotate by -45 ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10, 'lib' 11, 'baseline' 12)
$b0 << EOD
-0.28 715.341
0.72 825.28
1.72 1234.39
2.72 1644.8
3.72 2117.74
4.72 2475.93
5.72 1965.2
6.72 3929.6
7.72 4301.57
8.72 3598.8
9.72 4504.23
EOD
$b1 << EOD
11 4470.04
EOD
$b2 << EOD
0 200.391
1 354.149
2 315.636
3 367.164
4 1146.27
5 2988.71
6 569.217
7 1064.41
8 1943.13
9 2009.39
10 4118.15
EOD
$b3 << EOD
0.28 728.66
1.28 872.575
2.28 68.7352
3.28 188.1
4.28 98.82
5.28 155.683
6.28 11.6581
7.28 240.947
8.28 34.7558
9.28 44.0796
10.28 257.801
EOD
$b4 << EOD
12 64.8887
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
