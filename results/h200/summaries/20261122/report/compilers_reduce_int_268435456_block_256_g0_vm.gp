# compilers_reduce_int_268435456_block_256_g0_vm: made by portbench report; run 'gnuplot compilers_reduce_int_268435456_block_256_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_reduce_int_268435456_block_256_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce int, n = 268435456, block=256 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.21164:6829.23]
set xrange [-0.5:11.5]
set key outside right top vertical noreverse Left
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'clause' 8, 'twolevel' 9, 'multiacc' 10, 'best' 11)
$cud0 << EOD
0 489.781
1 408.184
2 658.975
3 822.653
4 1553.08
5 1971.24
6 2149.41
7 3764.65



11 4552.82
EOD
$t0 << EOD












EOD
$t1 << EOD
0 178.435
1 111.598
2 103.105
3 121.018
4 235.499
5 297.97
6 276
7 1345.46
8 177.061
9 521.257
10 1464.11
11 2640.41
EOD
$t2 << EOD












EOD
$t3 << EOD
0 45.7064
1 0.317459
2 0.322033
3 0.322948
4 0.65344
5 1.56311
6 1.58143
7 236.034
8 282.34
9 384.3
10 408.15
11 452.295
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
