# gemm_double_m_0_n_0_k_0_on_g0_vm_bars: made by portbench report; run 'gnuplot gemm_double_m_0_n_0_k_0_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'gemm_double_m_0_n_0_k_0_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'gemm double on g0@vm, size = 4096: FLOP rate per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T111037Z_gemm_4096'
set xlabel 'variant'
set arrow from graph 0, first 34000 to graph 1, first 34000 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 34000 (dashed)' at graph 0.01, first 34000 left offset 0,0.7 textcolor rgb '#505050' front boxed
set arrow from graph 0, first 33057.4 to graph 1, first 33057.4 nohead dt 3 lw 1.5 lc rgb '#a05000' front
set label 'measured ceiling 33057 (dotted)' at graph 0.99, first 34000 right offset 0,0.7 textcolor rgb '#a05000' front boxed
set ylabel 'FLOP rate [GFLOP/s] (log scale)'
set logscale y 10
set yrange [7.1962:129137]
set ytics ('10' 10, '100' 100, '1000' 1000, '10000' 10000, '100000' 100000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:10.6]
set xtics nomirror ('k1' 0, 'k2' 1, 'k3' 2, 'k4' 3, 'k5' 4, 'k6' 5, 'k7' 6, 'k8' 7, 'best' 8, 'lib' 9, 'baseline' 10)
$b0 << EOD
-0.28 486.28
0.72 3734.78
1.72 4768.9
2.72 6330.15
3.72 10506.7
5 8146.48
6 8357.17
7 16113.8
7.72 22416.4
EOD
$b1 << EOD
8.86 58698.5
EOD
$b2 << EOD
0 458.333
1 1898.24
2 2352.99
3 3451.53
4 7249.53
8 18250.3
EOD
$b3 << EOD
0.28 10.7943
1.28 12.5133
2.28 34.3432
3.28 124.11
4.28 152.529
8.28 5399.07
EOD
$b4 << EOD
10 34.81
EOD
$b5 << EOD
9.14 134.506
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)', \
     $b5 using 1:2 with boxes lc rgb '#8c564b' title 'openblas'
