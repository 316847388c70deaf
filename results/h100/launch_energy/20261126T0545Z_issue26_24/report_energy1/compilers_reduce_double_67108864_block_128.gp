# compilers_reduce_double_67108864_block_128: made by portbench report; run 'gnuplot compilers_reduce_double_67108864_block_128.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_reduce_double_67108864_block_128.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce double, n = 67108864, block=128: bandwidth per variant and toolchain' . "\n" . 'NVIDIA H100 80GB HBM3; measured 2026-11-26; runs 20261126T054938Z_energy1, 20261126T055041Z_energy1gcc'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.516787:4515.99]
set ytics ('1' 1, '10' 10, '100' 100, '1000' 1000)
set xrange [-0.5:12.5]
set key outside right top vertical noreverse Left
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'atomic' 8, 'clause' 9, 'twolevel' 10, 'multiacc' 11, 'best' 12)
$cud0 << EOD
0 438.496
1 892.648
2 1070.05
3 1544.9
4 2694.86
5 2911.64
6 2927.14
7 2992.67
8 4.54581



12 3010.66
EOD
$t0 << EOD
0 204.293
1 144.366
2 138.083
3 151.752
4 288.272
5 333.998
6 357.046
7 1476.84
8 4.5457
9 283.932
10 868.188
11 1965.19
12 2424.05
EOD
$t1 << EOD
0 235.554
1 155.295
2 143.281
3 154.104
4 297.964
5 373.704
6 399.107
7 1426.91
8 4.54516
9 304.666
10 927.668
11 1973.17
12 2878.92
EOD
$t2 << EOD
0 37.2157
1 4.4656
2 4.48922
3 4.39228
4 8.62669
5 18.1024
6 18.2425
7 208.083

9 362.516
10 497.86
11 200.057
12 427.987
EOD
$t3 << EOD
0 35.6277
1 0.786155
2 0.775324
3 0.77518
4 1.54362
5 4.46225
6 4.5059
7 120.252

9 354.006
10 401.461
11 138.008
12 386.484
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 11 ps 1.3 lc rgb '#17becf' title 'omp(clang-16)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t2 using 1:2 with linespoints lw 1.5 dt 1 pt 15 ps 1.3 lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
