# dmvm_double_on_g0_vm_bars: made by portbench report; run 'gnuplot dmvm_double_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_double_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double on g0@vm, nx = 16384: bandwidth per variant and backend'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [7.75875:10560]
set ytics ('10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.168 absolute
set xrange [-0.6:12.6]
set xtics nomirror rotate by -45 ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10, 'lib' 11, 'baseline' 12)
$b0 << EOD
-0.336 715.449
0.664 824.076
1.664 1234.82
2.664 1646.01
3.664 2117.95
4.664 2488.14
5.664 1967.22
6.664 3927.77
7.664 4294.98
8.664 3603.05
9.664 4487.37
EOD
$b1 << EOD
11 4459.05
EOD
$b2 << EOD
-0.168 200.756
0.832 354.816
1.832 312.629
2.832 368.042
3.832 1143.17
4.832 3084.17
5.832 569.586
6.832 1063.28
7.832 1939.2
8.832 2000.94
9.832 3564.21
EOD
$b3 << EOD
0 812.464
1 1005.98
2 487.972
3 395.58
4 2336.48
5 2977.72
6 601.526
7 1908.92
8 3014.63
9 1408.59
10 3886.37
EOD
$b4 << EOD
0.168 743.225
1.168 884.198
2.168 69.2894
3.168 196.788
4.168 99.9934
5.168 158.588
6.168 11.6381
7.168 242.38
8.168 34.7609
9.168 44.0487
10.168 252.795
EOD
$b5 << EOD
0.336 744.825
1.336 910.576
2.336 140.184
3.336 255.625
4.336 392.738
5.336 457.336
6.336 88.1166
7.336 373.648
8.336 59.647
9.336 58.3584
10.336 405.163
EOD
$b6 << EOD
12 78.1572
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#17becf' title 'omp(clang-16)', \
     $b4 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b5 using 1:2 with boxes lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $b6 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
