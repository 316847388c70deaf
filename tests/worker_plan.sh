#!/usr/bin/env bash
# worker_plan.sh PORTBENCH WORKDIR CASE
# A worker runs exactly a plan, without the driver (`pb-<worker> PLAN.json [ROWS.jsonl]`,
# docs/channel.md): the plan is what `portbench BENCH ... --dry-run` prints.
# CASE:
#   cpu        pb-cpu on a plan of its own: a hello line first, a backend line, one row per
#              item with the item's id, in the plan's order, an end line that counts them
#   omp        pb-omp-clang-19 under host fallback, on a plan that also holds the CPU
#              baseline's items: it answers its own items only, to standard output (-)
#   bad_plan   a plan it cannot run is refused before anything runs: one line on stderr,
#              exit 2, no rows file (not JSON, another version, a seed that is not a 64-bit
#              integer, a variant the worker does not have, no backend of this worker)
#   seed       --seed 2^63-1 reaches the worker exactly (a string in the plan: a JSON
#              number is a double), and the worker measures with it
set -uo pipefail
pb=$1 work=$2/$3 case=$3
libexec=${PORTBENCH_LIBEXEC:-$(dirname "$pb")/../libexec/portbench}
rm -rf "$work" && mkdir -p "$work" || exit 1
cd "$work" || exit 1
export OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive
fail() { echo "FAIL: $*"; exit 1; }
small=(--warmup 0 --reps 2 --time-budget 0 --max-noise off)

# rows.jsonl answers the items of backend(s) $2 (a jq regex) of plan $1, each once, in order
check_rows() {
    local plan=$1 backends=$2 rows=$3
    local want got
    want=$(jq -r --arg b "$backends" '.cases[].items[] | select(.backend | test("^(" + $b + ")$")) | .id' "$plan" |
        tr '\n' ' ')
    got=$(jq -r 'select(.t == "row") | .id' "$rows" | tr '\n' ' ')
    [ -n "$want" ] || fail "the plan has no items of $backends"
    [ "$got" = "$want" ] || fail "row ids '$got', the plan's items '$want'"
    [ "$(head -n 1 "$rows" | jq -r '.t + " " + .format + " " + (.version | tostring)')" = "hello portbench.rows 1" ] ||
        fail "no hello line first: $(head -n 1 "$rows")"
    [ "$(tail -n 1 "$rows" | jq -r '.t + " " + (.rows | tostring)')" = "end $(wc -w <<< "$want")" ] ||
        fail "no end line last that counts the rows: $(tail -n 1 "$rows")"
    [ "$(jq -r 'select(.t == "backend") | .status' "$rows" | sort -u)" = ok ] || fail "no backend line: $(cat "$rows")"
    [ "$(jq -r 'select(.t == "row") | .verified' "$rows" | sort -u)" = PASS ] || fail "rows not PASS: $(cat "$rows")"
}

case $case in
cpu)
    "$pb" dmvm --backend cpu --no-baselines --nx 8,16 --dtype float,double "${small[@]}" --dry-run > plan.json ||
        fail "--dry-run: exit status $?"
    "$libexec/pb-cpu" plan.json rows.jsonl 2> err.txt || fail "pb-cpu: exit status $?: $(cat err.txt)"
    check_rows plan.json cpu rows.jsonl
    # the rows carry the items' identity
    [ "$(jq -c 'select(.t == "row") | [.dtype, .size]' rows.jsonl | tr '\n' ' ')" = \
        '["float",8] ["float",16] ["double",8] ["double",16] ' ] || fail "rows: $(cat rows.jsonl)" ;;
omp)
    [ -x "$libexec/pb-omp-clang-19" ] || fail "$libexec/pb-omp-clang-19: not built (this test needs it)"
    "$pb" reduce --backend omp@clang-19 --variants k0,k3 --n 1000 --allow-host-fallback "${small[@]}" --dry-run \
        > plan.json || fail "--dry-run: exit status $?"
    jq -e '.backends | map(.id) | index("cpu")' plan.json > /dev/null || fail "the plan lacks the CPU baseline"
    "$libexec/pb-omp-clang-19" plan.json - > rows.jsonl 2> err.txt || fail "exit status $?: $(cat err.txt)"
    check_rows plan.json 'omp@clang-19' rows.jsonl
    [ "$(jq -r 'select(.t == "row") | .offload' rows.jsonl | sort -u)" = host-fallback ] ||
        fail "not host fallback: $(cat rows.jsonl)" ;;
bad_plan)
    "$pb" dmvm --backend cpu --no-baselines --nx 8 "${small[@]}" --dry-run > plan.json || fail "--dry-run: exit status $?"
    refused() { # refused WHY FILE: pb-cpu FILE rows.jsonl refuses it, naming WHY
        local why=$1
        rm -f rows.jsonl
        "$libexec/pb-cpu" "$2" rows.jsonl > out.txt 2> err.txt
        local rc=$?
        [ $rc -eq 2 ] || fail "$why: exit status $rc, expected 2: $(cat err.txt)"
        [ "$(grep -c . err.txt)" = 1 ] || fail "$why: not one line on stderr: $(cat err.txt)"
        grep -qF -- "$why" err.txt || fail "stderr lacks '$why': $(cat err.txt)"
        [ ! -e rows.jsonl ] && [ ! -s out.txt ] || fail "$why: rows written"
    }
    echo garbage > bad.json
    refused "not a JSON object" bad.json
    jq '.version = 2' plan.json > bad.json
    refused "plan version 2, this worker reads version 1" bad.json
    jq '.settings.seed = "18446744073709551616"' plan.json > bad.json
    refused '"seed" must be a string of decimal digits' bad.json
    jq '.cases[0].items[0].variant = "v99"' plan.json > bad.json
    refused 'backend cpu has no dmvm variant "v99"' bad.json
    jq '.backends[0].worker = "pb-cuda"' plan.json > bad.json
    refused "the plan has no backend of pb-cpu" bad.json
    refused "cannot open" nosuch.json
    "$libexec/pb-cpu" > out.txt 2> err.txt
    [ $? -eq 2 ] && grep -q "usage: pb-cpu PLAN.json" err.txt || fail "no usage: $(cat err.txt)" ;;
seed)
    "$pb" dmvm --backend cpu --no-baselines --nx 8 --seed 9223372036854775807 "${small[@]}" --dry-run > plan.json ||
        fail "--dry-run: exit status $?"
    [ "$(jq -c .settings.seed plan.json)" = '"9223372036854775807"' ] || fail "seed: $(jq -c .settings.seed plan.json)"
    "$libexec/pb-cpu" plan.json rows.jsonl 2> err.txt || fail "pb-cpu: exit status $?: $(cat err.txt)"
    check_rows plan.json cpu rows.jsonl
    # the driver runs the worker with the same plan: its rows PASS too
    "$pb" dmvm --backend cpu --no-baselines --nx 8 --seed 9223372036854775807 "${small[@]}" --quiet --csv out.csv \
        > /dev/null 2> err.txt || fail "the run: exit status $?: $(cat err.txt)" ;;
*) fail "unknown case $case" ;;
esac
echo "ok: $case"
