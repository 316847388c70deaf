#!/usr/bin/env bash
# GPU session 1 of 2026-11-26 (fourth): the forms for gcc (issue 25 item 2), the course
# kernels' tunes, ncu on the missed targets.  usage: s3.sh PART (a | b)
set -u
part=${1:?part}
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res3_$part; rm -rf $R; mkdir -p $R/logs $R/tune $R/ncu
trap 'tar czf $OUT/res3_$part.tgz -C /tmp res3_$part' EXIT
T0=$SECONDS; TS=${TS:-}
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: portbench $*"; timeout ${PBT:-150} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
tune() { local b=$1; shift; log "tune $b $*"; timeout ${TT:-200} $PB tune $b "$@" > $R/tune/tune_$b$TS.txt 2> $R/tune/tune_$b$TS.log; log "  exit $?"; }
smi() { nvidia-smi --query-gpu=timestamp,name,uuid,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader >> $R/nvidia-smi.txt; }
smi
if [ "$part" = a ]; then
  [ -x $PB ] || { mkdir -p /tmp/pbk && cat /tmp/stage/base.* | tar -xJf - -C /tmp/pbk; }
  $PB list > $R/list.txt 2>&1; log "list: exit $?"
  # issue 25 item 2: both forms for clang-19 and gcc-12 (the table's toolchain families)
  for b in dmvm fill fma stream copy; do TT=95 tune $b --backend omp,omp@gcc; done
else
  for b in transpose ranksort histogram; do TT=170 tune $b; done
  # the targets: CUDA best vs cudaMemcpy at the sizes, with the table's rows
  run t25 copy --backend cuda,cudart --no-baselines --variants all --n 2^27 --dtype double
  run t25 window --backend cuda,omp,omp@gcc --no-baselines --variants all --n 2^26 --dtype float --radius 3
  run t25 vecadd --backend cuda,omp,omp@gcc --no-baselines --variants all --n 2^27 --dtype double
  log ncu; timeout 200 $B/scripts/ncu_best.sh $R/ncu window transpose gemm ranksort > $R/ncu.log 2>&1; log "  exit $?"
fi
smi
log done
