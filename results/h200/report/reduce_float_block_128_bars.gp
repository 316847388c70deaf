# reduce_float_block_128_bars: made by portbench report; run 'gnuplot reduce_float_block_128_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'reduce_float_block_128_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set yrange [0:*]
set title 'reduce float block=128, n = 4194304: bandwidth per variant and backend'
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
set xtics nomirror rotate by -45
$d << EOD
"k1" 370.395 NaN NaN NaN NaN
"k2" 545.565 NaN NaN NaN NaN
"k3" 599.54 NaN NaN NaN NaN
"k4" 1046.52 NaN NaN NaN NaN
"k5" 1090 NaN NaN NaN NaN
"k6" 1091.17 NaN NaN NaN NaN
"k7" 1811.11 NaN NaN NaN NaN
"shfl" 1765.28 NaN NaN NaN NaN
"atomic" 2.27777 2.27442 0.0105979 NaN NaN
"clause" NaN 75.4704 16.3471 NaN NaN
"twolevel" NaN 243.632 14.1013 NaN NaN
"multiacc" NaN 60.696 12.3161 NaN NaN
"lib" NaN NaN NaN 2615.11 NaN
"baseline" NaN NaN NaN NaN 336.635
EOD
plot $d using 2:xtic(1) lc rgb '#1f77b4' title 'cuda', $d using 3 lc rgb '#ff7f0e' title 'omp(clang)', $d using 4 lc rgb '#2ca02c' title 'omp(gcc)', $d using 5 lc rgb '#d62728' title 'cub', $d using 6 lc rgb '#9467bd' title 'cpu(gcc)'
