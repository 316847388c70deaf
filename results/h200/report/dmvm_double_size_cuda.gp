# dmvm_double_size_cuda: made by portbench report; run 'gnuplot dmvm_double_size_cuda.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_double_size_cuda.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set yrange [0:*]
set title 'dmvm double: bandwidth over problem size, cuda'
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
$s0 << EOD
1024 49.0354
4096 168.943
16384 715.295
EOD
$s1 << EOD
1024 59.2974
4096 202.783
16384 823.513
EOD
$s2 << EOD
1024 303.298
4096 830.637
16384 1235.27
EOD
$s3 << EOD
1024 568.519
4096 1367.57
16384 1643.83
EOD
$s4 << EOD
1024 242.638
4096 992.874
16384 2106.91
EOD
$s5 << EOD
1024 552.397
4096 1703.77
16384 2473.79
EOD
$s6 << EOD
1024 560.651
4096 1485.98
16384 1964.89
EOD
$s7 << EOD
1024 2721.82
4096 3510.21
16384 3929.83
EOD
$s8 << EOD
1024 2707.79
4096 3797.6
16384 4301.58
EOD
$s9 << EOD
1024 1621.18
4096 3353.06
16384 3601.89
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
plot $s0 using 1:2 with linespoints lw 2 pt 1 ps 0.8 lc rgb '#1f77b4' dt 1 title 'v0', \
     $s1 using 1:2 with linespoints lw 2 pt 2 ps 0.8 lc rgb '#ff7f0e' dt 1 title 'v1', \
     $s2 using 1:2 with linespoints lw 2 pt 3 ps 0.8 lc rgb '#2ca02c' dt 1 title 'v2', \
     $s3 using 1:2 with linespoints lw 2 pt 4 ps 0.8 lc rgb '#d62728' dt 1 title 'v3', \
     $s4 using 1:2 with linespoints lw 2 pt 5 ps 0.8 lc rgb '#9467bd' dt 1 title 'v4', \
     $s5 using 1:2 with linespoints lw 2 pt 6 ps 0.8 lc rgb '#8c564b' dt 1 title 'v5', \
     $s6 using 1:2 with linespoints lw 2 pt 7 ps 0.8 lc rgb '#e377c2' dt 1 title 'v6', \
     $s7 using 1:2 with linespoints lw 2 pt 8 ps 0.8 lc rgb '#17becf' dt 1 title 'v7', \
     $s8 using 1:2 with linespoints lw 2 pt 9 ps 0.8 lc rgb '#bcbd22' dt 1 title 'v8', \
     $s9 using 1:2 with linespoints lw 2 pt 10 ps 0.8 lc rgb '#7f7f7f' dt 1 title 'v9', \
     $s30 using 1:2 with linespoints lw 2 pt 4 ps 0.8 lc rgb '#404040' dt 2 title 'lib cublas', \
     $s31 using 1:2 with linespoints lw 2 pt 6 ps 0.8 lc rgb '#404040' dt 3 title 'baseline cpu(gcc)'
