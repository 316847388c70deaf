# dmvm_double_on_g0_vm_bars: made by portbench report; run 'gnuplot dmvm_double_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_double_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double on g0@vm, nx = 16384: bandwidth per variant and backend'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set arrow from graph 0, first 4612.04 to graph 1, first 4612.04 nohead dt 3 lw 1.5 lc rgb '#a05000' front
set label 'measured ceiling 4612 (dotted)' at graph 0.99, first 4800 right offset 0,0.7 textcolor rgb '#a05000' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [7.98602:10560]
set ytics ('10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.168 absolute
set xrange [-0.6:12.6]
set xtics nomirror rotate by -45 ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10, 'lib' 11, 'baseline' 12)
$b0 << EOD
-0.336 712.127
0.664 818.741
1.664 1231.09
2.664 1639.82
3.664 2101.24
4.664 2455.92
5.664 1944.26
6.664 3963.5
7.664 4383.07
8.664 3632.31
9.664 4596.17
EOD
$b1 << EOD
11 4546.36
EOD
$b2 << EOD
-0.168 198.883
0.832 349.125
1.832 319.41
2.832 392.516
3.832 1118.99
4.832 3099.27
5.832 560.367
6.832 1038.51
7.832 1945.62
8.832 2011.27
9.832 3426.13
EOD
$b3 << EOD
0 806.463
1 993.78
2 520.254
3 427.418
4 2325.16
5 2918.05
6 591.723
7 1881.84
8 3008.56
9 1374.02
10 3851.82
EOD
$b4 << EOD
0.168 743.73
1.168 884.434
2.168 68.3256
3.168 193.645
4.168 98.1859
5.168 156.284
6.168 11.979
7.168 238.888
8.168 34.8605
9.168 43.5563
10.168 246.615
EOD
$b5 << EOD
0.336 746.161
1.336 895.359
2.336 139.188
3.336 264.524
4.336 381.586
5.336 455.983
6.336 86.2592
7.336 371.203
8.336 59.6715
9.336 58.6675
10.336 386.239
EOD
$b6 << EOD
12 84.563
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#17becf' title 'omp(clang-16)', \
     $b4 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b5 using 1:2 with boxes lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $b6 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
