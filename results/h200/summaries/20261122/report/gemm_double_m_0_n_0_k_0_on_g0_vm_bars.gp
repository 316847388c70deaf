# gemm_double_m_0_n_0_k_0_on_g0_vm_bars: made by portbench report; run 'gnuplot gemm_double_m_0_n_0_k_0_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'gemm_double_m_0_n_0_k_0_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'gemm double m=0;n=0;k=0 on g0@vm, size = 4096: FLOP rate per variant and backend'
set xlabel 'variant'
set arrow from graph 0, first 34000 to graph 1, first 34000 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 34000 (dashed)' at graph 0.01, first 34000 left offset 0,0.7 textcolor rgb '#505050' front boxed
set arrow from graph 0, first 33050.3 to graph 1, first 33050.3 nohead dt 3 lw 1.5 lc rgb '#a05000' front
set label 'measured ceiling 33050 (dotted)' at graph 0.99, first 34000 right offset 0,0.7 textcolor rgb '#a05000' front boxed
set ylabel 'FLOP rate [GFLOP/s] (log scale)'
set logscale y 10
set yrange [25.4803:128978]
set ytics ('50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000, '20000' 20000, '50000' 50000, '100000' 100000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:10.6]
set xtics nomirror ('k1' 0, 'k2' 1, 'k3' 2, 'k4' 3, 'k5' 4, 'k6' 5, 'k7' 6, 'k8' 7, 'best' 8, 'lib' 9, 'baseline' 10)
set label 'FAIL' at first 0.28, graph 0.02 left rotate by 90 textcolor rgb '#d62728' front
set label 'FAIL' at first 1.28, graph 0.02 left rotate by 90 textcolor rgb '#d62728' front
set label 'FAIL' at first 2.28, graph 0.02 left rotate by 90 textcolor rgb '#d62728' front
set label 'FAIL' at first 3.28, graph 0.02 left rotate by 90 textcolor rgb '#d62728' front
set label 'FAIL' at first 4.28, graph 0.02 left rotate by 90 textcolor rgb '#d62728' front
set label 'FAIL' at first 8.28, graph 0.02 left rotate by 90 textcolor rgb '#d62728' front
$b0 << EOD
-0.28 486.335
0.72 3654.03
1.72 4750.74
2.72 6260.92
3.72 10474.3
5 8055.15
6 8267.42
7 15948
7.72 22365.1
EOD
$b1 << EOD
8.86 58626.2
EOD
$b2 << EOD
0 458.402
1 1852.98
2 2336.95
3 3349.77
4 6991.86
8 18304.3
EOD
$b3 << EOD
EOD
$b4 << EOD
10 38.2205
EOD
$b5 << EOD
9.14 131.955
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)', \
     $b5 using 1:2 with boxes lc rgb '#8c564b' title 'openblas'
