#!/usr/bin/env bash
# The regression gate on a GPU host, from the bundle (issue 22):
#   scripts/gate_gpu.sh OUTDIR [PHASE...]     (phases: same shapes nightly judge; default all)
# 1. same: identical runs: RUNS (environment, default 6) runs of the same dmvm, reduce and stream commands, one
#    after another, recorded under OUTDIR/results/<gpu>/<benchmark>/ (label same);
# 2. shapes: a real slowdown: the same stream command with the clang `best` kernel forced to slower
#    launch shapes (PB_TUNE; the row's note names the shape), 3 runs per shape;
# 3. nightly: the walk-through of docs/nightly.md when the bundle holds a toolchain given by
#    path (pb-omp-<NIGHTLY>, default clang-19-nightly): 3 runs of dmvm, reduce, stream and fma with
#    the release and the nightly side by side, then the gate and history as the doc says;
#    and, when the bundle holds pb-omp-<SLOW> (default clang-19-nofma: the same clang with -ffp-contract=off
#    scripts/clang_nofma.sh), the same with it as the "nightly" that made code worse.
# 4. judge: every compare and history, its output and exit status kept in OUTDIR/gate.txt
#    (they can be run again anywhere from the CSVs).
# Phases run in the order given, into one OUTDIR, so a session can split them over calls.
set -uo pipefail
out=${1:?usage: gate_gpu.sh OUTDIR [PHASE...]}
shift
phases=("$@")
[ ${#phases[@]} -gt 0 ] || phases=(same shapes nightly judge)
runs=${RUNS:-6}
want() { [[ " ${phases[*]} " == *" $1 "* ]]; }
here=$(cd "$(dirname "$0")" && pwd)
pb=$here/../bin/portbench
[ -x "$pb" ] || pb=$here/../build/bin/portbench
nightly=${NIGHTLY:-clang-19-nightly}
slow=${SLOW:-clang-19-nofma}
mkdir -p "$out"
R=$out/results
log() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$out/steps.log"; }
gate() { # gate TITLE portbench-arguments...: the output and exit status into gate.txt
  local title=$1
  shift
  { printf '\n===== %s\n$ portbench %s\n' "$title" "$*"; "$pb" "$@"; printf '[exit %d]\n' $?; } >> "$out/gate.txt" 2>&1
}
built() { "$pb" list 2>/dev/null | awk -v t="omp@$1" '$1 == t && $4 == "built" {f = 1} END {exit !f}'; }
nvidia-smi --query-gpu=name,uuid,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv > "$out/nvidia-smi.txt" 2>&1

dmvm=(dmvm --backend cuda,omp,omp@gcc,cublas --no-baselines --nx 4096,16384 --dtype double --time-budget 10)
reduce=(reduce --backend cuda,omp,omp@gcc,cub --no-baselines --variants k0-shfl,clause-best --n 2^24 --dtype double
        --time-budget 5)
stream=(stream --backend cuda,omp,omp@gcc,cudart --no-baselines --n 2^20,2^26 --dtype double)
fma=(fma --backend cuda,omp,omp@gcc --no-baselines --n 2^22 --chain 1024 --dtype float,double)

# 1. identical runs
want same && for i in $(seq "$runs"); do
  for cmd in dmvm reduce stream; do
    declare -n args=$cmd
    log "same $i: portbench ${args[*]}"
    "$pb" "${args[@]}" --record="$R" --label same -q > "$out/${cmd}_same_$i.txt" 2>&1
    log "  exit $?"
  done
done

# 2. a real slowdown of one kernel: clang's stream best at shapes the tune sweeps measured
# slower (results/h200/tune/20261122T1621Z/tune_stream_default.txt)
shapes=("per_sm=8,threads=512,elems=2,vector=16" "per_sm=8,threads=256,elems=4,vector=0" "per_sm=0,threads=256,elems=1,vector=16")
want shapes && for s in "${!shapes[@]}"; do
  for i in 1 2 3; do
    log "slow shape $s run $i: PB_TUNE=clang:${shapes[$s]} portbench ${stream[*]}"
    PB_TUNE="clang:${shapes[$s]}" "$pb" "${stream[@]}" --record="$R" --label "shape$s" -q > "$out/stream_shape${s}_$i.txt" 2>&1
    log "  exit $?"
  done
done

# 3. nightly: the walk-through (docs/nightly.md): release and nightly side by side, 3 runs
want nightly && for tc in "$nightly" "$slow"; do
  built "$tc" || { log "toolchain $tc not in the bundle: its walk-through is left out"; continue; }
  for i in 1 2 3; do
    for cmd in dmvm reduce stream fma; do
      declare -n args=$cmd
      log "nightly $tc $i: portbench ${args[0]} with omp@clang-19,omp@$tc"
      "$pb" "${args[0]}" --backend "cuda,omp@clang-19,omp@$tc" --no-baselines "${args[@]:4}" --fail-on-skip \
        --record="$R" --label "nightly_$tc" -q > "$out/${cmd}_nightly_${tc}_$i.txt" 2>&1
      log "  exit $?"
    done
  done
done

want judge || { log "done"; exit 0; }
# the gate, as docs/nightly.md runs it, and the pairwise compares of the identical runs
gpu=$(ls "$R" | awk 'NR == 1')
for b in dmvm reduce stream fma; do
  mapfile -t same < <(ls -d "$R/$gpu/$b/"*_same* 2>/dev/null)
  for ((i = 0; i < ${#same[@]}; ++i)); do
    for ((j = i + 1; j < ${#same[@]}; ++j)); do
      gate "$b identical runs $i vs $j" compare "${same[$i]}/results.csv" "${same[$j]}/results.csv"
    done
  done
  if [ ${#same[@]} -ge 6 ]; then
    gate "$b identical runs, 3 vs 3" compare "${same[0]}/results.csv" "${same[1]}/results.csv" "${same[2]}/results.csv" \
      --new "${same[3]}/results.csv" "${same[4]}/results.csv" "${same[5]}/results.csv"
  fi
  for tc in "$nightly" "$slow"; do
    mapfile -t n < <(ls -d "$R/$gpu/$b/"*"_nightly_$tc"* 2>/dev/null)
    [ ${#n[@]} -gt 0 ] || continue
    gate "$b nightly gate: $tc against clang-19" compare --by compiler --baseline clang-19 --fail-on-regression \
      "${n[@]/%//results.csv}"
  done
done
mapfile -t same < <(ls -d "$R/$gpu/stream/"*_same* 2>/dev/null)
for s in "${!shapes[@]}"; do
  mapfile -t slowrun < <(ls -d "$R/$gpu/stream/"*_shape$s* 2>/dev/null)
  [ ${#slowrun[@]} -ge 3 ] && [ ${#same[@]} -ge 3 ] || continue
  gate "stream: clang best at ${shapes[$s]}, 3 vs 3" compare "${same[0]}/results.csv" "${same[1]}/results.csv" \
    "${same[2]}/results.csv" --new "${slowrun[0]}/results.csv" "${slowrun[1]}/results.csv" "${slowrun[2]}/results.csv"
  gate "stream: clang best at ${shapes[$s]}, 1 vs 1" compare "${same[0]}/results.csv" "${slowrun[0]}/results.csv"
done
# scaled copies of identical runs: every time x1.10 and x1.5 (the rates follow), named *.scaled
# so that no tool that collects a tree's CSVs (history, db import) takes them for runs
scale() { # scale FACTOR IN OUT: the time columns of a portbench CSV multiplied by FACTOR (python3's csv: notes hold commas)
  python3 - "$@" <<'PY'
import csv, sys
f, src, dst = float(sys.argv[1]), sys.argv[2], sys.argv[3]
rows = list(csv.reader(open(src)))
cols = [i for i, h in enumerate(rows[0]) if h.startswith(("time_", "device_time_", "kernel_time_")) and "stddev" not in h]
for r in rows[1:]:
    for i in cols:
        if r[i]:
            r[i] = "%.10g" % (float(r[i]) * f)
csv.writer(open(dst, "w", newline=""), lineterminator="\n").writerows(rows)
PY
}
for b in dmvm reduce stream; do
  mapfile -t same < <(ls -d "$R/$gpu/$b/"*_same* 2>/dev/null)
  [ ${#same[@]} -ge 2 ] || continue
  for f in 1.10 1.5; do
    scale "$f" "${same[0]}/results.csv" "$out/${b}_scaled_$f.csv.scaled"
    gate "$b: an identical run scaled x$f against another identical run" compare "${same[1]}/results.csv" \
      "$out/${b}_scaled_$f.csv.scaled"
    [ ${#same[@]} -ge 6 ] || continue
    for k in 3 4 5; do scale "$f" "${same[$k]}/results.csv" "$out/${b}_scaled_${f}_$k.csv.scaled"; done
    gate "$b: three identical runs scaled x$f against three others" compare "${same[0]}/results.csv" \
      "${same[1]}/results.csv" "${same[2]}/results.csv" --new "$out/${b}_scaled_${f}_3.csv.scaled" \
      "$out/${b}_scaled_${f}_4.csv.scaled" "$out/${b}_scaled_${f}_5.csv.scaled"
  done
  gate "history $b" history --results "$R" "$b"
done
gate "history fma" history --results "$R" fma
log "done"
