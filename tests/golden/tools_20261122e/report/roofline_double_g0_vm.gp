# roofline_double_g0_vm: made by portbench report; run 'gnuplot roofline_double_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,680 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'roofline_double_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'roofline, double: each variant at its benchmark''s headline size' . "\n" . 'NVIDIA H200; measured 2026-11-22; runs 20261122T173515Z_dmvm_nx16384_t, 20261122T194808Z_reduce_2p28_t and 56 more'
set key outside below center horizontal reverse Left
set bmargin 9
set xlabel 'arithmetic intensity: FLOPs / bytes of the cost model (log scale)'
set logscale x 10
set xrange [0.0104167:1024.38]
set ylabel 'GFLOP/s (log scale)'
set logscale y 10
set yrange [0.797668:176095]
set ytics ('1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000, '100000' 100000)
set label 'dmvm' at first 0.249969486, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'reduce' at first 0.125, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'stream' at first 0.0625, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'fma' at first 128, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'gemm' at first 256.09375, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'window' at first 0.375, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'vecadd' at first 0.0416666667, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
rmeas(x) = (x * 4314.8588 < 33057.3888) ? x * 4314.8588 : 33057.3888
rpeak(x) = (x * 4800 < 34000) ? x * 4800 : 34000
$s0 << EOD
0.249969486 178.813
0.249969486 206.295
0.249969486 308.56
0.249969486 411.149
0.249969486 529.371
0.249969486 618.908
0.249969486 491.241
0.249969486 982.28
0.249969486 1075.26
0.249969486 899.59
0.249969486 1125.92
0.125 548.601
0.125 549.752
0.125 566.267
0.0625 241.61
0.0625 269.196
128 28864
128 32408
256.09375 486.28
256.09375 3734.78
256.09375 4768.9
256.09375 6330.15
256.09375 10506.7
256.09375 8146.48
256.09375 8357.17
256.09375 16113.8
256.09375 22416.4
0.375 940.706
0.375 807.838
0.0416666667 179.489
0.0416666667 170.361
EOD
$s1 << EOD
0.249969486 1117.37
256.09375 58698.5
EOD
$s2 << EOD
0.125 564.551
EOD
$s3 << EOD
0.249969486 50.0916
0.249969486 88.5264
0.249969486 78.8995
0.249969486 91.7798
0.249969486 286.533
0.249969486 747.087
0.249969486 142.287
0.249969486 266.07
0.249969486 485.722
0.249969486 502.286
0.249969486 1029.41
0.125 249.151
0.125 41.6011
0.125 119.311
0.125 425.821
0.125 517.595
0.0625 208.887
0.0625 267.522
128 26670.3
128 31884.5
256.09375 458.333
256.09375 1898.24
256.09375 2352.99
256.09375 3451.53
256.09375 7249.53
256.09375 18250.3
0.375 377.513
0.375 305.254
0.0416666667 134.83
0.0416666667 155.517
EOD
$s4 << EOD
0.0625 137.021
0.0625 249.767
EOD
$s5 << EOD
0.249969486 182.143
0.249969486 218.117
0.249969486 17.1817
0.249969486 47.0192
0.249969486 24.702
0.249969486 38.9161
0.249969486 2.91418
0.249969486 60.2295
0.249969486 8.6879
0.249969486 11.0185
0.249969486 64.4425
0.125 59.3875
0.125 68.8239
0.125 139.785
0.125 62.2314
0.125 143.979
0.0625 60.4403
0.0625 103.463
128 6284.05
128 4679.35
256.09375 10.7943
256.09375 12.5133
256.09375 34.3432
256.09375 124.11
256.09375 152.529
256.09375 5399.07
0.375 116.282
0.375 1.59534
0.0416666667 45.6895
0.0416666667 39.1281
EOD
$s6 << EOD
0.0625 61.3994
0.0625 111.29
EOD
$s7 << EOD
0.249969486 16.2202
0.125 9.33067
0.0625 4.53832
128 272.281
256.09375 34.81
0.375 9.49397
0.0416666667 3.38175
EOD
$s8 << EOD
256.09375 134.506
EOD
set samples 1000
plot rmeas(x) with lines lw 2 lc rgb '#a05000' dt 3 title 'measured ceilings (portbench ceilings)', \
     rpeak(x) with lines lw 2 lc rgb '#505050' dt 2 title 'h200 datasheet', \
     $s0 using 1:2 with points pt 7 ps 1.1 lc rgb '#000000' title 'cuda', \
     $s1 using 1:2 with points pt 5 ps 1.1 lc rgb '#7f7f7f' title 'cublas', \
     $s2 using 1:2 with points pt 5 ps 1.1 lc rgb '#7f7f7f' title 'cub', \
     $s3 using 1:2 with points pt 9 ps 1.1 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $s4 using 1:2 with points pt 11 ps 1.1 lc rgb '#17becf' title 'omp(clang-16)', \
     $s5 using 1:2 with points pt 13 ps 1.1 lc rgb '#d62728' title 'omp(gcc-12)', \
     $s6 using 1:2 with points pt 15 ps 1.1 lc rgb '#ff7f0e' title 'omp(gcc-11)', \
     $s7 using 1:2 with points pt 4 ps 1.1 lc rgb '#2ca02c' title 'cpu(gcc-12)', \
     $s8 using 1:2 with points pt 6 ps 1.1 lc rgb '#8c564b' title 'openblas'
