# stream_double_bars: made by portbench report; run 'gnuplot stream_double_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'stream_double_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'stream double, n = 134217728: bandwidth per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-26; run 20261126T030025Z_energy1'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s]'
set yrange [0:5184]
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.42 absolute
set xrange [-0.6:1.6]
set xtics nomirror ('kernel' 0, 'best' 1)
$b0 << EOD
-0.21 3783.44
0.79 4289.48
EOD
$b1 << EOD
0.21 3286.99
1.21 4235.86
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)'
