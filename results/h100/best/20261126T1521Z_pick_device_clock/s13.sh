# best's pick timed on the device clock (harness/worker.c pick_fastest, after 8de45ea): dmvm v0-v9 and best at nx from 1000 to
# 16384, both dtypes, every toolchain and CUDA; best's note names what ran
set -u
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res13; rm -rf $R; mkdir -p $R/logs
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: portbench $*"; timeout ${PBT:-100} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
$PB list > $R/logs/list.txt 2>&1
SZ=1000,1536,2048,3072,4097,6000,8192,16384
PBT=${T1:-200} run clang dmvm --backend cuda,omp@clang-14,omp@clang-15,omp@clang-16,omp@clang-19 --no-baselines --variants v0-v9,best --nx $SZ --dtype double,float --time-budget 1
tar czf $OUT/res13.tgz -C /tmp res13
PBT=${T2:-250} run gcc dmvm --backend omp@gcc-11,omp@gcc-12 --no-baselines --variants v0-v9,best --nx $SZ --dtype double,float --time-budget 1

# every other benchmark's best with its pick, at each benchmark's default sizes (one GPU row each)
for b in reduce stream copy fill fma vecadd window transpose histogram ranksort gemm; do
  PBT=40 run every_$b $b --backend cuda,omp@clang-14,omp@clang-19,omp@gcc-12 --no-baselines --variants best --time-budget 1
done
log done; tar czf $OUT/res13.tgz -C /tmp res13
