# spread_dmvm_double_16384: made by portbench report; run 'gnuplot spread_dmvm_double_16384.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'spread_dmvm_double_16384.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double, nx = 16384: bandwidth across 2 GPUs'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s]: median, bar min-max (log scale)'
set logscale y 10
set yrange [6.99406:6885.23]
set key outside right top vertical noreverse Left
set grid noxtics
set xrange [-0.6:12.6]
set xtics nomirror rotate by -45 ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10, 'lib' 11, 'baseline' 12)
$s0 << EOD
-0.266667 711.285 711.183 711.386
0.733333 819.557 819.262 819.852
1.73333 1228.61 1227.88 1229.34
2.73333 1639.43 1637.84 1641.01
3.73333 2096.4 2093.55 2099.25
4.73333 2447.75 2443.74 2451.77
5.73333 1947.09 1940.2 1953.98
6.73333 3964.63 3962.52 3966.74
7.73333 4375.73 4374.74 4376.72
8.73333 3634.54 3632.67 3636.41
9.73333 4582.33 4574.51 4590.15
EOD
$s1 << EOD
11 4542.77 4542.62 4542.93
EOD
$s2 << EOD
0 198.743 198.648 198.838
1 349.193 349.02 349.367
2 328.753 326.201 331.305
3 394.579 394.267 394.89
4 1108.48 1101.58 1115.39
5 2983.24 2872.67 3093.82
6 560.74 560.075 561.406
7 1036.03 1035.57 1036.49
8 2010.6 1930.26 2090.94
9 2069.31 2003.38 2135.25
10 3414.33 3413.03 3415.63
EOD
$s3 << EOD
0.266667 679.49 678.568 680.412
1.26667 802.823 802.405 803.241
2.26667 67.1535 67.0661 67.2408
3.26667 184.361 183.976 184.746
4.26667 95.6969 95.6355 95.7583
5.26667 147.365 147.243 147.487
6.26667 10.5149 10.4911 10.5386
7.26667 225.085 225.056 225.113
8.26667 30.6172 30.6055 30.6289
9.26667 39.9627 39.6512 40.2743
10.2667 230.607 230.203 231.012
EOD
$s4 << EOD
12 45.4291 44.8382 46.02
EOD
plot $s0 using 1:2:3:4 with yerrorbars lw 1.5 pt 7 ps 1.3 lc rgb '#000000' title 'cuda', \
     $s1 using 1:2:3:4 with yerrorbars lw 1.5 pt 5 ps 1.3 lc rgb '#7f7f7f' title 'cublas', \
     $s2 using 1:2:3:4 with yerrorbars lw 1.5 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $s3 using 1:2:3:4 with yerrorbars lw 1.5 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)', \
     $s4 using 1:2:3:4 with yerrorbars lw 1.5 pt 4 ps 1.3 lc rgb '#2ca02c' title 'cpu(gcc-12)'
