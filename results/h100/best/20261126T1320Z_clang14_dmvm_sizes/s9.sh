# clang-14's dmvm best at the sizes where it loses to v8: the sweep at nx=1000 and 4097
set -u
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res9; rm -rf $R; mkdir -p $R/tune
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
tune() { local tag=$1; shift; log "tune $tag: portbench tune $*"; timeout ${PBT:-150} $PB tune "$@" > $R/tune/$tag.txt 2> $R/tune/$tag.log; log "  exit $?"; }
tune dmvm_clang14_1000 dmvm --backend omp@clang-14 --n 1000 --dtype double
tune dmvm_clang14_4097 dmvm --backend omp@clang-14 --n 4097 --dtype double
log "v8 and best"; timeout 60 $PB dmvm --backend omp@clang-14 --no-baselines --variants v5,v8,v9,best --nx 1000,4097 --dtype double -q --record=$R --label v8 > $R/v8.txt 2>&1; log "  exit $?"
log done; tar czf $OUT/res9.tgz -C /tmp res9
