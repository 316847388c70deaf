# energy_roofline_double: made by portbench report; run 'gnuplot energy_roofline_double.gp' in this directory to redraw
set terminal svg size 1000,680 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'energy_roofline_double.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'energy roofline, double: each variant at its benchmark''s headline size' . "\n" . 'NVIDIA H200; measured 2026-11-26; runs 20261126T030017Z_energy1, 20261126T030107Z_energy1 and 4 more'
set key outside below center horizontal reverse Left
set bmargin 9
set xlabel 'arithmetic intensity: FLOPs / bytes of the cost model (log scale)'
set logscale x 10
set xrange [0.015625:0.999756]
set ylabel 'GFLOP/J (log scale)'
set logscale y 10
set yrange [0.00209817:0.775877]
set ytics ('0.005' 0.005, '0.01' 0.01, '0.02' 0.02, '0.05' 0.05, '0.1' 0.1, '0.2' 0.2, '0.5' 0.5)
set label 'dmvm' at first 0.24993898, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'reduce' at first 0.124999998, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'stream' at first 0.0625, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
emax(x) = (x * 2.82757612 < 0.258625642) ? x * 2.82757612 : 0.258625642
$s0 << EOD
0.24993898 0.16033
0.24993898 0.177122
0.24993898 0.19831
0.24993898 0.226145
0.24993898 0.234232
0.24993898 0.24074
0.24993898 0.231534
0.24993898 0.253955
0.24993898 0.245924
0.24993898 0.257772
0.24993898 0.258626
0.124999998 0.075258
0.124999998 0.0881127
0.124999998 0.101376
0.124999998 0.109243
0.124999998 0.12074
0.124999998 0.125341
0.124999998 0.123814
0.124999998 0.130296
0.124999998 0.126915
0.124999998 0.00419634
0.124999998 0.131777
0.0625 0.174387
0.0625 0.176724
EOD
$s1 << EOD
0.24993898 0.253378
EOD
$s2 << EOD
0.124999998 0.126712
EOD
$s3 << EOD
0.24993898 0.0855578
0.24993898 0.13028
0.24993898 0.131691
0.24993898 0.150237
0.24993898 0.213263
0.24993898 0.230033
0.24993898 0.18053
0.24993898 0.206848
0.24993898 0.219521
0.24993898 0.217043
0.24993898 0.240752
0.124999998 0.061248
0.124999998 0.0492835
0.124999998 0.0469525
0.124999998 0.0499048
0.124999998 0.0716176
0.124999998 0.0749426
0.124999998 0.0767236
0.124999998 0.115689
0.124999998 0.00425479
0.124999998 0.076186
0.124999998 0.104436
0.124999998 0.123053
0.124999998 0.125922
0.0625 0.16208
0.0625 0.173474
EOD
set samples 1000
plot emax(x) with lines lw 2 lc rgb '#a05000' dt 1 title 'best GB/J and GFLOP/J of these rows', \
     $s0 using 1:2 with points pt 7 ps 1.1 lc rgb '#000000' title 'cuda', \
     $s1 using 1:2 with points pt 5 ps 1.1 lc rgb '#7f7f7f' title 'cublas', \
     $s2 using 1:2 with points pt 5 ps 1.1 lc rgb '#7f7f7f' title 'cub', \
     $s3 using 1:2 with points pt 9 ps 1.1 lc rgb '#1f77b4' title 'omp(clang-19)'
