# compilers_reduce_int_4194304_block_256_g0_vm: made by portbench report; run 'gnuplot compilers_reduce_int_4194304_block_256_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_reduce_int_4194304_block_256_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce int, n = 4194304, block=256 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.204324:3304.34]
set xrange [-0.5:12.5]
set key outside right top vertical noreverse Left
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'atomic' 8, 'clause' 9, 'twolevel' 10, 'multiacc' 11, 'best' 12)
$cud0 << EOD
0 118.136
1 350.226
2 555.96
3 690.762
4 1063.46
5 1108.5
6 1310.72
7 1191.56
8 157.777



12 2202.89
EOD
$t0 << EOD













EOD
$t1 << EOD
0 23.3495
1 70.5545
2 66.4665
3 73.2249
4 105.895
5 119.947
6 102.943
7 152.1
8 120.86
9 72.1663
10 235.216
11 286.658
12 1583.95
EOD
$t2 << EOD













EOD
$t3 << EOD
0 1.47167
1 0.306486
2 0.310332
3 0.311313
4 0.611712
5 1.37787
6 1.41189
7 6.10548
8 4.7384
9 26.5813
10 17.8009
11 11.0904
12 15.9927
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
