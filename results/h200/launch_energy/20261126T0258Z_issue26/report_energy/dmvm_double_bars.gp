# dmvm_double_bars: made by portbench report; run 'gnuplot dmvm_double_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_double_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double, nx = 8192: bandwidth per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-26; run 20261126T030017Z_energy1'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [61.9357:10560]
set ytics ('100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.42 absolute
set xrange [-0.6:11.6]
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10, 'lib' 11)
$b0 << EOD
-0.21 345.536
0.79 409.71
1.79 1218.11
2.79 1538.79
3.79 1533.45
4.79 2292.53
5.79 1738.27
6.79 3826.11
7.79 4384.39
8.79 3589.97
9.79 4544.09
EOD
$b1 << EOD
11 4477.39
EOD
$b2 << EOD
0.21 92.9035
1.21 178.423
2.21 383.126
3.21 619.499
4.21 967.082
5.21 1990.31
6.21 558.892
7.21 1028.99
8.21 1816.84
9.21 1891.06
10.21 3812.2
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)'
