# dmvm_double_bars: made by portbench report; run 'gnuplot dmvm_double_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_double_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double, nx = 4096: bandwidth per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-26; run 20261126T025819Z_facts1'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [5.82652:10560]
set ytics ('10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.168 absolute
set xrange [-0.6:11.6]
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10, 'lib' 11)
$b0 << EOD
-0.336 166.697
0.664 200.317
1.664 828.339
2.664 1362.45
3.664 983.213
4.664 1696.52
5.664 1483.86
6.664 3517.48
7.664 3876.59
8.664 3362.42
9.664 4306.16
EOD
$b1 << EOD
11 4120.13
EOD
$b2 << EOD
-0.168 46.0186
0.832 89.3372
1.832 350.235
2.832 678.198
3.832 616.521
4.832 1212.64
5.832 465.873
6.832 1002.23
7.832 1519.58
8.832 1583.21
9.832 3149.23
EOD
$b3 << EOD
0 188.562
1 230.867
2 629.044
3 819.6
4 1103.14
5 1242.08
6 496.023
7 1694.8
8 1872.54
9 1287.22
10 2759.85
EOD
$b4 << EOD
0.168 122.543
1.168 138.484
2.168 22.563
3.168 58.9077
4.168 35.0876
5.168 41.922
6.168 10.4274
7.168 64.9655
8.168 8.73978
9.168 12.8589
10.168 55.3794
EOD
$b5 << EOD
0.336 131.65
1.336 147.388
2.336 36.8463
3.336 81.4358
4.336 76.3437
5.336 66.4736
6.336 42.8035
7.336 103.956
8.336 14.7442
9.336 19.2496
10.336 84.9335
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#17becf' title 'omp(clang-16)', \
     $b4 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b5 using 1:2 with boxes lc rgb '#ff7f0e' title 'omp(gcc-11)'
