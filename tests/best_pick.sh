#!/usr/bin/env bash
# best_pick.sh PORTBENCH WORKDIR CASE
# A GPU row of best first times best's own kernel and every course version of its backend
# and runs the fastest (harness/worker/worker.c, pick_fastest); the row's note names it. On the host
# the pick is off unless PB_TEST_BEST_PICK is set ("course": a course version wins, so that
# its output is the one checked); PB_TUNE turns it off (a sweep measures its shapes).
set -uo pipefail
pb=$1 work=$2/$3 case=$3
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
export OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive
fail() { echo "FAIL: $*"; exit 1; }
run=(dmvm --backend omp,omp@gcc --allow-host-fallback --no-baselines --variants v1,v8,best --nx 33,64
     --dtype float,double --warmup 1 --reps 3 --json out.json --quiet)
best_notes() { jq -r '.rows[] | select(.variant == "best") | [.verified, .note] | @tsv' out.json; }
case $case in
pick)   # either may win; every best row verified and its note names the winner
  PB_TEST_BEST_PICK=1 "$pb" "${run[@]}" > /dev/null 2> err.txt || fail "exit status $?: $(cat err.txt)"
  [ "$(best_notes | wc -l)" = 8 ] || fail "best rows: $(best_notes)"
  best_notes | grep -Ev $'^PASS\t.*(ran the course.s v[0-9]+, faster here than best.s own kernel|best.s own kernel, faster here than every course version) \\(' &&
    fail "a best row without its pick or not verified" ;;
course) # a course version wins: its output is the one the harness checks
  PB_TEST_BEST_PICK=course "$pb" "${run[@]}" > /dev/null 2> err.txt || fail "exit status $?: $(cat err.txt)"
  [ "$(best_notes | grep -Ec $'^PASS\t.*ran the course.s v[0-9]+, faster here than best.s own kernel \\(')" = 8 ] ||
    fail "best rows: $(best_notes)" ;;
every)  # every benchmark's best, CUDA's included where a GPU is: a course version runs and passes its check
  for b in "stream --n 1001" "copy --n 1001" "fill --n 1001" "fma --n 1001" "reduce --n 1001" "vecadd --n 1001" \
           "window --n 1001" "transpose --n 33" "histogram --n 1001" "ranksort --n 500" "gemm --size 33"; do
    read -r bench size n <<< "$b"
    PB_TEST_BEST_PICK=course "$pb" $bench $size $n --backend omp,omp@gcc,cpu --allow-host-fallback --no-baselines \
      --variants best --warmup 0 --reps 1 --json "$bench.json" --quiet > /dev/null 2> err.txt ||
      fail "$bench: exit status $?: $(cat err.txt)"
    rows=$(jq -r '.rows[] | select(.variant == "best") | [.verified, .note] | @tsv' "$bench.json")
    [ -n "$rows" ] || fail "$bench: no best row"
    grep -Ev $'^PASS\t.*ran the course.s [a-z0-9_]+, faster here than best.s own kernel \\(' <<< "$rows" &&
      fail "$bench: a best row that did not run a course version, or failed"
  done ;;
budget) # --time-budget bounds the pick too: once it is spent no more course versions are timed; the
        # versions it counts are the benchmark's course versions less those flagged no_pick (--describe)
  PB_TEST_BEST_PICK=1 "$pb" "${run[@]}" --time-budget 0.000001 > /dev/null 2> err.txt ||
    fail "exit status $?: $(cat err.txt)"
  [ "$(best_notes | grep -Ec $'^PASS\t.*best.s own kernel; the pick timed 0 of [1-9][0-9]* course versions within --time-budget')" = 8 ] ||
    fail "best rows: $(best_notes)"
  libexec=$(dirname "$(command -v "$pb" || echo "$pb")")/../libexec/portbench
  for b in dmvm reduce; do
    want=$("$libexec/pb-omp-clang-19" --describe |
           jq --arg b $b '[.backends[] | select(.name == "omp") | .variants[] |
                          select(.bench == $b and .name != "best" and (.flags | index("no_pick") | not))] | length')
    [ "$b" != reduce ] || [ "$("$libexec/pb-omp-clang-19" --describe | jq '[.. | objects | select(.name? == "atomic") |
                                .flags | index("no_pick")] | length')" = 1 ] || fail "reduce's atomic is not flagged no_pick"
    PB_TEST_BEST_PICK=1 "$pb" $b --backend omp --allow-host-fallback --no-baselines --variants best --dtype double \
      --warmup 0 --reps 1 --time-budget 0.000001 --json $b.json --quiet > /dev/null 2> err.txt || fail "$b: $(cat err.txt)"
    got=$(jq -r '.rows[] | select(.variant == "best") | .note' $b.json | sed -n 's/.*the pick timed 0 of \([0-9]*\) course.*/\1/p')
    [ "$got" = "$want" ] || fail "$b: the pick counts $got course versions, --describe has $want to pick from"
  done ;;
off)    # no pick on the host, nor under PB_TUNE
  "$pb" "${run[@]}" > /dev/null 2> err.txt || fail "exit status $?: $(cat err.txt)"
  grep -q "faster here" <<< "$(best_notes)" && fail "a pick on the host: $(best_notes)"
  PB_TEST_BEST_PICK=1 PB_TUNE='rows=1' "$pb" "${run[@]}" > /dev/null 2> err.txt || fail "exit status $?: $(cat err.txt)"
  grep -q "faster here" <<< "$(best_notes)" && fail "a pick under PB_TUNE: $(best_notes)"
  [ "$(best_notes | grep -c '^PASS')" = 8 ] || fail "best rows: $(best_notes)" ;;
*)
  echo "unknown case $case" >&2
  exit 2 ;;
esac
exit 0
