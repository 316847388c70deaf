#!/usr/bin/env bash
# progress.sh PORTBENCH WORKDIR CASE
# A run's progress on stderr (driver/pb_progress.h): rows done of the plan's total with an
# estimate of the time left. The rows are slowed down (PB_TEST_ROW_DELAY_MS) and the plain
# lines' interval shortened (PORTBENCH_PROGRESS_INTERVAL) so that a short run prints
# several; the total comes from the plan (--dry-run), no count is written here.
#   plain  stderr a file: at least two lines, counts that only grow, each with the plan's
#          total and its percentage, the last one saying all rows are done
#   quiet  --quiet: no progress line
#   tty    stderr a terminal (script): one line drawn in place, never left on the screen
#          nor mixed into a worker's line
#   interrupted  SIGINT: the rows not measured are not done
#   gpus   --gpu all (fake GPUs): each GPU's run prints its own plain lines behind its prefix
set -uo pipefail
pb=$1 work=$2/$3 case=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || exit 1
cd "$work" || exit 1
export PORTBENCH_PROGRESS_INTERVAL=0.2 PB_TEST_ROW_DELAY_MS=200
# cpu rows, and the CUDA worker's (measured, or SKIP: not built, or no GPU) count alike
args=(stream --backend cpu --n 2^10:2^17:x2 --dtype float,double --warmup 0 --reps 2 --max-noise off)

# the rows of the plan: its items
total=$("$pb" "${args[@]}" --dry-run 2> /dev/null | jq '[.cases[].items[]] | length') ||
    fail "--dry-run: no plan"
[ "$total" -gt 0 ] 2> /dev/null || fail "--dry-run: no rows in the plan ($total)"

# check_plain FILE TOTAL [PREFIX]: the progress lines of FILE
check_plain() {
    python3 - "$@" <<'EOF'
import re, sys
text, total = open(sys.argv[1]).read(), int(sys.argv[2])
prefix = sys.argv[3] if len(sys.argv) > 3 else ""
pat = re.compile(r"^" + re.escape(prefix) + r"portbench: (\d+) of (\d+) rows \((\d+)%\), (.*)$")
lines = [m for m in map(pat.match, text.splitlines()) if m]
if len(lines) < 2:
    sys.exit("FAIL: %d progress line(s), expected at least 2:\n%s" % (len(lines), text))
last = 0
for m in lines:
    done, tot, pct = int(m[1]), int(m[2]), int(m[3])
    if tot != total:
        sys.exit("FAIL: %r: the total is not the plan's %d rows" % (m[0], total))
    if done < last or done > tot or pct != 100 * done // tot:
        sys.exit("FAIL: %r: a count that goes back, or a wrong percentage" % m[0])
    last = done
if not re.fullmatch(r"all done in [0-9.]+ s", lines[-1][4]) or int(lines[-1][1]) != total:
    sys.exit("FAIL: the last progress line does not say all %d rows are done: %r" % (total, lines[-1][0]))
if [l for l in text.splitlines() if "\r" in l]:
    sys.exit("FAIL: a carriage return in the plain form")
EOF
}

case $case in
plain)
    "$pb" "${args[@]}" > out.txt 2> err.txt || fail "exit status $?: $(tail -3 err.txt)"
    check_plain err.txt "$total" || exit 1
    grep -q "left$" err.txt || fail "no estimate of the time left: $(grep rows err.txt)"
    # the last progress line is the run's last line on stderr
    last=$(tail -1 err.txt)
    [[ $last == "portbench: $total of $total rows (100%), all done in "* ]] ||
        fail "the run did not end with its progress: $(tail -2 err.txt)" ;;
quiet)
    "$pb" "${args[@]}" --quiet > out.txt 2> err.txt || fail "exit status $?: $(tail -3 err.txt)"
    ! grep -q "rows (" err.txt || fail "--quiet printed progress: $(grep 'rows (' err.txt)" ;;
tty)
    command -v script > /dev/null || { echo "SKIP: no script (bsdutils)"; exit 0; }
    # stdout away: what reaches the terminal is stderr only
    script -qec "$(printf '%q ' "$pb" "${args[@]}") > out.txt" /dev/null < /dev/null > term.raw ||
        fail "exit status $?: $(tail -c 300 term.raw)"
    python3 - term.raw "$total" <<'EOF' || exit 1
import re, sys
raw, total = open(sys.argv[1], "rb").read().decode(), int(sys.argv[2])
drawn = re.findall(r"\rportbench: (\d+) of (\d+) rows", raw)
if len(drawn) < 2 or any(int(t) != total for _, t in drawn):
    sys.exit("FAIL: no line drawn in place with the plan's %d rows: %r" % (total, raw[-400:]))
# the screen as a terminal leaves it: \r returns to the line's start, later text overwrites
screen, line, col = [], [], 0
for ch in raw:
    if ch == "\r":
        col = 0
    elif ch == "\n":
        screen.append("".join(line).rstrip()); line, col = [], 0
    else:
        line[col:col + 1] = [ch]; col += 1
screen.append("".join(line).rstrip())
left = [l for l in screen if re.search(r"rows \(\d+%\)", l)]
if left:
    sys.exit("FAIL: progress left on the screen: %r" % left)
rows = [l for l in screen if "[cpu(" in l]
bad = [l for l in rows if not l.startswith("  [cpu(")]
if len(rows) < 2 or bad:
    sys.exit("FAIL: a worker's line mixed with the progress line: %r (of %d)" % (bad, len(rows)))
EOF
    ;;
interrupted)
    "$pb" "${args[@]}" > out.txt 2> err.txt &
    pid=$!
    for _ in $(seq 100); do grep -q "rows (" err.txt && break; sleep 0.1; done
    kill -INT $pid
    wait $pid
    rc=$?
    [ "$rc" = 130 ] || fail "exit status $rc after SIGINT, expected 130"
    grep -q "rows (" err.txt || fail "no progress line before the interruption"
    ! grep -q "all done" err.txt || fail "an interrupted run said all rows are done: $(grep 'all done' err.txt)" ;;
gpus)
    PB_TEST_FAKE_GPUS=2 "$pb" "${args[@]}" --gpu all > out.txt 2> err.txt || fail "exit status $?: $(tail -3 err.txt)"
    gtotal=$(PB_TEST_FAKE_GPUS=2 "$pb" "${args[@]}" --gpu 0 --dry-run 2> /dev/null | jq '[.cases[].items[]] | length')
    for g in 0 1; do
        check_plain err.txt "$gtotal" "[gpu $g] " || exit 1
    done
    ! grep -Eq "^portbench: [0-9]+ of" err.txt || fail "a progress line without its GPU: $(grep -E '^portbench: [0-9]+ of' err.txt)" ;;
*)
    fail "unknown case $case" ;;
esac
echo "ok: $case"
