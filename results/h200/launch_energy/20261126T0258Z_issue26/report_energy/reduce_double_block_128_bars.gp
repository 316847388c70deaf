# reduce_double_block_128_bars: made by portbench report; run 'gnuplot reduce_double_block_128_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'reduce_double_block_128_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce double block=128, n = 67108864: bandwidth per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-26; run 20261126T030107Z_energy1'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [3.02999:10560]
set ytics ('10' 10, '100' 100, '1000' 1000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.42 absolute
set xrange [-0.6:14.6]
set xtics nomirror rotate by -45 ('k0' 0, 'k1' 1, 'k2' 2, 'k3' 3, 'k4' 4, 'k5' 5, 'k6' 6, 'k7' 7, 'shfl' 8, 'atomic' 9, 'clause' 10, 'twolevel' 11, 'multiacc' 12, 'best' 13, 'lib' 14)
$b0 << EOD
-0.21 585.468
0.79 894.306
1.79 1073.74
2.79 1555.67
3.79 2812.37
4.79 3182.02
5.79 3184.44
6.79 4233.96
8 4236.65
8.79 4.54783
12.79 4493.08
EOD
$b1 << EOD
14 4446.04
EOD
$b2 << EOD
0.21 261.818
1.21 150.488
2.21 140.558
3.21 151.71
4.21 290.625
5.21 338.909
6.21 338.495
7.21 1398.51
9.21 4.54498
10 303.16
11 898.329
12 2359.83
13.21 3901.21
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cub', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)'
