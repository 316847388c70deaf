# compilers_transpose_double_16384_cols_0_g0_vm: made by portbench report; run 'gnuplot compilers_transpose_double_16384_cols_0_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_transpose_double_16384_cols_0_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'transpose double, n = 16384, cols=16384 on g0@vm: bandwidth per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T090516Z_transpose_16384'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [11.2528:5651.73]
set ytics ('20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000)
set xrange [-0.5:3.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('naive' 0, 'tile' 1, 'padded' 2, 'unrolled' 3)
$cud0 << EOD
0 954.171
1 1920
2 2531.4
3 3767.82
EOD
$t0 << EOD




EOD
$t1 << EOD
0 250.096
1 713.93
2 827.293
3 3357.28
EOD
$t2 << EOD




EOD
$t3 << EOD
0 243.384
1 16.8951
2 16.8792
3 16.9817
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
