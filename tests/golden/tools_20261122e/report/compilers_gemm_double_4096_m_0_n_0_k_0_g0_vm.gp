# compilers_gemm_double_4096_m_0_n_0_k_0_g0_vm: made by portbench report; run 'gnuplot compilers_gemm_double_4096_m_0_n_0_k_0_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_gemm_double_4096_m_0_n_0_k_0_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'gemm double, size = 4096, m=4096;n=4096;k=4096 on g0@vm: FLOP rate per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T111037Z_gemm_4096'
set xlabel 'variant'
set ylabel 'FLOP rate [GFLOP/s] (log scale)'
set logscale y 10
set yrange [7.1962:33624.6]
set ytics ('10' 10, '100' 100, '1000' 1000, '10000' 10000)
set xrange [-0.5:5.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('k1' 0, 'k2' 1, 'k3' 2, 'k4' 3, 'k5' 4, 'best' 5)
$cud0 << EOD
0 486.28
1 3734.78
2 4768.9
3 6330.15
4 10506.7
5 22416.4
EOD
$t0 << EOD






EOD
$t1 << EOD
0 458.333
1 1898.24
2 2352.99
3 3451.53
4 7249.53
5 18250.3
EOD
$t2 << EOD






EOD
$t3 << EOD
0 10.7943
1 12.5133
2 34.3432
3 124.11
4 152.529
5 5399.07
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
