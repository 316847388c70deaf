#!/usr/bin/env bash
# The launch-shape sweep of the `best` variants on a GPU host (from the bundle or a build
# tree): `portbench tune BENCH` for each benchmark with a best variant, every backend and
# toolchain (cuda, omp@clang, omp@gcc). Each prints its candidates' rates and the rows
# for harness/core/pb_tuning.c; this script collects those rows in OUTDIR/tuning_rows.txt, to
# paste into the table and commit (a row names the GPU's compute capability, so rows of
# other GPUs stay valid beside it).
# The sweep is small on purpose (six to twenty candidates per benchmark, forms included,
# one dtype, 5 repetitions at sizes well beyond the L2 cache; `portbench tune --help` lists
# them): about 150 portbench runs of three workers each, some minutes of GPU time in all.
# usage: scripts/tune_gpu.sh OUTDIR [BENCH...] (default: dmvm reduce stream copy fill fma vecadd window
#        transpose histogram ranksort)
set -uo pipefail
out=${1:?usage: tune_gpu.sh OUTDIR [BENCH...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
. "$here/stop_children.sh" # child: a stopped script stops its portbench too
pb=${PORTBENCH:-}
for cand in "$here/../bin/portbench" "$here/../build/bin/portbench"; do
  [ -z "$pb" ] && [ -x "$cand" ] && pb=$cand
done
[ -x "$pb" ] || { echo "tune_gpu: portbench not found (set PORTBENCH)" >&2; exit 2; }
benches=("$@")
[ ${#benches[@]} -eq 0 ] && benches=(dmvm reduce stream copy fill fma vecadd window transpose histogram ranksort)
mkdir -p "$out"
status=0
: > "$out/tuning_rows.txt"
for bench in "${benches[@]}"; do
  t0=$SECONDS
  child "$pb" tune "$bench" > "$out/tune_$bench.txt" 2> "$out/tune_$bench.log"
  rc=$?
  [ $rc -ne 0 ] && status=1
  echo "tune_gpu: $bench: exit $rc after $((SECONDS - t0)) s"
  grep '^    {"' "$out/tune_$bench.txt" >> "$out/tuning_rows.txt"
done
echo "tune_gpu: rows for harness/core/pb_tuning.c in $out/tuning_rows.txt"
cat "$out/tuning_rows.txt"
exit $status
