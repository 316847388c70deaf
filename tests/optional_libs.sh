#!/usr/bin/env bash
# optional_libs.sh PORTBENCH DLOPEN_LIST WORKDIR CASE
# The libraries that only some runs need (DLOPEN_LIST, written by CMakeLists.txt: one
# "SONAME PATH" a line: MPICH for an MPI launch, OpenBLAS for gemm's CPU library bar) are
# loaded when used, so that the driver and pb-cpu run without them (the bundle's base
# part alone). PB_TEST_HIDE_LIBS (harness/core/pb_dl.c) makes a library look missing.
set -uo pipefail
pb=$1 list=$2 work=$3/$4 case=$4
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
export OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive
fail() { echo "FAIL: $*"; exit 1; }
soname() { awk -v re="$1" '$1 ~ re {print $1; exit}' "$list"; }
libexec=$(dirname "$pb")/../libexec/portbench

case $case in
needed)   # no executable names them as NEEDED: the dynamic loader would refuse to start it
  [ -s "$list" ] || fail "$list is empty"
  for exe in "$pb" "$libexec"/pb-*; do
    needed=$(readelf -d "$exe" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
    while read -r name _; do
      grep -qxF "$name" <<<"$needed" && fail "$(basename "$exe") needs $name at start-up (NEEDED: $(echo $needed))"
    done < "$list"
  done
  echo "ok: none of $(cut -d' ' -f1 "$list" | paste -sd' ') is NEEDED by $(basename "$pb") or $(cd "$libexec" && echo pb-*)" ;;
openblas) # without OpenBLAS the openblas backend SKIPs with the reason; the rest runs, exit 0
  lib=$(soname openblas)
  [ -n "$lib" ] || fail "no OpenBLAS in $list"
  PB_TEST_HIDE_LIBS=$lib "$pb" gemm --backend cpu,openblas --no-baselines --size 33 --reps 1 --warmup 0 --quiet \
    --csv out.csv > table.txt 2> err.txt
  rc=$?
  [ $rc -eq 0 ] || fail "exit status $rc: $(cat err.txt)"
  grep -q "^gemm,baseline,cpu,.*,PASS," out.csv || fail "no cpu row PASS: $(cat out.csv)"
  grep -q "^gemm,lib,openblas,.*,SKIP,.*$lib not found (unpack portbench-extra.tar.xz" out.csv ||
    fail "no openblas SKIP row with the reason: $(cat out.csv)"
  grep -q "skipped openblas: $lib not found" table.txt || fail "the table does not say why: $(cat table.txt)" ;;
mpi)      # started by an MPI launcher without the MPI library: one clear line, exit 2
  lib=$(soname mpi)
  [ -n "$lib" ] || fail "no MPI in $list"
  PMI_RANK=0 PMI_SIZE=1 PB_TEST_HIDE_LIBS=$lib "$pb" dmvm --backend cpu --nx 8 --reps 1 --quiet --csv out.csv \
    > /dev/null 2> err.txt
  rc=$?
  [ $rc -eq 2 ] || fail "exit status $rc, expected 2: $(cat err.txt)"
  grep -q "started by an MPI launcher, but $lib not found (unpack portbench-extra.tar.xz" err.txt ||
    fail "stderr: $(cat err.txt)"
  [ "$(grep -c . err.txt)" = 1 ] || fail "more than one line: $(cat err.txt)"
  [ ! -e out.csv ] || fail "a CSV was written" ;;
*) fail "unknown case $case" ;;
esac
echo "ok: $case"
