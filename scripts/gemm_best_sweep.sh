#!/usr/bin/env bash
# The best sweep: gemm's `best` with every candidate, float, on this GPU, in about 1-2
# minutes, to choose the defaults (docs/gemm.md "Choosing best"):
#  - CUDA best, PB_GEMM_BEST_CONFIG=0..CUDA_CONFIGS-1 (cuda/gemm_best.cuh), at 2048 and 4096;
#  - OpenMP best, PB_GEMM_OMP_BEST_CONFIG=0..OMP_CONFIGS-1 (omp_target/gemm_best.inc), with
#    clang-19 and gcc-12 (or OMP_TOOLCHAINS), at 4096;
#  - the bars: cuBLAS (cublasSgemm) and CUDA k8 at 2048 and 4096.
# One CSV per run in OUTDIR (cublas.csv, k8.csv, cuda_best<i>.csv, omp_<tc>_best<i>.csv),
# then one line per candidate: GFLOP/s and the fraction of cuBLAS, best first per group.
# Every run is capped (timeout: CAP_CUDA 30 s, CAP_OMP 15 s, CAP_JIT 60 s for each OpenMP
# toolchain's first run) and the whole sweep keeps to SWEEP_SECONDS (default 110): a run
# that would start too late is skipped and says so. CUDA_SIZES, OMP_SIZES, OMP_TOOLCHAINS
# change what runs (the tests run it on the host with tiny sizes).
#   scripts/gemm_best_sweep.sh OUTDIR [extra portbench options]
#   scripts/gemm_best_sweep.sh --counts     (the candidate counts, for the tests)
set -uo pipefail
CUDA_CONFIGS=${CUDA_CONFIGS:-8} # entries of PB_GEMM_BEST_CONFIGS in cuda/gemm_best.cuh
OMP_CONFIGS=${OMP_CONFIGS:-5}   # candidates of best in omp_target/gemm.c (BEST_NCONFIGS)
if [ "${1:-}" = --counts ]; then
  echo "CUDA_CONFIGS=$CUDA_CONFIGS OMP_CONFIGS=$OMP_CONFIGS"
  exit 0
fi
out=${1:?usage: gemm_best_sweep.sh OUTDIR [portbench options]}
shift
here=$(cd "$(dirname "$0")" && pwd)
pb=${PORTBENCH:-$here/../bin/portbench}
[ -x "$pb" ] || pb=$here/../build/bin/portbench
toolchains=${OMP_TOOLCHAINS:-clang-19 gcc-12}
cuda_sizes=${CUDA_SIZES:-2048,4096} omp_sizes=${OMP_SIZES:-4096}
budget=${SWEEP_SECONDS:-110}
cap_cuda=${CAP_CUDA:-30} cap_omp=${CAP_OMP:-15} cap_jit=${CAP_JIT:-60}
common=(gemm --no-baselines --dtype float --warmup 1 --reps 5 --time-budget 5 --quiet)
mkdir -p "$out"
start=$SECONDS

# run NAME CAP [VAR=VALUE...] -- OPTIONS: one capped portbench run into NAME.csv (.txt, .log)
run() {
  local name=$1 cap=$2
  shift 2
  local envs=()
  while [ "$1" != -- ]; do envs+=("$1"); shift; done
  shift
  local left=$((budget - (SECONDS - start)))
  if [ "$left" -lt 5 ]; then
    echo "sweep: $name skipped: the sweep's ${budget}s are spent" | tee "$out/$name.log" >&2
    return
  fi
  [ "$cap" -gt "$left" ] && cap=$left
  # (on SIGTERM the driver stops and its workers follow it; -k: SIGKILL 5 s later)
  env "${envs[@]}" timeout -k 5 "$cap" "$pb" "${common[@]}" "$@" --csv "$out/$name.csv" "${extra[@]}" \
    > "$out/$name.txt" 2> "$out/$name.log"
  local rc=$?
  [ $rc -eq 124 ] || [ $rc -eq 137 ] && echo "sweep: timed out after ${cap}s" >> "$out/$name.log"
  echo "sweep: $name exit $rc ($((SECONDS - start))s)" >&2
}
extra=("$@")

# the bars, then every CUDA candidate (the most important: first)
run cublas "$cap_cuda" -- --backend cublas --size "$cuda_sizes"
run k8 "$cap_cuda" -- --backend cuda --variants k8 --size "$cuda_sizes"
for i in $(seq 0 $((CUDA_CONFIGS - 1))); do
  run "cuda_best$i" "$cap_cuda" PB_GEMM_BEST_CONFIG=$i -- --backend cuda --variants best --size "$cuda_sizes"
done
# OpenMP: per toolchain, a small run first (gcc's PTX is compiled by the driver on its
# first use: that must not eat a candidate's cap), then every candidate at 4096
# (gcc: its register-blocking candidates 2.. first, the tiles 0, 1 last: under gcc those
# run one lane per warp and are the ones to lose if time runs out)
for tc in $toolchains; do
  f=${tc//-/_}
  run "omp_${f}_warmup" "$cap_jit" -- --backend "omp@$tc" --variants best --size 256
  order=$(seq 0 $((OMP_CONFIGS - 1)))
  [[ $tc == gcc* ]] && order="$(seq 2 $((OMP_CONFIGS - 1))) 0 1"
  for i in $order; do
    run "omp_${f}_best$i" "$cap_omp" PB_GEMM_OMP_BEST_CONFIG=$i -- --backend "omp@$tc" --variants best --size "$omp_sizes"
  done
done

# one line per run and size: group (cuda, or omp and its toolchain), size, run, GFLOP/s,
# fraction of cuBLAS at that size, verified; best first within each group and size
for f in "$out"/*.csv; do
  name=$(basename "$f" .csv)
  [[ $name == *_warmup ]] && continue
  awk -F, -v name="$name" 'NR == 1 { for (i = 1; i <= NF; ++i) c[$i] = i; next }
    { g = $c["backend"] == "omp" ? "omp:" $c["toolchain"] : "cuda"
      printf "%s %s %s %s %s\n", g, $c["size"], name, ($c["gflops"] == "" ? 0 : $c["gflops"]), $c["verified"] }' "$f"
done > "$out/rows.txt"
awk '$3 == "cublas" { bar[$2] = $4 } { r[NR] = $0 } END {
       for (i = 1; i <= NR; ++i) { split(r[i], f, " ")
         printf "%-16s %6s %-22s %10.0f %8.3f %s\n", f[1], f[2], f[3], f[4], (bar[f[2]] > 0 ? f[4] / bar[f[2]] : 0), f[5] } }' \
  "$out/rows.txt" | sort -k1,1 -k2,2n -k4,4gr > "$out/table.txt"
{
  printf "%-16s %6s %-22s %10s %8s %s\n" group size run GFLOP/s /cuBLAS verified
  cat "$out/table.txt"
  grep -l "sweep: " "$out"/*.log 2>/dev/null | while read -r f; do
    echo "$(basename "$f" .log): $(grep "sweep: " "$f" | tail -n 1 | sed 's/^sweep: //')"
  done
} | tee "$out/best_sweep.txt"
echo "sweep: $((SECONDS - start))s in all; the table is in $out/best_sweep.txt" >&2
