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
set yrange [6.99406:10560]
set ytics ('10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:12.6]
set xtics nomirror rotate by -45 ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10, 'lib' 11, 'baseline' 12)
$b0 << EOD
-0.28 711.183
0.72 819.262
1.72 1229.34
2.72 1637.84
3.72 2093.55
4.72 2443.74
5.72 1940.2
6.72 3966.74
7.72 4374.74
8.72 3636.41
9.72 4574.51
EOD
$b1 << EOD
11 4542.93
EOD
$b2 << EOD
0 198.648
1 349.02
2 331.305
3 394.267
4 1115.39
5 3093.82
6 561.406
7 1036.49
8 2090.94
9 2135.25
10 3413.03
EOD
$b3 << EOD
0.28 680.412
1.28 803.241
2.28 67.2408
3.28 184.746
4.28 95.7583
5.28 147.243
6.28 10.4911
7.28 225.056
8.28 30.6289
9.28 39.6512
10.28 230.203
EOD
$b4 << EOD
12 46.02
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
