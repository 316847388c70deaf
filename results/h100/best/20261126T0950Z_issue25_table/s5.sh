#!/usr/bin/env bash
# GPU session 2b of 2026-11-26 (fourth), rerun of s4.sh b (whose results were lost when its
# call ran out of time), smaller, writing straight into $OUT.
set -u
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=$OUT/res5; mkdir -p $R/logs $R/tune $R/methods
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: portbench $*"; timeout ${PBT:-60} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
nvidia-smi --query-gpu=timestamp,name,uuid,driver_version,clocks.sm,power.draw,temperature.gpu --format=csv,noheader >> $R/nvidia-smi.txt
[ -x $PB ] || { mkdir -p /tmp/pbk && cat /tmp/stage/base.* | tar -xJf - -C /tmp/pbk; }
# window form 1 (register reuse) against form 0, at the float size and the sweep's double
OLD="nvcc:per_sm=8,threads=256,elems=4,form=0;clang:per_sm=0,threads=128,elems=4,form=0;gcc:per_sm=4,threads=512,elems=4,form=0"
NEWA="nvcc:per_sm=0,threads=256,elems=8,form=1;clang:per_sm=0,threads=256,elems=4,form=1;gcc:per_sm=4,threads=512,elems=4,form=1"
NEWB="nvcc:per_sm=0,threads=256,elems=4,form=1;clang:per_sm=0,threads=128,elems=8,form=1;gcc:per_sm=4,threads=512,elems=8,form=1"
for tag in OLD NEWA NEWB; do
  PB_TUNE=${!tag} run win$tag window --backend cuda,omp@clang-19,omp@gcc-12 --no-baselines --variants naive,best --n 2^26 --radius 3 --dtype float --time-budget 2
  PB_TUNE=${!tag} run win${tag}d window --backend cuda,omp@clang-19,omp@gcc-12 --no-baselines --variants naive,best --n 2^25 --radius 3 --dtype double --time-budget 2
done
run win copy --backend cudart --no-baselines --n 2^26 --dtype float
# reduce on gcc (the all-toolchain run of part a timed out in gcc's course ladder)
PBT=90 run t25gcc reduce --backend omp@gcc-11,omp@gcc-12 --no-baselines --variants k0-k7,clause,twolevel,multiacc,best --n 2^27 --dtype double --time-budget 2
# best at every size: dmvm's ladder and best at sizes that are not multiples of anything
run sizes dmvm --backend omp@clang-19,omp@gcc-11,omp@gcc-12 --no-baselines --variants v0-v9,best --nx 1000,4097,8192 --dtype double --time-budget 1
# correctness of forms 2, window's form 1 and the methods at awkward sizes; sanitizers on CUDA
log "validate stage 5"; VALIDATE_STAGES=5 VALIDATE_BENCHES="window dmvm fill vecadd" VALIDATE_SANITIZER_TOOLS="memcheck racecheck" \
  timeout 200 $B/scripts/validate_gpu.sh $R/validate_shapes --warmup 0 --reps 1 --time-budget 1 > $R/validate_shapes.log 2>&1; log "  exit $?"
# the methods: the same shape in each method, clang-19 and gcc-12
for b in stream vecadd; do for m in 0 1 2; do
  log "method $b $m"; PB_TUNE="per_sm=0,threads=256,elems=2,vector=0,form=0,method=$m" timeout 30 $PB $b --backend omp,omp@gcc \
    --variants best --n 2^27 --dtype float,double --no-baselines -q --time-budget 1 --csv $R/methods/methods_${b}_m$m.csv > $R/methods/methods_${b}_m$m.txt 2>&1; log "  exit $?"; done; done
for m in 0 1 2; do log "method fma $m"; PB_TUNE="per_sm=0,threads=128,elems=4,vector=0,form=0,method=$m" timeout 30 $PB fma \
  --backend omp,omp@gcc --variants best --n 2^20 --chain 1024 --dtype double --no-baselines -q --time-budget 1 --csv $R/methods/methods_fma_m$m.csv > $R/methods/methods_fma_m$m.txt 2>&1; log "  exit $?"; done
log done
