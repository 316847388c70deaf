# dmvm_double_size_omp_gcc: made by portbench report; run 'gnuplot dmvm_double_size_omp_gcc.gp' in this directory to redraw
set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'dmvm_double_size_omp_gcc.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set yrange [0:*]
set title 'dmvm double: bandwidth over problem size, omp(gcc)'
set xlabel 'problem size nx (log scale)'
set key outside right top vertical noreverse Left
set logscale x 2
set xrange [853.333:19660.8]
set xtics ('1Ki' 1024, '2Ki' 2048, '4Ki' 4096, '8Ki' 8192, '16Ki' 16384)
set arrow from graph 0, first 4800 to graph 1, first 4800 nohead dt 2 lw 1.5 lc rgb '#505050' front
set label 'h200 peak 4800 (dashed)' at graph 0.01, first 4800 left offset 0,0.7 textcolor rgb '#505050' front
set arrow from graph 0, first 3864.97 to graph 1, first 3864.97 nohead dt 3 lw 1.5 lc rgb '#a05000' front
set label 'measured ceiling 3865 (dotted)' at graph 0.99, first 4800 right offset 0,0.7 textcolor rgb '#a05000' front
set ylabel 'bandwidth [GB/s] (log scale)'
set logscale y 10
set yrange [1.42701:10560]
set ytics ('2' 2, '5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000, '5000' 5000, '10000' 10000)
$s20 << EOD
1024 13.3082
4096 61.3242
16384 78.9146
EOD
$s21 << EOD
1024 14.1652
4096 76.9887
16384 107.32
EOD
$s22 << EOD
1024 4.17225
4096 9.18438
16384 10.0717
EOD
$s23 << EOD
1024 5.4429
4096 17.9092
16384 22.4703
EOD
$s24 << EOD
1024 5.70512
4096 39.2492
16384 63.2163
EOD
$s25 << EOD
1024 3.82867
4096 31.6898
16384 109.728
EOD
$s26 << EOD
1024 2.81835
4096 6.4987
16384 7.41761
EOD
$s27 << EOD
1024 9.66668
4096 43.9972
16384 85.1901
EOD
$s28 << EOD
1024 2.14051
4096 8.63452
16384 33.5304
EOD
$s29 << EOD
1024 3.29397
4096 12.9977
16384 44.4562
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
plot $s20 using 1:2 with linespoints lw 2 pt 1 ps 0.8 lc rgb '#1f77b4' dt 1 title 'v0', \
     $s21 using 1:2 with linespoints lw 2 pt 2 ps 0.8 lc rgb '#ff7f0e' dt 1 title 'v1', \
     $s22 using 1:2 with linespoints lw 2 pt 3 ps 0.8 lc rgb '#2ca02c' dt 1 title 'v2', \
     $s23 using 1:2 with linespoints lw 2 pt 4 ps 0.8 lc rgb '#d62728' dt 1 title 'v3', \
     $s24 using 1:2 with linespoints lw 2 pt 5 ps 0.8 lc rgb '#9467bd' dt 1 title 'v4', \
     $s25 using 1:2 with linespoints lw 2 pt 6 ps 0.8 lc rgb '#8c564b' dt 1 title 'v5', \
     $s26 using 1:2 with linespoints lw 2 pt 7 ps 0.8 lc rgb '#e377c2' dt 1 title 'v6', \
     $s27 using 1:2 with linespoints lw 2 pt 8 ps 0.8 lc rgb '#17becf' dt 1 title 'v7', \
     $s28 using 1:2 with linespoints lw 2 pt 9 ps 0.8 lc rgb '#bcbd22' dt 1 title 'v8', \
     $s29 using 1:2 with linespoints lw 2 pt 10 ps 0.8 lc rgb '#7f7f7f' dt 1 title 'v9', \
     $s30 using 1:2 with linespoints lw 2 pt 4 ps 0.8 lc rgb '#404040' dt 2 title 'lib cublas', \
     $s31 using 1:2 with linespoints lw 2 pt 6 ps 0.8 lc rgb '#404040' dt 3 title 'baseline cpu(gcc)'
