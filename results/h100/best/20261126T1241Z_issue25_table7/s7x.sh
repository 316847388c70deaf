# part c's prologue: the rows parts a cut (copy on gcc-11; reduce on clang-14, gcc-11, gcc-12 without `atomic`, which takes ~0.24 s a repetition on clang-14/15 and is never the fastest)
set -u
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res7_x; rm -rf $R; mkdir -p $R/logs
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: portbench $*"; timeout ${PBT:-100} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
run t25 copy --backend omp@gcc-11 --no-baselines --variants all --n 2^27 --dtype double
PBT=150 run t25 reduce --backend omp@clang-14,omp@gcc-11,omp@gcc-12 --no-baselines --variants k0-k7,clause,twolevel,multiacc,best --n 2^27 --dtype double --time-budget 2
log done; tar czf $OUT/res7_x.tgz -C /tmp res7_x
