# dmvm_float_bars: made by portbench report; run 'gnuplot dmvm_float_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_float_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set yrange [0:*]
set title 'dmvm float, nx = 16384: bandwidth per variant and backend'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front
set arrow from graph 0, first 3864.97 to graph 1, first 3864.97 nohead dt 3 lw 1.5 lc rgb '#a05000' front
set label 'measured ceiling 3865 (dotted)' at graph 0.99, first 4800 right offset 0,0.7 textcolor rgb '#a05000' front
set ylabel 'bandwidth [GB/s]'
set yrange [0:5184]
set key outside right top vertical noreverse Left
set grid noxtics
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set xtics nomirror
$d << EOD
"v0" 423.334 149.563 53.8504 NaN NaN
"v1" 471.54 220.352 86.6041 NaN NaN
"v2" 673.405 180.274 5.63479 NaN NaN
"v3" 936.768 187.543 11.5031 NaN NaN
"v4" 1133.03 579.059 45.8083 NaN NaN
"v5" 2257.27 2151.41 64.9193 NaN NaN
"v6" 1048.01 304.824 3.73604 NaN NaN
"v7" 2453.49 535.275 65.1591 NaN NaN
"v8" 4310.42 1691.51 17.2843 NaN NaN
"v9" 3376.82 702.868 25.166 NaN NaN
"lib" NaN NaN NaN 4149.72 NaN
"baseline" NaN NaN NaN NaN 76.5905
EOD
plot $d using 2:xtic(1) lc rgb '#1f77b4' title 'cuda', $d using 3 lc rgb '#ff7f0e' title 'omp(clang)', $d using 4 lc rgb '#2ca02c' title 'omp(gcc)', $d using 5 lc rgb '#d62728' title 'cublas', $d using 6 lc rgb '#9467bd' title 'cpu(gcc)'
