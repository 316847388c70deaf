# dmvm_double_bars: made by portbench report; run 'gnuplot dmvm_double_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_double_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set yrange [0:*]
set title 'dmvm double, nx = 16384: bandwidth per variant and backend'
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
"v0" 715.295 200.446 78.9146 NaN NaN
"v1" 823.513 354.699 107.32 NaN NaN
"v2" 1235.27 319.4 10.0717 NaN NaN
"v3" 1643.83 368.577 22.4703 NaN NaN
"v4" 2106.91 1135.41 63.2163 NaN NaN
"v5" 2473.79 2855.82 109.728 NaN NaN
"v6" 1964.89 549.604 7.41761 NaN NaN
"v7" 3929.83 1063.33 85.1901 NaN NaN
"v8" 4301.58 1286.8 33.5304 NaN NaN
"v9" 3601.89 1295.03 44.4562 NaN NaN
"lib" NaN NaN NaN 4468.25 NaN
"baseline" NaN NaN NaN NaN 78.8517
EOD
plot $d using 2:xtic(1) lc rgb '#1f77b4' title 'cuda', $d using 3 lc rgb '#ff7f0e' title 'omp(clang)', $d using 4 lc rgb '#2ca02c' title 'omp(gcc)', $d using 5 lc rgb '#d62728' title 'cublas', $d using 6 lc rgb '#9467bd' title 'cpu(gcc)'
