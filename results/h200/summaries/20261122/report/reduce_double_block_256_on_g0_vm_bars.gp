# reduce_double_block_256_on_g0_vm_bars: made by portbench report; run 'gnuplot reduce_double_block_256_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'reduce_double_block_256_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce double block=256 on g0@vm, n = 268435456: bandwidth per variant and backend'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.426892:10560]
set ytics ('1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.168 absolute
set xrange [-0.6:14.6]
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'shfl' 8, 'clause' 9, 'twolevel' 10, 'multiacc' 11, 'best' 12, 'lib' 13, 'baseline' 14)
$b0 << EOD
-0.336 602.261
0.664 799.952
1.664 1030.05
2.664 1506.17
3.664 2742.26
4.664 3478.4
5.664 3662.34
6.664 4477.51
8 4467.97
11.664 4585.5
EOD
$b1 << EOD
13 4608.17
EOD
$b2 << EOD
-0.168 339.096
0.832 231.41
1.832 209.854
2.832 242.134
3.832 460.292
4.832 591.324
5.832 378.643
6.832 2005.16
8.748 322.944
9.748 1030.45
10.748 2842.62
11.832 3832.16
EOD
$b3 << EOD
0 369.823
1 284.223
2 234.27
3 293.59
4 532.533
5 600.306
6 719.727
7 3098.28
8.916 694.801
9.916 1623.1
10.916 3069.51
12 3782.69
EOD
$b4 << EOD
0.168 98.5809
1.168 0.640337
2.168 0.6483
3.168 0.652408
4.168 1.30582
5.168 3.10323
6.168 3.15794
7.168 464.778
9.084 543.175
10.084 1100.99
11.084 876.769
12.168 927.647
EOD
$b5 << EOD
0.336 94.1832
1.336 4.64512
2.336 4.67154
3.336 4.65357
4.336 9.28825
5.336 16.6828
6.336 16.7347
7.336 639.612
9.252 545.378
10.252 1240.5
11.252 938.755
12.336 983.034
EOD
$b6 << EOD
14 85.2463
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cub', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#17becf' title 'omp(clang-16)', \
     $b4 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b5 using 1:2 with boxes lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $b6 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
