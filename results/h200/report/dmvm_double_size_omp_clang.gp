# dmvm_double_size_omp_clang: made by portbench report; run 'gnuplot dmvm_double_size_omp_clang.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_double_size_omp_clang.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set yrange [0:*]
set title 'dmvm double: bandwidth over problem size, omp(clang)'
set xlabel 'problem size nx (log scale)'
set key outside right top vertical noreverse Left
set logscale x 2
set xrange [853.333:19660.8]
set xtics ('1Ki' 1024, '2Ki' 2048, '4Ki' 4096, '8Ki' 8192, '16Ki' 16384)
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front
set arrow from graph 0, first 3864.97 to graph 1, first 3864.97 nohead dt 3 lw 1.5 lc rgb '#a05000' front
set label 'measured ceiling 3865 (dotted)' at graph 0.99, first 4800 right offset 0,0.7 textcolor rgb '#a05000' front
set ylabel 'bandwidth [GB/s]'
set yrange [0:5184]
$s10 << EOD
1024 21.1063
4096 46.7767
16384 200.446
EOD
$s11 << EOD
1024 48.2119
4096 90.5965
16384 354.699
EOD
$s12 << EOD
1024 162.385
4096 361.414
16384 319.4
EOD
$s13 << EOD
1024 202.435
4096 696.727
16384 368.577
EOD
$s14 << EOD
1024 130.351
4096 667.789
16384 1135.41
EOD
$s15 << EOD
1024 192.356
4096 1193.84
16384 2855.82
EOD
$s16 << EOD
1024 170.613
4096 466.058
16384 549.604
EOD
$s17 << EOD
1024 931.456
4096 1023.76
16384 1063.33
EOD
$s18 << EOD
1024 646.936
4096 1136.31
16384 1286.8
EOD
$s19 << EOD
1024 396.471
4096 1163.56
16384 1295.03
EOD
$s30 << EOD
1024 810.667
4096 4048.58
16384 4468.25
EOD
$s31 << EOD
1024 173.001
4096 182.748
16384 78.8517
EOD
plot $s10 using 1:2 with linespoints lw 2 pt 1 ps 0.8 lc rgb '#1f77b4' dt 1 title 'v0', \
     $s11 using 1:2 with linespoints lw 2 pt 2 ps 0.8 lc rgb '#ff7f0e' dt 1 title 'v1', \
     $s12 using 1:2 with linespoints lw 2 pt 3 ps 0.8 lc rgb '#2ca02c' dt 1 title 'v2', \
     $s13 using 1:2 with linespoints lw 2 pt 4 ps 0.8 lc rgb '#d62728' dt 1 title 'v3', \
     $s14 using 1:2 with linespoints lw 2 pt 5 ps 0.8 lc rgb '#9467bd' dt 1 title 'v4', \
     $s15 using 1:2 with linespoints lw 2 pt 6 ps 0.8 lc rgb '#8c564b' dt 1 title 'v5', \
     $s16 using 1:2 with linespoints lw 2 pt 7 ps 0.8 lc rgb '#e377c2' dt 1 title 'v6', \
     $s17 using 1:2 with linespoints lw 2 pt 8 ps 0.8 lc rgb '#17becf' dt 1 title 'v7', \
     $s18 using 1:2 with linespoints lw 2 pt 9 ps 0.8 lc rgb '#bcbd22' dt 1 title 'v8', \
     $s19 using 1:2 with linespoints lw 2 pt 10 ps 0.8 lc rgb '#7f7f7f' dt 1 title 'v9', \
     $s30 using 1:2 with linespoints lw 2 pt 4 ps 0.8 lc rgb '#404040' dt 2 title 'lib cublas', \
     $s31 using 1:2 with linespoints lw 2 pt 6 ps 0.8 lc rgb '#404040' dt 3 title 'baseline cpu(gcc)'
