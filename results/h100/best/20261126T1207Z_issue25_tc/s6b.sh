# call A part 2: item-2 screen for clang-14/15 at the table's sizes (course versions + best)
set -u
B=/tmp/pbk/portbench; PB=$B/bin/portbench
R=/tmp/res6b; rm -rf $R; mkdir -p $R/logs
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
run() { local tag=$1; shift; log "$tag: portbench $*"; timeout ${PBT:-60} $PB "$@" --record=$R --label $tag -q > $R/logs/$tag.$1.txt 2> $R/logs/$tag.$1.err; log "  exit $?"; }
C=omp@clang-14,omp@clang-15
run s copy --backend $C --no-baselines --variants all --n 2^27 --dtype double --time-budget 1
run s stream --backend $C --no-baselines --variants all --n 2^27 --dtype double --time-budget 1
run s fill --backend $C --no-baselines --variants all --n 2^28 --dtype double --time-budget 1
run s fma --backend $C --no-baselines --variants all --n 2^22 --chain 1024 --dtype float,double --time-budget 1
run s dmvm --backend $C --no-baselines --nx 16384 --dtype float,double --time-budget 1
run s reduce --backend $C --no-baselines --n 2^27 --dtype double --time-budget 1
run s vecadd --backend $C --no-baselines --variants all --n 2^27 --dtype double --time-budget 1
run s window --backend $C --no-baselines --variants all --n 2^26 --dtype float --radius 3 --time-budget 1
run s transpose --backend $C --no-baselines --variants all --n 8192 --dtype float --time-budget 1
run s histogram --backend $C --no-baselines --variants all --n 2^26 --dtype int --bins 256 --time-budget 1
run s ranksort --backend $C --no-baselines --variants all --n 2^16 --dtype float --time-budget 2
PBT=90 run s gemm --backend $C --no-baselines --variants all --size 4096 --dtype float --time-budget 2
log "validate stage 1, clang-14/15"; VALIDATE_STAGES=1 VALIDATE_OMP=$C timeout 250 $B/scripts/validate_gpu.sh $R/validate --warmup 0 --reps 1 > $R/validate.log 2>&1; log "  exit $?"
log done; tar czf $OUT/res6b.tgz -C /tmp res6b
