#!/usr/bin/env bash
# expect_error.sh STATUS PATTERN -- COMMAND...
# Passes when COMMAND exits with STATUS, prints PATTERN (grep -E) on stderr, and does
# not crash.
set -uo pipefail
status=$1 pattern=$2
shift 3
err=$("$@" 2>&1 >/dev/null)
rc=$?
if [ "$rc" != "$status" ]; then
  echo "exit status $rc, expected $status; stderr: $err"
  exit 1
fi
if ! grep -Eq -- "$pattern" <<<"$err"; then
  echo "stderr lacks /$pattern/: $err"
  exit 1
fi
lines=$(grep -c . <<<"$err")
echo "ok ($lines line(s)): $err"
