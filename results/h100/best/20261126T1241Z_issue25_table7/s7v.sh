# validation: every benchmark on clang-14 and clang-15 (stage 1), the new forms (transpose and ranksort form 1) at awkward sizes
set -u
B=/tmp/pbk/portbench; R=/tmp/res7_v; rm -rf $R; mkdir -p $R
T0=$SECONDS
log() { echo "[$(date -u +%H:%M:%S) +$((SECONDS-T0))s] $*" | tee -a $R/steps.log; }
log "validate stage 1"; VALIDATE_STAGES=1 VALIDATE_OMP=omp@clang-14,omp@clang-15 VALIDATE_BENCHES="${VB:-stream copy fill stream-strided fma fma-strided gemm transpose transpose:square window histogram ranksort ranksort:large vecadd}" \
  timeout ${VT:-400} $B/scripts/validate_gpu.sh $R/validate --warmup 0 --reps 1 --time-budget 0.2 > $R/validate.log 2>&1; log "  exit $?"
log done; tar czf $OUT/res7_v.tgz -C /tmp res7_v
