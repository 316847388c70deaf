set -u
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res6d; rm -rf $R; mkdir -p $R/tune
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
tune() { local tag=$1; shift; log "tune $tag: portbench tune $*"; timeout ${PBT:-150} $PB tune "$@" > $R/tune/$tag.txt 2> $R/tune/$tag.log; log "  exit $?"; }
tune transpose_clang14_float transpose --backend omp@clang-14 --dtype float
tune transpose_clang15_float transpose --backend omp@clang-15 --dtype float
tune ranksort_clang16_float ranksort --backend omp@clang-16 --dtype float
tune vecadd_clang14_2e27 vecadd --backend omp@clang-14 --n 2^27
log done; tar czf $OUT/res6d.tgz -C /tmp res6d
