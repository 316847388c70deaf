# compilers_reduce_double_268435456_block_256_g0_vm: made by portbench report; run 'gnuplot compilers_reduce_double_268435456_block_256_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_reduce_double_268435456_block_256_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce double, n = 268435456, block=256 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.426892:6878.24]
set xrange [-0.5:11.5]
set key outside right top vertical noreverse Left
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'clause' 8, 'twolevel' 9, 'multiacc' 10, 'best' 11)
$cud0 << EOD
0 602.261
1 799.952
2 1030.05
3 1506.17
4 2742.26
5 3478.4
6 3662.34
7 4477.51



11 4585.5
EOD
$t0 << EOD
0 369.823
1 284.223
2 234.27
3 293.59
4 532.533
5 600.306
6 719.727
7 3098.28
8 694.801
9 1623.1
10 3069.51
11 3782.69
EOD
$t1 << EOD
0 339.096
1 231.41
2 209.854
3 242.134
4 460.292
5 591.324
6 378.643
7 2005.16
8 322.944
9 1030.45
10 2842.62
11 3832.16
EOD
$t2 << EOD
0 94.1832
1 4.64512
2 4.67154
3 4.65357
4 9.28825
5 16.6828
6 16.7347
7 639.612
8 545.378
9 1240.5
10 938.755
11 983.034
EOD
$t3 << EOD
0 98.5809
1 0.640337
2 0.6483
3 0.652408
4 1.30582
5 3.10323
6 3.15794
7 464.778
8 543.175
9 1100.99
10 876.769
11 927.647
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 11 ps 1.3 lc rgb '#17becf' title 'omp(clang-16)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t2 using 1:2 with linespoints lw 1.5 dt 1 pt 15 ps 1.3 lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
