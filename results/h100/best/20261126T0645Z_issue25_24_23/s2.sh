#!/usr/bin/env bash
# GPU session 2, 2026-11-26: after the primer fix and --max-noise 1% by default (issue 24),
# the new best variants (issue 25) and the registry moves (issue 23).
# usage: s2.sh PART   a: unpack, timing/noise checks, identical runs, validation of the moved
#                        and new benchmarks;  b: the issue-25 comparisons and tune sweeps
set -u
part=${1:?part}
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res2_$part; rm -rf $R; mkdir -p $R/logs $R/json $R/same
trap 'tar czf $OUT/res2_$part.tgz -C /tmp res2_$part' EXIT
ALL=cuda,omp@clang-16,omp@clang-19,omp@gcc-11,omp@gcc-12
OMP4=omp@clang-16,omp@clang-19,omp@gcc-11,omp@gcc-12
RV=k0-k7,clause,twolevel,multiacc,best
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: portbench $*"; timeout ${PBT:-150} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
smi() { nvidia-smi --query-gpu=timestamp,name,uuid,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader >> $R/nvidia-smi.txt; }
val() { local tag=$1 lim=$2; shift 2; log "validate $tag: $*"; env "$@" timeout $lim $B/scripts/validate_gpu.sh $R/validate_$tag --warmup 0 --reps 1 --time-budget 1 > $R/validate_$tag.log 2>&1; log "  exit $?"; }
smi
if [ "$part" = a ]; then
  [ -x $PB ] || { cat /tmp/stage/base.* | (mkdir -p /tmp/pbk && tar -xJf - -C /tmp/pbk) && cat /tmp/stage/c16.* | tar -xJf - -C /tmp/pbk; }
  $PB list > $R/list.txt 2>&1; log "list: exit $?"
  # issue 24: the first repetition after the fix (validate stage 6), and the default --max-noise 1%
  VALIDATE_STAGES=6 VALIDATE_BENCHES="dmvm reduce" timeout 120 $B/scripts/validate_gpu.sh $R/validate_timing > $R/validate_timing.log 2>&1; log "validate timing: exit $?"
  run default dmvm --backend $ALL,cublas --no-baselines --nx 4096 --dtype double --json $R/json/default.dmvm.json
  run default stream --backend $ALL --no-baselines --variants all --n 2^26 --dtype double --json $R/json/default.stream.json
  run default reduce --backend cuda,omp@clang-16,omp@clang-19,cub --no-baselines --n 2^22 --dtype double --json $R/json/default.reduce.json
  run defaultgcc reduce --backend omp@gcc-11,omp@gcc-12 --no-baselines --variants $RV --n 2^22 --dtype double --time-budget 5
  run default gemm --backend $ALL,cublas --no-baselines --size 1024 --dtype float --time-budget 5
  # issue 24 (a): five identical runs at the defaults, every pair compared afterwards
  for i in 1 2 3 4 5; do
    log "same$i"; timeout 60 $PB dmvm --backend cuda,omp,omp@gcc,cublas --no-baselines -q --csv $R/same/dmvm$i.csv > $R/same/dmvm$i.txt 2>&1; log "  exit $?"
  done
  smi
  # issue 23/25: every variant of the moved and new benchmarks at awkward sizes, every toolchain
  val core 240 VALIDATE_STAGES="1" VALIDATE_BENCHES="dmvm vecadd window transpose transpose:square histogram ranksort" VALIDATE_OMP=$OMP4
  val shapes 150 VALIDATE_STAGES="5" VALIDATE_BENCHES="dmvm vecadd window transpose histogram ranksort" VALIDATE_SANITIZER_TOOLS="memcheck"
else
  # issue 25: best against the course versions and the library, every toolchain
  run t25 copy --backend cuda,cudart --no-baselines --variants all --n 2^27 --dtype double
  run t25 vecadd --backend $ALL --no-baselines --variants all --n 2^27 --dtype double
  run t25 window --backend $ALL --no-baselines --variants all --n 2^26 --dtype float --radius 3
  run t25 transpose --backend $ALL,cublas --no-baselines --variants all --n 8192 --dtype float
  run t25 histogram --backend $ALL,cub --no-baselines --variants all --n 2^26 --dtype int --bins 256
  PBT=200 run t25 ranksort --backend $ALL,cub --no-baselines --variants all --n 2^16 --dtype float --time-budget 10
  run t25 gemm --backend $ALL,cublas --no-baselines --variants all --size 4096 --dtype float --time-budget 10
  run t25 dmvm --backend $ALL,cublas --no-baselines --nx 16384 --dtype float,double
  run t25 fill --backend $ALL,cudart --no-baselines --variants all --n 2^28 --dtype double
  run t25 fma --backend $ALL --no-baselines --variants all --n 2^22 --chain 1024 --dtype float,double
  run t25 stream --backend $ALL --no-baselines --variants all --n 2^27 --dtype double
  smi
  log "tune_gpu.sh vecadd window transpose histogram ranksort"
  PORTBENCH=$PB timeout ${TUNE_S:-240} $B/scripts/tune_gpu.sh $R/tune vecadd window transpose histogram ranksort > $R/tune.log 2>&1; log "  exit $?"
fi
smi
log done
