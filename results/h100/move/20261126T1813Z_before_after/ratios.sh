# best, library and v-ladder tops of dmvm, reduce, stream and gemm with the pre-move build (old) and the
# build after the move (new), alternating old/new twice, on one GPU in one call; registers of pb-cuda
set -u
R=/tmp/resg; mkdir -p $R/logs
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > $R/nvidia-smi.txt
CUOBJ=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
for v in old new; do
  $CUOBJ --dump-resource-usage /tmp/$v/portbench/libexec/portbench/pb-cuda 2>&1 |
    awk '/^arch = / {a=$3} /Function/ {f=$2} /REG:/ {sub(/^ +/, ""); print a, f, $0}' | grep '^sm_90 ' | sort > $R/pbcuda_res_$v.txt
done
diff $R/pbcuda_res_old.txt $R/pbcuda_res_new.txt > $R/pbcuda_res.diff && log "pb-cuda sm_90 resources identical: $(wc -l < $R/pbcuda_res_new.txt) functions" || log "pb-cuda resources differ"
TC=cuda,omp@clang-19,omp@gcc-12
for i in 1 2; do
  for v in old new; do
    PB=/tmp/$v/portbench/bin/portbench
    for b in dmvm reduce stream gemm; do
      case $b in
        dmvm) a="--backend $TC,cublas --variants v8,best --nx 4096,16384 --dtype double,float" ;;
        reduce) a="--backend $TC,cub --variants best --n 2^24,2^27 --dtype double,float" ;;
        stream) a="--backend $TC --variants best --n 2^26 --dtype double,float" ;;
        gemm) a="--backend $TC,cublas --variants best --size 2048,4096 --dtype float" ;;
      esac
      timeout 150 $PB $b $a --no-baselines --time-budget 2 --csv $R/${b}_${v}_$i.csv -q > $R/logs/${b}_${v}_$i.txt 2>&1
      log "$b $v $i: exit $? ($PB $b $a --no-baselines --time-budget 2)"
    done
  done
done
log done
