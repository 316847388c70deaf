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
set yrange [0.42543:10560]
set ytics ('1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.168 absolute
set xrange [-0.6:14.6]
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'shfl' 8, 'clause' 9, 'twolevel' 10, 'multiacc' 11, 'best' 12, 'lib' 13, 'baseline' 14)
$b0 << EOD
-0.336 597.402
0.664 800.902
1.664 1034.41
2.664 1513.78
3.664 2754.89
4.664 3476.26
5.664 3658.77
6.664 4386.22
8 4386.22
11.664 4500.95
EOD
$b1 << EOD
13 4514.88
EOD
$b2 << EOD
-0.168 278.395
0.832 230.507
1.832 207.898
2.832 240.527
3.832 449.573
4.832 542.165
5.832 374.065
6.832 2102.81
8.748 334.18
9.748 1021.2
10.748 2734.68
11.832 3033.59
EOD
$b3 << EOD
0 355.216
1 284.049
2 234.658
3 297.061
4 548.04
5 603.109
6 660.51
7 3261.21
8.916 647.634
9.916 1680.42
10.916 3139.16
12 2085.82
EOD
$b4 << EOD
0.168 98.0296
1.168 0.638145
2.168 0.641461
3.168 0.646471
4.168 1.2973
5.168 3.10859
6.168 3.13033
7.168 477.125
9.084 559.952
10.084 1123.26
11.084 501.057
12.168 1043.57
EOD
$b5 << EOD
0.336 99.6943
1.336 4.61654
2.336 4.64592
3.336 4.67865
4.336 9.2474
5.336 16.6862
6.336 16.6055
7.336 672.712
9.252 535.344
10.252 1245.18
11.252 512.092
12.336 1096.14
EOD
$b6 << EOD
14 88.446
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cub', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#17becf' title 'omp(clang-16)', \
     $b4 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b5 using 1:2 with boxes lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $b6 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
