#!/usr/bin/env bash
# failures.sh PORTBENCH WORKDIR CASE
# Results survive failure: each CASE is one defect of the results side, reproduced.
# The worker test hooks (harness/worker/worker.c) make a worker crash, exit early or run
# slowly; PB_TEST_WRITE_DELAY_MS (harness/rows/pb_output.c) holds a file write open.
set -uo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
. "$here/case_lib.sh"
run() { "$pb" "$@" --quiet; }
cpu=(dmvm --backend cpu --no-baselines --reps 1 --warmup 0)

case $case in
worker_exit)   # a worker that exits 1 after two rows: the rest are FAIL, exit 1
  PB_TEST_EXIT_AFTER=2 run "${cpu[@]}" --nx 8,16,24,32 --csv out.csv > table.txt 2> err.txt
  rc=$?
  [ $rc -eq 1 ] || fail "exit status $rc, expected 1"
  [ "$(col out.csv verified | grep -c PASS)" = 2 ] && [ "$(col out.csv verified | grep -c FAIL)" = 2 ] ||
    fail "rows: $(col out.csv verified | tr '\n' ' ')"
  grep -q "not measured: pb-cpu exited with status 1: pb-cpu: test hook: exit after 2 rows" out.csv || fail "no reason in the rows"
  grep -q "2 row(s) not measured" err.txt || fail "stderr: $(cat err.txt)" ;;
worker_crash)  # a worker that crashes: FAIL rows naming the signal
  PB_TEST_CRASH_AFTER=1 run "${cpu[@]}" --nx 8,16,24 --csv out.csv > /dev/null 2>&1
  rc=$?
  [ $rc -eq 1 ] || fail "exit status $rc, expected 1"
  [ "$(col out.csv verified | grep -c FAIL)" = 2 ] || fail "rows: $(col out.csv verified)"
  grep -q "crashed (signal 11)" out.csv || fail "no crash reason" ;;
worker_nostart) # a worker that cannot start: FAIL rows, not SKIP
  worker_links lx && rm lx/pb-cpu
  printf '#!/bin/sh\necho "error while loading shared libraries: libfoo.so" >&2\nexit 127\n' > lx/pb-cpu && chmod +x lx/pb-cpu
  PORTBENCH_LIBEXEC=$work/lx run "${cpu[@]}" --nx 8 --csv out.csv > /dev/null 2> err.txt
  rc=$?
  [ $rc -eq 1 ] || fail "exit status $rc, expected 1"
  [ "$(col out.csv verified)" = FAIL ] || fail "rows: $(col out.csv verified)"
  grep -q "libfoo.so" out.csv || fail "no reason: $(cat out.csv)" ;;
sigint|sigterm) # stopped mid-run: the rows so far kept, meta says incomplete, nothing left behind
  sig=INT want=130
  [ "$case" = sigterm ] && sig=TERM want=143
  PB_TEST_ROW_DELAY_MS=400 "$pb" "${cpu[@]}" --nx 8,16,24,32,40,48,56,64,72,80 --csv out.csv > table.txt 2> err.txt &
  pid=$!
  for _ in $(seq 100); do # wait until two rows are measured (their progress lines)
    [ "$(grep -c ', PASS' err.txt)" -ge 2 ] && break
    sleep 0.1
  done
  kill -$sig $pid
  wait $pid
  rc=$?
  [ $rc -eq $want ] || fail "exit status $rc, expected $want"
  n=$(col out.csv verified | grep -c PASS)
  [ "$n" -ge 2 ] && [ "$n" -lt 10 ] || fail "$n rows kept"
  [ "$(col out.csv verified | grep -vc PASS)" = 0 ] || fail "unmeasured rows were written"
  [ "$(jq .complete out.csv.meta.json)" = false ] || fail "meta: complete is not false"
  [ -z "$(ls tmp)" ] || fail "temporary files left: $(ls tmp)"
  sleep 0.2
  pgrep -f "$work/tmp" > /dev/null && fail "a worker is still running"
  grep -q "interrupted" err.txt || fail "stderr: $(cat err.txt)" ;;
kill_during_write) # a kill while the results are written leaves the old file whole
  run "${cpu[@]}" --nx 8,16 --csv out.csv > /dev/null 2>&1 || fail "first run failed"
  cp out.csv old.csv
  cp out.csv.meta.json old.meta.json
  PB_TEST_WRITE_DELAY_MS=5000 "$pb" "${cpu[@]}" --nx 24,32,40 --csv out.csv --quiet > /dev/null 2>&1 &
  pid=$!
  for _ in $(seq 100); do ls .out.csv.* > /dev/null 2>&1 && break; sleep 0.1; done
  ls .out.csv.* > /dev/null 2>&1 || fail "the write never started"
  kill -9 $pid
  wait $pid 2> /dev/null
  cmp -s out.csv old.csv || fail "out.csv changed"
  cmp -s out.csv.meta.json old.meta.json || fail "meta changed" ;;
concurrent)    # two runs writing one --csv: one complete run's files, never a mix
  PB_TEST_WRITE_DELAY_MS=300 "$pb" "${cpu[@]}" --nx 8,16 --csv out.csv --quiet > /dev/null 2>&1 &
  a=$!
  PB_TEST_WRITE_DELAY_MS=300 "$pb" "${cpu[@]}" --nx 24,32,40 --csv out.csv --quiet > /dev/null 2>&1 &
  b=$!
  wait $a || fail "run a failed"
  wait $b || fail "run b failed"
  sizes=$(col out.csv size | tr '\n' ' ')
  case "$sizes" in
  "8 16 ") want="8,16" ;;
  "24 32 40 ") want="24,32,40" ;;
  *) fail "rows of both runs or a torn file: '$sizes'" ;;
  esac
  [[ $(jq -r .command_line out.csv.meta.json) == *"--nx $want"* ]] || fail "meta.json is of the other run" ;;
long_path)     # a path longer than PATH_MAX is refused before measuring, never cut
  long=$(printf 'd%.0s' $(seq 5000))
  "$pb" "${cpu[@]}" --nx 8 --csv "$long.csv" > /dev/null 2> err.txt
  [ $? -eq 2 ] || fail "exit status not 2"
  grep -q "too long" err.txt || fail "stderr: $(cat err.txt)"
  name=$(printf 'n%.0s' $(seq 250))
  "$pb" "${cpu[@]}" --nx 8 --csv "$name.csv" > /dev/null 2> err.txt
  [ $? -eq 2 ] && grep -q "too long" err.txt || fail "long file name: $(cat err.txt)"
  [ -z "$(ls)" ] || [ "$(ls)" = "err.txt tmp" ] || [ "$(ls | tr '\n' ' ')" = "err.txt tmp " ] || fail "files made: $(ls)" ;;
bad_destinations) # every destination is checked before anything runs
  mkdir adir && touch afile
  for args in "--csv adir" "--csv nodir/x.csv" "--json adir" "--record=afile" "--csv x.csv --json x.csv" \
              "--csv - --json -" "--csv /dev/null"; do
    # shellcheck disable=SC2086
    "$pb" "${cpu[@]}" --nx 8 $args > /dev/null 2> err.txt
    rc=$?
    [ $rc -eq 2 ] || fail "$args: exit status $rc"
    grep -q "running pb-cpu" err.txt && fail "$args: measured before refusing"
  done ;;
long_sweep)    # docs/usage.md's sweep: a size list longer than any fixed buffer
  run stream --backend cpu --no-baselines --reps 1 --warmup 0 --n 2^10:2^20:32/oct --csv out.csv > /dev/null 2>&1
  rc=$?
  [ $rc -eq 0 ] || fail "exit status $rc"
  n=$(col out.csv verified | grep -c PASS)
  [ "$n" -eq 321 ] || fail "$n rows, expected 321" ;;
csv_stdout)    # --csv -: the CSV alone on stdout, the table on stderr
  run "${cpu[@]}" --nx 8,16 --csv - > out.csv 2> err.txt || fail "exit status $?"
  [[ $(head -n 1 out.csv) == benchmark,variant,backend* ]] || fail "stdout is not the CSV: $(head -2 out.csv)"
  [ "$(wc -l < out.csv)" = 3 ] || fail "$(wc -l < out.csv) lines"
  grep -q "rows: 2 passed" err.txt || fail "no table on stderr" ;;
json)          # --json: rows and metadata, numbers as numbers, versioned
  run "${cpu[@]}" --nx 8,16 --dtype float,double --json out.json --csv out.csv > /dev/null 2>&1 || fail "exit $?"
  [ "$(jq .schema_version out.json)" = 1 ] || fail "schema_version"
  [ "$(jq '.rows | length' out.json)" = 4 ] || fail "rows"
  [ "$(jq -r '.rows[0].size | type' out.json)" = number ] || fail "size is not a number"
  [ "$(jq -r '.rows[0].verified' out.json)" = PASS ] || fail "verified"
  [ "$(jq -r '.meta.topology.cores | type' out.json)" = number ] || fail "meta numbers"
  [ "$(jq .schema_version out.csv.meta.json)" = 1 ] && [ "$(jq .complete out.csv.meta.json)" = true ] ||
    fail "meta.json lacks schema_version or complete"
  [ "$(jq -r '.workers["pb-cpu"].toolchain' out.csv.meta.json)" != null ] || fail "worker toolchain" ;;
only_skipped)  # nothing measured the GPU: said on stderr; --fail-on-skip makes it an error
  "$pb" dmvm --backend cuda --no-baselines --nx 8 > /dev/null 2> err.txt
  [ $? -eq 0 ] || fail "exit status without --fail-on-skip"
  grep -q "every row was skipped" err.txt || fail "stderr: $(cat err.txt)"
  "$pb" dmvm --backend cuda --no-baselines --nx 8 --fail-on-skip > /dev/null 2>&1
  [ $? -eq 1 ] || fail "--fail-on-skip did not exit 1" ;;
*) fail "unknown case $case" ;;
esac
echo "ok: $case"
