#!/bin/sh
# bench_case.sh PORTBENCH BENCH SET [--rows]: the arguments of BENCH's case set SET, as its
# description declares them (pb_bench.cases, printed by `portbench list --cases`), so that the
# tests that run every benchmark need no edit for a new one. --rows: instead, the rows one
# variant gives, the product of the comma lists' lengths (a host set has comma lists only).
pb=${1:?usage: bench_case.sh PORTBENCH BENCH SET [--rows]}
bench=${2:?usage: bench_case.sh PORTBENCH BENCH SET [--rows]}
set=${3:?usage: bench_case.sh PORTBENCH BENCH SET [--rows]}
all=$("$pb" list --cases) || { echo "bench_case: portbench list --cases failed" >&2; exit 1; }
args=$(printf '%s\n' "$all" | awk -v b="$bench" -v s="$set" '$1 == b && $2 == s { $1 = $2 = ""; print substr($0, 3); n++ }
    END { exit n != 1 }') || { echo "bench_case: $bench declares no case set '$set' (pb_bench.cases)" >&2; exit 1; }
if [ "${4:-}" != --rows ]; then
    printf '%s\n' "$args"
    exit 0
fi
# the values of every option: LIST, each a comma list (a range LO:HI:STEP would need the
# driver's grammar: refused)
printf '%s\n' "$args" | awk '{
    rows = 1
    for (i = 1; i <= NF; ++i) {
        if ($i ~ /^--/ || $(i - 1) == "--variants") continue
        if ($i ~ /[:^]/) { print "bench_case: " $i ": a host set takes comma lists only" > "/dev/stderr"; exit 1 }
        rows *= split($i, v, ",")
    }
    print rows
}'
