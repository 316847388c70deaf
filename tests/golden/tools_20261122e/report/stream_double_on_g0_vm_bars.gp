# stream_double_on_g0_vm_bars: made by portbench report; run 'gnuplot stream_double_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'stream_double_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'stream double on g0@vm, n = 268435456: bandwidth per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T162717Z_stream_2e28_t'
set xlabel 'variant'
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [48.4088:10560]
set ytics ('50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.168 absolute
set xrange [-0.6:2.6]
set xtics nomirror ('kernel' 0, 'best' 1, 'baseline' 2)
$b0 << EOD
-0.336 3865.76
0.664 4307.14
EOD
$b1 << EOD
-0.168 3342.19
0.832 4280.35
EOD
$b2 << EOD
0 2192.33
1 3996.28
EOD
$b3 << EOD
0.168 967.044
1.168 1655.41
EOD
$b4 << EOD
0.336 982.39
1.336 1780.64
EOD
$b5 << EOD
2 72.6132
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b2 using 1:2 with boxes lc rgb '#17becf' title 'omp(clang-16)', \
     $b3 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b4 using 1:2 with boxes lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $b5 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
