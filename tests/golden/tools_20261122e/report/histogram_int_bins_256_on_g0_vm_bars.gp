# histogram_int_bins_256_on_g0_vm_bars: made by portbench report; run 'gnuplot histogram_int_bins_256_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'histogram_int_bins_256_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'histogram int bins=256 on g0@vm, n = 67108864: element rate per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T090626Z_histogram_2p26'
set xlabel 'variant'
set ylabel 'element rate [Melem/s] (log scale)'
set logscale y 10
set yrange [2404.91:1.12833e+06]
set ytics ('5000' 5000, '10000' 10000, '20000' 20000, '50000' 50000, '100000' 100000, '200000' 200000, '500000' 500000, '1e+06' 1e+06)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:3.6]
set xtics nomirror ('global' 0, 'shared' 1, 'lib' 2, 'baseline' 3)
$b0 << EOD
-0.28 8075.46
0.72 512876
EOD
$b1 << EOD
2 401753
EOD
$b2 << EOD
0 3871.52
1 245252
EOD
$b3 << EOD
0.28 3607.37
1.28 16732.5
EOD
$b4 << EOD
3 9111.65
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cub', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
