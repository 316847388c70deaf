#!/usr/bin/env bash
# readme_tools.sh PORTBENCH PAGE TOOL... - the "Comparing and tracking results" section of PAGE
# (docs/results-tools.md) names every results tool and every option its help prints (help and
# page are written from one table in tools/; this keeps the prose in step with it).
set -euo pipefail
pb=$1 page=$2
shift 2
section=$(awk '/^## Comparing and tracking results/ { on = 1; print; next } on && /^## / { exit } on' "$page")
[ -n "$section" ] || { echo "$page lacks the section '## Comparing and tracking results'"; exit 1; }
missing=0
for tool in "$@"; do
  grep -qF -- "portbench $tool" <<<"$section" || { echo "$page: its section lacks 'portbench $tool'"; missing=1; }
  help=$("$pb" help "$tool")
  for opt in $(grep -oE '^  (-[a-z], )?--[a-z][a-z-]*' <<<"$help" | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
    [ "$opt" = --help ] && continue
    grep -qF -- "$opt" <<<"$section" || { echo "$page: its section lacks '$opt' of 'portbench $tool'"; missing=1; }
  done
done
exit $missing
