# compilers_stream_double_134217728: made by portbench report; run 'gnuplot compilers_stream_double_134217728.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_stream_double_134217728.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'stream double, n = 134217728: bandwidth per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-26; run 20261126T030025Z_energy1'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s]'
set yrange [0:4718.42]
set xrange [-0.5:1.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('kernel' 0, 'best' 1)
$cud0 << EOD
0 3783.44
1 4289.48
EOD
$t0 << EOD
0 3286.99
1 4235.86
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)'
