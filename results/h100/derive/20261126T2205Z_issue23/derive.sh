# usage: derive.sh "ROUNDS" [extra]
# derived numbers in one place (pb_rows_derive) on the H100: the same runs with prev (a188dde: rates made in the
# worker on the host clock, then rescaled by the driver) and new, two rounds each; tune's shape facts; energy
set -u
R=/tmp/resd; mkdir -p $R/logs
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > $R/nvidia-smi.txt
TC=cuda,omp@clang-19,omp@gcc-12
one() { local b=$1 v=$2 i=$3 a
  case $b in
    dmvm) a="--backend $TC,cublas --variants v8,best --nx 4096,16385 --dtype double,float" ;;
    stream) a="--backend $TC --variants best --n 2^26 --dtype double,float --energy" ;;
    gemm) a="--backend $TC,cublas --variants best --size 2048 --dtype float" ;;
    histogram) a="--backend $TC --variants best --n 2^24 --bins 256" ;;
  esac
  timeout 150 /tmp/$v/portbench/bin/portbench $b $a --time-budget 2 --csv $R/${b}_${v}_$i.csv -q > $R/logs/${b}_${v}_$i.txt 2>&1
  log "$b $v $i: exit $? (portbench $b $a --time-budget 2)"; }
for i in ${1:-1 2}; do for v in prev new; do for b in dmvm stream gemm histogram; do one $b $v $i; done; done; done
[ "${2:-}" = extra ] || { log done; exit 0; }
# --clock host: every rate on the host median
timeout 100 /tmp/new/portbench/bin/portbench dmvm --backend $TC,cublas --variants best --nx 16385 --clock host --time-budget 2 --csv $R/clockhost_new.csv -q > $R/logs/clockhost_new.txt 2>&1
log "dmvm --clock host new: exit $?"
# tune: a candidate counts when its row says its shape came from PB_TUNE (shape_source), not from the note
s=$SECONDS; timeout 200 /tmp/new/portbench/bin/portbench tune vecadd --backend cuda,omp@clang-19 --n 2^24 --reps 3 > $R/logs/tune_vecadd.txt 2>&1
log "tune vecadd (cuda, clang-19, n=2^24): exit $? in $((SECONDS-s)) s"
log done
