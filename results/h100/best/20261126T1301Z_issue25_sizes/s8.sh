# best at other sizes and the gcc cells read at 0.97-0.98, three times each (the bundle of d446de8)
set -u
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res8; rm -rf $R; mkdir -p $R/logs
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: portbench $*"; timeout ${PBT:-100} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
run sizes dmvm --backend omp@clang-14,omp@clang-15,omp@clang-16,omp@clang-19,omp@gcc-11,omp@gcc-12 --no-baselines --variants v0-v9,best --nx 1000,4097,8192 --dtype double --time-budget 1
for i in 1 2 3; do
  run rep$i fill --backend omp@gcc-11,omp@gcc-12 --no-baselines --variants kernel,best --n 2^28 --dtype double
  run rep$i fma --backend omp@gcc-11,omp@gcc-12 --no-baselines --variants kernel,best --n 2^22 --chain 1024 --dtype float
  run rep$i dmvm --backend omp@gcc-11,omp@gcc-12 --no-baselines --variants v1,best --nx 16384 --dtype float
done
log done; tar czf $OUT/res8.tgz -C /tmp res8
