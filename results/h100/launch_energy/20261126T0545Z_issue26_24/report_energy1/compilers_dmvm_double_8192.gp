# compilers_dmvm_double_8192: made by portbench report; run 'gnuplot compilers_dmvm_double_8192.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_dmvm_double_8192.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double, nx = 8192: bandwidth per variant and toolchain' . "\n" . 'NVIDIA H100 80GB HBM3; measured 2026-11-26; run 20261126T054806Z_energy1'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [5.12264:4602.98]
set ytics ('10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000)
set xrange [-0.5:10.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10)
$cud0 << EOD
0 355.707
1 420.988
2 1147.81
3 1522.57
4 1443.34
5 2039.13
6 1693.94
7 2912.85
8 3043.88
9 2738.41
10 3068.65
EOD
$t0 << EOD
0 410.163
1 515.41
2 533.178
3 515.877
4 1688.73
5 1780.85
6 605.309
7 1826.1
8 2235.38
9 1299.29
10 2751.89
EOD
$t1 << EOD
0 99.125
1 189.207
2 392.749
3 524.013
4 935.681
5 1765.21
6 570.025
7 1010.05
8 1651.59
9 1787.21
10 2902.78
EOD
$t2 << EOD
0 351.107
1 406.221
2 92.2275
3 162.868
4 211.474
5 193.048
6 69.4288
7 219.576
8 26.6021
9 33.7961
10 223.095
EOD
$t3 << EOD
0 341.399
1 395.162
2 39.4973
3 122.299
4 68.3455
5 92.8074
6 7.68397
7 119.213
8 12.6137
9 19.187
10 115.065
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 11 ps 1.3 lc rgb '#17becf' title 'omp(clang-16)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t2 using 1:2 with linespoints lw 1.5 dt 1 pt 15 ps 1.3 lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
