#!/usr/bin/env bash
# readme_columns.sh PORTBENCH PAGE - the page that documents the CSV columns (docs/columns.md)
# lists every column exactly as `portbench columns` defines it.
set -euo pipefail
pb=$1 page=$2
missing=0
while IFS= read -r line; do
  grep -qxF -- "$line" "$page" || { echo "$page lacks: $line"; missing=1; }
done < <("$pb" columns | grep '^| `')
exit $missing
