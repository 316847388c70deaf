#@ common.gp: how every chart of `portbench report` starts, and the reference lines several charts
#@ draw. The report fills these templates and writes each chart's script (NAME.gp) beside its
#@ image; copy a template to a directory of your own, edit it, and point
#@ PORTBENCH_REPORT_TEMPLATES at that directory to restyle the charts without rebuilding
#@ (docs/results-tools.md). Lines that start with "#@" are not written: "#@ " is a comment,
#@ "#@NAME text" a piece the report writes where it needs one (several lines of one NAME are
#@ one piece); @KEY@ is a value the report fills in; a line that is one @KEY@ alone is
#@ left out when the report has nothing for it.
#@
#@ @STEM@: the chart's file name without extension; @EXT@: svg or png (--format);
#@ @TERMINAL@: the piece terminal_svg or terminal_png below.
# @STEM@: made by portbench report; run 'gnuplot @STEM@.gp' in this directory to redraw
@TERMINAL@
set output '@STEM@.@EXT@'
set grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'
set style textbox opaque noborder margins 0.5,0.3
#@ labels on an opaque box (above): reference lines never run through their text
#@
#@ the terminal of each format; @WIDTH@ x @HEIGHT@ pixels: the chart's own size
#@terminal_svg set terminal svg size @WIDTH@,@HEIGHT@ dynamic noenhanced font 'Helvetica,13' background '#ffffff'
#@terminal_png set terminal pngcairo size @WIDTH@,@HEIGHT@ noenhanced font 'Sans,10'
#@
#@ the GPU's L2 on a working-set x axis: @X@ its size in bytes, @LABEL@ the quoted text
#@l2 set arrow from first @X@, graph 0 to first @X@, graph 1 nohead dt 4 lw 1.5 lc rgb '#7b3fa0' back
#@l2 set label @LABEL@ at first @X@, graph 0.03 left rotate by 90 offset -1.5,0 textcolor rgb '#7b3fa0' front boxed
#@
#@ the datasheet peak and the measured ceiling of the headline rate: @Y@ the line, @VALUE@ its
#@ rounded value, @TOP@ the higher of the two lines (both labels sit above it), @GPU@ the profile
#@peak set arrow from graph 0, first @Y@ to graph 1, first @Y@ nohead dt 2 lw 1.5 lc rgb '#505050' front
#@peak set label '@GPU@ peak @VALUE@ (dashed)' at graph 0.01, first @TOP@ left offset 0,0.7 textcolor rgb '#505050' front boxed
#@measured set arrow from graph 0, first @Y@ to graph 1, first @Y@ nohead dt 3 lw 1.5 lc rgb '#a05000' front
#@measured set label 'measured ceiling @VALUE@ (dotted)' at graph 0.99, first @TOP@ right offset 0,0.7 textcolor rgb '#a05000' front boxed
#@
#@ x tics set to variant names: rotated when neighbours would touch (matrix, bars, spread)
#@rotate rotate by -45
