#!/usr/bin/env bash
# The committed GPU results, run on a GPU host from the bundle:
#   scripts/gpu_results.sh OUTDIR STEP...
# Steps: validate ceilings dmvm reduce stream strided stridedboth fma fmastrided fill large gemm
#        gemmk7 gemmbest transpose window histogram ranksort vecadd multigpu tools (or all; `course` =
#        the five course kernels; tools = summary, compare --by compiler and report of the
#        runs), and, not in all: dmvmclocks (issue 6's clock comparison), compilers (every
#        OpenMP toolchain side by side, a subset of dmvm/reduce/large) and tune
#        (scripts/tune_gpu.sh, whose rows go into harness/core/pb_tuning.c before the rest is
#        measured again). VALIDATE_EXTRA: options for every validation run.
#        A benchmark without a step of its own whose description declares a case set "results"
#        (pb_bench.cases, `portbench list --cases`) is a step of its name, in all too.
# Every benchmark run is recorded with --record under OUTDIR/results/<gpu>/<benchmark>/
# (the layout of results/README.md) and reads the ceilings measured in the same session.
set -uo pipefail
out=${1:?usage: gpu_results.sh OUTDIR STEP...}
shift
here=$(cd "$(dirname "$0")" && pwd)
. "$here/stop_children.sh" # child: a stopped script stops its portbench too
pb=$here/../bin/portbench
[ -x "$pb" ] || pb=$here/../build/bin/portbench
mkdir -p "$out"
ceil=$out/ceilings.txt
# every toolchain of the bundle (issues 10, 11): cuda, omp@clang-19, omp@clang-16, omp@gcc-12,
# omp@gcc-11 (and any other built), the CPU baseline; the library bars join by default
tcs=$("$pb" list 2>/dev/null | awk '$1 ~ /^omp@/ && $4 == "built" {print $1}' | paste -sd, -)
all=(--backend "cuda,$tcs,cpu" --record="$out/results")
# the default pair of OpenMP toolchains, for the benchmarks whose slow OpenMP forms would
# take most of a GPU session with four toolchains (gemm, the course's smaller kernels)
two=(--backend cuda,omp@clang-19,omp@gcc-12,cpu --record="$out/results")
log() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$out/steps.log"; }
run() { # run LABEL portbench-arguments... (with the session's ceilings, once measured)
  local label=$1
  shift
  local extra=()
  [ -f "$ceil" ] && extra=(--ceilings "$ceil")
  log "start $label: portbench $* ${extra[*]}"
  local t0=$SECONDS
  child "$pb" "$@" "${extra[@]}" --label "$label" > "$out/$label.txt" 2> "$out/$label.log"
  log "end   $label: exit $? after $((SECONDS - t0)) s"
}
steps=("$@")
course=(transpose window histogram ranksort vecadd)
# the benchmarks run by their description's case set "results": every variant, the default pair
# of toolchains (a new benchmark needs no step here)
declare -A results=()
generic=()
while read -r b set args; do
  [ "$set" = results ] || continue
  results[$b]=$args
  generic+=("$b")
done <<< "$("$pb" list --cases 2>/dev/null)"
[ "${steps[0]:-all}" = all ] && steps=(validate ceilings dmvm reduce stream strided stridedboth fma fmastrided fill large gemm gemmk7 gemmbest "${course[@]}" "${generic[@]}" multigpu tools)
expanded=()
for step in "${steps[@]}"; do
  if [ "$step" = course ]; then expanded+=("${course[@]}"); else expanded+=("$step"); fi
done
steps=("${expanded[@]}")
for step in "${steps[@]}"; do
  case $step in
  validate)
    log "start validate"
    child "$here/validate_gpu.sh" "$out/validation" ${VALIDATE_EXTRA:-} > "$out/validate.txt" 2>&1
    log "end   validate: exit $?"
    ;;
  ceilings)
    log "start ceilings"
    child "$pb" ceilings --ceilings "$ceil" --csv "$out/ceilings.csv" > "$out/ceilings_run.txt" 2> "$out/ceilings_run.log"
    log "end   ceilings: exit $?"
    ;;
  dmvm)
    # the comparison of issues 10 and 11: every variant of every backend and toolchain in
    # double, the default pair of toolchains in float
    run dmvm_nx16384 dmvm "${all[@]}" --variants all --nx 16384 --dtype double --warmup 1 --reps 5 --time-budget 10
    run dmvm_nx16384_float dmvm "${two[@]}" --variants all --nx 16384 --dtype float --warmup 1 --reps 5 \
        --time-budget 10
    ;;
  dmvmclocks)
    # issue 6: both clocks at three sizes, and the same without tracing (its cost)
    run dmvm_clocks dmvm "${all[@]}" --variants all --nx 1024,4096,16384 --dtype double
    run dmvm_untraced dmvm "${all[@]}" --variants all --nx 1024,4096,16384 --dtype double --clock host
    ;;
  reduce)
    # the course's table (2^22 ints) with every ladder, and 2^28 of every type. The atomic
    # variants are left out: gcc's OpenMP atomic takes seconds per repetition at 2^22.
    run reduce_2p22 reduce "${all[@]}" --variants k0-shfl,clause-best --n 2^22 --dtype int --block 128 \
        --warmup 1 --reps 5 --time-budget 5
    run reduce_2p28 reduce "${all[@]}" --variants k0-shfl,clause-best --n 2^28 --dtype double \
        --block 256 --warmup 1 --reps 5 --time-budget 5
    run reduce_2p28_int_float reduce "${two[@]}" --variants k0-shfl,clause-best --n 2^28 --dtype int,float \
        --block 256 --warmup 1 --reps 5 --time-budget 5
    ;;
  stream)
    run stream_sweep stream "${all[@]}" --n 2^10:2^27:4/oct --dtype double,float
    ;;
  strided)
    run strided_read stream-strided "${all[@]}" --n 2^12:2^24:1/oct --stride-read 1,2,4,8,16,32 \
        --stride-write 1 --dtype double,float
    run strided_write stream-strided "${all[@]}" --n 2^12:2^24:1/oct --stride-read 1 \
        --stride-write 2,4,8,16,32 --dtype double,float
    ;;
  stridedboth)
    # the course's strided copy: one stride for read and write (--stride sets both)
    run strided_both stream-strided "${all[@]}" --n 2^12:2^24:1/oct --stride 1,2,4,8,16,32 --dtype double,float
    ;;
  transpose)
    # square and one non-square shape; lib = cuBLAS geam
    run transpose_16384 transpose "${two[@]}" --variants all --n 16384 --dtype double,float --warmup 1 --reps 5 \
        --time-budget 5
    run transpose_8191x16411 transpose "${two[@]}" --variants all --n 8191 --cols 16411 --dtype float --warmup 1 \
        --reps 5 --time-budget 5
    ;;
  window)
    run window_2p26 window "${two[@]}" --variants all --n 2^26 --radius 3 --dtype double,float --warmup 1 --reps 5 \
        --time-budget 5
    ;;
  histogram)
    # the course's 10 bins (every key on 10 counters) and a wider histogram; lib = CUB
    run histogram_2p26 histogram "${two[@]}" --variants all --n 2^26 --bins 10,256 --dtype int,float --warmup 1 \
        --reps 5 --time-budget 5
    ;;
  ranksort)
    # n^2 comparisons: the grid and best versions at 2^16 keys, and all at the one-block limit
    run ranksort_2p16 ranksort "${two[@]}" --variants grid,best --n 2^16 --dtype int,float --warmup 1 --reps 5 \
        --time-budget 5
    run ranksort_1024 ranksort "${two[@]}" --variants all --n 1024 --dtype int,float --warmup 1 --reps 5
    ;;
  vecadd)
    run vecadd_2p27 vecadd "${two[@]}" --variants all --n 2^27 --dtype double,float --warmup 1 --reps 5
    ;;
  multigpu)
    # issue 14: every GPU of the node at once, and one MPI rank per GPU gathered by rank 0
    run mgpu_dmvm dmvm "${two[@]}" --gpu all --variants all --nx 16384 --dtype double --warmup 1 --reps 5 \
        --time-budget 10
    mpi=$here/../bin/mpiexec
    [ -x "$mpi" ] || mpi=mpiexec
    log "start mpi_dmvm: $mpi -n 2 portbench dmvm ${two[*]} --variants all --nx 16384 --dtype double"
    t0=$SECONDS
    # (capped: on the H200 pair mpiexec once stayed for minutes after rank 0 had written
    # the complete results, following a worker that died on both ranks)
    timeout --kill-after=10 ${MPI_CAP:-240} "$mpi" -n 2 "$pb" dmvm "${two[@]}" --variants all --nx 16384 --dtype double \
        --warmup 1 --reps 5 --time-budget 10 --label mpi_dmvm --csv "$out/mpi_dmvm.csv" > "$out/mpi_dmvm.txt" \
        2> "$out/mpi_dmvm.log"
    log "end   mpi_dmvm: exit $? after $((SECONDS - t0)) s"
    ;;
  fma)
    run fma_sweep fma "${all[@]}" --n 2^10:2^26:4/oct --chain 1024 --dtype double,float
    ;;
  fmastrided)
    run fma_strided fma-strided "${all[@]}" --n 2^12:2^24:1/oct --chain 1024 --stride 1,2,4,8,16,32 \
        --dtype double,float
    ;;
  fill)
    run fill_sweep fill "${all[@]}" --n 2^10:2^27:4/oct --dtype double,float
    ;;
  large)
    # issue 10's answer: every variant (kernel and best) of every backend and toolchain,
    # with the library bars, at the sizes of the target table
    # (every toolchain for stream double, issue 11; the default pair for the rest)
    run stream_2e28 stream "${all[@]}" --variants all --n 2^28 --dtype double --warmup 1 --reps 5
    run stream_2e28_float stream "${two[@]}" --variants all --n 2^28 --dtype float --warmup 1 --reps 5
    run copy_2e28 copy "${two[@]}" --variants all --n 2^28 --dtype float,double --warmup 1 --reps 5
    run fill_2e28 fill "${two[@]}" --variants all --n 2^28 --dtype float,double --warmup 1 --reps 5
    run fma_2e22 fma "${two[@]}" --variants all --n 2^22 --chain 1024 --dtype float,double --warmup 1 --reps 5
    ;;
  tune)
    log "start tune"
    "$here/tune_gpu.sh" "$out/tune" > "$out/tune.txt" 2>&1
    log "end   tune: exit $?"
    ;;
  gemm)
    # the ladder at 4096 (every variant and backend, cuBLAS and OpenBLAS bars); slow
    # OpenMP forms (gcc) are capped by the time budget
    run gemm_4096 gemm "${two[@]}" --variants all --size 4096 --dtype float,double --warmup 1 --reps 5 \
        --time-budget 5
    # GFLOP/s over size, CUDA k1..best against cuBLAS (SGEMM)
    run gemm_sweep gemm --backend cuda,cublas --no-baselines --record="$out/results" --variants all \
        --size 256:8192:x2 --dtype float --warmup 1 --reps 5 --time-budget 5
    ;;
  gemmk7)
    # k7's candidates on this GPU (the autotuning sweep behind k7_table in cuda/gemm.cu)
    log "start gemmk7"
    "$here/gemm_k7_sweep.sh" "$out/gemm_k7" 2048,4096 > "$out/gemm_k7.txt" 2> "$out/gemm_k7.log"
    log "end   gemmk7: exit $?"
    ;;
  gemmbest)
    # best's candidates on this GPU, CUDA and OpenMP (clang-19, gcc-12), about 2 minutes:
    # the sweep behind best_table in cuda/gemm.cu and BEST_DEFAULT in omp_target/gemm.c
    log "start gemmbest"
    "$here/gemm_best_sweep.sh" "$out/gemm_best" > "$out/gemm_best.txt" 2> "$out/gemm_best.log"
    log "end   gemmbest: exit $?"
    ;;
  tools)
    # the results tools over every run recorded in OUTDIR (no GPU needed): the best of each
    # model, every OpenMP toolchain side by side, and the report
    mapfile -t csvs < <(find "$out/results" -name results.csv | sort)
    log "start tools: ${#csvs[@]} recorded run(s)"
    "$pb" summary "${csvs[@]}" > "$out/summary.txt" 2>&1
    "$pb" summary --md "${csvs[@]}" > "$out/summary.md" 2>&1
    "$pb" compare --by compiler "${csvs[@]}" > "$out/compilers.txt" 2>&1
    "$pb" report "${csvs[@]}" -o "$out/report" > "$out/report.log" 2>&1
    log "end   tools: exit $?"
    ;;
  compilers)
    # every OpenMP variant on every toolchain built (clang-16/19, gcc-11/12), CUDA as the
    # reference; gcc's atomic reduction would take minutes at 2^28: clause..multiacc only
    tcs=$("$pb" list 2>/dev/null | awk '$1 ~ /^omp@/ && $4 == "built" {print $1}' | paste -sd, -)
    cmp=(--backend "cuda,$tcs" --no-baselines --record="$out/results")
    run compilers_dmvm dmvm "${cmp[@]}" --variants all --nx 16384 --dtype double
    run compilers_reduce reduce "${cmp[@]}" --variants k7,shfl,clause-multiacc --n 2^28 --dtype double --warmup 1 --reps 5
    run compilers_stream stream "${cmp[@]}" --n 2^28 --dtype double
    ;;
  *)
    if [ -n "${results[$step]:-}" ]; then
      # shellcheck disable=SC2086
      run "${step//-/_}" "$step" "${two[@]}" --variants all ${results[$step]}
    else
      log "unknown step $step"
    fi
    ;;
  esac
done
