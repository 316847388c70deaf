#!/usr/bin/env bash
# GPU validation, run on a GPU host (from the bundle or a build tree):
#  1. every variant of every backend verified at awkward sizes, float and double;
#  2. compute-sanitizer memcheck, racecheck, synccheck and initcheck over every CUDA
#     kernel at small awkward sizes: zero errors required.
# usage: scripts/validate_gpu.sh OUTDIR [extra portbench options]
# Exit status 0 only if every check passed. Logs and CSVs are written to OUTDIR.
set -uo pipefail
out=${1:?usage: validate_gpu.sh OUTDIR}
shift
here=$(cd "$(dirname "$0")" && pwd)
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

note() { summary+=("$1"); echo "validate: $1"; }

# 1. correctness of everything, at sizes that are not multiples of any block shape
sizes=${VALIDATE_SIZES:-1,31,33,1000,16385}
for bench in ${VALIDATE_BENCHES:-dmvm}; do
  "$pb" "$bench" --backend cuda,omp,omp@gcc,cublas,cub,cpu --variants all --size "$sizes" --dtype float,double \
      --warmup 1 --reps 3 --csv "$out/validate_$bench.csv" "$@" > "$out/validate_$bench.txt" 2> "$out/validate_$bench.log"
  rc=$?
  pass=$(grep -c ',PASS,' "$out/validate_$bench.csv" || true)
  fail=$(grep -c ',FAIL,' "$out/validate_$bench.csv" || true)
  skip=$(grep -c ',SKIP,' "$out/validate_$bench.csv" || true)
  if [ $rc -ne 0 ] || [ "$fail" -ne 0 ] || [ "$skip" -ne 0 ] || [ "$pass" -eq 0 ]; then
    status=1
    note "FAIL $bench correctness: exit $rc, $pass passed, $fail failed, $skip skipped"
  else
    note "ok   $bench correctness: $pass rows passed, none failed or skipped (sizes $sizes)"
  fi
done

# 2. compute-sanitizer over every CUDA kernel (the pb-cuda worker directly)
if [ ! -x "$sanitizer" ]; then
  status=1
  note "FAIL compute-sanitizer not found"
else
  for tool in memcheck racecheck synccheck initcheck; do
    for bench in ${VALIDATE_BENCHES:-dmvm}; do
      log="$out/sanitizer_${tool}_$bench.log"
      "$sanitizer" --tool "$tool" --error-exitcode 99 --print-limit 20 \
        "$workers/pb-cuda" "$bench" --backend cuda,cublas,cub --variants all --size 33,100 --dtype float,double \
        --warmup 0 --reps 1 --emit "$out/sanitizer_${tool}_$bench.csv" > "$log" 2>&1
      rc=$?
      summ=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$log" | tail -n 1)
      if [ $rc -ne 0 ] || ! grep -Eq "(ERROR|RACECHECK) SUMMARY: 0 (errors|hazards)" "$log"; then
        status=1
        note "FAIL $tool $bench: exit $rc, ${summ:-no summary}"
      else
        note "ok   $tool $bench: $summ"
      fi
    done
  done
fi

printf '%s\n' "${summary[@]}" > "$out/validate_summary.txt"
[ $status -eq 0 ] && echo "validate: all checks passed" || echo "validate: FAILED"
exit $status
