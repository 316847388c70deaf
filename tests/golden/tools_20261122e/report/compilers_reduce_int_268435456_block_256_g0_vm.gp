# compilers_reduce_int_268435456_block_256_g0_vm: made by portbench report; run 'gnuplot compilers_reduce_int_268435456_block_256_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_reduce_int_268435456_block_256_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce int, n = 268435456, block=256 on g0@vm: bandwidth per variant and toolchain' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T194828Z_reduce_2p28_int_t'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [121.527:6719.01]
set ytics ('200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000)
set xrange [-0.5:4.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('k7' 0, 'clause' 1, 'twolevel' 2, 'multiacc' 3, 'best' 4)
$cud0 << EOD
0 3699.93



4 4479.34
EOD
$t0 << EOD





EOD
$t1 << EOD
0 1352.08
1 182.291
2 533.528
3 1558.07
4 4312.39
EOD
$t2 << EOD





EOD
$t3 << EOD
0 224.353
1 293.282
2 405.514
3 423.889
4 584.077
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
