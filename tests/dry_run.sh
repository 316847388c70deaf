#!/usr/bin/env bash
# dry_run.sh PORTBENCH WORKDIR
# `portbench BENCH ... --dry-run` prints the plan (harness/rows/pb_plan.h) and measures nothing:
# exit 0, no CSV, JSON or meta.json written although asked for, and a plan that a worker
# would read (format, version). Then the same request runs for real: every row it reports
# is one item of the plan, and every item is one row (counts come from the plan, none are
# written here), including the SKIP rows of a worker that is not there, and the progress
# lines ("running pb-cpu: rows 9-16 of 32") count the plan's rows, each once.
set -uo pipefail
pb=$1 work=$2
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || exit 1
args=(reduce --n 1000,4097 --block 64,128 --dtype int,double --variants k0,k3 --backend cpu,omp@clang-19,cub
      --allow-host-fallback --warmup 0 --reps 1 --max-noise off --time-budget 0)

"$pb" "${args[@]}" --quiet --csv "$work/dry.csv" --json "$work/dry.json" --dry-run > "$work/plan.json" 2> "$work/dry.err"
rc=$?
[ "$rc" = 0 ] || fail "--dry-run: exit status $rc: $(cat "$work/dry.err")"
for f in dry.csv dry.csv.meta.json dry.json; do
    [ ! -e "$work/$f" ] || fail "--dry-run wrote $f"
done

"$pb" "${args[@]}" --csv "$work/rows.csv" > /dev/null 2> "$work/run.err"
rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "the run: exit status $rc: $(cat "$work/run.err")"

python3 - "$work/plan.json" "$work/rows.csv" "$work/run.err" <<'EOF' || exit 1
import collections, csv, json, sys
plan = json.load(open(sys.argv[1]))
if plan.get("format") != "portbench.plan" or plan.get("version") != 1:
    sys.exit("FAIL: not a version 1 plan: %r %r" % (plan.get("format"), plan.get("version")))
backends = {b["id"]: b for b in plan["backends"]}
want, ids = collections.Counter(), []
for c in plan["cases"]:
    params = ";".join("%s=%d" % kv for kv in c["params"].items())
    for it in c["items"]:
        ids.append(it["id"])
        b = backends[it["backend"]]
        tc = b["id"].split("@", 1)[1] if "@" in b["id"] else ""
        want[(b["name"], tc, it["variant"], c["dtype"], str(c["n"]), params)] += 1
if sorted(ids) != list(range(len(ids))):
    sys.exit("FAIL: the item ids are not 0..%d once each" % (len(ids) - 1))
got = collections.Counter()
verdicts = collections.Counter()
for r in csv.DictReader(open(sys.argv[2])):
    tc = r["toolchain"] if r["backend"] == "omp" else ""
    got[(r["backend"], tc, r["variant"], r["dtype"], r["size"], r["params"])] += 1
    verdicts[r["verified"]] += 1
if got != want:
    sys.exit("FAIL: the run's rows are not the plan's items:\n  only in the plan: %s\n  only in the run: %s"
             % (sorted(want - got), sorted(got - want)))
if not verdicts["PASS"] or not verdicts["SKIP"]:
    sys.exit("FAIL: expected PASS rows (cpu, omp) and SKIP rows (cub without a GPU): %s" % dict(verdicts))
import re
spans = [tuple(map(int, m.groups())) for m in re.finditer(r"running pb-\S+: rows (\d+)-(\d+) of (\d+)", open(sys.argv[3]).read())]
covered = sorted(n for a, b, total in spans for n in range(a, b + 1))
# a worker that is not there does not run: its rows (SKIP) have no line
if (not spans or any(total != len(ids) for _, _, total in spans) or len(set(covered)) != len(covered) or
        not set(covered) <= set(range(1, len(ids) + 1)) or len(covered) < verdicts["PASS"]):
    sys.exit("FAIL: the progress lines do not cover the measured rows of 1-%d once: %s" % (len(ids), spans))
print("ok: %d items, %d rows (%s)" % (len(ids), sum(got.values()), dict(verdicts)))
EOF
