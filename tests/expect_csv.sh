#!/usr/bin/env bash
# expect_csv.sh CSV STATUS COUNT [COLUMN=VALUE]...
# Passes when exactly COUNT data rows of CSV have verified == STATUS and no row has any
# other status; COLUMN=VALUE pairs must hold on every row. Guards the correctness
# tests against passing by skipping everything.
set -euo pipefail
csv=$1 status=$2 count=$3
shift 3
awk -F, -v want="$status" -v count="$count" -v conds="$*" '
NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; n = split(conds, c, " "); next }
{
  if ($col["verified"] != want) { printf "row %d: verified=%s (want %s): %s\n", NR, $col["verified"], want, $0; bad = 1 }
  for (k = 1; k <= n; ++k) { split(c[k], kv, "="); if ($col[kv[1]] != kv[2]) { printf "row %d: %s=%s (want %s)\n", NR, kv[1], $col[kv[1]], kv[2]; bad = 1 } }
  rows++
}
END {
  if (rows != count) { printf "%d rows, expected %d\n", rows, count; bad = 1 }
  exit bad
}' "$csv"
