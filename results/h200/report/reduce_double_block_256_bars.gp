# reduce_double_block_256_bars: made by portbench report; run 'gnuplot reduce_double_block_256_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'reduce_double_block_256_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set yrange [0:*]
set title 'reduce double block=256, n = 268435456: bandwidth per variant and backend'
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
"k1" 801.315 NaN NaN NaN NaN
"k2" 1035.29 NaN NaN NaN NaN
"k3" 1515.67 NaN NaN NaN NaN
"k4" 2755.24 NaN NaN NaN NaN
"k5" 3490 NaN NaN NaN NaN
"k6" 3676.62 NaN NaN NaN NaN
"k7" 4411.03 NaN NaN NaN NaN
"shfl" 4416.25 NaN NaN NaN NaN
"clause" NaN 306.069 69.4324 NaN NaN
"twolevel" NaN 854.276 108.806 NaN NaN
"multiacc" NaN 1168.85 24.0218 NaN NaN
"lib" NaN NaN NaN 4512.47 NaN
"baseline" NaN NaN NaN NaN 83.5853
EOD
plot $d using 2:xtic(1) lc rgb '#1f77b4' title 'cuda', $d using 3 lc rgb '#ff7f0e' title 'omp(clang)', $d using 4 lc rgb '#2ca02c' title 'omp(gcc)', $d using 5 lc rgb '#d62728' title 'cub', $d using 6 lc rgb '#9467bd' title 'cpu(gcc)'
