# reduce_int_block_256_on_g0_vm_bars: made by portbench report; run 'gnuplot reduce_int_block_256_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'reduce_int_block_256_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce int block=256 on g0@vm, n = 268435456: bandwidth per variant and backend'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.21164:10560]
set ytics ('1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:14.6]
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'shfl' 8, 'clause' 9, 'twolevel' 10, 'multiacc' 11, 'best' 12, 'lib' 13, 'baseline' 14)
$b0 << EOD
-0.28 489.781
0.72 408.184
1.72 658.975
2.72 822.653
3.72 1553.08
4.72 1971.24
5.72 2149.41
6.72 3764.65
8 3780.77
11.72 4552.82
EOD
$b1 << EOD
13 4539.27
EOD
$b2 << EOD
0 178.435
1 111.598
2 103.105
3 121.018
4 235.499
5 297.97
6 276
7 1345.46
8.86 177.061
9.86 521.257
10.86 1464.11
12 2640.41
EOD
$b3 << EOD
0.28 45.7064
1.28 0.317459
2.28 0.322033
3.28 0.322948
4.28 0.65344
5.28 1.56311
6.28 1.58143
7.28 236.034
9.14 282.34
10.14 384.3
11.14 408.15
12.28 452.295
EOD
$b4 << EOD
14 83.6286
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cub', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
