# reduce_double_block_128_bars: made by portbench report; run 'gnuplot reduce_double_block_128_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'reduce_double_block_128_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce double block=128, n = 67108864: bandwidth per variant and backend' . "\n" . 'NVIDIA H100 80GB HBM3; measured 2026-11-26; runs 20261126T054938Z_energy1, 20261126T055041Z_energy1gcc'
set xlabel 'variant'
set arrow from graph 0, first 3350 to graph 1, first 3350 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h100-sxm peak 3350 (dashed)' at graph 0.01, first 3350 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.516787:7370]
set ytics ('1' 1, '10' 10, '100' 100, '1000' 1000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.168 absolute
set xrange [-0.6:14.6]
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'shfl' 8, 'atomic' 9, 'clause' 10, 'twolevel' 11, 'multiacc' 12, 'best' 13, 'lib' 14)
$b0 << EOD
-0.336 438.496
0.664 892.648
1.664 1070.05
2.664 1544.9
3.664 2694.86
4.664 2911.64
5.664 2927.14
6.664 2992.67
8 2992.39
8.832 4.54581
12.664 3010.66
EOD
$b1 << EOD
14 3050.34
EOD
$b2 << EOD
-0.168 235.554
0.832 155.295
1.832 143.281
2.832 154.104
3.832 297.964
4.832 373.704
5.832 399.107
6.832 1426.91
9 4.54516
9.748 304.666
10.748 927.668
11.748 1973.17
12.832 2878.92
EOD
$b3 << EOD
0 204.293
1 144.366
2 138.083
3 151.752
4 288.272
5 333.998
6 357.046
7 1476.84
9.168 4.5457
9.916 283.932
10.916 868.188
11.916 1965.19
13 2424.05
EOD
$b4 << EOD
0.168 35.6277
1.168 0.786155
2.168 0.775324
3.168 0.77518
4.168 1.54362
5.168 4.46225
6.168 4.5059
7.168 120.252
10.084 354.006
11.084 401.461
12.084 138.008
13.168 386.484
EOD
$b5 << EOD
0.336 37.2157
1.336 4.4656
2.336 4.48922
3.336 4.39228
4.336 8.62669
5.336 18.1024
6.336 18.2425
7.336 208.083
10.252 362.516
11.252 497.86
12.252 200.057
13.336 427.987
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cub', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#17becf' title 'omp(clang-16)', \
     $b4 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b5 using 1:2 with boxes lc rgb '#ff7f0e' title 'omp(gcc-11)'
