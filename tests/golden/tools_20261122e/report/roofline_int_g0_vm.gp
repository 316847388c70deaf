# roofline_int_g0_vm: made by portbench report; run 'gnuplot roofline_int_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,680 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'roofline_int_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'roofline, int: each variant at its benchmark''s headline size' . "\n" . 'NVIDIA H200; measured 2026-11-22; run 20261122T194828Z_reduce_2p28_int_t'
set key outside below center horizontal reverse Left
set bmargin 9
set xlabel 'arithmetic intensity: FLOPs / bytes of the cost model (log scale)'
set logscale x 10
set xrange [0.0625:1]
set ylabel 'GFLOP/s (log scale)'
set logscale y 10
set yrange [10.5004:3359.5]
set ytics ('20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000)
set label 'reduce' at first 0.249999999, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
rpeak(x) = x * 4800
$s0 << EOD
0.249999999 924.982
0.249999999 924.88
0.249999999 1119.83
EOD
$s1 << EOD
0.249999999 1110.64
EOD
$s2 << EOD
0.249999999 338.021
0.249999999 45.5727
0.249999999 133.382
0.249999999 389.518
0.249999999 1078.1
EOD
$s3 << EOD
0.249999999 56.0882
0.249999999 73.3204
0.249999999 101.378
0.249999999 105.972
0.249999999 146.019
EOD
$s4 << EOD
0.249999999 21.0007
EOD
set samples 1000
plot rpeak(x) with lines lw 2 lc rgb '#505050' dt 2 title 'h200 datasheet', \
     $s0 using 1:2 with points pt 7 ps 1.1 lc rgb '#000000' title 'cuda', \
     $s1 using 1:2 with points pt 5 ps 1.1 lc rgb '#7f7f7f' title 'cub', \
     $s2 using 1:2 with points pt 9 ps 1.1 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $s3 using 1:2 with points pt 13 ps 1.1 lc rgb '#d62728' title 'omp(gcc-12)', \
     $s4 using 1:2 with points pt 4 ps 1.1 lc rgb '#2ca02c' title 'cpu(gcc-12)'
