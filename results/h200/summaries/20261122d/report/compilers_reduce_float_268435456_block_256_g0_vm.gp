# compilers_reduce_float_268435456_block_256_g0_vm: made by portbench report; run 'gnuplot compilers_reduce_float_268435456_block_256_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_reduce_float_268435456_block_256_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce float, n = 268435456, block=256 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [121.676:6708.2]
set xrange [-0.5:4.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('k7' 0, 'clause' 1, 'twolevel' 2, 'multiacc' 3, 'best' 4)
$cud0 << EOD
0 3703.17



4 4472.14
EOD
$t0 << EOD





EOD
$t1 << EOD
0 1672.04
1 182.514
2 503.837
3 1593.81
4 4307.94
EOD
$t2 << EOD





EOD
$t3 << EOD
0 239.408
1 292.955
2 548.904
3 423.519
4 586.792
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
