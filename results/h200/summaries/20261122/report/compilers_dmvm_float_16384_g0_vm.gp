# compilers_dmvm_float_16384_g0_vm: made by portbench report; run 'gnuplot compilers_dmvm_float_16384_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_dmvm_float_16384_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm float, nx = 16384 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [4.07202:6869.33]
set xrange [-0.5:10.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10)
$cud0 << EOD
0 422.641
1 470.944
2 669.893
3 933.776
4 1117.78
5 2201.31
6 1032.58
7 2417.27
8 4408.11
9 3389.45
10 4579.55
EOD
$t0 << EOD











EOD
$t1 << EOD
0 147.067
1 219.088
2 180.23
3 202.353
4 558.19
5 2098.09
6 305.955
7 524.588
8 1668.36
9 1919.08
10 1927.79
EOD
$t2 << EOD











EOD
$t3 << EOD
0 472.821
1 551.594
2 34.4132
3 97.7108
4 52.8216
5 99.749
6 6.10803
7 142.562
8 17.6672
9 24.9362
10 122.28
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
