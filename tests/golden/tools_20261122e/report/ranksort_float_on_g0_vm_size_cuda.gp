# ranksort_float_on_g0_vm_size_cuda: made by portbench report; run 'gnuplot ranksort_float_on_g0_vm_size_cuda.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'ranksort_float_on_g0_vm_size_cuda.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'ranksort float on g0@vm: element rate over working set, cuda' . "\n" . 'NVIDIA H200; measured 2026-11-22; runs 20261122T090635Z_ranksort_2p16, 20261122T090637Z_ranksort_1024'
set key outside right top vertical noreverse Left
set xlabel 'working set: bytes moved per repetition (log scale)'
set logscale x 2
set xrange [6826.67:629146]
set xtics ('8KiB' 8192, '16KiB' 16384, '32KiB' 32768, '64KiB' 65536, '128KiB' 131072, '256KiB' 262144, '512KiB' 524288)
set ylabel 'element rate [Melem/s] (log scale)'
set logscale y 10
set yrange [0.110311:1760]
set ytics ('1' 1, '10' 10, '100' 100, '1000' 1000)
$s0 << EOD
8192 15.534
EOD
$s1 << EOD
8192 30.2172
524288 26.7618
EOD
$s2 << EOD
8192 113.475
524288 800
EOD
$s3 << EOD
8192 16.5631
EOD
$s4 << EOD
8192 44.4444
524288 32.3907
EOD
$s5 << EOD
8192 5.59636
EOD
$s6 << EOD
8192 8.23045
524288 11.3588
EOD
$s7 << EOD
8192 13.2613
524288 0.165467
EOD
plot $s0 using 1:2 with linespoints lw 2 pt 1 ps 0.8 lc rgb '#1f77b4' dt 1 title 'block', \
     $s1 using 1:2 with linespoints lw 2 pt 2 ps 0.8 lc rgb '#ff7f0e' dt 1 title 'grid', \
     $s2 using 1:2 with linespoints lw 2 pt 5 ps 0.8 lc rgb '#7f7f7f' dt 2 title 'lib cub', \
     $s7 using 1:2 with linespoints lw 2 pt 4 ps 0.8 lc rgb '#2ca02c' dt 2 title 'baseline cpu(gcc-12)'
