#!/usr/bin/env bash
# cppcheck over portbench's own C (and the C++ test) sources: the warning, performance and
# portability checks in every preprocessor configuration (with and without PB_HAVE_MPI,
# PB_HAVE_CUPTI, ...). Zero findings, or a suppression in .cppcheck-suppressions that says
# why it is not a defect. Exit 1 on a finding, 2 when cppcheck is missing.
# Not checked: cuda/*.cu (CUDA C++: kernels, templates and <<<>>> launches that cppcheck
# cannot parse without the toolkit's headers; the worker's C side is checked with the
# rest, its kernels by compute-sanitizer in scripts/validate_gpu.sh and tests/gemm_emu.cpp).
# The style checks are not enforced (they are opinions: scope of a variable and the like).
# Takes about 2 to 3 minutes (one core).
#   check_static.sh --self-test DIR: shows on a made-up tree that a defect is found and
#   that a suppression silences it.
set -euo pipefail
if [ "${1:-}" = --self-test ]; then
    d=${2:?usage: check_static.sh --self-test DIR}
    rm -rf "$d" && mkdir -p "$d/scripts" "$d/driver"
    cp "$0" "$d/scripts/check_static.sh"
    : > "$d/.cppcheck-suppressions"
    printf 'int f(void)\n{\n    int a[4];\n    for (int i = 0; i <= 4; ++i)\n        a[i] = i;\n    return a[0];\n}\n' \
        > "$d/driver/bad.c"
    out=$(bash "$d/scripts/check_static.sh" 2>&1) && rc=0 || rc=$?
    printf '%s\n' "$out"
    case "$rc:$out" in
        1:*"driver/bad.c:5: error(arrayIndexOutOfBounds)"*) ;;
        *) echo "check_static: self-test: the overrun in driver/bad.c was not found (exit $rc)" >&2; exit 1 ;;
    esac
    printf '# a[4] at index 4: the self-test'"'"'s own defect\narrayIndexOutOfBounds:driver/bad.c\n' \
        > "$d/.cppcheck-suppressions"
    bash "$d/scripts/check_static.sh" || { echo "check_static: self-test: the suppression was ignored" >&2; exit 1; }
    echo "check_static: self-test OK"
    exit 0
fi
cd "$(dirname "$0")/.."
command -v cppcheck >/dev/null || {
    echo "check_static: cppcheck not found (Debian package cppcheck; scripts/setup.sh installs it)" >&2
    exit 2
}
echo "check_static: $(cppcheck --version)"
shopt -s nullglob
sources=()
for p in driver harness tools cpu_ref omp_target tests/*.c tests/*.cpp scripts/fakecuda.c; do
    [ -e "$p" ] && sources+=("$p")
done
start=$(date +%s)
rc=0
# one process: cppcheck 2.10 runs its whole-program checks (a NULL handed to a function of
# another file) only without -j, so findings would depend on the number of jobs
# omp_target/omp_instantiate.inc's optional parameters are set by the source that includes
# it, never from outside: -U keeps cppcheck from trying them as configurations
cppcheck --quiet --error-exitcode=1 --std=c11 --enable=warning,performance,portability \
    --suppressions-list=.cppcheck-suppressions --inline-suppr \
    -UPB_OMP_KERNELS2 -UPB_OMP_WITH_INT \
    --template='{file}:{line}: {severity}({id}): {message}' \
    -I harness/core -I harness/benchmarks -I harness/cli -I harness/rows -I harness/worker \
    -I cpu_ref -I omp_target -I driver -I tools -I tools/results -I tools/store -I tools/report -I tests \
    "${sources[@]}" || rc=$?
echo "check_static: $(($(date +%s) - start)) s"
if [ "$rc" != 0 ]; then
    echo "check_static: cppcheck findings above: fix them, or add a suppression with its reason" \
        "to .cppcheck-suppressions" >&2
    exit 1
fi
echo "check_static: no findings"
