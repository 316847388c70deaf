# compilers_fma_float_4194304_chain_1024_g0_vm: made by portbench report; run 'gnuplot compilers_fma_float_4194304_chain_1024_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_fma_float_4194304_chain_1024_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'fma float, n = 4194304, chain=1024 on g0@vm: FLOP rate per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T192340Z_fma_2e22_float_t'
set xlabel 'variant'
set ylabel 'FLOP rate [GFLOP/s] (log scale)'
set logscale y 10
set yrange [3468.83:91616.8]
set ytics ('5000' 5000, '10000' 10000, '20000' 20000, '50000' 50000)
set xrange [-0.5:1.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('kernel' 0, 'best' 1)
$cud0 << EOD
0 31087
1 61077.9
EOD
$t0 << EOD


EOD
$t1 << EOD
0 44672.2
1 58317.5
EOD
$t2 << EOD


EOD
$t3 << EOD
0 7127.69
1 5203.25
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
