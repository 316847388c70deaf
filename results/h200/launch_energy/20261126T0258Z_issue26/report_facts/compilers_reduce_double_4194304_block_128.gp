# compilers_reduce_double_4194304_block_128: made by portbench report; run 'gnuplot compilers_reduce_double_4194304_block_128.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_reduce_double_4194304_block_128.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce double, n = 4194304, block=128: bandwidth per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-26; run 20261126T025926Z_facts'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.00105191:6168.09]
set ytics ('0.01' 0.01, '0.1' 0.1, '1' 1, '10' 10, '100' 100, '1000' 1000)
set xrange [-0.5:12.5]
set key outside right top vertical noreverse Left
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'atomic' 8, 'clause' 9, 'twolevel' 10, 'multiacc' 11, 'best' 12)
$cud0 << EOD
0 322.987
1 725.156
2 861.607
3 1178.18
4 2008.77
5 2114.06
6 2135.59
7 3093.14
8 4.53797



12 4112.06
EOD
$t0 << EOD
0 52.1174
1 100.902
2 86.6734
3 96.2878
4 187.246
5 200.052
6 208.299
7 321.107
8 4.53512
9 111.467
10 410.402
11 501.231
12 1624.48
EOD
$t1 << EOD
0 45.2939
1 101.365
2 95.4508
3 104.3
4 181.666
5 210.157
6 219.666
7 328.757
8 4.53874
9 128.008
10 401.907
11 488.615
12 2056.03
EOD
$t2 << EOD
0 2.70653
1 3.63169
2 3.65122
3 3.62389
4 6.4426
5 8.98045
6 9.18747
7 18.2486

9 55.1432
10 43.7243
11 21.7655

EOD
$t3 << EOD
0 2.55252
1 1.216
2 1.22984
3 1.23956
4 2.30132
5 4.31575
6 4.33493
7 9.07555
8 0.00157786
9 52.3842
10 33.8616
11 12.309
12 33.2396
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 11 ps 1.3 lc rgb '#17becf' title 'omp(clang-16)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t2 using 1:2 with linespoints lw 1.5 dt 1 pt 15 ps 1.3 lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
