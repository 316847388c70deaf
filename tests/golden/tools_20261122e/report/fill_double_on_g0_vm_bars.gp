# fill_double_on_g0_vm_bars: made by portbench report; run 'gnuplot fill_double_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'fill_double_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'fill double on g0@vm, n = 268435456: bandwidth per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T163136Z_fill_2e28_t'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [33.9627:10560]
set ytics ('50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:3.6]
set xtics nomirror ('kernel' 0, 'best' 1, 'lib' 2, 'baseline' 3)
$b0 << EOD
-0.28 3404.5
0.72 4715.72
EOD
$b1 << EOD
2 4582.41
EOD
$b2 << EOD
0 3984.18
1 4481.73
EOD
$b3 << EOD
0.28 2004.41
1.28 1134.39
EOD
$b4 << EOD
3 50.9441
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cudart', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
