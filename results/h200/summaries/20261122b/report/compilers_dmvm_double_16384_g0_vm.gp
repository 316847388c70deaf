# compilers_dmvm_double_16384_g0_vm: made by portbench report; run 'gnuplot compilers_dmvm_double_16384_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_dmvm_double_16384_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double, nx = 16384 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [7.98602:6894.26]
set xrange [-0.5:10.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10)
$cud0 << EOD
0 712.127
1 818.741
2 1231.09
3 1639.82
4 2101.24
5 2455.92
6 1944.26
7 3963.5
8 4383.07
9 3632.31
10 4596.17
EOD
$t0 << EOD
0 806.463
1 993.78
2 520.254
3 427.418
4 2325.16
5 2918.05
6 591.723
7 1881.84
8 3008.56
9 1374.02
10 3851.82
EOD
$t1 << EOD
0 198.883
1 349.125
2 319.41
3 392.516
4 1118.99
5 3099.27
6 560.367
7 1038.51
8 1945.62
9 2011.27
10 3426.13
EOD
$t2 << EOD
0 746.161
1 895.359
2 139.188
3 264.524
4 381.586
5 455.983
6 86.2592
7 371.203
8 59.6715
9 58.6675
10 386.239
EOD
$t3 << EOD
0 743.73
1 884.434
2 68.3256
3 193.645
4 98.1859
5 156.284
6 11.979
7 238.888
8 34.8605
9 43.5563
10 246.615
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 11 ps 1.3 lc rgb '#17becf' title 'omp(clang-16)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t2 using 1:2 with linespoints lw 1.5 dt 1 pt 15 ps 1.3 lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
