# gemm_float_m_0_n_0_k_0_on_g0_vm_bars: made by portbench report; run 'gnuplot gemm_float_m_0_n_0_k_0_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'gemm_float_m_0_n_0_k_0_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'gemm float on g0@vm, size = 4096: FLOP rate per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T111037Z_gemm_4096'
set xlabel 'variant'
set arrow from graph 0, first 67000 to graph 1, first 67000 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 67000 (dashed)' at graph 0.01, first 67000 left offset 0,0.7 textcolor rgb '#505050' front boxed
set arrow from graph 0, first 56113.1 to graph 1, first 56113.1 nohead dt 3 lw 1.5 lc rgb '#a05000' front
set label 'measured ceiling 56113 (dotted)' at graph 0.99, first 67000 right offset 0,0.7 textcolor rgb '#a05000' front boxed
set ylabel 'FLOP rate [GFLOP/s] (log scale)'
set logscale y 10
set yrange [6.0053:147400]
set ytics ('10' 10, '100' 100, '1000' 1000, '10000' 10000, '100000' 100000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:10.6]
set xtics nomirror ('k1' 0, 'k2' 1, 'k3' 2, 'k4' 3, 'k5' 4, 'k6' 5, 'k7' 6, 'k8' 7, 'best' 8, 'lib' 9, 'baseline' 10)
$b0 << EOD
-0.28 498.234
0.72 6545.47
1.72 8598.52
2.72 16083.2
3.72 20880.4
5 32754.6
6 31558.4
7 42440.5
7.72 48219.5
EOD
$b1 << EOD
8.86 50323.9
EOD
$b2 << EOD
0 472.334
1 2071.53
2 3112.56
3 3753.76
4 8042.74
8 35735.5
EOD
$b3 << EOD
0.28 11.8936
1.28 9.00794
2.28 45.8943
3.28 47.9479
4.28 165.066
8.28 10683.1
EOD
$b4 << EOD
10 86.8865
EOD
$b5 << EOD
9.14 230.215
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)', \
     $b5 using 1:2 with boxes lc rgb '#8c564b' title 'openblas'
