#!/usr/bin/env bash
# gemm_best_sweep_test.sh PORTBENCH SRC OUT TOOLCHAIN...: scripts/gemm_best_sweep.sh on the
# host (no GPU: the CUDA rows SKIP, the OpenMP ones run under host fallback at a tiny
# size): every OpenMP candidate of every toolchain given passes, and the sweep's
# candidate counts agree with the tables (cuda/gemm_best.cuh; for OpenMP: the first
# number past the last candidate makes the row SKIP).
set -uo pipefail
pb=$1 src=$2 out=$3
shift 3
rm -rf "$out"
eval "$("$src/scripts/gemm_best_sweep.sh" --counts)"
fail=0
grep -q "^#define PB_GEMM_BEST_NCONFIGS $CUDA_CONFIGS\$" "$src/cuda/gemm_best.cuh" ||
  { echo "CUDA_CONFIGS=$CUDA_CONFIGS is not PB_GEMM_BEST_NCONFIGS in cuda/gemm_best.cuh"; fail=1; }
PORTBENCH=$pb OMP_TOOLCHAINS="$*" CUDA_SIZES=33 OMP_SIZES=33 SWEEP_SECONDS=300 \
  "$src/scripts/gemm_best_sweep.sh" "$out" --allow-host-fallback > "$out.txt" 2>&1 ||
  { echo "the sweep failed:"; cat "$out.txt"; fail=1; }
for tc in "$@"; do
  for i in $(seq 0 $((OMP_CONFIGS - 1))); do
    grep -Eq "^omp:$tc +33 +omp_${tc//-/_}_best$i .* PASS\$" "$out/best_sweep.txt" ||
      { echo "no PASS row for $tc candidate $i"; fail=1; }
  done
  PB_GEMM_OMP_BEST_CONFIG=$OMP_CONFIGS "$pb" gemm --backend "omp@$tc" --variants best --size 5 --no-baselines \
    --allow-host-fallback --quiet --warmup 0 --reps 1 --csv "$out/past_$tc.csv" > /dev/null 2>&1
  grep -q ',SKIP,' "$out/past_$tc.csv" || { echo "$tc: candidate $OMP_CONFIGS (none) did not SKIP"; fail=1; }
done
n=$(grep -c '^cuda ' "$out/best_sweep.txt")
[ "$n" -eq $((CUDA_CONFIGS + 2)) ] || { echo "$n CUDA rows in the table, expected $((CUDA_CONFIGS + 2))"; fail=1; }
[ $fail -eq 0 ] && echo "gemm best sweep: ok" || cat "$out/best_sweep.txt"
exit $fail
