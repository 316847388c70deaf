set -u
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res6c; rm -rf $R; mkdir -p $R/tune
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
tune() { local tag=$1; shift; log "tune $tag: portbench tune $*"; timeout ${PBT:-150} $PB tune "$@" > $R/tune/$tag.txt 2> $R/tune/$tag.log; log "  exit $?"; }
tune vecadd_clang14 vecadd --backend omp@clang-14
tune vecadd_clang15 vecadd --backend omp@clang-15
tune transpose_clang14 transpose --backend omp@clang-14
tune vecadd_clang16 vecadd --backend omp@clang-16
tune transpose_clang15 transpose --backend omp@clang-15
log done; tar czf $OUT/res6c.tgz -C /tmp res6c
