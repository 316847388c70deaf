# dmvm_double_on_g1_vm_bars: made by portbench report; run 'gnuplot dmvm_double_on_g1_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_double_on_g1_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double on g1@vm, nx = 16384: bandwidth per variant and backend'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [7.02576:10560]
set ytics ('10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:12.6]
set xtics nomirror rotate by -45 ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10, 'lib' 11, 'baseline' 12)
$b0 << EOD
-0.28 711.386
0.72 819.852
1.72 1227.88
2.72 1641.01
3.72 2099.25
4.72 2451.77
5.72 1953.98
6.72 3962.52
7.72 4376.72
8.72 3632.67
9.72 4590.15
EOD
$b1 << EOD
11 4542.62
EOD
$b2 << EOD
0 198.838
1 349.367
2 326.201
3 394.89
4 1101.58
5 2872.67
6 560.075
7 1035.57
8 1930.26
9 2003.38
10 3415.63
EOD
$b3 << EOD
0.28 678.568
1.28 802.405
2.28 67.0661
3.28 183.976
4.28 95.6355
5.28 147.487
6.28 10.5386
7.28 225.113
8.28 30.6055
9.28 40.2743
10.28 231.012
EOD
$b4 << EOD
12 44.8382
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
