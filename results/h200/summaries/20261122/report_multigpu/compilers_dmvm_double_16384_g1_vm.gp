# compilers_dmvm_double_16384_g1_vm: made by portbench report; run 'gnuplot compilers_dmvm_double_16384_g1_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_dmvm_double_16384_g1_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double, nx = 16384 on g1@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [7.02576:6885.23]
set xrange [-0.5:10.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10)
$cud0 << EOD
0 711.386
1 819.852
2 1227.88
3 1641.01
4 2099.25
5 2451.77
6 1953.98
7 3962.52
8 4376.72
9 3632.67
10 4590.15
EOD
$t0 << EOD
0 198.838
1 349.367
2 326.201
3 394.89
4 1101.58
5 2872.67
6 560.075
7 1035.57
8 1930.26
9 2003.38
10 3415.63
EOD
$t1 << EOD
0 678.568
1 802.405
2 67.0661
3 183.976
4 95.6355
5 147.487
6 10.5386
7 225.113
8 30.6055
9 40.2743
10 231.012
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
