# compilers_reduce_double_67108864_block_128: made by portbench report; run 'gnuplot compilers_reduce_double_67108864_block_128.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_reduce_double_67108864_block_128.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce double, n = 67108864, block=128: bandwidth per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-26; run 20261126T030107Z_energy1'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [3.02999:6739.61]
set ytics ('5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000)
set xrange [-0.5:12.5]
set key outside right top vertical noreverse Left
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'atomic' 8, 'clause' 9, 'twolevel' 10, 'multiacc' 11, 'best' 12)
$cud0 << EOD
0 585.468
1 894.306
2 1073.74
3 1555.67
4 2812.37
5 3182.02
6 3184.44
7 4233.96
8 4.54783



12 4493.08
EOD
$t0 << EOD
0 261.818
1 150.488
2 140.558
3 151.71
4 290.625
5 338.909
6 338.495
7 1398.51
8 4.54498
9 303.16
10 898.329
11 2359.83
12 3901.21
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t0 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)'
