# dmvm_float_on_g0_vm_bars: made by portbench report; run 'gnuplot dmvm_float_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_float_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm float on g0@vm, nx = 16384: bandwidth per variant and backend'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set arrow from graph 0, first 4612.04 to graph 1, first 4612.04 nohead dt 3 lw 1.5 lc rgb '#a05000' front
set label 'measured ceiling 4612 (dotted)' at graph 0.99, first 4800 right offset 0,0.7 textcolor rgb '#a05000' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [4.07202:10560]
set ytics ('5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:12.6]
set xtics nomirror rotate by -45 ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10, 'lib' 11, 'baseline' 12)
$b0 << EOD
-0.28 422.641
0.72 470.944
1.72 669.893
2.72 933.776
3.72 1117.78
4.72 2201.31
5.72 1032.58
6.72 2417.27
7.72 4408.11
8.72 3389.45
9.72 4579.55
EOD
$b1 << EOD
11 4211.71
EOD
$b2 << EOD
0 147.067
1 219.088
2 180.23
3 202.353
4 558.19
5 2098.09
6 305.955
7 524.588
8 1668.36
9 1919.08
10 1927.79
EOD
$b3 << EOD
0.28 472.821
1.28 551.594
2.28 34.4132
3.28 97.7108
4.28 52.8216
5.28 99.749
6.28 6.10803
7.28 142.562
8.28 17.6672
9.28 24.9362
10.28 122.28
EOD
$b4 << EOD
12 85.9323
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
