# reduce_double_block_128_bars: made by portbench report; run 'gnuplot reduce_double_block_128_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'reduce_double_block_128_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce double block=128, n = 4194304: bandwidth per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-26; run 20261126T025926Z_facts'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.00105191:10560]
set ytics ('0.01' 0.01, '0.1' 0.1, '1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.168 absolute
set xrange [-0.6:14.6]
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'shfl' 8, 'atomic' 9, 'clause' 10, 'twolevel' 11, 'multiacc' 12, 'best' 13, 'lib' 14)
$b0 << EOD
-0.336 322.987
0.664 725.156
1.664 861.607
2.664 1178.18
3.664 2008.77
4.664 2114.06
5.664 2135.59
6.664 3093.14
8 3246.37
8.748 4.53797
12.748 4112.06
EOD
$b1 << EOD
14 4194.3
EOD
$b2 << EOD
-0.168 45.2939
0.832 101.365
1.832 95.4508
2.832 104.3
3.832 181.666
4.832 210.157
5.832 219.666
6.832 328.757
8.916 4.53874
9.748 128.008
10.748 401.907
11.748 488.615
12.916 2056.03
EOD
$b3 << EOD
0 52.1174
1 100.902
2 86.6734
3 96.2878
4 187.246
5 200.052
6 208.299
7 321.107
9.084 4.53512
9.916 111.467
10.916 410.402
11.916 501.231
13.084 1624.48
EOD
$b4 << EOD
0.168 2.55252
1.168 1.216
2.168 1.22984
3.168 1.23956
4.168 2.30132
5.168 4.31575
6.168 4.33493
7.168 9.07555
9.252 0.00157786
10.084 52.3842
11.084 33.8616
12.084 12.309
13.252 33.2396
EOD
$b5 << EOD
0.336 2.70653
1.336 3.63169
2.336 3.65122
3.336 3.62389
4.336 6.4426
5.336 8.98045
6.336 9.18747
7.336 18.2486
10.252 55.1432
11.252 43.7243
12.252 21.7655
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cub', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#17becf' title 'omp(clang-16)', \
     $b4 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b5 using 1:2 with boxes lc rgb '#ff7f0e' title 'omp(gcc-11)'
