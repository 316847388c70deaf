# reduce_float_block_256_bars: made by portbench report; run 'gnuplot reduce_float_block_256_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'reduce_float_block_256_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set yrange [0:*]
set title 'reduce float block=256, n = 268435456: bandwidth per variant and backend'
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
"k1" 406.088 NaN NaN NaN NaN
"k2" 663.608 NaN NaN NaN NaN
"k3" 828.531 NaN NaN NaN NaN
"k4" 1563.08 NaN NaN NaN NaN
"k5" 1993.27 NaN NaN NaN NaN
"k6" 2175.2 NaN NaN NaN NaN
"k7" 3702.38 NaN NaN NaN NaN
"shfl" 3695.04 NaN NaN NaN NaN
"clause" NaN 184.817 47.9336 NaN NaN
"twolevel" NaN 541.187 95.5506 NaN NaN
"multiacc" NaN 742.36 36.0142 NaN NaN
"lib" NaN NaN NaN 4493.11 NaN
"baseline" NaN NaN NaN NaN 73.3622
EOD
plot $d using 2:xtic(1) lc rgb '#1f77b4' title 'cuda', $d using 3 lc rgb '#ff7f0e' title 'omp(clang)', $d using 4 lc rgb '#2ca02c' title 'omp(gcc)', $d using 5 lc rgb '#d62728' title 'cub', $d using 6 lc rgb '#9467bd' title 'cpu(gcc)'
