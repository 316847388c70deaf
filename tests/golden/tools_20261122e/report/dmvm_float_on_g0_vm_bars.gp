# dmvm_float_on_g0_vm_bars: made by portbench report; run 'gnuplot dmvm_float_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_float_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm float on g0@vm, nx = 16384: bandwidth per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T173502Z_dmvm_nx16384_float_t'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [3.98541:10560]
set ytics ('5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:12.6]
set xtics nomirror rotate by -45 ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10, 'lib' 11, 'baseline' 12)
$b0 << EOD
-0.28 423.46
0.72 471.497
1.72 673.114
2.72 934.577
3.72 1128.97
4.72 2251.82
5.72 1048.71
6.72 2452.41
7.72 4311.25
8.72 3373.77
9.72 4488.27
EOD
$b1 << EOD
11 4130.31
EOD
$b2 << EOD
0 148.301
1 221.835
2 179.688
3 189.549
4 583.783
5 2192.38
6 309.318
7 535.527
8 1692.15
9 1920.61
10 4029.65
EOD
$b3 << EOD
0.28 474.477
1.28 557.288
2.28 34.7612
3.28 96.2938
4.28 53.341
5.28 97.6676
6.28 5.97812
7.28 142.24
8.28 17.6916
9.28 25.146
10.28 151.162
EOD
$b4 << EOD
12 71.4472
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
