# roofline_float: made by portbench report; run 'gnuplot roofline_float.gp' in this directory to redraw
set terminal svg size 1000,680 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'roofline_float.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'roofline, float: each variant at its benchmark''s headline size' . "\n" . 'NVIDIA H200; measured 2026-11-26; run 20261126T025949Z_facts'
set key outside below center horizontal reverse Left
set bmargin 9
set xlabel 'arithmetic intensity: FLOPs / bytes of the cost model (log scale)'
set logscale x 10
set xrange [3.48958:512.75]
set ylabel 'GFLOP/s (log scale)'
set logscale y 10
set yrange [8.66555:201000]
set ytics ('10' 10, '100' 100, '1000' 1000, '10000' 10000, '100000' 100000)
set label 'gemm' at first 128.1875, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
rpeak(x) = (x * 4800 < 67000) ? x * 4800 : 67000
$s0 << EOD
128.1875 486.099
128.1875 6353.19
128.1875 8878.08
128.1875 17584.2
128.1875 12179.6
128.1875 12634.1
128.1875 14310.1
128.1875 18015.5
128.1875 21362.7
EOD
$s1 << EOD
128.1875 31143.3
EOD
$s2 << EOD
128.1875 489.778
128.1875 4336.5
128.1875 3483.14
128.1875 4460.25
128.1875 2565.84
128.1875 16571.9
EOD
$s3 << EOD
128.1875 483.875
128.1875 3598.97
128.1875 3398.93
128.1875 4451.53
128.1875 10224
128.1875 17739.8
EOD
$s4 << EOD
128.1875 32.9974
128.1875 17.3311
128.1875 44.259
128.1875 77.9319
128.1875 261.556
128.1875 1924.66
EOD
$s5 << EOD
128.1875 33.1363
128.1875 17.3442
128.1875 63.3435
128.1875 78.2288
128.1875 265.134
128.1875 2176.22
EOD
set samples 1000
plot rpeak(x) with lines lw 2 lc rgb '#505050' dt 2 title 'h200 datasheet', \
     $s0 using 1:2 with points pt 7 ps 1.1 lc rgb '#000000' title 'cuda', \
     $s1 using 1:2 with points pt 5 ps 1.1 lc rgb '#7f7f7f' title 'cublas', \
     $s2 using 1:2 with points pt 9 ps 1.1 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $s3 using 1:2 with points pt 11 ps 1.1 lc rgb '#17becf' title 'omp(clang-16)', \
     $s4 using 1:2 with points pt 13 ps 1.1 lc rgb '#d62728' title 'omp(gcc-12)', \
     $s5 using 1:2 with points pt 15 ps 1.1 lc rgb '#ff7f0e' title 'omp(gcc-11)'
