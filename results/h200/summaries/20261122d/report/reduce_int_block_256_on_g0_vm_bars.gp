# reduce_int_block_256_on_g0_vm_bars: made by portbench report; run 'gnuplot reduce_int_block_256_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'reduce_int_block_256_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce int block=256 on g0@vm, n = 4194304: bandwidth per variant and backend'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.204324:10560]
set ytics ('1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:15.6]
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'shfl' 8, 'atomic' 9, 'clause' 10, 'twolevel' 11, 'multiacc' 12, 'best' 13, 'lib' 14, 'baseline' 15)
$b0 << EOD
-0.28 118.136
0.72 350.226
1.72 555.96
2.72 690.762
3.72 1063.46
4.72 1108.5
5.72 1310.72
6.72 1191.56
8 1227.75
8.72 157.777
12.72 2202.89
EOD
$b1 << EOD
14 1920.25
EOD
$b2 << EOD
0 23.3495
1 70.5545
2 66.4665
3 73.2249
4 105.895
5 119.947
6 102.943
7 152.1
9 120.86
9.86 72.1663
10.86 235.216
11.86 286.658
13 1583.95
EOD
$b3 << EOD
0.28 1.47167
1.28 0.306486
2.28 0.310332
3.28 0.311313
4.28 0.611712
5.28 1.37787
6.28 1.41189
7.28 6.10548
9.28 4.7384
10.14 26.5813
11.14 17.8009
12.14 11.0904
13.28 15.9927
EOD
$b4 << EOD
15 143.96
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cub', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
