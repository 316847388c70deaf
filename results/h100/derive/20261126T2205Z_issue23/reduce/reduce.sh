# reduce's GPU validation sizes (portbench list --cases: reduce gpu) with the new build, every variant of CUDA, CUB,
# clang-19, gcc-12 and the CPU, --time-budget 5; gcc-12's float/int/double `atomic` left out at n = 4194305 only
# (21.6 s a call there: every element on one address)
set -u
R=/tmp/resr; mkdir -p $R/logs
PB=/tmp/new/portbench/bin/portbench
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
one() { local name=$1 t=$2; shift 2
  timeout $t $PB reduce "$@" --dtype int,float,double --block 64,128,1024 --time-budget 5 --csv $R/$name.csv > $R/logs/$name.txt 2>&1
  log "$name: exit $? (portbench reduce $* --dtype int,float,double --block 64,128,1024 --time-budget 5): $(grep -c ',PASS,' $R/$name.csv) PASS, $(grep -c ',FAIL,' $R/$name.csv) FAIL, $(grep -c ',SKIP,' $R/$name.csv) SKIP"; }
one reduce_small 250 --backend cuda,cub,omp@clang-19,omp@gcc-12 --size 1,2,31,1000,100003
one reduce_large 120 --backend cuda,cub,omp@clang-19 --size 4194305
one reduce_large_gcc12 150 --backend omp@gcc-12 --variants k0,k1,k2,k3,k4,k5,k6,k7,clause,twolevel,multiacc,best --size 4194305
log done
