# best's pick (harness/worker.c pick_fastest) on the H100: dmvm v0-v9 and best at nx from 1000 to
# 16384, both dtypes, every toolchain and CUDA; best's note names what ran
set -u
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res12; rm -rf $R; mkdir -p $R/logs
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: portbench $*"; timeout ${PBT:-100} $PB "$@" --record=$R --label $tag -q --json $R/logs/$tag.json > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
$PB list > $R/logs/list.txt 2>&1
SZ=1000,1536,2048,3072,4097,6000,8192,16384
PBT=${T1:-200} run clang dmvm --backend cuda,omp@clang-14,omp@clang-15,omp@clang-16,omp@clang-19 --no-baselines --variants v0-v9,best --nx $SZ --dtype double,float --time-budget 1
tar czf $OUT/res12.tgz -C /tmp res12
PBT=${T2:-250} run gcc dmvm --backend omp@gcc-11,omp@gcc-12 --no-baselines --variants v0-v9,best --nx $SZ --dtype double,float --time-budget 1
log done; tar czf $OUT/res12.tgz -C /tmp res12
