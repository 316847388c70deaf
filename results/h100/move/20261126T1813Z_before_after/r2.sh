# the second call: gemm new 1; reduce with gcc-12 at 2^24 only (1b); round 2 (old, new) -- the
# third call ran this file edited by: TR=cuda,omp@clang-19 for reduce (gcc-12's reduce best passes
# 150 s: its pick times every course version, see the README of this folder), round 2 of the new
# build's dmvm, stream and gemm, and reduce rounds 3 and 4 (old, new)
set -u
R=/tmp/resg; T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
TC=cuda,omp@clang-19,omp@gcc-12
one() { local b=$1 v=$2 i=$3 a
  case $b in
    dmvm) a="--backend $TC,cublas --variants v8,best --nx 4096,16384 --dtype double,float" ;;
    reduce) a="--backend $TC,cub --variants best --n 2^24 --dtype double,float" ;;
    stream) a="--backend $TC --variants best --n 2^26 --dtype double,float" ;;
    gemm) a="--backend $TC,cublas --variants best --size 2048,4096 --dtype float" ;;
  esac
  timeout 150 /tmp/$v/portbench/bin/portbench $b $a --no-baselines --time-budget 2 --csv $R/${b}_${v}_$i.csv -q > $R/logs/${b}_${v}_$i.txt 2>&1
  log "$b $v $i: exit $? (portbench $b $a --no-baselines --time-budget 2)"; }
one gemm new 1
for v in old new; do one reduce $v 1b; done
for v in old new; do for b in dmvm stream gemm reduce; do one $b $v 2; done; done
log done2
