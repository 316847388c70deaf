# compilers_dmvm_float_16384_g0_vm: made by portbench report; run 'gnuplot compilers_dmvm_float_16384_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_dmvm_float_16384_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm float, nx = 16384 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [3.9389:6715.32]
set xrange [-0.5:10.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10)
$cud0 << EOD
0 423.314
1 471.561
2 674.302
3 935.876
4 1131.75
5 2258.32
6 1050.51
7 2453.84
8 4313.45
9 3379.52
10 4476.88
EOD
$t0 << EOD











EOD
$t1 << EOD
0 148.403
1 221.987
2 187.494
3 187.706
4 578.508
5 2183.67
6 309.268
7 534.859
8 1693.6
9 1906.52
10 2196.82
EOD
$t2 << EOD











EOD
$t3 << EOD
0 472.378
1 553.554
2 35.0132
3 95.6733
4 54.2026
5 98.1769
6 5.90835
7 144.09
8 17.6786
9 25.0182
10 127.004
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
