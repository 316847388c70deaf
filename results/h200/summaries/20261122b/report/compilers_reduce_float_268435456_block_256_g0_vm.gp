# compilers_reduce_float_268435456_block_256_g0_vm: made by portbench report; run 'gnuplot compilers_reduce_float_268435456_block_256_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'compilers_reduce_float_268435456_block_256_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce float, n = 268435456, block=256 on g0@vm: bandwidth per variant and toolchain'
set xlabel 'variant'
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [121.417:6673.51]
set xrange [-0.5:4.5]
set key outside right top vertical noreverse Left
set xtics nomirror ('k7' 0, 'clause' 1, 'twolevel' 2, 'multiacc' 3, 'best' 4)
$cud0 << EOD
0 3699.51



4 4449.01
EOD
$t0 << EOD





EOD
$t1 << EOD
0 1766.12
1 182.125
2 536.564
3 1618.34
4 3002.91
EOD
$t2 << EOD





EOD
$t3 << EOD
0 236.406
1 293.176
2 576.519
3 431.653
4 535.203
EOD
plot $cud0 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.3 lc rgb '#000000' title 'cuda (reference)', \
     $t1 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.3 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $t3 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.3 lc rgb '#d62728' title 'omp(gcc-12)'
