# fma_float_chain_1024_on_g0_vm_bars: made by portbench report; run 'gnuplot fma_float_chain_1024_on_g0_vm_bars.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'fma_float_chain_1024_on_g0_vm_bars.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'fma float chain=1024 on g0@vm, n = 4194304: FLOP rate per variant and backend' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T192340Z_fma_2e22_float_t'
set xlabel 'variant'
set arrow from graph 0, first 67000 to graph 1, first 67000 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 67000 (dashed)' at graph 0.01, first 67000 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'FLOP rate [GFLOP/s] (log scale)'
set logscale y 10
set yrange [207.023:147400]
set ytics ('500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000, '20000' 20000, '50000' 50000, '100000' 100000)
set key outside right top vertical noreverse Left
set grid noxtics
set style fill solid 0.85 border -1
set boxwidth 0.28 absolute
set xrange [-0.6:2.6]
set xtics nomirror ('kernel' 0, 'best' 1, 'baseline' 2)
$b0 << EOD
-0.28 31087
0.72 61077.9
EOD
$b1 << EOD
0 44672.2
1 58317.5
EOD
$b2 << EOD
0.28 7127.69
1.28 5203.25
EOD
$b3 << EOD
2 310.535
EOD
plot $b0 using 1:2 with boxes lc rgb '#000000' title 'cuda', \
     $b1 using 1:2 with boxes lc rgb '#1f77b4' title 'omp(clang-19)', \
     $b2 using 1:2 with boxes lc rgb '#d62728' title 'omp(gcc-12)', \
     $b3 using 1:2 with boxes lc rgb '#2ca02c' title 'cpu(gcc-12)'
