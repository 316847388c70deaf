# dmvm_float_on_g0_vm_bars: made by portbench report; run 'gnuplot dmvm_float_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_float_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm float on g0@vm, nx = 16384: bandwidth per variant and backend'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [3.9389:10560]
set ytics ('5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:12.6]
set xtics nomirror rotate by -45 ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10, 'lib' 11, 'baseline' 12)
$b0 << EOD
-0.28 423.314
0.72 471.561
1.72 674.302
2.72 935.876
3.72 1131.75
4.72 2258.32
5.72 1050.51
6.72 2453.84
7.72 4313.45
8.72 3379.52
9.72 4476.88
EOD
$b1 << EOD
11 4137.94
EOD
$b2 << EOD
0 148.403
1 221.987
2 187.494
3 187.706
4 578.508
5 2183.67
6 309.268
7 534.859
8 1693.6
9 1906.52
10 2196.82
EOD
$b3 << EOD
0.28 472.378
1.28 553.554
2.28 35.0132
3.28 95.6733
4.28 54.2026
5.28 98.1769
6.28 5.90835
7.28 144.09
8.28 17.6786
9.28 25.0182
10.28 127.004
EOD
$b4 << EOD
12 80.4703
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
