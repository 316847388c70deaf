# compilers_reduce_double_268435456_block_256_g0_vm: made by portbench report; run 'gnuplot compilers_reduce_double_268435456_block_256_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_reduce_double_268435456_block_256_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce double, n = 268435456, block=256 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.42543:6751.42]
set xrange [-0.5:11.5]
set key outside right top vertical noreverse Left
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'clause' 8, 'twolevel' 9, 'multiacc' 10, 'best' 11)
$cud0 << EOD
0 597.402
1 800.902
2 1034.41
3 1513.78
4 2754.89
5 3476.26
6 3658.77
7 4386.22



11 4500.95
EOD
$t0 << EOD
0 355.216
1 284.049
2 234.658
3 297.061
4 548.04
5 603.109
6 660.51
7 3261.21
8 647.634
9 1680.42
10 3139.16
11 2085.82
EOD
$t1 << EOD
0 278.395
1 230.507
2 207.898
3 240.527
4 449.573
5 542.165
6 374.065
7 2102.81
8 334.18
9 1021.2
10 2734.68
11 3033.59
EOD
$t2 << EOD
0 99.6943
1 4.61654
2 4.64592
3 4.67865
4 9.2474
5 16.6862
6 16.6055
7 672.712
8 535.344
9 1245.18
10 512.092
11 1096.14
EOD
$t3 << EOD
0 98.0296
1 0.638145
2 0.641461
3 0.646471
4 1.2973
5 3.10859
6 3.13033
7 477.125
8 559.952
9 1123.26
10 501.057
11 1043.57
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 11 ps 1.3 lc rgb '#17becf' title 'omp(clang-16)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t2 using 1:2 with linespoints lw 1.5 dt 1 pt 15 ps 1.3 lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
