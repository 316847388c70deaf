# clang-14's dmvm best shapes at nx 1000..16384 (one row for every size?) and gcc-11/12's dmvm
# ladder against best at the sizes of the table (after form 2 elems=1 became v1's own loop)
set -u
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res10; rm -rf $R; mkdir -p $R/logs
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: PB_TUNE='${PB_TUNE:-}' portbench $*"; timeout ${PBT:-100} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
$PB list > $R/logs/list.txt 2>&1
c14=(dmvm --backend omp@clang-14 --no-baselines --variants v8,best --nx 1000,4097,8192,16384)
for i in 1 2; do
  PBT=60 run c14tab$i "${c14[@]}" --dtype double,float
  PB_TUNE='clang-14:rows=4,elems=2,vector=0' PBT=60 run c14r4e2_$i "${c14[@]}" --dtype double
  PB_TUNE='clang-14:rows=2,elems=4,vector=0' PBT=60 run c14r2e4_$i "${c14[@]}" --dtype double
  PB_TUNE='clang-14:rows=4,elems=1,vector=16' PBT=60 run c14r4e1v_$i "${c14[@]}" --dtype double
done
PBT=200 run gccsizes dmvm --backend omp@gcc-11,omp@gcc-12 --no-baselines --variants v0-v9,best --nx 1000,4097,8192 --dtype double,float --time-budget 1
log done; tar czf $OUT/res10.tgz -C /tmp res10
