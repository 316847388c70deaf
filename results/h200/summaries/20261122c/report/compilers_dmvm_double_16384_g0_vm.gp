# compilers_dmvm_double_16384_g0_vm: made by portbench report; run 'gnuplot compilers_dmvm_double_16384_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_dmvm_double_16384_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double, nx = 16384 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [7.75875:6731.06]
set xrange [-0.5:10.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10)
$cud0 << EOD
0 715.449
1 824.076
2 1234.82
3 1646.01
4 2117.95
5 2488.14
6 1967.22
7 3927.77
8 4294.98
9 3603.05
10 4487.37
EOD
$t0 << EOD
0 812.464
1 1005.98
2 487.972
3 395.58
4 2336.48
5 2977.72
6 601.526
7 1908.92
8 3014.63
9 1408.59
10 3886.37
EOD
$t1 << EOD
0 200.756
1 354.816
2 312.629
3 368.042
4 1143.17
5 3084.17
6 569.586
7 1063.28
8 1939.2
9 2000.94
10 3564.21
EOD
$t2 << EOD
0 744.825
1 910.576
2 140.184
3 255.625
4 392.738
5 457.336
6 88.1166
7 373.648
8 59.647
9 58.3584
10 405.163
EOD
$t3 << EOD
0 743.225
1 884.198
2 69.2894
3 196.788
4 99.9934
5 158.588
6 11.6381
7 242.38
8 34.7609
9 44.0487
10 252.795
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 11 ps 1.3 lc rgb '#17becf' title 'omp(clang-16)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t2 using 1:2 with linespoints lw 1.5 dt 1 pt 15 ps 1.3 lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
