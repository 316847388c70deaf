#!/usr/bin/env bash
# The k7 sweep: run gemm's k7 (k6's kernel with template parameters) with every compiled
# candidate (BM, BN, BK, TM, TN; the list K7_CONFIGS in cuda/gemm.cu) on this GPU, and
# print GFLOP/s per candidate, dtype and size, best first. The winner goes into k7_table
# in cuda/gemm.cu for this GPU's compute capability (docs/gemm.md).
#   scripts/gemm_k7_sweep.sh OUTDIR [SIZES] [extra portbench options]
set -uo pipefail
out=${1:?usage: gemm_k7_sweep.sh OUTDIR [SIZES] [options]}
sizes=${2:-2048,4096}
shift $(( $# >= 2 ? 2 : 1 ))
here=$(cd "$(dirname "$0")" && pwd)
pb=${PORTBENCH:-$here/../bin/portbench}
[ -x "$pb" ] || pb=$here/../build/bin/portbench
mkdir -p "$out"
ncfg=8 # entries of K7_CONFIGS
for cfg in $(seq 0 $((ncfg - 1))); do
  PB_GEMM_K7_CONFIG=$cfg "$pb" gemm --backend cuda --no-baselines --variants k7 --size "$sizes" \
    --dtype float,double --warmup 2 --reps 10 --quiet --csv "$out/k7_config$cfg.csv" "$@" > "$out/k7_config$cfg.txt"
  echo "k7 config $cfg: exit $?" >&2
done
# config, dtype, size, GFLOP/s, verified (columns by name)
for cfg in $(seq 0 $((ncfg - 1))); do
  awk -F, -v cfg="$cfg" 'NR == 1 { for (i = 1; i <= NF; ++i) c[$i] = i; next }
    { printf "%d %s %s %.1f %s\n", cfg, $c["dtype"], $c["size"], $c["gflops"], $c["verified"] }' "$out/k7_config$cfg.csv"
done | sort -k2,2 -k3,3n -k4,4gr | tee "$out/k7_sweep.txt"
