#!/usr/bin/env bash
# channel.sh PORTBENCH WORKDIR CASE
# The driver and its workers, as a user sees them: every requested row comes back once, as
# PASS, FAIL or SKIP with a note that says why; nothing vanishes, nothing foreign is taken,
# nothing is waited for forever. Each CASE is one defect, reproduced with the worker test
# hooks (harness/worker/worker.c) or a fake worker (a shell script in place of pb-cpu that runs
# the real one, renamed, and damages what it says). A worker runs `pb-cpu PLAN ROWS` (or
# `pb-cpu --describe`) and writes JSON Lines to ROWS: a hello line, a line per backend (one
# here: cpu), a line per row, an end line (docs/channel.md); edits pick lines with jq.
set -uo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
. "$here/case_lib.sh"
cpu=(dmvm --backend cpu --no-baselines --reps 1 --warmup 0 --quiet)

# A copy of the workers with pb-cpu (or the worker $1) replaced by the script on stdin; the
# real one is lx/real-pb-cpu, and the script sees it as $real.
fake() {
  local w=${1:-pb-cpu}
  worker_links lx
  mv "lx/$w" "lx/real-$w"
  { printf '#!/bin/sh\nreal=%s/lx/real-%s\n' "$work" "$w"; cat; } > "lx/$w"
  chmod +x "lx/$w"
  export PORTBENCH_LIBEXEC=$work/lx
}
# The driver's rows and exit status: every row FAIL, `n` of them, each note holding `why`.
expect_fail_rows() {
  local rc=$1 n=$2 why=$3
  [ "$rc" -eq 1 ] || fail "exit status $rc, expected 1: $(cat err.txt)"
  [ "$(col out.csv verified | grep -c FAIL)" = "$n" ] && [ "$(col out.csv verified | wc -l)" = "$n" ] ||
    fail "rows: $(col out.csv verified | tr '\n' ' ')"
  [ "$(grep -cF -- "$why" out.csv)" = "$n" ] || fail "notes lack '$why': $(col out.csv note | sort -u)"
}
# Stopped by a signal: rows so far kept (none here), meta incomplete, nothing left behind.
expect_interrupted() {
  local rc=$1 want=$2 name=$3
  [ "$rc" -eq "$want" ] || fail "exit status $rc, expected $want: $(cat err.txt)"
  [ "$(col out.csv verified | grep -c .)" = 0 ] || fail "rows written: $(col out.csv verified | tr '\n' ' ') $(col out.csv note)"
  [ "$(jq .complete out.csv.meta.json)" = false ] || fail "meta: complete is not false"
  [ "$(jq -r .interrupted_by out.csv.meta.json)" = "$name" ] || fail "meta: interrupted_by $(jq .interrupted_by out.csv.meta.json)"
  [ -z "$(ls tmp)" ] || fail "temporary files left: $(ls tmp)"
  sleep 0.3
  pgrep -f "$work/" > /dev/null && fail "a worker is still running: $(pgrep -af "$work/")"
  grep -q "interrupted ($name)" err.txt || fail "stderr: $(cat err.txt)"
}

case $case in
listing_empty|listing_garbage|listing_no_backend) # an unreadable --describe: FAIL rows, not a vanished backend
  case $case in
  listing_empty)      list='exit 0' why='pb-cpu: unreadable variant listing: no variants' ;;
  listing_garbage)    list='echo garbage' why='pb-cpu: unreadable variant listing: not a JSON object' ;;
  listing_no_backend) list='"$real" --describe | jq "del(.backends[] | select(.name == \"cpu\"))"'
    why='unreadable variant listing: no variant of backend cpu' ;;
  esac
  fake <<EOF
if [ "\$1" = --describe ]; then $list; exit 0; fi
exec "\$real" "\$@"
EOF
  "$pb" "${cpu[@]}" --nx 8,16 --csv out.csv > /dev/null 2> err.txt
  expect_fail_rows $? 2 "$why"
  grep -qF "$why" err.txt || fail "stderr: $(cat err.txt)" ;;
foreign_row|second_row) # a row nobody asked for, or one twice: refused, named, the output damaged
  if [ "$case" = foreign_row ]; then edit='.id = 999' want='refused a row nobody asked for: id 999: dmvm cpu baseline double nx=16'
  else edit='.' want='refused a second row for the same item: id 1: dmvm cpu baseline double nx=16'; fi
  # the last row once more (edited), before the end line
  fake <<EOF
"\$real" "\$@"; rc=\$?
[ -f "\${2:-}" ] || exit \$rc
end=\$(tail -n 1 "\$2") last=\$(jq -c 'select(.t == "row")' "\$2" | tail -n 1)
sed -i '\$ d' "\$2"
printf '%s\n' "\$last" | jq -c '$edit' >> "\$2"
printf '%s\n' "\$end" >> "\$2"
exit \$rc
EOF
  "$pb" "${cpu[@]}" --nx 8,16 --csv out.csv > /dev/null 2> err.txt
  rc=$?
  [ $rc -eq 1 ] || fail "exit status $rc, expected 1"
  [ "$(col out.csv verified | tr '\n' ' ')" = "PASS PASS " ] || fail "rows: $(col out.csv verified | tr '\n' ' ')"
  [ "$(col out.csv size | tr '\n' ' ')" = "8 16 " ] || fail "sizes: $(col out.csv size | tr '\n' ' ')"
  grep -qF "$want" err.txt || fail "stderr does not name the row: $(cat err.txt)"
  grep -qF "pb-cpu wrote damaged results: pb-cpu.rows.jsonl:5:" err.txt || fail "not counted as damaged: $(cat err.txt)" ;;
pass_without_time) # a PASS row whose time is 0: refused, and the row it stood for is FAIL
  fake <<'EOF'
"$real" "$@"; rc=$?
[ -f "${2:-}" ] && jq -c 'if .t == "row" and .id == 1 then .time_median_s = 0 else . end' "$2" > "$2.x" && mv "$2.x" "$2"
exit $rc
EOF
  "$pb" "${cpu[@]}" --nx 8,16 --csv out.csv > /dev/null 2> err.txt
  rc=$?
  [ $rc -eq 1 ] || fail "exit status $rc, expected 1"
  [ "$(col out.csv verified | tr '\n' ' ')" = "PASS FAIL " ] || fail "rows: $(col out.csv verified | tr '\n' ' ')"
  grep -qF "refused a PASS row without a time: id 1: dmvm cpu baseline double nx=16" err.txt || fail "stderr: $(cat err.txt)"
  grep -qF "pb-cpu wrote damaged results: pb-cpu.rows.jsonl:4: a PASS row without a time" out.csv ||
    fail "note: $(col out.csv note)" ;;
damaged_number|damaged_line) # a damaged rows stream: the rows it owes become FAIL naming file and line
  why="pb-cpu wrote damaged results: pb-cpu.rows.jsonl:4: " # the second row (id 1)
  if [ "$case" = damaged_number ]; then edit='tojson | sub("\"time_median_s\":[^,]*"; "\"time_median_s\":\"x\"")'
    why+="column 'time_median_s': not a number"
  else edit='"{\"t\":\"row\",\"id\":1,"' why+='not a JSON object'; fi
  fake <<EOF
"\$real" "\$@"; rc=\$?
[ -f "\${2:-}" ] && jq -r 'if .t == "row" and .id == 1 then $edit else tojson end' "\$2" > "\$2.x" && mv "\$2.x" "\$2"
exit \$rc
EOF
  "$pb" "${cpu[@]}" --nx 8,16,24 --csv out.csv > /dev/null 2> err.txt
  rc=$?
  [ $rc -eq 1 ] || fail "exit status $rc, expected 1"
  [ "$(col out.csv verified | tr '\n' ' ')" = "PASS FAIL FAIL " ] || fail "rows: $(col out.csv verified | tr '\n' ' ')"
  [ "$(grep -cF -- "$why" out.csv)" = 2 ] || fail "notes: $(cut -d, -f46 out.csv)"
  grep -qF "$why" err.txt || fail "stderr: $(cat err.txt)" ;;
startup_hang_list|startup_hang_run) # a worker stuck at start-up is killed after the bound, its rows FAIL
  if [ "$case" = startup_hang_list ]; then body='exec sleep 60'
  else body='if [ "$1" = --describe ]; then exec "$real" --describe; fi; exec sleep 60'; fi
  fake <<< "$body"
  start=$(date +%s)
  PORTBENCH_STARTUP_TIMEOUT=1 "$pb" "${cpu[@]}" --nx 8,16 --csv out.csv > /dev/null 2> err.txt
  rc=$?
  [ $(($(date +%s) - start)) -lt 20 ] || fail "took $(($(date +%s) - start)) s"
  expect_fail_rows $rc 2 "pb-cpu did not start within 1 s"
  sleep 0.3
  pgrep -f "$work/" > /dev/null && fail "the worker is still running" ;;
startup_not_measurement) # the bound is on the start-up only: a slow measurement is never cut
  PORTBENCH_STARTUP_TIMEOUT=1 PB_TEST_ROW_DELAY_MS=1500 "$pb" "${cpu[@]}" --nx 8,16 --csv out.csv > /dev/null 2> err.txt ||
    fail "exit status $?: $(cat err.txt)"
  [ "$(col out.csv verified | tr '\n' ' ')" = "PASS PASS " ] || fail "rows: $(col out.csv verified | tr '\n' ' ')" ;;
sigint_listing|sigint_startup) # Ctrl-C while a worker starts: the interrupt semantics, not "crashed" rows
  if [ "$case" = sigint_listing ]; then body='exec sleep 60'
  else body='if [ "$1" = --describe ]; then exec "$real" --describe; fi; exec sleep 60'; fi
  fake <<< "$body"
  "$pb" "${cpu[@]}" --nx 8,16 --csv out.csv > /dev/null 2> err.txt &
  pid=$!
  for _ in $(seq 100); do pgrep -x sleep -P $pid > /dev/null && break; sleep 0.1; done # the worker started
  kill -INT $pid
  wait $pid
  expect_interrupted $? 130 SIGINT ;;
sighup) # a closed terminal stops the run as SIGTERM does: rows so far kept, exit 129
  PB_TEST_ROW_DELAY_MS=400 "$pb" "${cpu[@]:0:8}" --nx 8,16,24,32,40,48,56,64,72,80 --csv out.csv > /dev/null 2> err.txt &
  pid=$!
  for _ in $(seq 100); do [ "$(grep -c ': PASS\|, PASS' err.txt)" -ge 2 ] && break; sleep 0.1; done # two rows measured
  kill -HUP $pid
  wait $pid
  rc=$?
  [ $rc -eq 129 ] || fail "exit status $rc, expected 129"
  n=$(col out.csv verified | grep -c PASS)
  [ "$n" -ge 2 ] && [ "$n" -lt 10 ] || fail "$n rows kept"
  [ "$(col out.csv verified | grep -vc PASS)" = 0 ] || fail "unmeasured rows were written"
  [ "$(jq -r .interrupted_by out.csv.meta.json)" = SIGHUP ] || fail "meta: $(jq .interrupted_by out.csv.meta.json)"
  [ -z "$(ls tmp)" ] || fail "temporary files left: $(ls tmp)"
  sleep 0.3
  pgrep -f "$work/tmp" > /dev/null && fail "a worker is still running"
  grep -q "interrupted (SIGHUP)" err.txt || fail "stderr: $(cat err.txt)" ;;
sighup_nohup) # under nohup (SIGHUP ignored from the start) a hangup does not stop the run
  PB_TEST_ROW_DELAY_MS=300 nohup "$pb" "${cpu[@]}" --nx 8,16,24,32 --csv out.csv < /dev/null > /dev/null 2> err.txt &
  pid=$!
  sleep 0.5
  kill -HUP $pid
  wait $pid || fail "exit status $?: $(cat err.txt)"
  [ "$(col out.csv verified | grep -c PASS)" = 4 ] || fail "rows: $(col out.csv verified | tr '\n' ' ')" ;;
disk_full_rows|disk_full_stdout) # a worker that cannot write its rows says so, and the rows carry it
  if [ "$case" = disk_full_rows ]; then run='exec "$real" "$1" /dev/full' file=/dev/full
  else run='exec "$real" "$1" - > /dev/full' file='standard output'; fi
  fake <<EOF
if [ "\$1" = --describe ]; then exec "\$real" --describe; fi
$run
EOF
  "$pb" "${cpu[@]}" --nx 8,16 --csv out.csv > /dev/null 2> err.txt
  expect_fail_rows $? 2 "pb-cpu: cannot write $file: No space left on device"
  grep -q "exited with status 3: pb-cpu: cannot write $file: No space left on device" err.txt ||
    fail "stderr: $(cat err.txt)" ;;
reproduce) # a crashing worker: its plan kept, one line that reruns it without the driver, which does
  PB_TEST_CRASH_AFTER=1 "$pb" "${cpu[@]}" --nx 8,16,24 --csv out.csv > /dev/null 2> err.txt
  rc=$?
  [ $rc -eq 1 ] || fail "exit status $rc, expected 1"
  [ "$(grep -c 'reproduce:' err.txt)" = 1 ] || fail "not one reproduce line: $(cat err.txt)"
  cmd=$(sed -n 's/^portbench: reproduce: //p' err.txt)
  worker=${cmd%% *} plan=${cmd#* }
  [ "$worker" -ef "$(dirname "$pb")/../libexec/portbench/pb-cpu" ] || fail "not the worker: $cmd"
  case $plan in "$TMPDIR"/portbench-pb-cpu-*.plan.json) ;; *) fail "the plan is not kept in TMPDIR: $cmd" ;; esac
  [ -f "$plan" ] || fail "no plan at $plan"
  $cmd > rows.jsonl 2> err2.txt || fail "the rerun: exit status $?: $(cat err2.txt)"
  [ "$(jq -c 'select(.t == "row") | [.id, .size, .verified]' rows.jsonl | tr '\n' ' ')" = \
    '[0,8,"PASS"] [1,16,"PASS"] [2,24,"PASS"] ' ] || fail "rows: $(cat rows.jsonl)"
  [ "$(jq -c 'select(.t == "end")' rows.jsonl)" = '{"t":"end","rows":3,"failed":0}' ] || fail "end: $(tail -1 rows.jsonl)" ;;
reproduce_disk_full) # a plan that cannot be kept whole (a full disk) is not kept in part, nor named
  if [ "$(id -u)" = 0 ]; then ns=(unshare -m); else ns=(unshare -rm); fi
  "${ns[@]}" true 2> /dev/null || skip "no private mount namespace for a small tmpfs"
  # the worker fills TMPDIR's disk, leaving no page or one (less than the plan: a copy cut
  # short), and exits early: its rows FAIL and the driver tries to keep its plan; or the
  # disk is full before the run (start): the plan is never written whole, nothing to keep
  fake <<'EOF'
if [ "$1" = --describe ]; then exec "$real" --describe; fi
dd if=/dev/zero of="$TMPDIR/fill" bs=4k 2> /dev/null
if [ "$LEFT" = 1 ]; then truncate -s -4096 "$TMPDIR/fill"; fi
exit 3
EOF
  sizes=$(seq -s, 8 8 800) # a plan of 100 cases, some 13 KB: more than the page left
  for left in 0 1 start; do
    rm -f rc.txt
    LEFT=$left "${ns[@]}" sh -c 'mount -t tmpfs -o size=256k none "$TMPDIR" &&
      if [ "$LEFT" = start ]; then dd if=/dev/zero of="$TMPDIR/fill" bs=4k 2> /dev/null; fi;
      "$0" "$@" > /dev/null 2> err.txt; echo $? > rc.txt; ls -A "$TMPDIR" > left.txt' \
      "$pb" "${cpu[@]}" --nx "$sizes" --csv out.csv 2> ns_err.txt
    [ -s rc.txt ] || skip "cannot mount a tmpfs: $(cat ns_err.txt)"
    if [ $left = start ]; then
      expect_fail_rows "$(cat rc.txt)" 100 "cannot write pb-cpu.plan.json: No space left on device"
      ! grep -q 'keep the plan' err.txt || fail "disk full at the start: a plan never written is kept: $(cat err.txt)"
    else
      expect_fail_rows "$(cat rc.txt)" 100 "not measured: pb-cpu exited with status 3"
      grep -q "cannot keep the plan of pb-cpu in $TMPDIR/portbench-pb-cpu-[0-9]*.plan.json: No space left on device" \
        err.txt || fail "$left page(s) free: stderr: $(cat err.txt)"
    fi
    ! grep -q 'reproduce:' err.txt || fail "$left page(s) free: a plan that is not whole named: $(cat err.txt)"
    ! grep -q 'plan.json' left.txt || fail "$left page(s) free: left in TMPDIR: $(cat left.txt)"
  done ;;
tune_note_cut|tune_not_applied) # tune reads whether a row ran its candidate's shape from the record's
  # facts (shape_source), not from the note's words: a note cut before the shape (or that never
  # says PB_TUNE) still counts, and a note that says PB_TUNE with a shape from the table does not
  "$pb" list | awk '$1 == "omp@clang-19" && $4 == "built" { f = 1 } END { exit !f }' ||
    skip "no clang-19 OpenMP worker in this build"
  if [ "$case" = tune_note_cut ]; then edit='.note = "OpenMP target region ran on the host (no GPU); best"'
  else edit='.shape_source = "table"'; fi
  fake pb-omp-clang-19 <<EOF
"\$real" "\$@"; rc=\$?
[ -f "\${2:-}" ] && jq -c 'if .t == "row" then $edit else . end' "\$2" > "\$2.x" && mv "\$2.x" "\$2"
exit \$rc
EOF
  "$pb" tune fill --backend omp --allow-host-fallback --n 1001 --reps 1 --warmup 0 --quiet > out.txt 2> err.txt
  rc=$?
  if [ "$case" = tune_note_cut ]; then
    [ $rc -eq 0 ] || fail "exit status $rc, expected 0: $(head -c 600 err.txt)"
    grep -q '{"fill", "best", "omp", "clang", "[*]", 0, {' out.txt || fail "no table row: $(cat out.txt)"
  else
    [ $rc -eq 1 ] || fail "exit status $rc, expected 1: $(cat out.txt)"
    grep -q 'the shape override was not applied (shape_source table): .*from PB_TUNE=' err.txt ||
      fail "stderr: $(head -c 600 err.txt)"
    ! grep -q '{"fill", "best", "omp", "clang"' out.txt || fail "a table row from shapes that did not run: $(cat out.txt)"
  fi ;;
host_alloc|backend_alloc) # a failed allocation is a FAIL that says whose memory, not a SKIP
  if [ "$case" = host_alloc ]; then export PB_TEST_FAIL_HOST_ALLOC=1 why='host allocation of 512 bytes for mat failed'
  else export PB_TEST_FAIL_BACKEND_ALLOC=1 why='host allocation of 512 bytes for mat failed (cpu backend)'; fi
  "$pb" "${cpu[@]}" --nx 8 --csv out.csv > /dev/null 2> err.txt
  rc=$?
  [ "$rc" -eq 1 ] || fail "exit status $rc, expected 1"
  [ "$(col out.csv verified)" = FAIL ] || fail "rows: $(col out.csv verified | tr '\n' ' ')"
  [ "$(col out.csv note)" = "$why" ] || fail "note: $(col out.csv note)" ;;
ranksort_baseline) # rank sort's n^2 CPU baseline: skipped with the estimate when it joined, run when named
  "$pb" ranksort --n 2^19 --reps 1 --warmup 0 --quiet --csv out.csv > /dev/null 2> err.txt || fail "exit status $?"
  row=$(grep '^ranksort,baseline,cpu,' out.csv)
  [[ $row == *",SKIP,"* ]] || fail "the joined baseline ran: $row"
  [[ $row == *"n^2 = 2.7e+11 comparisons"*"a run on"*"--backend cpu runs it anyway"* ]] || fail "note: $row"
  "$pb" ranksort --backend cpu --no-baselines --n 2^19 --reps 1 --warmup 0 --csv out2.csv > /dev/null 2> err2.txt &
  pid=$!
  for _ in $(seq 100); do grep -q "running it, as --backend cpu asks" err2.txt && break; sleep 0.1; done
  kill -TERM $pid
  wait $pid
  rc=$?
  grep -q "running it, as --backend cpu asks" err2.txt || fail "named, yet not run: $(cat err2.txt)"
  [ $rc -eq 143 ] || fail "exit status $rc" ;;
*) fail "unknown case $case" ;;
esac
echo "ok: $case"
