# compilers_dmvm_double_8192: made by portbench report; run 'gnuplot compilers_dmvm_double_8192.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_dmvm_double_8192.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'dmvm double, nx = 8192: bandwidth per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-26; run 20261126T030017Z_energy1'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [61.9357:6816.13]
set ytics ('100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000)
set xrange [-0.5:10.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('v0' 0, 'v1' 1, 'v2' 2, 'v3' 3, 'v4' 4, 'v5' 5, 'v6' 6, 'v7' 7, 'v8' 8, 'v9' 9, 'best' 10)
$cud0 << EOD
0 345.536
1 409.71
2 1218.11
3 1538.79
4 1533.45
5 2292.53
6 1738.27
7 3826.11
8 4384.39
9 3589.97
10 4544.09
EOD
$t0 << EOD
0 92.9035
1 178.423
2 383.126
3 619.499
4 967.082
5 1990.31
6 558.892
7 1028.99
8 1816.84
9 1891.06
10 3812.2
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)'
