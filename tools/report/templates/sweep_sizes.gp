#@ sweep_sizes.gp: a parameter sweep over size (NAME_size.gp): one panel per series, one line
#@ per parameter value in the same colour on every panel, one y axis for all panels.
#@ Placeholders and pieces: see common.gp and size.gp. @ROWS@ x @COLS@: the panels;
#@ @KEYTITLE@: the quoted parameter name; @PANELS@: the pieces panel, one per series (after
#@ the piece panel_host for a CPU series: the GPU's ceilings and L2 say nothing of the host).
@DATA@
set multiplot layout @ROWS@,@COLS@ title @TITLE@ font ',12'
@CEILINGS@
@YAXIS@
@XAXIS@
@L2@
set key bottom right Left reverse box opaque samplen 2 title @KEYTITLE@
@PANELS@
unset multiplot
#@ rates rise with size: the key goes in the bottom right corner, the empty one
#@panel_host unset arrow
#@panel_host unset label
#@ a panel: @NAME@ the quoted series, @PLOT@ the pieces line of its values
#@panel set title @NAME@
#@panel plot @PLOT@
#@ a value's line: block $d@N@; @MARKER@ and @COLOR@ by log2 of the value; @LEGEND@ the value
#@line $d@N@ using 1:2 with linespoints lw 2 pt @MARKER@ ps 0.7 lc rgb '@COLOR@' title @LEGEND@
