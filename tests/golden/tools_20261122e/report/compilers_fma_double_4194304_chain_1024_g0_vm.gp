# compilers_fma_double_4194304_chain_1024_g0_vm: made by portbench report; run 'gnuplot compilers_fma_double_4194304_chain_1024_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_fma_double_4194304_chain_1024_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'fma double, n = 4194304, chain=1024 on g0@vm: FLOP rate per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T192337Z_fma_2e22_t'
set xlabel 'variant'
set ylabel 'FLOP rate [GFLOP/s]'
set yrange [0:35648.8]
set xrange [-0.5:1.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('kernel' 0, 'best' 1)
$cud0 << EOD
0 28864
1 32408
EOD
$t0 << EOD


EOD
$t1 << EOD
0 26670.3
1 31884.5
EOD
$t2 << EOD


EOD
$t3 << EOD
0 6284.05
1 4679.35
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
