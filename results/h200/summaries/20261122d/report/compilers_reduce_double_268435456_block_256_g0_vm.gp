# compilers_reduce_double_268435456_block_256_g0_vm: made by portbench report; run 'gnuplot compilers_reduce_double_268435456_block_256_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_reduce_double_268435456_block_256_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce double, n = 268435456, block=256 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.421993:6739.66]
set xrange [-0.5:11.5]
set key outside right top vertical noreverse Left
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'clause' 8, 'twolevel' 9, 'multiacc' 10, 'best' 11)
$cud0 << EOD
0 598.771
1 801.274
2 1035.36
3 1515.18
4 2758.28
5 3495.08
6 3676.4
7 4407.54



11 4493.1
EOD
$t0 << EOD












EOD
$t1 << EOD
0 353.805
1 224.812
2 212.828
3 243.348
4 466
5 591.686
6 373
7 2076.59
8 327.191
9 967.254
10 3374.68
11 4129.03
EOD
$t2 << EOD












EOD
$t3 << EOD
0 104.406
1 0.632989
2 0.640765
3 0.64735
4 1.29512
5 3.10127
6 3.15041
7 477.322
8 555.99
9 1122.64
10 500.142
11 1155.88
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
