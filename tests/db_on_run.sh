#!/usr/bin/env bash
# db_on_run.sh PORTBENCH OUT_DIR: `--db FILE` on a benchmark run (issue 24 item 3). A run is
# imported into the store as it ends; its CSV imported afterwards adds nothing (the same run);
# a second run adds one; a store that cannot take the run is refused before anything is
# measured (exit 2, no results file).
set -euo pipefail
pb=$1 out=$2
rm -rf "$out" && mkdir -p "$out"
fail() { echo "FAIL: $*"; exit 1; }
count() { "$pb" db info --db "$out/s.db" | awk -v k="$1" '$1 == k { print $2 }'; }
"$pb" dmvm --backend cpu --nx 64 --reps 2 --db "$out/s.db" --csv "$out/a.csv" > "$out/run1.txt" 2>&1 || fail "run 1: $(cat "$out/run1.txt")"
grep -q "stored the run in $out/s.db (run 1, 2 rows)" "$out/run1.txt" || fail "run 1 did not say where it was stored"
[ "$(count runs)" = 1 ] && [ "$(count rows)" = 2 ] || fail "after run 1: $("$pb" db info --db "$out/s.db")"
"$pb" db import --db "$out/s.db" "$out/a.csv" > "$out/import.txt" 2>&1 || fail "import: $(cat "$out/import.txt")"
grep -q "0 runs added" "$out/import.txt" || fail "the run's own CSV was imported again: $(cat "$out/import.txt")"
"$pb" dmvm --backend cpu --nx 64 --reps 2 --db "$out/s.db" -q > /dev/null 2>&1 || fail "run 2"
[ "$(count runs)" = 2 ] || fail "after run 2: $("$pb" db info --db "$out/s.db")"
echo "not a database" > "$out/text.db"
for bad in "$out/text.db" "$out"; do
  rc=0
  "$pb" dmvm --backend cpu --nx 64 --db "$bad" --csv "$out/bad.csv" > "$out/bad.txt" 2>&1 || rc=$?
  [ $rc = 2 ] || fail "--db $bad: exit $rc, want 2: $(cat "$out/bad.txt")"
  [ ! -e "$out/bad.csv" ] || fail "--db $bad: measured anyway"
  [ "$(wc -l < "$out/bad.txt")" = 1 ] || fail "--db $bad: not one line: $(cat "$out/bad.txt")"
done
grep -q "not an SQLite database" <("$pb" dmvm --backend cpu --nx 64 --db "$out/text.db" 2>&1) || fail "no reason given"
echo "db_on_run: ok"
