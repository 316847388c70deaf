#!/usr/bin/env bash
# regs_worker.sh WORKER OUTDIR: the sm_90 device image embedded in an OpenMP worker built
# by clang (cubin ELF files, e_machine 190; e_flags' low byte is the SM), and the
# registers per thread of its stream/copy/fill best and reduce partials kernels
# (CUDA 11.8's cuobjdump -res-usage). Compiler output, not a GPU run.
set -euo pipefail
w=$1 out=$2
mkdir -p "$out"
while read -r off; do
  [ "$(od -An -t u2 -j $((off + 18)) -N 2 "$w" | tr -d ' ')" = 190 ] || continue
  shoff=$(od -An -t u8 -j $((off + 40)) -N 8 "$w" | tr -d ' ')
  read -r shentsize shnum < <(od -An -t u2 -j $((off + 58)) -N 4 "$w")
  dd if="$w" of="$out/img.cubin" iflag=skip_bytes,count_bytes skip="$off" count=$((shoff + shentsize * shnum)) status=none
  [ "$(od -An -t u1 -j 48 -N 1 "$out/img.cubin" | tr -d ' ')" = 90 ] && break
done < <(LC_ALL=C grep -obUaP '\x7fELF\x02\x01' "$w" | cut -d: -f1)
PATH=/opt/portbench/cuda-11.8-offload/bin:$PATH cuobjdump -res-usage "$out/img.cubin" |
  awk '/Function/ {f = $2} /REG:/ {split($1, a, ":"); print f, a[2]}' |
  sed 's/__omp_offloading_[0-9a-f]*_[0-9a-f]*_//; s/_l[0-9]*:/ /' |
  awk '$1 ~ /^(stream|copy|fill)_best_|partials_acc/' | sort -V
rm -f "$out/img.cubin"
