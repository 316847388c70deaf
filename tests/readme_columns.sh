#!/usr/bin/env bash
# The README documents every CSV column exactly as `portbench columns` defines it.
set -euo pipefail
pb=$1 readme=$2
missing=0
while IFS= read -r line; do
  grep -qxF -- "$line" "$readme" || { echo "README lacks: $line"; missing=1; }
done < <("$pb" columns | grep '^| `')
exit $missing
