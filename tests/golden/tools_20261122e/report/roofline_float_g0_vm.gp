# roofline_float_g0_vm: made by portbench report; run 'gnuplot roofline_float_g0_vm.gp' in this directory to redraw
set terminal svg size 1000,680 dynamic noenhanced font 'Helvetica,13' background '#ffffff'
set output 'roofline_float_g0_vm.svg'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
set title 'roofline, float: each variant at its benchmark''s headline size' . "\n" . 'NVIDIA H200; measured 2026-11-22; runs 20261122T173502Z_dmvm_nx16384_float_t, 20261122T194820Z_reduce_2p28_float_t and 52 more'
set key outside below center horizontal reverse Left
set bmargin 9
set xlabel 'arithmetic intensity: FLOPs / bytes of the cost model (log scale)'
set logscale x 10
set xrange [0.0208333:2048.75]
set ylabel 'GFLOP/s (log scale)'
set logscale y 10
set yrange [0.803049:201000]
set ytics ('1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000, '100000' 100000)
set label 'dmvm' at first 0.499938972, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'reduce' at first 0.249999999, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'stream' at first 0.125, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'fma' at first 256, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'gemm' at first 512.1875, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'window' at first 0.75, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
set label 'vecadd' at first 0.0833333333, graph 0.04 center rotate by 90 textcolor rgb '#404040' front boxed
rmeas(x) = (x * 4314.8588 < 56113.0948) ? x * 4314.8588 : 56113.0948
rpeak(x) = (x * 4800 < 67000) ? x * 4800 : 67000
$s0 << EOD
0.499938972 211.704
0.499938972 235.72
0.499938972 336.516
0.499938972 467.231
0.499938972 564.418
0.499938972 1125.77
0.499938972 524.292
0.499938972 1226.06
0.499938972 2155.36
0.499938972 1686.68
0.499938972 2243.86
0.249999999 928.152
0.249999999 922.034
0.249999999 1125.24
0.125 313.069
0.125 539.605
256 31087
256 61077.9
512.1875 498.234
512.1875 6545.47
512.1875 8598.52
512.1875 16083.2
512.1875 20880.4
512.1875 32754.6
512.1875 31558.4
512.1875 42440.5
512.1875 48219.5
0.75 1044.4
0.75 869.705
0.0833333333 268.555
0.0833333333 299.315
EOD
$s1 << EOD
0.499938972 2064.9
512.1875 50323.9
EOD
$s2 << EOD
0.249999999 1120.28
EOD
$s3 << EOD
0.499938972 74.1412
0.499938972 110.904
0.499938972 89.8332
0.499938972 94.7632
0.499938972 291.856
0.499938972 1096.06
0.499938972 154.64
0.499938972 267.731
0.499938972 845.974
0.499938972 960.186
0.499938972 2014.58
0.249999999 440.581
0.249999999 45.8199
0.249999999 136.877
0.249999999 402.662
0.249999999 1076.3
0.125 292.717
0.125 532.276
256 44672.2
256 58317.5
512.1875 472.334
512.1875 2071.53
512.1875 3112.56
512.1875 3753.76
512.1875 8042.74
512.1875 35735.5
0.75 396.1
0.75 282.273
0.0833333333 184.041
0.0833333333 209.171
EOD
$s4 << EOD
0.499938972 237.209
0.499938972 278.61
0.499938972 17.3785
0.499938972 48.141
0.499938972 26.6672
0.499938972 48.8278
0.499938972 2.98869
0.499938972 71.1115
0.499938972 8.8447
0.499938972 12.5715
0.499938972 75.5719
0.249999999 58.8629
0.249999999 71.597
0.249999999 141.097
0.249999999 109.584
0.249999999 149.137
0.125 67.3184
0.125 125.981
256 7127.69
256 5203.25
512.1875 11.8936
512.1875 9.00794
512.1875 45.8943
512.1875 47.9479
512.1875 165.066
512.1875 10683.1
0.75 135.02
0.75 1.6061
0.0833333333 51.097
0.0833333333 41.6572
EOD
$s5 << EOD
0.499938972 35.7192
0.249999999 20.3273
0.125 9.35546
256 310.535
512.1875 86.8865
0.75 9.09576
0.0833333333 5.65476
EOD
$s6 << EOD
512.1875 230.215
EOD
set samples 1000
plot rmeas(x) with lines lw 2 lc rgb '#a05000' dt 3 title 'measured ceilings (portbench ceilings)', \
     rpeak(x) with lines lw 2 lc rgb '#505050' dt 2 title 'h200 datasheet', \
     $s0 using 1:2 with points pt 7 ps 1.1 lc rgb '#000000' title 'cuda', \
     $s1 using 1:2 with points pt 5 ps 1.1 lc rgb '#7f7f7f' title 'cublas', \
     $s2 using 1:2 with points pt 5 ps 1.1 lc rgb '#7f7f7f' title 'cub', \
     $s3 using 1:2 with points pt 9 ps 1.1 lc rgb '#1f77b4' title 'omp(clang-19)', \
     $s4 using 1:2 with points pt 13 ps 1.1 lc rgb '#d62728' title 'omp(gcc-12)', \
     $s5 using 1:2 with points pt 4 ps 1.1 lc rgb '#2ca02c' title 'cpu(gcc-12)', \
     $s6 using 1:2 with points pt 6 ps 1.1 lc rgb '#8c564b' title 'openblas'
