# compilers_gemm_float_1024_m_0_n_0_k_0: made by portbench report; run 'gnuplot compilers_gemm_float_1024_m_0_n_0_k_0.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_gemm_float_1024_m_0_n_0_k_0.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'gemm float, size = 1024, m=1024;n=1024;k=1024: FLOP rate per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-26; run 20261126T025949Z_facts'
set xlabel 'variant'
set ylabel 'FLOP rate [GFLOP/s] (log scale)'
set logscale y 10
set yrange [11.5541:32044.1]
set ytics ('20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000, '20000' 20000)
set xrange [-0.5:5.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('k1' 0, 'k2' 1, 'k3' 2, 'k4' 3, 'k5' 4, 'best' 5)
$cud0 << EOD
0 486.099
1 6353.19
2 8878.08
3 17584.2
4 12179.6
5 21362.7
EOD
$t0 << EOD
0 483.875
1 3598.97
2 3398.93
3 4451.53
4 10224
5 17739.8
EOD
$t1 << EOD
0 489.778
1 4336.5
2 3483.14
3 4460.25
4 2565.84
5 16571.9
EOD
$t2 << EOD
0 33.1363
1 17.3442
2 63.3435
3 78.2288
4 265.134
5 2176.22
EOD
$t3 << EOD
0 32.9974
1 17.3311
2 44.259
3 77.9319
4 261.556
5 1924.66
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 11 ps 1.3 lc rgb '#17becf' title 'omp(clang-16)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t2 using 1:2 with linespoints lw 1.5 dt 1 pt 15 ps 1.3 lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
