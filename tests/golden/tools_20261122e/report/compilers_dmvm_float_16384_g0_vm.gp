# compilers_dmvm_float_16384_g0_vm: made by portbench report; run 'gnuplot compilers_dmvm_float_16384_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_dmvm_float_16384_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm float, nx = 16384 on g0@vm: bandwidth per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T173502Z_dmvm_nx16384_float_t'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [3.98541:6732.41]
set ytics ('5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000)
set xrange [-0.5:10.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10)
$cud0 << EOD
0 423.46
1 471.497
2 673.114
3 934.577
4 1128.97
5 2251.82
6 1048.71
7 2452.41
8 4311.25
9 3373.77
10 4488.27
EOD
$t0 << EOD











EOD
$t1 << EOD
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
$t2 << EOD











EOD
$t3 << EOD
0 474.477
1 557.288
2 34.7612
3 96.2938
4 53.341
5 97.6676
6 5.97812
7 142.24
8 17.6916
9 25.146
10 151.162
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
