#!/usr/bin/env bash
# multi.sh PORTBENCH WORKDIR CASE [MPIEXEC]
# Several GPUs and MPI ranks without a GPU: PB_TEST_FAKE_GPUS makes the driver believe in
# GPUs that are not there (their workers run the OpenMP code on the host), and mpiexec
# starts several ranks on this machine.
set -uo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
. "$here/case_lib.sh"
mpiexec=${4:-mpiexec}
export OMP_NUM_THREADS=1
small=(dmvm --backend omp,cpu --allow-host-fallback --nx 33,100 --variants v1,v7 --reps 2 --warmup 1)

case $case in
gpus_at_once|gpus_serial) # --gpu all: one run per GPU, rows merged, a column group per GPU
  extra=()
  [ "$case" = gpus_serial ] && extra=(--gpu-serial)
  PB_TEST_FAKE_GPUS=2 "$pb" "${small[@]}" --gpu all "${extra[@]}" --csv out.csv > table.txt 2> err.txt ||
    fail "exit status $?: $(tail -3 err.txt)"
  for g in 0 1; do
    n=$(col out.csv gpu_index | grep -cx "$g")
    [ "$n" = 8 ] || fail "$n rows of GPU $g, expected 8"
  done
  [ "$(col out.csv gpu_uuid | sort -u | tr '\n' ' ')" = "GPU-fake-0 GPU-fake-1 " ] || fail "gpu_uuid: $(col out.csv gpu_uuid | sort -u)"
  [ "$(col out.csv host | sort -u | wc -l)" = 1 ] || fail "host column"
  grep -q "omp(clang-19)@g1" table.txt || fail "no column group per GPU: $(head -5 table.txt)"
  [ "$(jq '.gpus | length' out.csv.meta.json)" = 2 ] || fail "meta.json lacks the GPUs"
  [ -z "$(ls tmp)" ] || fail "temporary files left" ;;
spread)        # --spread: min/median/max across GPUs and the slowest
  PB_TEST_FAKE_GPUS=3 "$pb" "${small[@]}" --gpu 0,2 --spread > table.txt 2> err.txt || fail "exit status $?"
  grep -q "across gpus" table.txt && grep -Eq "v1 +omp\(clang-19\) +2 " table.txt || fail "$(cat table.txt)" ;;
gpus_interrupted) # SIGTERM while two GPUs run: both runs stop, rows so far kept
  PB_TEST_FAKE_GPUS=2 PB_TEST_ROW_DELAY_MS=1000 "$pb" "${small[@]}" --gpu all --csv out.csv > /dev/null 2>&1 &
  pid=$!
  sleep 2
  kill -TERM $pid
  wait $pid
  rc=$?
  [ $rc -eq 143 ] || fail "exit status $rc"
  [ "$(jq .complete out.csv.meta.json)" = false ] || fail "complete is not false"
  sleep 0.3
  pgrep -f "$work/tmp" > /dev/null && fail "a worker or GPU run is still running"
  [ -z "$(ls tmp)" ] || fail "temporary files left" ;;
gpus_worker_crash) # a GPU run whose worker crashes: its FAIL rows (with the reason) reach the parent, every row accounted for
  PB_TEST_FAKE_GPUS=2 PB_TEST_CRASH_AFTER=1 "$pb" "${small[@]}" --gpu all --csv out.csv > /dev/null 2> err.txt
  rc=$?
  [ $rc -eq 1 ] || fail "exit status $rc, expected 1"
  for g in 0 1; do
    n=$(col out.csv gpu_index | grep -cx "$g")
    [ "$n" = 8 ] || fail "$n rows of GPU $g, expected 8"
  done
  [ "$(grep -c 'crashed (signal 11)' out.csv)" -ge 2 ] || fail "no crash reason in the rows: $(cat err.txt)"
  [ "$(jq '[.gpus[].bound_to | select(. != "unknown")] | length' out.csv.meta.json)" = 2 ] ||
    fail "bound_to: $(jq -c '[.gpus[].bound_to]' out.csv.meta.json)" ;;
gpus_run_killed) # a GPU's run (the forked driver) killed: the other GPU's rows kept, exit 1, said on stderr
  PB_TEST_FAKE_GPUS=2 PB_TEST_ROW_DELAY_MS=300 "$pb" "${small[@]}" --gpu all --csv out.csv > /dev/null 2> err.txt &
  pid=$!
  for _ in $(seq 50); do # both GPU runs started
    [ "$(pgrep -P $pid | wc -l)" = 2 ] && break
    sleep 0.1
  done
  victim=$(pgrep -P $pid | sort -n | awk "NR == 1")
  [ -n "$victim" ] || fail "no GPU run found"
  kill -KILL "$victim"
  wait $pid
  rc=$?
  [ $rc -eq 1 ] || fail "exit status $rc, expected 1: $(tail -3 err.txt)"
  grep -q "the run of GPU [01] ended without its results (killed by a signal)" err.txt || fail "stderr: $(cat err.txt)"
  [ "$(col out.csv gpu_index | sort -u | wc -l)" = 1 ] && [ "$(col out.csv gpu_index | wc -l)" = 8 ] ||
    fail "rows: $(col out.csv gpu_index | sort | uniq -c | tr '\n' ' ')"
  sleep 0.3
  pgrep -f "$work/tmp" > /dev/null && fail "a worker is still running"
  [ -z "$(ls tmp)" ] || fail "temporary files left" ;;
mpi_gather)    # mpiexec -n 3: rank 0 gathers every rank's rows into one file
  "$mpiexec" -n 3 "$pb" "${small[@]}" --csv out.csv --json out.json > table.txt 2> err.txt ||
    fail "exit status $?: $(tail -3 err.txt)"
  for r in 0 1 2; do
    n=$(col out.csv rank | grep -cx "$r")
    [ "$n" = 8 ] || fail "$n rows of rank $r, expected 8"
  done
  [ "$(jq '.mpi.ranks | length' out.csv.meta.json)" = 3 ] || fail "meta.json lacks the ranks"
  # each rank's rows whole (their samples) and its own metadata cross to rank 0
  [ "$(jq '[.rows[] | select(.rank == 2 and .verified == "PASS") | .samples.host_s | length] | (length > 0 and min == 2)' out.json)" = true ] ||
    fail "rank 2's rows lack their samples"
  [ "$(jq '[.mpi.ranks[] | .schema_version == 1 and (.argv | length) > 0 and (.workers | length) > 0] | all' out.csv.meta.json)" = true ] ||
    fail "a rank's metadata is missing: $(jq -c '.mpi.ranks' out.csv.meta.json | cut -c1-300)"
  [ "$(jq '.mpi.gather_s | type' out.csv.meta.json)" = '"number"' ] || fail "no gather time"
  # the ranks' ceilings reach rank 0 in their metadata, and leave it there (pb_rows_derive)
  [ "$(jq '[.. | objects | has("pb_derive_ceilings")] | any' out.csv.meta.json)" = false ] ||
    fail "meta.json kept the ranks' ceilings"
  grep -q "slowest rank" table.txt || fail "no spread across ranks: $(head -5 table.txt)" ;;
mpi_env) # the MPI defaults (eager UCX sends: both ranks stayed in MPI_Finalize on two H200s
  # after a rendezvous send), set unless the user set them; PB_MPI_TRACE shows each step
  PB_MPI_TRACE=1 "$mpiexec" -n 2 "$pb" "${small[@]}" --csv out.csv > table.txt 2> err.txt ||
    fail "exit status $?: $(tail -3 err.txt)"
  n=$(grep -c "mpi trace: .*environment: MPIR_CVAR_ENABLE_GPU=0 UCX_RNDV_THRESH=inf UCX_ZCOPY_THRESH=inf" err.txt)
  [ "$n" = 2 ] || fail "$n ranks traced the defaults: $(grep -m2 environment err.txt)"
  for step in "MPI_Finalize done" "exit: handlers done"; do
    [ "$(grep -c "mpi trace: rank [01] .*: $step" err.txt)" = 2 ] || fail "not both ranks traced '$step'"
  done
  PB_MPI_TRACE=1 UCX_RNDV_THRESH=65536 "$mpiexec" -n 2 "$pb" "${small[@]}" --csv out2.csv > /dev/null 2> err2.txt ||
    fail "exit status $? with UCX_RNDV_THRESH set"
  [ "$(grep -c "UCX_RNDV_THRESH=65536 UCX_ZCOPY_THRESH=inf" err2.txt)" = 2 ] || fail "a user's UCX_RNDV_THRESH was overridden"
  "$mpiexec" -n 2 "$pb" "${small[@]}" --csv out3.csv > /dev/null 2> err3.txt || fail "exit status $? without the trace"
  grep -q "mpi trace" err3.txt && fail "traced without PB_MPI_TRACE" ;;
mpi_rank_crash) # a rank whose worker crashes: FAIL rows carry its rank, the others finish
  "$mpiexec" -n 1 "$pb" "${small[@]}" --csv out.csv : -n 1 -env PB_TEST_CRASH_AFTER 1 "$pb" "${small[@]}" \
    : -n 1 "$pb" "${small[@]}" > /dev/null 2> err.txt
  rc=$?
  [ $rc -ne 0 ] || fail "exit status 0"
  awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) c[$i] = i; next }
           $c["verified"] == "FAIL" && $c["rank"] != 1 { bad = 1 } $c["verified"] == "FAIL" { n++ }
           END { exit bad || n == 0 }' out.csv || fail "FAIL rows not (only) of rank 1"
  [ "$(col out.csv rank | sort -u | tr '\n' ' ')" = "0 1 2 " ] || fail "ranks: $(col out.csv rank | sort -u)" ;;
mpi_rank_stuck) # a rank that never reaches the gather: the others give up, nothing hangs
  start=$(date +%s)
  "$mpiexec" -n 1 "$pb" "${small[@]}" --mpi-timeout 3 --csv out.csv : \
    -n 1 -env PB_TEST_ROW_DELAY_MS 60000 "$pb" "${small[@]}" --mpi-timeout 3 > /dev/null 2> err.txt
  rc=$?
  [ $rc -ne 0 ] || fail "exit status 0"
  [ $(($(date +%s) - start)) -lt 30 ] || fail "took $(($(date +%s) - start)) s"
  grep -q "did not reach the gather within 3 s" err.txt || fail "stderr: $(cat err.txt)"
  [ "$(jq .complete out.csv.meta.json)" = false ] || fail "rank 0's rows not kept as incomplete"
  sleep 0.5
  pgrep -f "$work/tmp" > /dev/null && fail "a worker is still running" ;;
mpi_gpu_list)  # under MPI each rank takes its node-local GPU: an explicit list is refused
  "$mpiexec" -n 2 "$pb" "${small[@]}" --gpu 0,1 > /dev/null 2> err.txt
  rc=$?
  [ $rc -ne 0 ] || fail "exit status 0"
  grep -q "node-local rank" err.txt || fail "stderr: $(cat err.txt)" ;;
*) fail "unknown case $case" ;;
esac
echo "ok: $case"
