# gemm_float_m_0_n_0_k_0_bars: made by portbench report; run 'gnuplot gemm_float_m_0_n_0_k_0_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'gemm_float_m_0_n_0_k_0_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'gemm float, size = 1024: FLOP rate per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-26; run 20261126T025949Z_facts'
set xlabel 'variant'
set arrow from graph 0, first 67000 to graph 1, first 67000 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 67000 (dashed)' at graph 0.01, first 67000 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'FLOP rate [GFLOP/s] (log scale)'
set logscale y 10
set yrange [11.5541:147400]
set ytics ('100' 100, '1000' 1000, '10000' 10000, '100000' 100000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.168 absolute
set xrange [-0.6:9.6]
set xtics nomirror ('k1' 0, 'k2' 1, 'k3' 2, 'k4' 3, 'k5' 4, 'k6' 5, 'k7' 6, 'k8' 7, 'best' 8, 'lib' 9)
$b0 << EOD
-0.336 486.099
0.664 6353.19
1.664 8878.08
2.664 17584.2
3.664 12179.6
5 12634.1
6 14310.1
7 18015.5
7.664 21362.7
EOD
$b1 << EOD
9 31143.3
EOD
$b2 << EOD
-0.168 489.778
0.832 4336.5
1.832 3483.14
2.832 4460.25
3.832 2565.84
7.832 16571.9
EOD
$b3 << EOD
0 483.875
1 3598.97
2 3398.93
3 4451.53
4 10224
8 17739.8
EOD
$b4 << EOD
0.168 32.9974
1.168 17.3311
2.168 44.259
3.168 77.9319
4.168 261.556
8.168 1924.66
EOD
$b5 << EOD
0.336 33.1363
1.336 17.3442
2.336 63.3435
3.336 78.2288
4.336 265.134
8.336 2176.22
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cublas', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#17becf' title 'omp(clang-16)', \
     $b4 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b5 using 1:2 with boxes lc rgb '#ff7f0e' title 'omp(gcc-11)'
