# dmvm_double_bars: made by portbench report; run 'gnuplot dmvm_double_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_double_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double, nx = 8192: bandwidth per variant and backend' . "\n" . 'NVIDIA H100 80GB HBM3; measured 2026-11-26; run 20261126T054806Z_energy1'
set xlabel 'variant'
set arrow from graph 0, first 3350 to graph 1, first 3350 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h100-sxm peak 3350 (dashed)' at graph 0.01, first 3350 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [5.12264:7370]
set ytics ('10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.168 absolute
set xrange [-0.6:11.6]
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10, 'lib' 11)
$b0 << EOD
-0.336 355.707
0.664 420.988
1.664 1147.81
2.664 1522.57
3.664 1443.34
4.664 2039.13
5.664 1693.94
6.664 2912.85
7.664 3043.88
8.664 2738.41
9.664 3068.65
EOD
$b1 << EOD
11 3066.41
EOD
$b2 << EOD
-0.168 99.125
0.832 189.207
1.832 392.749
2.832 524.013
3.832 935.681
4.832 1765.21
5.832 570.025
6.832 1010.05
7.832 1651.59
8.832 1787.21
9.832 2902.78
EOD
$b3 << EOD
0 410.163
1 515.41
2 533.178
3 515.877
4 1688.73
5 1780.85
6 605.309
7 1826.1
8 2235.38
9 1299.29
10 2751.89
EOD
$b4 << EOD
0.168 341.399
1.168 395.162
2.168 39.4973
3.168 122.299
4.168 68.3455
5.168 92.8074
6.168 7.68397
7.168 119.213
8.168 12.6137
9.168 19.187
10.168 115.065
EOD
$b5 << EOD
0.336 351.107
1.336 406.221
2.336 92.2275
3.336 162.868
4.336 211.474
5.336 193.048
6.336 69.4288
7.336 219.576
8.336 26.6021
9.336 33.7961
10.336 223.095
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#17becf' title 'omp(clang-16)', \
     $b4 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b5 using 1:2 with boxes lc rgb '#ff7f0e' title 'omp(gcc-11)'
