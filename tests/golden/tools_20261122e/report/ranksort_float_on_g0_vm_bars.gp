# ranksort_float_on_g0_vm_bars: made by portbench report; run 'gnuplot ranksort_float_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'ranksort_float_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'ranksort float on g0@vm, n = 1024: element rate per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T090637Z_ranksort_1024'
set xlabel 'variant'
set ylabel 'element rate [Melem/s]'
set yrange [0:122.553]
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:3.6]
set xtics nomirror ('block' 0, 'grid' 1, 'lib' 2, 'baseline' 3)
$b0 << EOD
-0.28 15.534
0.72 30.2172
EOD
$b1 << EOD
2 113.475
EOD
$b2 << EOD
0 16.5631
1 44.4444
EOD
$b3 << EOD
0.28 5.59636
1.28 8.23045
EOD
$b4 << EOD
3 13.2613
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#7f7f7f' title 'cub', \
     $b2 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
