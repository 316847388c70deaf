#!/usr/bin/env bash
# Issue 26 (and 24 b) on the GPU host: launch facts for every toolchain, energy three times
# back to back, and the launch facts against cuobjdump / ncu. Everything under $OUT/res.
set -u
PB=/tmp/pbk/portbench/bin/portbench
W=/tmp/pbk/portbench/libexec/portbench
R=/tmp/res; rm -rf $R; mkdir -p $R/logs $R/check
trap 'tar czf $OUT/res.tgz -C /tmp res' EXIT
ALL=cuda,omp@clang-16,omp@clang-19,omp@gcc-11,omp@gcc-12
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: portbench $*"; timeout ${PBT:-100} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
smi() { nvidia-smi --query-gpu=name,uuid,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv >> $R/nvidia-smi.txt; }
smi
# 1. launch facts, every toolchain (dmvm three times: gcc-11 then gcc-12 points for history --by version)
for i in 1 2; do run facts$i dmvm --backend $ALL,cublas --no-baselines --nx 4096 --dtype double; done
PBT=60 run facts reduce --backend $ALL,cub --no-baselines --n 2^22 --dtype double --time-budget 0.5
run facts stream --backend $ALL,cudart --no-baselines --variants all --n 2^26 --dtype double
run facts gemm --backend $ALL,cublas --no-baselines --size 1024 --dtype float --time-budget 3
smi
# 2. energy, three runs back to back (reduce once: the course table)
for i in 1 2 3; do
  run energy$i dmvm --backend cuda,omp@clang-19,cublas --no-baselines --nx 8192 --dtype double --energy
  run energy$i stream --backend cuda,omp@clang-19,cudart --no-baselines --variants all --n 2^27 --dtype double --energy
  run energy$i gemm --backend cuda,omp@clang-19,cublas --no-baselines --variants best --size 8192 --dtype float --energy
  [ $i = 1 ] && run energy$i reduce --backend cuda,omp@clang-19,cub --no-baselines --n 2^26 --dtype double --energy
  smi
  [ $((SECONDS-T0)) -gt 230 ] && { log "stop: time"; break; }
done
# 3. the launch facts against the tools: cuobjdump for CUDA, ncu for gcc's JIT-compiled PTX
CUOBJ=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
$CUOBJ --dump-resource-usage $W/pb-cuda 2>&1 | grep -A1 -E "dmvm_best|reduce_best" | head -40 > $R/check/cuobjdump_pb-cuda.txt
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
for tc in gcc-12 gcc-11; do
  [ $((SECONDS-T0)) -gt 280 ] && break
  timeout 25 $NCU --clock-control none --metrics launch__registers_per_thread,launch__grid_size,launch__block_size,launch__occupancy_limit_registers,sm__maximum_warps_per_active_cycle_pct \
    -k regex:dmvm_best --launch-skip 1 -c 1 $W/pb-omp-$tc dmvm --nx 4096 --dtype double --backend omp --variants best \
    --warmup 1 --reps 1 --quiet --emit /tmp/ncu_$tc.csv > $R/check/ncu_dmvm_best_$tc.txt 2>&1
  log "ncu $tc: exit $?"
done
log done
