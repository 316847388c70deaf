#!/usr/bin/env bash
# GPU validation, run on a GPU host (from the bundle or a build tree):
#  1. every variant of every backend (every OpenMP toolchain built) of every benchmark
#     verified at awkward sizes and parameters, in every dtype;
#  2. compute-sanitizer memcheck, racecheck, synccheck and initcheck over every CUDA
#     kernel at small awkward sizes: zero errors required;
#  3. the FMA chain visible in the SASS of the CUDA worker;
#  5. the best variants under other launch shapes (PB_TUNE, as `portbench tune` sweeps
#     them) at awkward sizes, with memcheck and racecheck over the CUDA ones.
#  6. the timed loop: no slow first repetition (traced loops and --max-noise rounds).
#  1b, 2b: gemm best with every candidate (PB_GEMM_BEST_CONFIG, PB_GEMM_OMP_BEST_CONFIG),
#     correctness and compute-sanitizer.
# usage: scripts/validate_gpu.sh OUTDIR [extra portbench options]
# VALIDATE_STAGES (default "1 1b 2 2b 3 4 5 6"), VALIDATE_BENCHES, VALIDATE_OMP and
# VALIDATE_SANITIZER_TOOLS (default "memcheck racecheck synccheck initcheck") pick a
# subset, so a GPU session can split the checks over several calls. Stage 1 of reduce is the
# longest: gcc's OpenMP `atomic` takes about 22 s a call at n = 4194305 on an H100 (gcc's
# floating-point atomics, docs/limitations.md), four calls per dtype, so on a device with a
# 10-minute bound per call give it a call of its own (VALIDATE_STAGES=1 VALIDATE_BENCHES=reduce
# VALIDATE_OMP=omp@gcc-12) and the other toolchains another
# (results/h100/derive/20261126T2205Z_issue23/reduce).
# Exit status 0 only if every check passed. Logs and CSVs are written to OUTDIR.
set -uo pipefail
out=${1:?usage: validate_gpu.sh OUTDIR}
shift
extra=("$@") # the extra portbench options, also for the functions below
here=$(cd "$(dirname "$0")" && pwd)
. "$here/stop_children.sh" # child: a stopped script stops its portbench too
pb=${PORTBENCH:-}
for cand in "$here/../bin/portbench" "$here/../build/bin/portbench"; do
  [ -z "$pb" ] && [ -x "$cand" ] && pb=$cand
done
[ -x "$pb" ] || { echo "validate: portbench not found (set PORTBENCH)" >&2; exit 2; }
workers=$(cd "$(dirname "$pb")/../libexec/portbench" && pwd)
sanitizer=${COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
mkdir -p "$out"
status=0
summary=()

t0=$SECONDS
note() { summary+=("$1 [$((SECONDS - t0)) s]"); echo "validate: $1 [$((SECONDS - t0)) s]"; }
stages=" ${VALIDATE_STAGES:-1 1b 2 2b 3 4 5 6} "
stage() { [[ "$stages" == *" $1 "* ]]; }
san_tools=" ${VALIDATE_SANITIZER_TOOLS:-memcheck racecheck synccheck initcheck} "
san() { [[ "$san_tools" == *" $1 "* ]]; } # this compute-sanitizer tool is asked for

# Per benchmark, as its description declares them (pb_bench.cases, `portbench list --cases`),
# so that a new benchmark is validated with no edit here: "gpu", sizes that are not multiples
# of any block shape, every dtype, and parameters (strides, block sizes) that are not powers of
# two where allowed; "sanitize", small cases for compute-sanitizer (every CUDA kernel, both
# passes of the reductions). A set "gpu:WHAT" is a second set of cases of BENCH, run as
# BENCH:WHAT with its "sanitize:WHAT" (ranksort's one-block version only takes n <= 1024, so
# its larger sizes run the grid and best versions: no SKIP rows).
declare -A check=() small=()
order=()
cases=$("$pb" list --cases) || { echo "validate: portbench list --cases failed" >&2; exit 2; }
while read -r b set args; do
  case $set in
  gpu | gpu:*)
    check[$b${set#gpu}]=$args
    order+=("$b${set#gpu}")
    ;;
  sanitize | sanitize:*) small[$b${set#sanitize}]=$args ;;
  esac
done <<< "$cases"
[ ${#order[@]} -gt 0 ] || { echo "validate: no benchmark declares a gpu case set" >&2; exit 2; }
benches=${VALIDATE_BENCHES:-${order[*]}}
for bench in $benches; do
  [ -n "${check[$bench]:-}" ] && [ -n "${small[$bench]:-}" ] && continue
  echo "validate: $bench: no gpu and sanitize case sets (pb_bench.cases; portbench list --cases)" >&2
  exit 2
done
# Every OpenMP toolchain this build or bundle has (portbench list: "omp@<id> ... built"),
# or VALIDATE_OMP (a comma list such as omp@clang-19,omp@gcc-12).
omp=${VALIDATE_OMP:-$("$pb" list 2>/dev/null | awk '$1 ~ /^omp@/ && $4 == "built" {print $1}' | paste -sd, -)}
[ -n "$omp" ] || { echo "validate: no OpenMP worker built" >&2; exit 2; }
echo "validate: OpenMP toolchains: $omp"

# 1. correctness of everything
stage 1 && for bench in $benches; do
  f=${bench/:/_} # file names without the colon
  # shellcheck disable=SC2086
  child "$pb" "${bench%%:*}" --backend "cuda,$omp,cublas,cub,cudart,cpu,openblas" --variants all ${check[$bench]} \
      --warmup 1 --reps 3 --csv "$out/validate_$f.csv" "$@" > "$out/validate_$f.txt" 2> "$out/validate_$f.log"
  rc=$?
  pass=$(grep -c ',PASS,' "$out/validate_$f.csv" || true)
  fail=$(grep -c ',FAIL,' "$out/validate_$f.csv" || true)
  skip=$(grep -c ',SKIP,' "$out/validate_$f.csv" || true)
  if [ $rc -ne 0 ] || [ "$fail" -ne 0 ] || [ "$skip" -ne 0 ] || [ "$pass" -eq 0 ]; then
    status=1
    note "FAIL $bench correctness: exit $rc, $pass passed, $fail failed, $skip skipped"
  else
    note "ok   $bench correctness: $pass rows passed, none failed or skipped (${check[$bench]})"
  fi
done

# 1b. gemm best: every candidate, not only the default (PB_GEMM_BEST_CONFIG for CUDA,
#     PB_GEMM_OMP_BEST_CONFIG for every OpenMP toolchain; the counts from the sweep script)
eval "$("$here/gemm_best_sweep.sh" --counts)"
if stage 1b && [[ " $benches " == *" gemm "* ]]; then
  cand=(--size 1,33,132,1000,2052 --m 0,257 --k 0,17 --dtype float --warmup 1 --reps 2)
  for i in $(seq 0 $((CUDA_CONFIGS - 1))) omp; do
    if [ "$i" = omp ]; then
      runs=()
      for j in $(seq 0 $((OMP_CONFIGS - 1))); do runs+=("PB_GEMM_OMP_BEST_CONFIG=$j:$omp:omp$j"); done
    else
      runs=("PB_GEMM_BEST_CONFIG=$i:cuda:cuda$i")
    fi
    for r in "${runs[@]}"; do
      IFS=: read -r var backends name <<< "$r"
      child env "$var" "$pb" gemm --backend "$backends" --no-baselines --variants best "${cand[@]}" "$@" \
        --csv "$out/validate_gemm_best_$name.csv" > "$out/validate_gemm_best_$name.txt" 2>&1
      rc=$?
      pass=$(grep -c ',PASS,' "$out/validate_gemm_best_$name.csv" || true)
      bad=$(grep -c -E ',(FAIL|SKIP),' "$out/validate_gemm_best_$name.csv" || true)
      if [ $rc -ne 0 ] || [ "$bad" -ne 0 ] || [ "$pass" -eq 0 ]; then
        status=1
        note "FAIL gemm best $var ($backends): exit $rc, $pass passed, $bad failed or skipped"
      else
        note "ok   gemm best $var ($backends): $pass rows passed"
      fi
    done
  done
fi

# 2. compute-sanitizer over every CUDA kernel (the pb-cuda worker directly)
if ! stage 2; then
  :
elif [ ! -x "$sanitizer" ]; then
  status=1
  note "FAIL compute-sanitizer not found"
else
  for tool in memcheck racecheck synccheck initcheck; do
    san $tool || continue
    for bench in $benches; do
      f=${bench/:/_}
      log="$out/sanitizer_${tool}_$f.log"
      # shellcheck disable=SC2086
      child "$sanitizer" --tool "$tool" --error-exitcode 99 --print-limit 20 \
        "$workers/pb-cuda" "${bench%%:*}" --backend cuda,cublas,cub,cudart --variants all ${small[$bench]} \
        --warmup 0 --reps 1 --quiet --emit "$out/sanitizer_${tool}_$f.csv" > "$log" 2>&1
      rc=$?
      summ=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$log" | tail -n 1)
      rows=$(grep -c ',PASS,' "$out/sanitizer_${tool}_$f.csv" 2>/dev/null || true)
      if [ $rc -ne 0 ] || ! grep -Eq "(ERROR|RACECHECK) SUMMARY: 0 (errors|hazards)" "$log"; then
        status=1
        note "FAIL $tool $bench: exit $rc, ${summ:-no summary}"
      else
        note "ok   $tool $bench: $rows rows passed; $summ"
      fi
    done
  done
fi

# 2b. compute-sanitizer over every CUDA best candidate (the default one ran above)
if stage 2b && [ -x "$sanitizer" ] && [[ " $benches " == *" gemm "* ]]; then
  for tool in memcheck racecheck synccheck; do
    san $tool || continue
    for i in $(seq 0 $((CUDA_CONFIGS - 1))); do
      log="$out/sanitizer_${tool}_gemm_best$i.log"
      PB_GEMM_BEST_CONFIG=$i child "$sanitizer" --tool "$tool" --error-exitcode 99 --print-limit 20 \
        "$workers/pb-cuda" gemm --backend cuda --variants best --size 132 --m 0,65 --k 0,17 --dtype float \
        --warmup 0 --reps 1 --quiet --emit "$out/sanitizer_${tool}_gemm_best$i.csv" > "$log" 2>&1
      rc=$?
      if [ $rc -ne 0 ] || ! grep -Eq "(ERROR|RACECHECK) SUMMARY: 0 (errors|hazards)" "$log"; then
        status=1
        note "FAIL $tool gemm best candidate $i: exit $rc, $(grep -E "SUMMARY" "$log" | tail -n 1)"
      else
        note "ok   $tool gemm best candidate $i"
      fi
    done
  done
fi

# 3. the FMA chain is in the machine code the GPU runs (cuobjdump of both images)
if stage 3 && command -v cuobjdump >/dev/null 2>&1; then
  # (clang's OpenMP images are not in a section cuobjdump reads; scripts/check_codegen.sh
  # disassembles them at build time)
  n=$(cuobjdump -sass "$workers/pb-cuda" 2>/dev/null | awk '/Function :/ {f = ($3 ~ /fma/)} f && /[DF]FMA/ {n++} END {print n + 0}')
  if [ "$n" -ge 1 ]; then note "ok   pb-cuda SASS: $n FFMA/DFMA in the fma kernels"; else status=1; note "FAIL pb-cuda SASS: no FFMA/DFMA in the fma kernels"; fi
fi

# 4. gemm machine code: per kernel FFMA/DFMA, 16-byte shared loads (LDS.128) and local
#    memory (LDL/STL = spills) in the SASS, registers and shared memory (docs/gemm.md);
#    required: no local memory in k5..best, LDS.128 in k6..best (every best candidate:
#    gemm_best_kernel<T, best_shape<...>, VEC>).
if stage 4 && command -v cuobjdump >/dev/null 2>&1 && [[ " $benches " == *" gemm "* ]]; then
  cuobjdump -res-usage -arch sm_90 "$workers/pb-cuda" 2>/dev/null | grep -A1 -E "Function .*(k[0-9]_|k8_warptile|gemm_best_kernel)" \
    > "$out/gemm_resource_usage.txt"
  cuobjdump -sass -arch sm_90 "$workers/pb-cuda" 2>/dev/null | awk '
    /Function :/ { f = ($3 ~ /(k[1-9]_[a-z0-9]+|k8_warptile|gemm_best_kernel)/) ? $3 : ""; if (f != "") order[++n] = f }
    f != "" && /[DF]FMA/ { fma[f]++ }
    f != "" && /LDS\.128/ { lds128[f]++ }
    f != "" && /LDS(\.[0-9U]+)? / { lds[f]++ }
    f != "" && /(LDL|STL)/ { local[f]++ }
    END { for (i = 1; i <= n; ++i) { f = order[i]; printf "%s FMA=%d LDS=%d LDS.128=%d local=%d\n", f, fma[f], lds[f], lds128[f], local[f] } }' \
    > "$out/gemm_sass.txt"
  bad=$(awk '/k5_2d|k6_vec|k8_warptile|gemm_best_kernel/ && !/local=0/' "$out/gemm_sass.txt" | wc -l)
  novec=$(awk '/k6_vec|k8_warptile|gemm_best_kernel/ && /LDS.128=0 /' "$out/gemm_sass.txt" | wc -l)
  if [ ! -s "$out/gemm_sass.txt" ] || [ "$bad" -ne 0 ] || [ "$novec" -ne 0 ]; then
    status=1
    note "FAIL gemm SASS: $bad kernels with local memory, $novec without LDS.128 (gemm_sass.txt)"
  else
    note "ok   gemm SASS: no local memory in k5..best, LDS.128 in k6..best (gemm_sass.txt, gemm_resource_usage.txt)"
  fi
fi

# 5. best under other launch shapes: every instantiated elems and rows, grid-stride and
# one-shot grids, odd team sizes (the shapes `portbench tune` may pick), at awkward sizes;
# memcheck over each CUDA shape, racecheck where a block shares memory (dmvm, reduce)
declare -A alt=(
  [dmvm]="--size 1,33,1000,4097 --dtype float,double"
  [reduce]="--size 1,31,100003,4194305 --dtype int,float,double"
  [stream]="--size 1,33,100003,1048579 --dtype float,double"
  [copy]="--size 1,33,100003,1048579 --dtype float,double"
  [fill]="--size 1,33,100003,1048579 --dtype float,double"
  [fma]="--size 1,33,100003 --chain 300 --dtype float,double"
)
# vector=0 named: a key PB_TUNE leaves out keeps the table's value, and the cc-90 rows of dmvm
# say vector=16, with which rows x elems above 4 is not instantiated (a SKIP on the H100); form
# named too: the table's form differs per toolchain (gcc: 1 for dmvm, fill, fma)
shapes=("per_sm=1,threads=64,elems=4,rows=4,vector=0,form=0" "per_sm=0,threads=96,elems=1,rows=1,vector=0,form=0"
        "per_sm=3,threads=1024,elems=2,rows=2,vector=0,form=0" "per_sm=2,threads=32,elems=8,rows=1,vector=0,form=0"
        "per_sm=1,threads=64,elems=16,rows=1,vector=0,form=0"
        "per_sm=1,threads=64,elems=2,rows=1,vector=16,form=0" "per_sm=0,threads=96,elems=16,rows=1,vector=16,form=0"
        "per_sm=0,threads=256,elems=1,rows=1,vector=0,form=1" "per_sm=2,threads=128,elems=2,rows=2,vector=0,form=1"
        "per_sm=0,threads=256,elems=1,rows=1,vector=0,form=2" "per_sm=0,threads=256,elems=4,rows=1,vector=0,form=2")
# 5 for vecadd, window, transpose: each benchmark's own shapes, every K kernel (window:
# both forms, named; radius 2: form 1's small-window path at K = 8);
# CUDA transpose has tiles of elems 1 (32 x 32) and 2 (64 x 64) only, vector=16 and OpenMP
# transpose's rows=2 (coalesced writes) are OpenMP only; racecheck where a block shares
# memory (window, transpose). Entries: BENCH|SHAPE|BACKENDS
declare -A alt_p=(
  [vecadd]="--size 1,3,33,100003,1048579 --dtype float,double"
  [window]="--size 1,33,100003,1048579 --radius 1,2,3,256 --dtype float,double"
  [transpose]="--size 1,33,1000 --cols 1,65,1025 --dtype float,double"
)
cases_p=("vecadd|per_sm=1,threads=64,elems=4|cuda,omp,omp@gcc" "vecadd|per_sm=0,threads=96,elems=1|cuda,omp,omp@gcc"
         "vecadd|per_sm=3,threads=1024,elems=2|cuda,omp,omp@gcc" "vecadd|per_sm=2,threads=512,elems=8|cuda,omp,omp@gcc"
         "vecadd|per_sm=1,threads=64,elems=2,vector=16|omp,omp@gcc" "vecadd|per_sm=0,threads=96,elems=8,vector=16|omp,omp@gcc"
         "window|per_sm=1,threads=64,elems=4,form=0|cuda,omp,omp@gcc" "window|per_sm=0,threads=96,elems=1,form=0|cuda,omp,omp@gcc"
         "window|per_sm=3,threads=1024,elems=8,form=0|cuda,omp,omp@gcc" "window|per_sm=0,threads=32,elems=2,form=0|cuda,omp,omp@gcc"
         "window|per_sm=1,threads=64,elems=4,form=1|cuda,omp,omp@gcc" "window|per_sm=0,threads=96,elems=1,form=1|cuda,omp,omp@gcc"
         "window|per_sm=3,threads=1024,elems=8,form=1|cuda,omp,omp@gcc" "window|per_sm=0,threads=32,elems=2,form=1|cuda,omp,omp@gcc"
         "window|per_sm=0,threads=256,elems=8,form=1|cuda,omp,omp@gcc"
         "transpose|per_sm=1,threads=128,elems=1,rows=1|cuda,omp,omp@gcc"
         "transpose|per_sm=0,threads=1024,elems=2,rows=1|cuda,omp,omp@gcc"
         "transpose|per_sm=2,threads=512,elems=2,rows=1|cuda,omp,omp@gcc"
         "transpose|per_sm=0,threads=96,elems=4,rows=2|omp,omp@gcc" "transpose|per_sm=1,threads=64,elems=8,rows=2|omp,omp@gcc")
# One best shape of stage 5: BENCH SHAPE BACKENDS SIZES RACE (yes: racecheck beside memcheck
# over the CUDA run, for kernels that share block memory); the script's own options last
best_shape() {
  local bench=$1 shape=$2 backends=$3 sizes=$4 race=$5 tag=${2//[=,]/_} rc pass bad applied tool log
  # shellcheck disable=SC2086
  PB_TUNE=$shape child "$pb" "$bench" --backend "$backends" --no-baselines --variants best $sizes \
      --warmup 1 --reps 2 --csv "$out/validate_best_${bench}_$tag.csv" "${extra[@]}" > "$out/validate_best_${bench}_$tag.txt" \
      2> "$out/validate_best_${bench}_$tag.log"
  rc=$?
  pass=$(grep -c ',PASS,' "$out/validate_best_${bench}_$tag.csv" || true)
  bad=$(grep -c ',FAIL,\|,SKIP,' "$out/validate_best_${bench}_$tag.csv" || true)
  applied=$(grep -c 'from PB_TUNE=' "$out/validate_best_${bench}_$tag.csv" || true)
  if [ $rc -ne 0 ] || [ "$bad" -ne 0 ] || [ "$pass" -eq 0 ] || [ "$applied" -ne "$pass" ]; then
    status=1
    note "FAIL $bench best $shape: exit $rc, $pass passed, $bad failed or skipped, shape applied in $applied"
  else
    note "ok   $bench best $shape: $pass rows passed"
  fi
  [ -x "$sanitizer" ] && [[ "$backends" == cuda* ]] || return 0
  for tool in memcheck racecheck; do
    [ "$tool" = racecheck ] && [ "$race" != yes ] && continue
    san $tool || continue
    log="$out/sanitizer_${tool}_best_${bench}_$tag.log"
    # shellcheck disable=SC2086
    PB_TUNE=$shape child "$sanitizer" --tool "$tool" --error-exitcode 99 --print-limit 20 \
      "$workers/pb-cuda" "$bench" --backend cuda --variants best ${small[$bench]} \
      --warmup 0 --reps 1 --quiet --emit "$out/sanitizer_${tool}_best_${bench}_$tag.csv" > "$log" 2>&1
    rc=$?
    if [ $rc -ne 0 ] || ! grep -Eq "(ERROR|RACECHECK) SUMMARY: 0 (errors|hazards)" "$log"; then
      status=1
      note "FAIL $tool $bench best $shape: exit $rc, $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$log" | tail -n 1)"
    else
      note "ok   $tool $bench best $shape"
    fi
  done
}

for c in "${cases_p[@]}"; do
  stage 5 || break
  IFS='|' read -r bench shape backends <<< "$c"
  case " $benches " in *" $bench "*) ;; *) continue ;; esac
  race=yes
  [ "$bench" = vecadd ] && race=no
  best_shape "$bench" "$shape" "$backends" "${alt_p[$bench]}" $race
done

for bench in dmvm reduce stream copy fill fma; do
  stage 5 || break
  case " $benches " in *" $bench "*) ;; *) continue ;; esac
  for shape in "${shapes[@]}"; do
    [ "$bench" = dmvm ] && [[ "$shape" == *elems=8* || "$shape" == *elems=16* ]] && continue # dmvm: up to 4
    [ "$bench" = fma ] && [[ "$shape" == *elems=16* ]] && continue # fma: chains up to 8
    [ "$bench" = fma ] && [[ "$shape" == *vector=16* ]] && continue # no 16-byte groups
    [ "$bench" = reduce ] && [[ "$shape" == *form=[12]* ]] && continue # reduce has form 0 only
    [ "$bench" != dmvm ] && [[ "$shape" == *form=[12]* && "$shape" != *elems=1,* ]] && continue # forms 1, 2: one element
    sizes=${alt[$bench]}
    # dmvm's 16-byte groups: rows of whole groups (multiples of 4), and rows that are not
    # (element loads of the same rows and elems)
    [ "$bench" = dmvm ] && [[ "$shape" == *vector=16* ]] && sizes="--size 3,4,33,36,4100,16385,16388 --dtype float,double"
    backends=cuda,omp,omp@gcc
    [[ "$shape" == *elems=16* || "$shape" == *vector=16* || "$shape" == *form=[12]* ]] && backends=omp,omp@gcc # OpenMP only
    race=no
    [ "$bench" = dmvm ] || [ "$bench" = reduce ] && race=yes
    best_shape "$bench" "$shape" "$backends" "$sizes" $race
  done
done

# 5 for the best variants' methods (pb_shape.method, docs/best.md): every kernel of method 1
# (`target teams loop`: clang-19, gcc-12; clang-16 has none, its rows would SKIP) and
# method 2 (`ompx_bare`: clang-19 only), a one-shot grid, bare's grid-stride loop (per_sm=1)
# and odd team sizes, at the awkward sizes above. OpenMP only: CUDA has method 0.
for bench in stream copy fill fma vecadd; do
  stage 5 || break
  case " $benches " in *" $bench "*) ;; *) continue ;; esac
  ks="1 2 4"
  [ "$bench" = fma ] && ks="1 4 8"
  sizes=${alt[$bench]:-${alt_p[$bench]:-}}
  for method in 1 2; do
    backends=omp,omp@gcc
    [ "$method" = 2 ] && backends=omp # ompx_bare: LLVM's extension
    read -r k1 k2 k3 <<< "$ks"
    for shape in "per_sm=0,threads=256,elems=$k1" "per_sm=1,threads=96,elems=$k2" "per_sm=0,threads=1024,elems=$k3" \
                 "per_sm=4,threads=128,elems=$k3"; do
      best_shape "$bench" "$shape,vector=0,form=0,method=$method" "$backends" "$sizes" no
    done
  done
done

# 6. the timed loop: the first repetition of a traced loop, and of every --max-noise round, is
# not slower than the others (the trace's collection before it used to slow it: 1.2x-2.5x
# the median on the H100, results/h100/launch_energy/20261126T0545Z_issue26_24); at most a
# tenth of the rows may have a first repetition above 1.5x their median, none a noise_pct
# above 50%
if stage 6 && command -v jq >/dev/null 2>&1; then
  for spec in "dmvm --nx 4096" "reduce --n 2^22"; do
    b=${spec%% *}
    case " $benches " in *" $b "*) ;; *) continue ;; esac
    # shellcheck disable=SC2086
    child "$pb" $spec --backend cuda,omp --no-baselines --dtype double --max-noise 0.1% --reps 20 \
      --json "$out/timing_$b.json" > "$out/timing_$b.txt" 2>&1
    rc=$?
    read -r rows slow noisy < <(jq -r '[.rows[] | select((.samples.device_s // []) | length >= 6 and all(. != null))]
      | [length, (map(.samples.device_s as $d | ($d | sort) as $s | ($s | length) as $n
                   | (if $n % 2 == 1 then $s[($n - 1) / 2] else ($s[$n / 2 - 1] + $s[$n / 2]) / 2 end) as $m
                   | select($d[0] > 1.5 * $m)) | length),
         (map(select(.noise_pct > 50)) | length)] | @tsv' "$out/timing_$b.json" 2>/dev/null)
    if [ $rc -ne 0 ] || [ -z "${rows:-}" ] || [ "$rows" -eq 0 ] || [ $((slow * 10)) -gt "$rows" ] || [ "$noisy" -ne 0 ]; then
      status=1
      note "FAIL $b timing: exit $rc, ${rows:-0} rows, ${slow:-?} with a first repetition above 1.5x the median, ${noisy:-?} above 50% noise"
    else
      note "ok   $b timing: $rows rows, $slow with a first repetition above 1.5x the median, none above 50% noise"
    fi
  done
fi

printf '%s\n' "${summary[@]}" > "$out/validate_summary.txt"
[ $status -eq 0 ] && echo "validate: all checks passed" || echo "validate: FAILED"
exit $status
