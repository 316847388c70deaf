# energy_roofline_float: made by portbench report; run 'gnuplot energy_roofline_float.gp' in this directory to redraw
set terminal svg size 1000,680 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'energy_roofline_float.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'energy roofline, float: each variant at its benchmark''s headline size' . "\n" . 'NVIDIA H100 80GB HBM3; measured 2026-11-26; run 20261126T054847Z_energy1'
set key outside below center horizontal reverse Left
set bmargin 9
set xlabel 'arithmetic intensity: FLOPs / bytes of the cost model (log scale)'
set logscale x 10
set xrange [3.28764:4096.75]
set ylabel 'GFLOP/J (log scale)'
set logscale y 10
set yrange [12.4877:219.94]
set ytics ('20' 20, '50' 50, '100' 100, '200' 200)
set label 'gemm' at first 1024.1875, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
emax(x) = (x * 5.57492919 < 73.3133344) ? x * 5.57492919 : 73.3133344
$s0 << EOD
1024.1875 66.7215
EOD
$s1 << EOD
1024.1875 73.3133
EOD
$s2 << EOD
1024.1875 59.3819
EOD
$s3 << EOD
1024.1875 63.0598
EOD
$s4 << EOD
1024.1875 29.9011
EOD
$s5 << EOD
1024.1875 24.9753
EOD
set samples 1000
plot emax(x) with lines lw 2 lc rgb '#a05000' dt 1 title 'best GB/J and GFLOP/J of these rows', \
     $s0 using 1:2 with points pt 7 ps 1.1 lc rgb '#000000' title 'cuda', \
     $s1 using 1:2 with points pt 5 ps 1.1 lc rgb '#7f7f7f' title 'cublas', \
     $s2 using 1:2 with points pt 9 ps 1.1 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $s3 using 1:2 with points pt 11 ps 1.1 lc rgb '#17becf' title 'omp(clang-16)', \
     $s4 using 1:2 with points pt 13 ps 1.1 lc rgb '#d62728' title 'omp(gcc-12)', \
     $s5 using 1:2 with points pt 15 ps 1.1 lc rgb '#ff7f0e' title 'omp(gcc-11)'
