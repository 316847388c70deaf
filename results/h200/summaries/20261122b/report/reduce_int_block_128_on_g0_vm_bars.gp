# reduce_int_block_128_on_g0_vm_bars: made by portbench report; run 'gnuplot reduce_int_block_128_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'reduce_int_block_128_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce int block=128 on g0@vm, n = 4194304: bandwidth per variant and backend'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.404389:10560]
set ytics ('1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.168 absolute
set xrange [-0.6:14.6]
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'shfl' 8, 'clause' 9, 'twolevel' 10, 'multiacc' 11, 'best' 12, 'lib' 13, 'baseline' 14)
$b0 << EOD
-0.336 158.013
0.664 369.477
1.664 537.731
2.664 595.084
3.664 1034.1
4.664 1074.36
5.664 1078.78
6.664 1524.09
8 1137.28
11.664 1653.91
EOD
$b1 << EOD
13 2299.51
EOD
$b2 << EOD
-0.168 24.8867
0.832 50.4511
1.832 45.3144
2.832 51.9198
3.832 95.3424
4.832 91.5787
5.832 101.448
6.832 154.52
8.748 70.3173
9.748 221.312
10.748 259.292
11.832 273.49
EOD
$b3 << EOD
0 25.4052
1 78.7811
2 33.3304
3 65.4785
4 108.1
5 133.271
6 154.703
7 189.342
8.916 71.9682
9.916 255.252
10.916 252.551
12 256.376
EOD
$b4 << EOD
0.168 1.31293
1.168 0.606584
2.168 0.61136
3.168 0.612457
4.168 1.13443
5.168 2.09497
6.168 2.1528
7.168 4.58189
9.084 22.4688
10.084 15.7255
11.084 6.26868
12.168 13.2486
EOD
$b5 << EOD
0.336 1.3255
1.336 1.81605
2.336 1.86085
3.336 1.84125
4.336 3.29562
5.336 4.66527
6.336 4.55565
7.336 8.74118
9.252 23.6229
10.252 19.9432
11.252 10.1269
12.336 14.7148
EOD
$b6 << EOD
14 185.677
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cub', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#17becf' title 'omp(clang-16)', \
     $b4 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b5 using 1:2 with boxes lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $b6 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
