# compilers_reduce_int_4194304_block_128_g0_vm: made by portbench report; run 'gnuplot compilers_reduce_int_4194304_block_128_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_reduce_int_4194304_block_128_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce int, n = 4194304, block=128 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.404389:2480.86]
set xrange [-0.5:11.5]
set key outside right top vertical noreverse Left
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'clause' 8, 'twolevel' 9, 'multiacc' 10, 'best' 11)
$cud0 << EOD
0 158.013
1 369.477
2 537.731
3 595.084
4 1034.1
5 1074.36
6 1078.78
7 1524.09



11 1653.91
EOD
$t0 << EOD
0 25.4052
1 78.7811
2 33.3304
3 65.4785
4 108.1
5 133.271
6 154.703
7 189.342
8 71.9682
9 255.252
10 252.551
11 256.376
EOD
$t1 << EOD
0 24.8867
1 50.4511
2 45.3144
3 51.9198
4 95.3424
5 91.5787
6 101.448
7 154.52
8 70.3173
9 221.312
10 259.292
11 273.49
EOD
$t2 << EOD
0 1.3255
1 1.81605
2 1.86085
3 1.84125
4 3.29562
5 4.66527
6 4.55565
7 8.74118
8 23.6229
9 19.9432
10 10.1269
11 14.7148
EOD
$t3 << EOD
0 1.31293
1 0.606584
2 0.61136
3 0.612457
4 1.13443
5 2.09497
6 2.1528
7 4.58189
8 22.4688
9 15.7255
10 6.26868
11 13.2486
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 11 ps 1.3 lc rgb '#17becf' title 'omp(clang-16)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t2 using 1:2 with linespoints lw 1.5 dt 1 pt 15 ps 1.3 lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
