#!/usr/bin/env bash
# gpu_script_stop.sh PORTBENCH WORKDIR CASE - a GPU script stopped by a signal sent to it
# alone (as a device call's time limit does) stops the portbench it runs: nothing is left
# measuring beside the next call (scripts/stop_children.sh). Under host fallback: stage 1 of
# validate_gpu.sh on dmvm, stopped while its portbench runs; CASE is the signal (term, hup;
# not int: a job started in the background of a script ignores SIGINT, and may not trap it).
set -uo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
root=$(cd "$here/.." && pwd)
. "$here/case_lib.sh"
sig=${case^^}
want=143
[ "$sig" = HUP ] && want=129
ours() { pgrep -f -- "--csv $work/out/validate_dmvm.csv" || true; } # this case's portbench
PORTBENCH=$pb VALIDATE_STAGES=1 VALIDATE_BENCHES=dmvm VALIDATE_OMP=omp@clang-19 \
  bash "$root/scripts/validate_gpu.sh" "$work/out" > script.txt 2>&1 &
s=$!
for _ in $(seq 100); do # until its portbench runs
  [ -n "$(ours)" ] && break
  sleep 0.1
done
[ -n "$(ours)" ] || fail "no portbench started: $(cat script.txt)"
kill -"$sig" "$s"
wait "$s"
rc=$?
[ "$rc" = "$want" ] || fail "script exit status $rc, expected $want: $(tail -n 3 script.txt)"
left=$(ours)
[ -z "$left" ] || { kill $left 2> /dev/null; fail "portbench left running after the script stopped: pid $left"; }
echo "ok: SIG$sig stopped validate_gpu.sh (exit $rc) and its portbench"
