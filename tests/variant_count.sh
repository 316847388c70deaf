#!/bin/sh
# variant_count.sh LIBEXEC BACKEND BENCH: how many variants BACKEND's worker registers for
# benchmark BENCH (the worker's --describe, i.e. the tables beside its kernels), so that a
# correctness test's row count follows the registry instead of a count written in the test.
# BACKEND as --backend spells it: omp@<toolchain>, cpu, openblas, cuda, cublas, cub, cudart.
libexec=${1:?usage: variant_count.sh LIBEXEC BACKEND BENCH}
backend=${2:?usage: variant_count.sh LIBEXEC BACKEND BENCH}
bench=${3:?usage: variant_count.sh LIBEXEC BACKEND BENCH}
case $backend in
    omp@*) worker=pb-omp-${backend#omp@} be=omp ;;
    cpu | openblas) worker=pb-cpu be=$backend ;;
    cuda | cublas | cub | cudart) worker=pb-cuda be=$backend ;;
    *) echo "variant_count: backend '$backend' is not one this script knows" >&2; exit 2 ;;
esac
desc=$("$libexec/$worker" --describe) || { echo "variant_count: $worker --describe failed" >&2; exit 1; }
n=$(printf '%s\n' "$desc" | jq --arg be "$be" --arg b "$bench" '[.backends[] | select(.name == $be) | .variants[] |
    select(.bench == $b)] | length') || { echo "variant_count: $worker --describe is not its JSON object" >&2; exit 1; }
[ "$n" -gt 0 ] || { echo "variant_count: $worker registers no $be variant of $bench" >&2; exit 1; }
echo "$n"
