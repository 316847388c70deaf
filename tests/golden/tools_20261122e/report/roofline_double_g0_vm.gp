# roofline_double_g0_vm: made by portbench report; run 'gnuplot roofline_double_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,680 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'roofline_double_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'roofline, double: each variant at its benchmark''s headline size' . "\n" . 'NVIDIA H200; measured 2026-11-22; runs 20261122T173515Z_dmvm_nx16384_t, 20261122T194808Z_reduce_2p28_t and 56 more'
set key outside below center horizontal noreverse Left
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
0.210198445 178.813
0.210198445 206.295
0.210198445 308.56
0.210198445 411.149
0.210198445 529.371
0.210198445 618.908
0.210198445 491.241
0.210198445 982.28
0.210198445 1075.26
0.210198445 899.59
0.210198445 1125.92
0.105112052 548.601
0.105112052 549.752
0.105112052 566.267
0.052556026 241.61
0.052556026 269.196
107.634741 28864
107.634741 32408
215.348316 486.28
215.348316 3734.78
215.348316 4768.9
215.348316 6330.15
215.348316 10506.7
215.348316 8146.48
215.348316 8357.17
215.348316 16113.8
215.348316 22416.4
0.315336156 940.706
0.315336156 807.838
0.0350373506 179.489
0.0350373506 170.361
EOD
$s1 << EOD
0.219504725 1117.37
224.882601 58698.5
EOD
$s2 << EOD
0.114625505 564.551
EOD
$s3 << EOD
0.2393716 50.0916
0.2393716 88.5264
0.2393716 78.8995
0.2393716 91.7798
0.2393716 286.533
0.2393716 747.087
0.2393716 142.287
0.2393716 266.07
0.2393716 485.722
0.2393716 502.286
0.2393716 1029.41
0.11970041 249.151
0.11970041 41.6011
0.11970041 119.311
0.11970041 425.821
0.11970041 517.595
0.059850205 208.887
0.059850205 267.522
122.57322 26670.3
122.57322 31884.5
245.236215 458.333
245.236215 1898.24
245.236215 2352.99
245.236215 3451.53
245.236215 7249.53
245.236215 18250.3
0.35910123 377.513
0.35910123 305.254
0.0399001367 134.83
0.0399001367 155.517
EOD
$s4 << EOD
0.0625 137.021
0.0625 249.767
EOD
$s5 << EOD
0.261036581 182.143
0.261036581 218.117
0.261036581 17.1817
0.261036581 47.0192
0.261036581 24.702
0.261036581 38.9161
0.261036581 2.91418
0.261036581 60.2295
0.261036581 8.6879
0.261036581 11.0185
0.261036581 64.4425
0.130534222 59.3875
0.130534222 68.8239
0.130534222 139.785
0.130534222 62.2314
0.130534222 143.979
0.0652671114 60.4403
0.0652671114 103.463
133.667044 6284.05
133.667044 4679.35
267.431989 10.7943
267.431989 12.5133
267.431989 34.3432
267.431989 124.11
267.431989 152.529
267.431989 5399.07
0.391602668 116.282
0.391602668 1.59534
0.0435114076 45.6895
0.0435114076 39.1281
EOD
$s6 << EOD
0.0681567333 61.3994
0.0681567333 111.29
EOD
$s7 << EOD
0.28466241 16.2202
0.142348579 9.33067
0.0711742897 4.53832
145.764945 272.281
291.636652 34.81
0.427045738 9.49397
0.0474495264 3.38175
EOD
$s8 << EOD
304.54851 134.506
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
