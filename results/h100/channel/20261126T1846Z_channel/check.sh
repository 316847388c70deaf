# the channel on the H100: kernel resources and rates against the build before it (prev), a worker
# run from a plan without the driver, gcc-12's reduce best under --time-budget (the pick's bound)
set -u
R=/tmp/resc; mkdir -p $R/logs
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > $R/nvidia-smi.txt
CUOBJ=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
for v in prev chan; do
  $CUOBJ --dump-resource-usage /tmp/$v/portbench/libexec/portbench/pb-cuda 2>&1 |
    awk '/^arch = / {a=$3} /Function/ {f=$2} /REG:/ {sub(/^ +/, ""); print a, f, $0}' | sort > $R/pbcuda_res_$v.txt
done
diff $R/pbcuda_res_prev.txt $R/pbcuda_res_chan.txt > $R/pbcuda_res.diff && log "pb-cuda resources identical: $(wc -l < $R/pbcuda_res_chan.txt) functions" || log "pb-cuda resources differ"
TC=cuda,omp@clang-19,omp@gcc-12; TR=cuda,omp@clang-19
one() { local b=$1 v=$2 i=$3 a
  case $b in
    dmvm) a="--backend $TC,cublas --variants v8,best --nx 4096,16384 --dtype double,float" ;;
    reduce) a="--backend $TR,cub --variants best --n 2^24 --dtype double,float" ;;
    stream) a="--backend $TC --variants best --n 2^26 --dtype double,float" ;;
    gemm) a="--backend $TC,cublas --variants best --size 2048,4096 --dtype float" ;;
  esac
  timeout 150 /tmp/$v/portbench/bin/portbench $b $a --no-baselines --time-budget 2 --csv $R/${b}_${v}_$i.csv -q > $R/logs/${b}_${v}_$i.txt 2>&1
  log "$b $v $i: exit $? (portbench $b $a --no-baselines --time-budget 2)"; }
for i in 1 2; do for v in prev chan; do for b in dmvm reduce stream gemm; do one $b $v $i; done; done; done
# gcc-12's reduce best: the pick bounded by --time-budget (the build before passed 150 s here)
PB=/tmp/chan/portbench/bin/portbench
s=$SECONDS; timeout 150 $PB reduce --backend omp@gcc-12 --no-baselines --variants best --n 2^24 --dtype double,float --time-budget 2 --csv $R/reduce_gcc_budget.csv > $R/logs/reduce_gcc_budget.txt 2>&1
log "reduce gcc-12 best, --time-budget 2: exit $? in $((SECONDS-s)) s"
# a worker run from a plan, without the driver (what `reproduce:` prints)
$PB dmvm --backend cuda,cublas,omp --variants v8,best --nx 1000 --dry-run > $R/plan.json 2> $R/logs/plan.err
/tmp/chan/portbench/libexec/portbench/pb-cuda $R/plan.json $R/pb-cuda.rows.jsonl 2> $R/logs/pb-cuda.plan.err
log "pb-cuda PLAN.json: exit $?, $(grep -c '"t":"row"' $R/pb-cuda.rows.jsonl) rows, $(grep -c '"verified":"PASS"' $R/pb-cuda.rows.jsonl) PASS"
/tmp/chan/portbench/libexec/portbench/pb-omp-clang-19 $R/plan.json $R/pb-omp-clang-19.rows.jsonl 2> $R/logs/pb-omp-clang-19.plan.err
log "pb-omp-clang-19 PLAN.json: exit $?, $(grep -c '"t":"row"' $R/pb-omp-clang-19.rows.jsonl) rows, $(grep -c '"verified":"PASS"' $R/pb-omp-clang-19.rows.jsonl) PASS"
log done
