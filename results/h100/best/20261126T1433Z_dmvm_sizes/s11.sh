# clang-14's (and clang-15's) dmvm best against the course ladder from nx=1000 to 16384, both dtypes:
# where does a shape tuned at one size stop winning? (for size-bounded tuning rows)
set -u
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res11; rm -rf $R; mkdir -p $R/logs $R/tune
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: PB_TUNE='${PB_TUNE:-}' portbench $*"; timeout ${PBT:-100} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
tune() { local tag=$1; shift; log "tune $tag: portbench tune $*"; timeout ${PBT:-60} $PB tune "$@" > $R/tune/$tag.txt 2> $R/tune/$tag.log; log "  exit $?"; }
# the tune's printed row -> a PB_TUNE section for clang-14
totune() { grep -o '{[0-9, ]*}' "$1" | tail -1 | tr -d '{} ' | awk -F, '{printf "clang-14:per_sm=%s,threads=%s,elems=%s,rows=%s,vector=%s,form=%s", $1,$2,$3,$4,$5,$6}'; }
SZ=1000,1536,2048,3072,4097,6000,8192,16384
for n in 1000 2048 4097; do tune f$n dmvm --backend omp@clang-14 --n $n --dtype float; done
tune d2048 dmvm --backend omp@clang-14 --n 2048 --dtype double
PBT=200 run ladder dmvm --backend omp@clang-14,omp@clang-15 --no-baselines --variants v0-v9,best --nx $SZ --dtype double,float --time-budget 1
c14=(dmvm --backend omp@clang-14 --no-baselines --variants v8,best --nx $SZ)
for s in 'clang-14:rows=4,elems=2,vector=0' 'clang-14:rows=2,elems=4,vector=0' "$(totune $R/tune/d2048.txt)"; do
  PB_TUNE=$s PBT=60 run "d_$(echo $s | tr -c 'a-z0-9\n' '_')" "${c14[@]}" --dtype double
done
for n in 1000 2048 4097; do
  s=$(totune $R/tune/f$n.txt); PB_TUNE=$s PBT=60 run "f_$(echo $s | tr -c 'a-z0-9\n' '_')" "${c14[@]}" --dtype float
done
log done; tar czf $OUT/res11.tgz -C /tmp res11
