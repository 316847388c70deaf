# compilers_window_double_67108864_radius_3_g0_vm: made by portbench report; run 'gnuplot compilers_window_double_67108864_radius_3_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_window_double_67108864_radius_3_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'window double, n = 67108864, radius=3 on g0@vm: bandwidth per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T090613Z_window_2p26'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [2.83615:3762.82]
set ytics ('5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000)
set xrange [-0.5:1.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('naive' 0, 'tile' 1)
$cud0 << EOD
0 2508.55
1 2154.24
EOD
$t0 << EOD


EOD
$t1 << EOD
0 1006.7
1 814.012
EOD
$t2 << EOD


EOD
$t3 << EOD
0 310.086
1 4.25423
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
