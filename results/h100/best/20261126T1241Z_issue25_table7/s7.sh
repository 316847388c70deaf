#!/usr/bin/env bash
# GPU session of 2026-11-26 (fifth), the bundle of main with per-toolchain rows and forms:
# issue 25's best-vs-best table on all seven toolchains (part a, b), then c: the window forms,
# the methods, the confirming tunes and the clang-14/15 validation.
set -u
part=${1:?part}
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res7_$part; rm -rf $R; mkdir -p $R/logs $R/tune $R/methods
T0=$SECONDS
ALL=cuda,omp@clang-14,omp@clang-15,omp@clang-16,omp@clang-19,omp@gcc-11,omp@gcc-12
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: portbench $*"; timeout ${PBT:-100} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
tune() { local tag=$1; shift; log "tune $tag: portbench tune $*"; timeout ${PBT:-150} $PB tune "$@" > $R/tune/$tag.txt 2> $R/tune/$tag.log; log "  exit $?"; }
smi() { nvidia-smi --query-gpu=timestamp,name,uuid,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader >> $R/nvidia-smi.txt; }
smi
if [ "$part" = a ]; then
  $PB list > $R/list.txt 2>&1; log "list: exit $?"
  run t25 copy --backend $ALL,cudart --no-baselines --variants all --n 2^27 --dtype double
  run t25 stream --backend $ALL --no-baselines --variants all --n 2^27 --dtype double
  run t25 fill --backend $ALL,cudart --no-baselines --variants all --n 2^28 --dtype double
  run t25 fma --backend $ALL --no-baselines --variants all --n 2^22 --chain 1024 --dtype float,double
  run t25 dmvm --backend $ALL,cublas --no-baselines --nx 16384 --dtype float,double
  PBT=170 run t25 reduce --backend $ALL,cub --no-baselines --n 2^27 --dtype double --time-budget 2
elif [ "$part" = b ]; then
  run t25 vecadd --backend $ALL --no-baselines --variants all --n 2^27 --dtype double
  run t25 window --backend $ALL --no-baselines --variants all --n 2^26 --dtype float --radius 3
  run t25 transpose --backend $ALL,cublas --no-baselines --variants all --n 8192 --dtype float
  run t25 histogram --backend $ALL,cub --no-baselines --variants all --n 2^26 --dtype int --bins 256
  run t25 ranksort --backend $ALL,cub --no-baselines --variants all --n 2^16 --dtype float --time-budget 5
  PBT=120 run t25 gemm --backend cuda,omp@clang-14,omp@clang-15,omp@clang-16,omp@clang-19,cublas --no-baselines --variants all --size 4096 --dtype float --time-budget 5
  PBT=120 run t25 gemm --backend omp@gcc-11,omp@gcc-12 --no-baselines --variants k3-k8,best --size 4096 --dtype float --time-budget 5 --warmup 1 --reps 3
else
  # window form 0 (the old rows) against form 1 (the tuned rows) at the float size
  OLD="nvcc:per_sm=8,threads=256,elems=4,form=0;clang:per_sm=0,threads=128,elems=4,form=0;gcc:per_sm=4,threads=512,elems=4,form=0"
  run winNEW window --backend cuda,omp@clang-19,omp@gcc-12 --no-baselines --variants naive,best --n 2^26 --radius 3 --dtype float,double --time-budget 2
  PB_TUNE=$OLD run winOLD window --backend cuda,omp@clang-19,omp@gcc-12 --no-baselines --variants naive,best --n 2^26 --radius 3 --dtype float,double --time-budget 2
  run win copy --backend cudart --no-baselines --n 2^26 --dtype float,double
  # the confirming sweeps of the new form-1 rows
  PBT=60 tune ranksort_clang16 ranksort --backend omp@clang-16 --dtype float
  PBT=60 tune transpose_clang14 transpose --backend omp@clang-14 --dtype float
  # the methods: the same shape in each method, clang-19 and gcc-12
  for b in stream copy fill; do for m in 0 1 2; do
    log "method $b $m"; PB_TUNE="per_sm=0,threads=256,elems=2,vector=0,form=0,method=$m" timeout 40 $PB $b --backend omp,omp@gcc \
      --variants best --n 2^28 --dtype float,double --no-baselines -q --time-budget 1 --csv $R/methods/methods_${b}_m$m.csv > $R/methods/methods_${b}_m$m.txt 2>&1; log "  exit $?"; done; done
  for m in 0 1 2; do log "method vecadd $m"; PB_TUNE="per_sm=0,threads=256,elems=1,vector=0,form=0,method=$m" timeout 40 $PB vecadd \
    --backend omp,omp@gcc --variants best --n 2^27 --dtype float,double --no-baselines -q --time-budget 1 --csv $R/methods/methods_vecadd_m$m.csv > $R/methods/methods_vecadd_m$m.txt 2>&1; log "  exit $?"; done
  for m in 0 1 2; do log "method fma $m"; PB_TUNE="per_sm=0,threads=128,elems=4,vector=0,form=0,method=$m" timeout 40 $PB fma \
    --backend omp,omp@gcc --variants best --n 2^22 --chain 1024 --dtype float,double --no-baselines -q --time-budget 1 --csv $R/methods/methods_fma_m$m.csv > $R/methods/methods_fma_m$m.txt 2>&1; log "  exit $?"; done
fi
smi
log done
tar czf $OUT/res7_$part.tgz -C /tmp res7_$part
