# reduce_int_block_256_on_g0_vm_size_omp_gcc-12: made by portbench report; run 'gnuplot reduce_int_block_256_on_g0_vm_size_omp_gcc-12.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'reduce_int_block_256_on_g0_vm_size_omp_gcc-12.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'reduce int block=256 on g0@vm: bandwidth over working set, omp(gcc-12)' . "\n" . 'NVIDIA H200; measured 2026-11-22; runs 20261122T194828Z_reduce_2p28_int_t, 20261122T194831Z_reduce_2p22_int_t'
set key outside right top vertical noreverse Left
set xlabel 'working set: bytes moved per repetition (log scale)'
set logscale x 2
set xrange [1.3981e+07:1.28849e+09]
set xtics ('16MiB' 16777216, '32MiB' 33554432, '64MiB' 67108864, '128MiB' 134217728, '256MiB' 268435456, '512MiB' 536870912, '1GiB' 1073741824)
set arrow from first 62914560, graph 0 to first 62914560, graph 1 nohead dt 4 lw 1.5 lc rgb '#7b3fa0' back
set label 'h200 L2 60 MiB' at first 62914560, graph 0.03 left rotate by 90 offset -1.5,0 textcolor rgb '#7b3fa0' front boxed
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [3.68475:10560]
set ytics ('5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
$s0 << EOD
16777216 1183.49
1073741824 3699.93
EOD
$s1 << EOD
16777216 1096.84
1073741824 3699.52
EOD
$s2 << EOD
16777216 2833.99
1073741824 4479.34
EOD
$s3 << EOD
16777216 1971.01
1073741824 4442.57
EOD
$s4 << EOD
16777216 163.077
1073741824 1352.08
EOD
$s5 << EOD
16777216 65.2183
1073741824 182.291
EOD
$s6 << EOD
16777216 208.053
1073741824 533.528
EOD
$s7 << EOD
16777216 272.787
1073741824 1558.07
EOD
$s8 << EOD
16777216 1560.38
1073741824 4312.39
EOD
$s9 << EOD
16777216 5.52712
1073741824 224.353
EOD
$s10 << EOD
16777216 25.5989
1073741824 293.282
EOD
$s11 << EOD
16777216 15.7035
1073741824 405.514
EOD
$s12 << EOD
16777216 11.6608
1073741824 423.889
EOD
$s13 << EOD
16777216 17.8264
1073741824 584.077
EOD
$s14 << EOD
16777216 240.261
1073741824 84.003
EOD
plot $s3 using 1:2 with linespoints lw 2 pt 5 ps 0.8 lc rgb '#7f7f7f' dt 2 title 'lib cub', \
     $s9 using 1:2 with linespoints lw 2 pt 8 ps 0.8 lc rgb '#17becf' dt 1 title 'k7', \
     $s10 using 1:2 with linespoints lw 2 pt 11 ps 0.8 lc rgb '#000080' dt 1 title 'clause', \
     $s11 using 1:2 with linespoints lw 2 pt 12 ps 0.8 lc rgb '#808000' dt 1 title 'twolevel', \
     $s12 using 1:2 with linespoints lw 2 pt 1 ps 0.8 lc rgb '#1f77b4' dt 1 title 'multiacc', \
     $s13 using 1:2 with linespoints lw 2 pt 2 ps 0.8 lc rgb '#ff7f0e' dt 1 title 'best', \
     $s14 using 1:2 with linespoints lw 2 pt 4 ps 0.8 lc rgb '#2ca02c' dt 2 title 'baseline cpu(gcc-12)'
