# compilers_reduce_float_268435456_block_256_g0_vm: made by portbench report; run 'gnuplot compilers_reduce_float_268435456_block_256_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_reduce_float_268435456_block_256_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce float, n = 268435456, block=256 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.20666:6820.93]
set xrange [-0.5:11.5]
set key outside right top vertical noreverse Left
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'clause' 8, 'twolevel' 9, 'multiacc' 10, 'best' 11)
$cud0 << EOD
0 489.581
1 405.535
2 659.041
3 822.774
4 1553.95
5 1975.87
6 2152.72
7 3747.01



11 4547.29
EOD
$t0 << EOD












EOD
$t1 << EOD
0 227.355
1 116.234
2 104.69
3 121.485
4 233.198
5 318.949
6 330.751
7 1710.13
8 178.502
9 524.583
10 1732.2
11 2640.83
EOD
$t2 << EOD












EOD
$t3 << EOD
0 52.7899
1 0.30999
2 0.320248
3 0.325493
4 0.654852
5 1.56187
6 1.58355
7 234.577
8 282.651
9 569.955
10 440.381
11 474.777
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
