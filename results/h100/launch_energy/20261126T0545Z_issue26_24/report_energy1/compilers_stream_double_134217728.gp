# compilers_stream_double_134217728: made by portbench report; run 'gnuplot compilers_stream_double_134217728.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_stream_double_134217728.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'stream double, n = 134217728: bandwidth per variant and toolchain' . "\n" . 'NVIDIA H100 80GB HBM3; measured 2026-11-26; run 20261126T054827Z_energy1'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s]'
set yrange [0:3337.7]
set xrange [-0.5:1.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('kernel' 0, 'best' 1)
$cud0 << EOD
0 2886.78
1 3034.27
EOD
$t0 << EOD
0 1969.09
1 3021.77
EOD
$t1 << EOD
0 2644.94
1 3018.71
EOD
$t2 << EOD
0 809.358

EOD
$t3 << EOD
0 802.313
1 1026.01
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 11 ps 1.3 lc rgb '#17becf' title 'omp(clang-16)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t2 using 1:2 with linespoints lw 1.5 dt 1 pt 15 ps 1.3 lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
