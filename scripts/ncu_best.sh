#!/usr/bin/env bash
# Nsight Compute over the kernels behind issue 10's ratios: per benchmark, the library's
# kernel, CUDA best, and OpenMP best under clang-19 and gcc-12, one launch each (the one
# after the warm-up), at the target table's sizes. What limits each: DRAM throughput,
# occupancy, registers, the issue rate and the warp stall reasons.
# usage: scripts/ncu_best.sh OUTDIR [NAME...]   (on a GPU host with ncu; from the bundle)
# NAME: dmvm, reduce, stream_float, stream_double, fma_float, fma_double (default: all but fma_double),
#       and the course kernels' bests: vecadd, window, transpose, gemm, histogram, ranksort
set -uo pipefail
out=${1:?usage: ncu_best.sh OUTDIR [NAME...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
w=${PB_WORKERS:-$here/../libexec/portbench} # the workers: the bundle's, a build tree's, or PB_WORKERS
[ -x "$w/pb-cuda" ] || w=$here/../build/libexec/portbench
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
[ -x "$ncu" ] || { echo "ncu_best: ncu not found (set NCU)" >&2; exit 2; }
mkdir -p "$out"
sections=(--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats
          --section SchedulerStats --section WarpStateStats)
status=0
# prof TAG WORKER KERNEL-REGEX BENCH ARGS...: one launch of the kernel, the one after the
# warm-up's (each best and library sum is one matching launch)
prof() {
  local tag=$1 worker=$2 kernel=$3
  shift 3
  [ -x "$w/$worker" ] || { echo "ncu_best: $tag: no $worker"; return; }
  local t0=$SECONDS
  "$ncu" --clock-control none "${sections[@]}" -k "regex:$kernel" --launch-skip 1 -c 1 \
    "$w/$worker" "$@" --warmup 1 --reps 1 --quiet --emit "$out/ncu_$tag.csv" > "$out/ncu_$tag.txt" 2>&1
  local rc=$?
  [ $rc -ne 0 ] && status=1
  echo "ncu_best: $tag: exit $rc after $((SECONDS - t0)) s: $(grep -m1 -E 'DRAM Throughput' "$out/ncu_$tag.txt" | tr -s ' ')"
}
# the four of one benchmark: library, CUDA best, clang best, gcc best
four() {
  local tag=$1 lib=$2 libk=$3 k=$4
  shift 4
  [ -n "$lib" ] && prof "${tag}_lib" pb-cuda "$libk" "$@" --backend "$lib" --variants all
  prof "${tag}_cuda" pb-cuda "$k" "$@" --backend cuda --variants best
  prof "${tag}_clang19" pb-omp-clang-19 "$k" "$@" --backend omp --variants best
  prof "${tag}_gcc12" pb-omp-gcc-12 "$k" "$@" --backend omp --variants best
}
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(dmvm reduce stream_float stream_double fma_float)
for name in "${names[@]}"; do
  case $name in
  dmvm) four dmvm cublas gemv dmvm_best dmvm --nx 16384 --dtype double ;;
  reduce) # one launch per sum for CUDA best and for OpenMP best (partials_: its last team sums
    # the partials)
    four reduce cub DeviceReduceKernel 'reduce_best|partials_' reduce --n 268435456 --dtype double ;;
  stream_float) four stream_float "" "" 'micro_best|stream_best' stream --n 268435456 --dtype float ;;
  stream_double) four stream_double "" "" 'micro_best|stream_best' stream --n 268435456 --dtype double ;;
  fma_float | fma_double) # CUDA best and clang-19's
    d=${name#fma_}
    prof ${name}_cuda pb-cuda fma_best fma --n 4194304 --chain 1024 --dtype $d --backend cuda --variants best
    prof ${name}_clang19 pb-omp-clang-19 fma_best fma --n 4194304 --chain 1024 --dtype $d --backend omp --variants best ;;
  vecadd) four vecadd "" "" vecadd_best vecadd --n 134217728 --dtype double ;;
  window) four window "" "" window_best window --n 67108864 --radius 3 --dtype float ;;
  transpose) four transpose cublas geam transpose_best transpose --n 8192 --dtype float ;;
  gemm) four gemm cublas 'gemm|xmma|cutlass' 'gemm_best|best_tiles' gemm --size 4096 --dtype float ;;
  histogram) four histogram cub 'Histogram' histogram_best histogram --n 67108864 --bins 256 --dtype int ;;
  ranksort) four ranksort "" "" 'ranksort_best|rank_best' ranksort --n 65536 --dtype float ;;
  *) echo "ncu_best: unknown name $name" >&2; status=2 ;;
  esac
done
exit $status
