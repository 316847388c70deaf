# stream_double_bars: made by portbench report; run 'gnuplot stream_double_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'stream_double_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'stream double, n = 134217728: bandwidth per variant and backend' . "\n" . 'NVIDIA H100 80GB HBM3; measured 2026-11-26; run 20261126T054827Z_energy1'
set xlabel 'variant'
set arrow from graph 0, first 3350 to graph 1, first 3350 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h100-sxm peak 3350 (dashed)' at graph 0.01, first 3350 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s]'
set yrange [0:3618]
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.168 absolute
set xrange [-0.6:1.6]
set xtics nomirror ('kernel' 0, 'best' 1)
set label 'FAIL' at first 1.336, graph 0.02 left rotate by 90 textcolor rgb '#d62728' front
$b0 << EOD
-0.336 2886.78
0.664 3034.27
EOD
$b1 << EOD
-0.168 2644.94
0.832 3018.71
EOD
$b2 << EOD
0 1969.09
1 3021.77
EOD
$b3 << EOD
0.168 802.313
1.168 1026.01
EOD
$b4 << EOD
0.336 809.358
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b2 using 1:2 with boxes lc rgb '#17becf' title 'omp(clang-16)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#ff7f0e' title 'omp(gcc-11)'
