# ranksort_float_on_g0_vm_size_omp_clang-19: made by portbench report; run 'gnuplot ranksort_float_on_g0_vm_size_omp_clang-19.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'ranksort_float_on_g0_vm_size_omp_clang-19.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'ranksort float on g0@vm: bandwidth over working set, omp(clang-19)'
set key outside right top vertical noreverse Left
set xlabel 'working set: bytes moved per repetition (log scale)'
set logscale x 2
set xrange [6826.67:629146]
set xtics ('8KiB' 8192, '16KiB' 16384, '32KiB' 32768, '64KiB' 65536, '128KiB' 131072, '256KiB' 262144, '512KiB' 524288)
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front boxed
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [0.000882489:10560]
set ytics ('0.001' 0.001, '0.01' 0.01, '0.1' 0.1, '1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000)
$s0 << EOD
8192 0.124272
EOD
$s1 << EOD
8192 0.241737
524288 0.214094
EOD
$s2 << EOD
8192 0.907801
524288 6.4
EOD
$s3 << EOD
8192 0.132505
EOD
$s4 << EOD
8192 0.355556
524288 0.259125
EOD
$s5 << EOD
8192 0.0447709
EOD
$s6 << EOD
8192 0.0658436
524288 0.0908702
EOD
$s7 << EOD
8192 0.106091
524288 0.00132373
EOD
plot $s2 using 1:2 with linespoints lw 2 pt 5 ps 0.8 lc rgb '#7f7f7f' dt 2 title 'lib cub', \
     $s3 using 1:2 with linespoints lw 2 pt 1 ps 0.8 lc rgb '#1f77b4' dt 1 title 'block', \
     $s4 using 1:2 with linespoints lw 2 pt 2 ps 0.8 lc rgb '#ff7f0e' dt 1 title 'grid', \
     $s7 using 1:2 with linespoints lw 2 pt 4 ps 0.8 lc rgb '#2ca02c' dt 2 title 'baseline cpu(gcc-12)'
