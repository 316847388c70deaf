# compilers_dmvm_double_16384_g0_vm: made by portbench report; run 'gnuplot compilers_dmvm_double_16384_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_dmvm_double_16384_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double, nx = 16384 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [6.99406:6861.76]
set xrange [-0.5:10.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10)
$cud0 << EOD
0 711.183
1 819.262
2 1229.34
3 1637.84
4 2093.55
5 2443.74
6 1940.2
7 3966.74
8 4374.74
9 3636.41
10 4574.51
EOD
$t0 << EOD
0 198.648
1 349.02
2 331.305
3 394.267
4 1115.39
5 3093.82
6 561.406
7 1036.49
8 2090.94
9 2135.25
10 3413.03
EOD
$t1 << EOD
0 680.412
1 803.241
2 67.2408
3 184.746
4 95.7583
5 147.243
6 10.4911
7 225.056
8 30.6289
9 39.6512
10 230.203
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
