# compilers_gemm_float_4096_m_0_n_0_k_0_g0_vm: made by portbench report; run 'gnuplot compilers_gemm_float_4096_m_0_n_0_k_0_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_gemm_float_4096_m_0_n_0_k_0_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'gemm float, size = 4096, m=4096;n=4096;k=4096 on g0@vm: FLOP rate per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T111037Z_gemm_4096'
set xlabel 'variant'
set ylabel 'FLOP rate [GFLOP/s] (log scale)'
set logscale y 10
set yrange [6.0053:72329.3]
set ytics ('10' 10, '100' 100, '1000' 1000, '10000' 10000)
set xrange [-0.5:5.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('k1' 0, 'k2' 1, 'k3' 2, 'k4' 3, 'k5' 4, 'best' 5)
$cud0 << EOD
0 498.234
1 6545.47
2 8598.52
3 16083.2
4 20880.4
5 48219.5
EOD
$t0 << EOD






EOD
$t1 << EOD
0 472.334
1 2071.53
2 3112.56
3 3753.76
4 8042.74
5 35735.5
EOD
$t2 << EOD






EOD
$t3 << EOD
0 11.8936
1 9.00794
2 45.8943
3 47.9479
4 165.066
5 10683.1
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
