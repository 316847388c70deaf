# reduce_double_block_256_on_g0_vm_bars: made by portbench report; run 'gnuplot reduce_double_block_256_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'reduce_double_block_256_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce double block=256 on g0@vm, n = 268435456: bandwidth per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T194808Z_reduce_2p28_t'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [49.7636:10560]
set ytics ('50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:7.6]
set xtics nomirror ('k7' 0, 'shfl' 1, 'clause' 2, 'twolevel' 3, 'multiacc' 4, 'best' 5, 'lib' 6, 'baseline' 7)
$b0 << EOD
-0.28 4388.81
1 4398.01
4.72 4530.14
EOD
$b1 << EOD
6 4516.41
EOD
$b2 << EOD
0 1993.21
1.86 332.809
2.86 954.491
3.86 3406.57
5 4140.76
EOD
$b3 << EOD
0.28 475.1
2.14 550.591
3.14 1118.28
4.14 497.851
5.28 1151.83
EOD
$b4 << EOD
7 74.6454
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cub', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
