#!/usr/bin/env bash
# GPU session 2026-11-26 (third): issue 26 (energy, 3 runs back to back, fixed poller),
# issue 24 item 1 (noise of the median: fixed 10 repetitions vs --max-noise), issue 23
# (validation of dmvm and reduce after the registry move), gcc-11 stream best retry.
# usage: s1.sh PART   (PART a: unpack, noise runs, energy rounds 1-2; b: round 3, validation)
set -u
part=${1:?part}
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res_$part; rm -rf $R; mkdir -p $R/logs $R/json
trap 'tar czf $OUT/res_$part.tgz -C /tmp res_$part' EXIT
ALL=cuda,omp@clang-16,omp@clang-19,omp@gcc-11,omp@gcc-12
GCC=omp@gcc-11,omp@gcc-12
RV=k0-k7,clause,twolevel,multiacc,best   # reduce without gcc's atomic (21 s a repetition at 2^24)
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: portbench $*"; timeout ${PBT:-150} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
smi() { nvidia-smi --query-gpu=timestamp,name,uuid,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader >> $R/nvidia-smi.txt; }
energy_round() {
  local i=$1
  run energy$i dmvm --backend $ALL,cublas --no-baselines --nx 8192 --dtype double --energy
  run energy$i stream --backend $ALL --no-baselines --variants all --n 2^27 --dtype double --energy
  run energy$i gemm --backend $ALL,cublas --no-baselines --variants best --size 8192 --dtype float --energy
  run energy$i reduce --backend cuda,omp@clang-16,omp@clang-19,cub --no-baselines --n 2^26 --dtype double --energy
  run energy${i}gcc reduce --backend $GCC --no-baselines --variants $RV --n 2^26 --dtype double --energy --time-budget 5
  smi
}
smi
if [ "$part" = a ]; then
  [ -x $PB ] || { cat /tmp/stage/base.* | (mkdir -p /tmp/pbk && tar -xJf - -C /tmp/pbk) && cat /tmp/stage/c16.* | tar -xJf - -C /tmp/pbk; }
  $PB list > $R/list.txt 2>&1; log "list: exit $?"
  # issue 24 item 1: the same comparisons with fixed 10 repetitions and with --max-noise 1%
  for mode in fixed noise1; do
    X=; [ $mode = noise1 ] && X="--max-noise 1%"
    run $mode dmvm --backend $ALL,cublas --no-baselines --nx 4096 --dtype double $X --json $R/json/$mode.dmvm.json
    run $mode stream --backend $ALL --no-baselines --variants all --n 2^26 --dtype double $X --json $R/json/$mode.stream.json
    run $mode reduce --backend cuda,omp@clang-16,omp@clang-19,cub --no-baselines --n 2^22 --dtype double $X --json $R/json/$mode.reduce.json
    run ${mode}gcc reduce --backend $GCC --no-baselines --variants $RV --n 2^22 --dtype double $X --time-budget 5
    run $mode gemm --backend $ALL,cublas --no-baselines --size 1024 --dtype float $X --time-budget 5
  done
  smi
  energy_round 1
  [ $((SECONDS-T0)) -lt 330 ] && energy_round 2
elif [ "$part" = b ]; then
  energy_round 2
  energy_round 3
else
  # issue 23: the best variants before (a6ab519, before the registry move) and after, interleaved
  if [ -f /tmp/stage/old-a6ab519.tar.xz ]; then
    rm -rf /tmp/pbold && mkdir -p /tmp/pbold && cp -al /tmp/pbk/portbench /tmp/pbold/ && rm -rf /tmp/pbold/portbench/bin /tmp/pbold/portbench/libexec &&
      tar -xJf /tmp/stage/old-a6ab519.tar.xz -C /tmp/pbold/portbench
    mkdir -p $R/move
    for i in 1 2; do for which in old new; do
      P=$PB; [ $which = old ] && P=/tmp/pbold/portbench/bin/portbench
      for b in "dmvm --nx 8192 --dtype double --backend $ALL,cublas" "reduce --n 2^26 --dtype double --backend $ALL,cub" \
               "stream --n 2^27 --dtype double --backend $ALL" "gemm --size 4096 --dtype float --backend $ALL,cublas"; do
        set -- $b; log "move $which$i: $*"
        timeout 100 $P "$@" --variants best --no-baselines --reps 20 -q --csv $R/move/$which$i.$1.csv > $R/move/$which$i.$1.txt 2>&1; log "  exit $?"
      done
    done; done
  fi
  run noise05 dmvm --backend $ALL,cublas --no-baselines --nx 4096 --dtype double --max-noise 0.5% --reps 100 --json $R/json/noise05.dmvm.json
  run gcc11stream stream --backend omp@gcc-11 --no-baselines --variants all --n 2^26,67108865,2^27 --dtype float,double
  VALIDATE_STAGES="1 2" VALIDATE_BENCHES="dmvm reduce" VALIDATE_OMP=omp@clang-16,omp@clang-19,omp@gcc-11,omp@gcc-12 VALIDATE_SANITIZER_TOOLS="memcheck racecheck" \
    timeout 200 $B/scripts/validate_gpu.sh $R/validate --warmup 0 --reps 1 --time-budget 1 > $R/validate.log 2>&1
  log "validate: exit $?"
fi
smi
log done
