#!/bin/sh
# Compiler probe, step 3 of 3 (scripts/probe_clang/, issue 25 item 5), on the GPU host: for each
# compiler and way of building, does an OpenMP target region run on the GPU and give the right
# answer? OMP_TARGET_OFFLOAD=MANDATORY; prints compiler, way, PASS/FAIL and the runtime's error.
# Usage: sh probe/run.sh   (after tar -xJf probe.tar.xz; about 1-3 s a binary, 15 s at most each)
cd "$(dirname "$0")" || exit 1
here=$(pwd)
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
mkdir -p logs
pass=0; fail=0
for b in bin/*; do
  n=${b#bin/}; cc=${n%%.*}; way=${n#*.}
  lp="$here/lib/$cc:$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  miss=$(LD_LIBRARY_PATH=$lp ldd "$b" "lib/$cc"/* 2>/dev/null | grep 'not found' | sort -u | tr -s ' \t\n' ' ')
  OMP_TARGET_OFFLOAD=MANDATORY LD_LIBRARY_PATH=$lp timeout 15 "$b" > "logs/$n.out" 2>&1; rc=$?
  if [ $rc = 0 ] && grep -q '^RESULT_OK' "logs/$n.out"; then r=PASS; pass=$((pass + 1)); else r=FAIL; fail=$((fail + 1)); fi
  printf '%-9s %-17s %s rc=%s %s\n' "$cc" "$way" "$r" "$rc" "$(grep '^RESULT_' "logs/$n.out")"
  [ -z "$miss" ] || echo "    missing libraries: $miss"
  if [ $r = FAIL ] && [ $rc != 124 ]; then
    # the runtime's own words, then once more with its info output
    grep -v '^RESULT_' "logs/$n.out" | head -4 | sed 's/^/    | /'
    OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=-1 LD_LIBRARY_PATH=$lp timeout 15 "$b" > "logs/$n.info" 2>&1
    grep -iE 'error|fail|cuda|image|compatible|plugin' "logs/$n.info" | grep -v '^RESULT_' | tail -4 | cut -c1-200 | sed 's/^/    i /'
  fi
  [ $rc != 124 ] || echo "    timed out after 15 s"
done
echo "probe: $pass PASS, $fail FAIL (logs/ has each run's output; LIBOMPTARGET_INFO=-1 runs in logs/*.info)"
