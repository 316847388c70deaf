# roofline_double: made by portbench report; run 'gnuplot roofline_double.gp' in this directory to redraw
set terminal svg size 1000,680 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'roofline_double.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'roofline, double: each variant at its benchmark''s headline size' . "\n" . 'NVIDIA H200; measured 2026-11-26; runs 20261126T030017Z_energy1, 20261126T030107Z_energy1 and 4 more'
set key outside below center horizontal reverse Left
set bmargin 9
set xlabel 'arithmetic intensity: FLOPs / bytes of the cost model (log scale)'
set logscale x 10
set xrange [0.015625:28.3333]
set ylabel 'GFLOP/s (log scale)'
set logscale y 10
set yrange [0.284061:102000]
set ytics ('1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000, '100000' 100000)
set label 'dmvm' at first 0.24993898, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'reduce' at first 0.124999998, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'stream' at first 0.0625, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
rpeak(x) = (x * 4800 < 34000) ? x * 4800 : 34000
$s0 << EOD
0.24993898 86.3629
0.24993898 102.402
0.24993898 304.453
0.24993898 384.603
0.24993898 383.268
0.24993898 572.992
0.24993898 434.462
0.24993898 956.294
0.24993898 1095.83
0.24993898 897.273
0.24993898 1135.74
0.124999998 73.1835
0.124999998 111.788
0.124999998 134.217
0.124999998 194.459
0.124999998 351.546
0.124999998 397.753
0.124999998 398.055
0.124999998 529.246
0.124999998 529.582
0.124999998 0.568478
0.124999998 561.634
0.0625 236.465
0.0625 268.092
EOD
$s1 << EOD
0.24993898 1119.07
EOD
$s2 << EOD
0.124999998 555.755
EOD
$s3 << EOD
0.24993898 23.2202
0.24993898 44.5948
0.24993898 95.758
0.24993898 154.837
0.24993898 241.711
0.24993898 497.456
0.24993898 139.689
0.24993898 257.185
0.24993898 454.1
0.24993898 472.65
0.24993898 952.818
0.124999998 32.7273
0.124999998 18.811
0.124999998 17.5697
0.124999998 18.9637
0.124999998 36.3281
0.124999998 42.3637
0.124999998 42.3119
0.124999998 174.814
0.124999998 0.568122
0.124999998 37.895
0.124999998 112.291
0.124999998 294.979
0.124999998 487.651
0.0625 205.437
0.0625 264.741
EOD
set samples 1000
plot rpeak(x) with lines lw 2 lc rgb '#505050' dt 2 title 'h200 datasheet', \
     $s0 using 1:2 with points pt 7 ps 1.1 lc rgb '#000000' title 'cuda', \
     $s1 using 1:2 with points pt 5 ps 1.1 lc rgb '#7f7f7f' title 'cublas', \
     $s2 using 1:2 with points pt 5 ps 1.1 lc rgb '#7f7f7f' title 'cub', \
     $s3 using 1:2 with points pt 9 ps 1.1 lc rgb '#1f77b4' title 'omp(clang-19)'
