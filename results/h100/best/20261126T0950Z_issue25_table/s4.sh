#!/usr/bin/env bash
# GPU session 2a of 2026-11-26 (fourth): every benchmark's best against its course versions
# and the library on every toolchain (issue 25's table), gcc's forms, the methods.
# usage: s4.sh PART (a | b)
set -u
part=${1:?part}
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res4_$part; rm -rf $R; mkdir -p $R/logs $R/tune $R/methods
trap 'tar czf $OUT/res4_$part.tgz -C /tmp res4_$part' EXIT
T0=$SECONDS
ALL=cuda,omp@clang-16,omp@clang-19,omp@gcc-11,omp@gcc-12
OMP4=omp@clang-16,omp@clang-19,omp@gcc-11,omp@gcc-12
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: portbench $*"; timeout ${PBT:-100} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
smi() { nvidia-smi --query-gpu=timestamp,name,uuid,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader >> $R/nvidia-smi.txt; }
smi
if [ "$part" = a ]; then
  [ -x $PB ] || { mkdir -p /tmp/pbk && cat /tmp/stage/base.* | tar -xJf - -C /tmp/pbk && cat /tmp/stage/c16.* | tar -xJf - -C /tmp/pbk; }
  $PB list > $R/list.txt 2>&1; log "list: exit $?"
  run t25 copy --backend $ALL,cudart --no-baselines --variants all --n 2^27 --dtype double
  run t25 stream --backend $ALL --no-baselines --variants all --n 2^27 --dtype double
  run t25 fill --backend $ALL,cudart --no-baselines --variants all --n 2^28 --dtype double
  run t25 fma --backend $ALL --no-baselines --variants all --n 2^22 --chain 1024 --dtype float,double
  run t25 dmvm --backend $ALL,cublas --no-baselines --nx 16384 --dtype float,double
  run t25 reduce --backend $ALL,cub --no-baselines --n 2^27 --dtype double --time-budget 5
  run t25 vecadd --backend $ALL --no-baselines --variants all --n 2^27 --dtype double
  run t25 window --backend $ALL --no-baselines --variants all --n 2^26 --dtype float --radius 3
  run t25 transpose --backend $ALL,cublas --no-baselines --variants all --n 8192 --dtype float
  run t25 histogram --backend $ALL,cub --no-baselines --variants all --n 2^26 --dtype int --bins 256
  run t25 ranksort --backend $ALL,cub --no-baselines --variants all --n 2^16 --dtype float --time-budget 5
  # gemm at 4096: gcc-11's and gcc-12's first course versions take ~11 s a repetition
  PBT=120 run t25 gemm --backend cuda,omp@clang-16,omp@clang-19,cublas --no-baselines --variants all --size 4096 --dtype float --time-budget 5
  PBT=120 run t25 gemm --backend omp@gcc-11,omp@gcc-12 --no-baselines --variants k3-k8,best --size 4096 --dtype float --time-budget 5 --warmup 1 --reps 3
  smi
else
  # window form 1 (register reuse) against form 0, at the float size and the sweep's double
  OLD="nvcc:per_sm=8,threads=256,elems=4,form=0;clang:per_sm=0,threads=128,elems=4,form=0;gcc:per_sm=4,threads=512,elems=4,form=0"
  NEWA="nvcc:per_sm=0,threads=256,elems=8,form=1;clang:per_sm=0,threads=256,elems=4,form=1;gcc:per_sm=4,threads=512,elems=4,form=1"
  NEWB="nvcc:per_sm=0,threads=256,elems=4,form=1;clang:per_sm=0,threads=128,elems=8,form=1;gcc:per_sm=4,threads=512,elems=8,form=1"
  for tag in OLD NEWA NEWB; do
    PB_TUNE=${!tag} run win$tag window --backend cuda,omp@clang-19,omp@gcc-12 --no-baselines --variants naive,best --n 2^26 --radius 3 --dtype float
    PB_TUNE=${!tag} run win${tag}d window --backend cuda,omp@clang-19,omp@gcc-12 --no-baselines --variants naive,best --n 2^25 --radius 3 --dtype double
  done
  run win copy --backend cudart --no-baselines --n 2^26 --dtype float
  # best at every size: dmvm's ladder and best at sizes that are not multiples of anything
  run sizes dmvm --backend $OMP4 --no-baselines --variants v0-v9,best --nx 1000,4097,8192 --dtype double --time-budget 2
  # gcc's dmvm forms (form 2 candidates now in the sweep)
  log "tune dmvm gcc"; timeout 90 $PB tune dmvm --backend omp@gcc > $R/tune/tune_dmvm_gcc.txt 2> $R/tune/tune_dmvm_gcc.log; log "  exit $?"
  # the methods: the same shape in each method, clang-19 and gcc-12
  for b in stream copy fill; do for m in 0 1 2; do
    log "method $b $m"; PB_TUNE="per_sm=0,threads=256,elems=2,vector=0,form=0,method=$m" timeout 60 $PB $b --backend omp,omp@gcc \
      --variants best --n 2^28 --dtype float,double --no-baselines -q --csv $R/methods/methods_${b}_m$m.csv > $R/methods/methods_${b}_m$m.txt 2>&1; log "  exit $?"; done; done
  for m in 0 1 2; do log "method vecadd $m"; PB_TUNE="per_sm=0,threads=256,elems=1,vector=0,form=0,method=$m" timeout 60 $PB vecadd \
    --backend omp,omp@gcc --variants best --n 2^27 --dtype float,double --no-baselines -q --csv $R/methods/methods_vecadd_m$m.csv > $R/methods/methods_vecadd_m$m.txt 2>&1; log "  exit $?"; done
  for m in 0 1 2; do log "method fma $m"; PB_TUNE="per_sm=0,threads=128,elems=4,vector=0,form=0,method=$m" timeout 60 $PB fma \
    --backend omp,omp@gcc --variants best --n 2^22 --chain 1024 --dtype float,double --no-baselines -q --csv $R/methods/methods_fma_m$m.csv > $R/methods/methods_fma_m$m.txt 2>&1; log "  exit $?"; done
  smi
  # correctness of forms 2 and the methods at awkward sizes (OpenMP shapes; CUDA shapes as before)
  log "validate stage 5"; VALIDATE_STAGES=5 VALIDATE_BENCHES="dmvm stream copy fill fma vecadd window" VALIDATE_SANITIZER_TOOLS="memcheck racecheck" \
    timeout 240 $B/scripts/validate_gpu.sh $R/validate_shapes --warmup 0 --reps 1 --time-budget 1 > $R/validate_shapes.log 2>&1; log "  exit $?"
  log ncu; timeout 60 $B/scripts/ncu_best.sh $R/ncu gemm ranksort > $R/ncu.log 2>&1; log "  exit $?"
fi
smi
log done
