#!/bin/sh
# check_pipefail.sh ROOT - fail when a shell script that sets `pipefail` pipes into a
# command that may stop reading before its input ends (head, grep -q, grep -m N).
# The writer then dies of SIGPIPE (exit 141) and pipefail makes the whole pipeline fail,
# but only when the writer's output outgrows the pipe buffer: CI failed fma_codegen this
# way (`sort | head -n 1` in check_codegen_lanes.sh) after passing many runs.
# Read the file directly (grep -m 1 FILE), or let awk read everything (awk 'NR == 1').
# Scripts: those of scripts/*.sh, tests/*.sh, tests/fixtures/*.sh, .ci/run that set
# pipefail, and the scripts they source.
# Exit status: 0 none found, 1 found (printed as FILE:LINE: text), 2 usage.
#   check_pipefail.sh --self-test DIR: shows the failure is real and that it is found.
set -u
if [ "${1:-}" = --self-test ]; then
    d=${2:?usage: check_pipefail.sh --self-test DIR}
    rm -rf "$d" && mkdir -p "$d/scripts" || exit 2
    # the defect itself: 10^6 lines outgrow any pipe buffer, head closes early
    rc=$(bash -c 'set -o pipefail; seq 1 1000000 | head -n 1 > /dev/null; echo $?')
    if [ "$rc" != 141 ]; then
        echo "check_pipefail: expected exit 141 from seq | head under pipefail, got $rc" >&2
        exit 1
    fi
    printf '#!/bin/bash\nset -euo pipefail\nx=$(sort f | head -n 1)\nls | grep -q y\n# a | head in a comment\ny=$(awk "NR == 1" f)\n' > "$d/scripts/bad.sh"
    printf '#!/bin/bash\nx=$(sort f | head -n 1)\n' > "$d/scripts/nopipefail.sh"
    # a script sourced by a pipefail script runs under pipefail too
    printf '#!/bin/bash\nset -uo pipefail\nsource "$here/sourced.sh"\n' > "$d/scripts/outer.sh"
    printf 'base=$(sort -n f | head -n 1)\n' > "$d/scripts/sourced.sh"
    out=$(sh "$0" "$d" 2>&1)
    rc=$?
    printf '%s\n' "$out"
    if [ $rc -eq 1 ] && [ "$(printf '%s\n' "$out" | grep -c '^scripts/bad.sh:[34]:')" = 2 ] &&
        printf '%s' "$out" | grep -q '^scripts/sourced.sh:1:' &&
        ! printf '%s' "$out" | grep -q 'nopipefail\|bad.sh:[56]:'; then
        echo "check_pipefail: the self-test lines were found, and only they"
        exit 0
    fi
    echo "check_pipefail: the self-test lines were NOT found as expected (exit status $rc)" >&2
    exit 1
fi
root=${1:?usage: check_pipefail.sh ROOT}
cd "$root" || exit 2
# in scope: scripts that set pipefail, and the scripts they source (which run under it)
in_scope=""
for f in scripts/*.sh tests/*.sh tests/fixtures/*.sh .ci/run; do
    [ -f "$f" ] || continue
    grep -qE '^[[:space:]]*set[[:space:]].*pipefail' "$f" || continue
    in_scope="$in_scope $f"
    for s in $(sed -nE 's@^[[:space:]]*(source|\.)[[:space:]]+"?[^"]*/([^/" ]+)"?.*@\2@p' "$f"); do
        for g in scripts/"$s" tests/"$s"; do [ -f "$g" ] && in_scope="$in_scope $g"; done
    done
done
found=0
for f in $in_scope; do
    hits=$(awk '
        /^[ \t]*#/ { next }
        /\|[ \t]*(head|grep[ \t]+(-[A-Za-z]*[qm]|.*[ \t]-[qm]))/ { printf "%s:%d: %s\n", FILENAME, FNR, $0 }
    ' "$f")
    if [ -n "$hits" ]; then
        printf '%s\n' "$hits"
        found=1
    fi
done
if [ $found -eq 1 ]; then
    echo "check_pipefail: these pipes may fail with SIGPIPE under pipefail (see the header of $0)" >&2
    exit 1
fi
echo "check_pipefail: no early-closing reader in a pipefail script"
