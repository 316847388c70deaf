# stop_children.sh - sourced by the GPU scripts that run portbench for minutes
# (validate_gpu.sh, gpu_results.sh, tune_gpu.sh). `child CMD...` runs CMD as the script's
# child and waits for it; a TERM, INT or HUP sent to the script (a device call's time limit,
# Ctrl-C) is passed on to that child, which is waited for, and the script exits 128 + the
# signal's number. Without it, bash runs no trap until a foreground command ends, and a
# stopped script left its portbench measuring on the GPU beside the next call's.
child_pid=""
stop_child() {
  trap - TERM INT HUP
  [ -n "$child_pid" ] && kill -TERM "$child_pid" 2> /dev/null && wait "$child_pid" 2> /dev/null
  exit "$1"
}
trap 'stop_child 143' TERM
trap 'stop_child 130' INT
trap 'stop_child 129' HUP
child() {
  "$@" &
  child_pid=$!
  wait "$child_pid"
  local rc=$?
  child_pid=""
  return $rc
}
