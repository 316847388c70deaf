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
set yrange [0.421993:10560]
set ytics ('1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:14.6]
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'shfl' 8, 'clause' 9, 'twolevel' 10, 'multiacc' 11, 'best' 12, 'lib' 13, 'baseline' 14)
$b0 << EOD
-0.28 598.771
0.72 801.274
1.72 1035.36
2.72 1515.18
3.72 2758.28
4.72 3495.08
5.72 3676.4
6.72 4407.54
8 4395.69
11.72 4493.1
EOD
$b1 << EOD
13 4514.27
EOD
$b2 << EOD
0 353.805
1 224.812
2 212.828
3 243.348
4 466
5 591.686
6 373
7 2076.59
8.86 327.191
9.86 967.254
10.86 3374.68
12 4129.03
EOD
$b3 << EOD
0.28 104.406
1.28 0.632989
2.28 0.640765
3.28 0.64735
4.28 1.29512
5.28 3.10127
6.28 3.15041
7.28 477.322
9.14 555.99
10.14 1122.64
11.14 500.142
12.28 1155.88
EOD
$b4 << EOD
14 83.5201
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cub', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
