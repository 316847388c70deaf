# compilers_histogram_float_67108864_bins_256_g0_vm: made by portbench report; run 'gnuplot compilers_histogram_float_67108864_bins_256_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_histogram_float_67108864_bins_256_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'histogram float, n = 67108864, bins=256 on g0@vm: element rate per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T090626Z_histogram_2p26'
set xlabel 'variant'
set ylabel 'element rate [Melem/s] (log scale)'
set logscale y 10
set yrange [2395.24:712827]
set ytics ('5000' 5000, '10000' 10000, '20000' 20000, '50000' 50000, '100000' 100000, '200000' 200000, '500000' 500000)
set xrange [-0.5:1.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('global' 0, 'shared' 1)
$cud0 << EOD
0 3874.33
1 475218
EOD
$t0 << EOD


EOD
$t1 << EOD
0 3871.79
1 241217
EOD
$t2 << EOD


EOD
$t3 << EOD
0 3592.87
1 16233.9
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
