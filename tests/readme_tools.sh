#!/usr/bin/env bash
# readme_tools.sh PORTBENCH README TOOL... - the README's "Comparing and tracking results"
# section names every results tool and every option its help prints (help and README are
# written from one table in tools/; this keeps the prose in step with it).
set -euo pipefail
pb=$1 readme=$2
shift 2
section=$(awk '/^## Comparing and tracking results/ { on = 1; print; next } on && /^## / { exit } on' "$readme")
[ -n "$section" ] || { echo "README lacks the section '## Comparing and tracking results'"; exit 1; }
missing=0
for tool in "$@"; do
  grep -qF -- "portbench $tool" <<<"$section" || { echo "README section lacks 'portbench $tool'"; missing=1; }
  help=$("$pb" help "$tool")
  for opt in $(grep -oE '^  (-[a-z], )?--[a-z][a-z-]*' <<<"$help" | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
    [ "$opt" = --help ] && continue
    grep -qF -- "$opt" <<<"$section" || { echo "README section lacks '$opt' of 'portbench $tool'"; missing=1; }
  done
done
exit $missing
