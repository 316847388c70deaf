# compilers_dmvm_float_16384_g0_vm: made by portbench report; run 'gnuplot compilers_dmvm_float_16384_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_dmvm_float_16384_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm float, nx = 16384 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [3.95351:6715.37]
set xrange [-0.5:10.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10)
$cud0 << EOD
0 423.439
1 471.471
2 675.106
3 937.896
4 1135.66
5 2260.92
6 1053.29
7 2454.57
8 4316.26
9 3370.04
10 4476.91
EOD
$t0 << EOD











EOD
$t1 << EOD
0 148.556
1 222.237
2 174.1
3 187.336
4 583.247
5 2151.49
6 309.381
7 535.143
8 1693.27
9 1898.77
10 2203.32
EOD
$t2 << EOD











EOD
$t3 << EOD
0 483.849
1 566.624
2 34.899
3 95.679
4 54.2998
5 100.479
6 5.93027
7 146.338
8 17.6776
9 25.1399
10 127.652
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
