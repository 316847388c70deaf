#!/usr/bin/env bash
# GPU session of 2026-11-26 (fifth), call A: tunes (window on every family, ranksort on
# clang-14/15/16) and the item-2 screen of clang-14/15 (course versions against best).
set -u
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res6a; rm -rf $R; mkdir -p $R/logs $R/tune
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: portbench $*"; timeout ${PBT:-60} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
tune() { local tag=$1; shift; log "tune $tag: portbench tune $*"; timeout ${PBT:-150} $PB tune "$@" > $R/tune/$tag.txt 2> $R/tune/$tag.log; log "  exit $?"; }
smi() { nvidia-smi --query-gpu=timestamp,name,uuid,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader >> $R/nvidia-smi.txt; }
fin() { smi; log done; tar czf $OUT/res6a.tgz -C /tmp res6a; }
smi
$PB list > $R/list.txt 2>&1; log "list: exit $?"
PBT=170 tune window window --backend cuda,omp,omp@gcc
for c in 16 15 14; do PBT=70 tune ranksort_clang$c ranksort --backend omp@clang-$c; done
fin
