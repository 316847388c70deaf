#!/usr/bin/env bash
# Registers per kernel of a gcc OpenMP-offload worker after the device link, as the CUDA
# driver's JIT link would give them (no GPU needed). gcc embeds PTX modules (ours, then
# libgomp's and libgcc's); libgomp's nvptx plugin links them at run time with
# cuLinkCreate/cuLinkAddData/cuLinkComplete. Here: each module through ptxas -c, then
# nvlink, then cuobjdump -res-usage; nvlink's call graph names the function whose
# register count was propagated to each entry.
# usage: scripts/gcc_link_registers.sh WORKER OUTDIR [SM]   (SM default 90; CUDA 11.8 tools)
# writes OUTDIR/entries.txt ("REGS kernel" per entry), OUTDIR/propagated.txt (why),
# OUTDIR/summary.txt
set -euo pipefail
worker=${1:?usage: gcc_link_registers.sh WORKER OUTDIR [SM]}
out=${2:?usage: gcc_link_registers.sh WORKER OUTDIR [SM]}
sm=${3:-90}
bin=${PB_CUDA118_BIN:-/opt/portbench/cuda-11.8-offload/bin}
for t in ptxas nvlink cuobjdump; do
  [ -x "$bin/$t" ] || { echo "gcc_link_registers: no $bin/$t (scripts/setup.sh installs CUDA 11.8's tools)" >&2; exit 2; }
done
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the PTX modules: NUL-terminated strings that start with gcc's preamble comment
D=$tmp perl -0777 -ne 'my $i = 0;
  while (m{(// BEGIN PREAMBLE[^\0]*)}g) { open(my $f, ">", sprintf("%s/m%02d.ptx", $ENV{D}, $i++)) or die; print $f $1; close $f }
  print STDERR "gcc_link_registers: $i PTX modules in $ARGV\n"; $i or exit 1' "$worker"
for p in "$tmp"/m*.ptx; do
  "$bin/ptxas" -arch=sm_$sm -c "$p" -o "${p%.ptx}.cubin" # .cubin: nvlink reads *.o as host objects
done
"$bin/nvlink" -arch=sm_$sm "$tmp"/m*.cubin -o "$tmp/linked.cubin" -dump-callgraph > "$tmp/callgraph.txt" 2>&1
"$bin/cuobjdump" -res-usage "$tmp/linked.cubin" > "$tmp/res.txt"
# entries (the PTX's .entry kernels): "Function NAME:" then "REG:N ..." on the next line
sed -n 's/^\.visible \.entry \([^ (]*\).*/\1/p' "$tmp"/m*.ptx | sort -u > "$tmp/entry_names.txt"
awk 'NR == FNR { entry[$1] = 1; next }
     /Function [^ ]*:$/ { f = $2; sub(/:$/, "", f); if (!(f in entry)) f = ""; next }
     f && /REG:/ { for (i = 1; i <= NF; ++i) if ($i ~ /^REG:/) { sub(/REG:/, "", $i); print $i, f } ; f = "" }' \
  "$tmp/entry_names.txt" "$tmp/res.txt" | sort -k2 > "$out/entries.txt"
# for each entry, the largest register count propagated to it and from which function
awk '/^regcount [0-9]+ for .* propagated to entry / {
       r = $2; e = $NF; if (r > best[e]) { best[e] = r; from[e] = $4 } }
     END { for (e in best) print best[e], e, "from", from[e] }' "$tmp/callgraph.txt" | sort -k2 > "$out/propagated.txt"
{
  echo "worker: $worker (sm_$sm, $($bin/ptxas --version | tail -n 1))"
  echo "entries: $(wc -l < "$out/entries.txt"); registers per entry (count regs):"
  awk '{ print $1 }' "$out/entries.txt" | sort -n | uniq -c
  echo "the functions whose register counts reach the entries (linker call graph, largest first):"
  awk '/^regcount [0-9]+ for .* propagated to entry / { print $2, $4 }' "$tmp/callgraph.txt" | sort -rn -k1,1 |
    awk '!seen[$2]++ && ++n <= 12' # (no head: under pipefail it could SIGPIPE the pipe)
} > "$out/summary.txt"
cat "$out/summary.txt"
