#!/bin/sh
# check_layers.sh ROOT - fail when a file uses a folder above its own: the folders are
# layers, each using only itself and those it lists below (docs/architecture.md):
#   harness/core                      (nothing else)
#   harness/benchmarks                core
#   harness/cli                       core benchmarks
#   cuda, omp_target, cpu_ref         core benchmarks                  (the kernels)
#   harness/rows                      core benchmarks cli
#   harness/worker                    core benchmarks cli rows kernels
#   tools (and its subfolders)        core benchmarks cli rows
#   driver                            core benchmarks cli rows tools
# A file uses a folder when it includes a header of it, or (for a source) calls a function
# or uses a global defined there: the dependencies and the includes tests/check_cycles.sh
# finds (headers are included by name, the include path holds the folders: it looks a name
# up beside the includer first, then anywhere).
# Exit status: 0 the layers hold, 1 a file uses a folder above it (printed), 2 usage.
#   check_layers.sh --self-test DIR: makes two violations under DIR and expects both found.
set -u
here=$(cd "$(dirname "$0")" && pwd) || exit 2
if [ "${1:-}" = --self-test ]; then
    d=${2:?usage: check_layers.sh --self-test DIR}
    rm -rf "$d" && mkdir -p "$d/harness/core" "$d/harness/rows" || exit 2
    # core includes a header of rows
    printf '#include "b.h"\nint pb_a(void)\n{\n    return 1;\n}\n' > "$d/harness/core/a.c"
    printf 'int pb_b(void);\n' > "$d/harness/rows/b.h"
    printf '#include "b.h"\nint pb_b(void)\n{\n    return 2;\n}\n' > "$d/harness/rows/b.c"
    # core calls a function that rows defines, declared in a header of core
    printf 'int pb_q(void);\n' > "$d/harness/core/q.h"
    printf '#include "q.h"\nint pb_p(void)\n{\n    return pb_q();\n}\n' > "$d/harness/core/p.c"
    printf '#include "q.h"\nint pb_q(void)\n{\n    return 3;\n}\n' > "$d/harness/rows/q.c"
    out=$(sh "$0" "$d" 2>&1)
    rc=$?
    printf '%s\n' "$out"
    if [ $rc -eq 1 ] && printf '%s' "$out" | grep -q 'harness/core/a.c -> harness/rows/b.h' &&
        printf '%s' "$out" | grep -q 'harness/core/p.c -> harness/rows/q.c (pb_q'; then
        echo "check_layers: the self-test violations were found"
        exit 0
    fi
    echo "check_layers: the self-test violations were NOT found (exit status $rc)" >&2
    exit 1
fi
root=${1:?usage: check_layers.sh ROOT}
[ -d "$root" ] || { echo "check_layers: no directory $root" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

# the dependencies of sources on sources (calls, globals, included headers' sources) and
# every quoted include, resolved to its file ("includer header name"), as check_cycles.sh
# finds them
CHECK_CYCLES_EDGES=1 sh "$here/check_cycles.sh" "$root" > "$tmp/cycles" 2>&1
[ $? -eq 2 ] && { sed 's/^/check_layers: /' "$tmp/cycles" >&2; exit 2; }
sed -n 's/^edge //p' "$tmp/cycles" > "$tmp/edges"
sed -n 's/^include //p' "$tmp/cycles" > "$tmp/includes"
nfiles=$(sed -n 's/.* among \([0-9]*\) files.*/\1/p' "$tmp/cycles")

awk '
function layer(p) {
    if (p ~ /^harness\/core\//) return "core"
    if (p ~ /^harness\/benchmarks\//) return "benchmarks"
    if (p ~ /^harness\/cli\//) return "cli"
    if (p ~ /^harness\/rows\//) return "rows"
    if (p ~ /^harness\/worker\//) return "worker"
    if (p ~ /^(cuda|omp_target|cpu_ref)\//) return "kernels"
    if (p ~ /^tools\//) return "tools"
    if (p ~ /^driver\//) return "driver"
    return ""
}
function check(a, b, why,    la, lb) {
    la = layer(a); lb = layer(b)
    if (la == "" || lb == "" || la == lb || index(" " may[la] " ", " " lb " ")) return
    printf "  %s -> %s (%s: %s uses %s)\n", a, b, why, la, lb
    bad++
}
BEGIN {
    may["core"] = ""
    may["benchmarks"] = "core"
    may["cli"] = "core benchmarks"
    may["kernels"] = "core benchmarks"
    may["rows"] = "core benchmarks cli"
    may["worker"] = "core benchmarks cli rows kernels"
    may["tools"] = "core benchmarks cli rows"
    may["driver"] = "core benchmarks cli rows tools"
}
FILENAME == ARGV[1] { check($1, $2, "#include " $3); next }
{ why = $3; for (i = 4; i <= NF; i++) why = why " " $i; check($1, $2, why) }
END { exit bad > 0 }
' "$tmp/includes" "$tmp/edges" > "$tmp/bad"
rc=$?
if [ $rc -ne 0 ]; then
    echo "check_layers: files that use a folder above their own:" >&2
    sort -u "$tmp/bad" >&2
    exit 1
fi
echo "check_layers: $(wc -l < "$tmp/includes") includes and $(wc -l < "$tmp/edges") dependencies of" \
    "${nfiles:-the} files keep to the layers"
exit 0
