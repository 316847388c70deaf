# compilers_dmvm_double_4096: made by portbench report; run 'gnuplot compilers_dmvm_double_4096.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_dmvm_double_4096.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double, nx = 4096: bandwidth per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-26; run 20261126T025819Z_facts1'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [5.82652:6459.24]
set ytics ('10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000)
set xrange [-0.5:10.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10)
$cud0 << EOD
0 166.697
1 200.317
2 828.339
3 1362.45
4 983.213
5 1696.52
6 1483.86
7 3517.48
8 3876.59
9 3362.42
10 4306.16
EOD
$t0 << EOD
0 188.562
1 230.867
2 629.044
3 819.6
4 1103.14
5 1242.08
6 496.023
7 1694.8
8 1872.54
9 1287.22
10 2759.85
EOD
$t1 << EOD
0 46.0186
1 89.3372
2 350.235
3 678.198
4 616.521
5 1212.64
6 465.873
7 1002.23
8 1519.58
9 1583.21
10 3149.23
EOD
$t2 << EOD
0 131.65
1 147.388
2 36.8463
3 81.4358
4 76.3437
5 66.4736
6 42.8035
7 103.956
8 14.7442
9 19.2496
10 84.9335
EOD
$t3 << EOD
0 122.543
1 138.484
2 22.563
3 58.9077
4 35.0876
5 41.922
6 10.4274
7 64.9655
8 8.73978
9 12.8589
10 55.3794
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 11 ps 1.3 lc rgb '#17becf' title 'omp(clang-16)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t2 using 1:2 with linespoints lw 1.5 dt 1 pt 15 ps 1.3 lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
