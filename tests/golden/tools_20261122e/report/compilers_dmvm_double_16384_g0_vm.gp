# compilers_dmvm_double_16384_g0_vm: made by portbench report; run 'gnuplot compilers_dmvm_double_16384_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_dmvm_double_16384_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double, nx = 16384 on g0@vm: bandwidth per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T173515Z_dmvm_nx16384_t'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [7.7721:6756.34]
set ytics ('10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000)
set xrange [-0.5:10.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10)
$cud0 << EOD
0 715.341
1 825.28
2 1234.39
3 1644.8
4 2117.74
5 2475.93
6 1965.2
7 3929.6
8 4301.57
9 3598.8
10 4504.23
EOD
$t0 << EOD











EOD
$t1 << EOD
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
$t2 << EOD











EOD
$t3 << EOD
0 728.66
1 872.575
2 68.7352
3 188.1
4 98.82
5 155.683
6 11.6581
7 240.947
8 34.7558
9 44.0796
10 257.801
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
