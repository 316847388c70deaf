#!/usr/bin/env bash
# Does the padded transpose tile keep its padding in each compiler's code? The `padded`
# step declares its tile as T[32][33] instead of T[32][32] so that a column of the tile
# falls in 32 different shared-memory banks; a compiler could shrink or re-lay the array.
# This reads the generated code and says, per compiler and type, how large the padded
# and the unpadded tile are:
#  - CUDA (nvcc): the .shared arrays of transpose_tile<T, 0/1> in the PTX of cuda/transpose.cu;
#  - clang-19 offload: the team-shared tile becomes a .shared array in the device PTX;
#    the final sm_90 image's SHARED size per kernel (cuobjdump -res-usage) shows whether
#    it stays so after device LTO and ptxas;
#  - gcc-12 offload: team-shared variables live on the master warp's soft stack (global
#    memory, not shared memory); the stack frame of the padded kernel's team function
#    (sub.u64 %frame) shows whether the padding is kept.
# Fails when the CUDA tile lost its padding or a kernel cannot be found (a broken check);
# the OpenMP compilers' verdicts are reported (a dropped padding is a finding).
# usage: scripts/check_padding.sh BUILD_DIR   (tools from scripts/setup.sh)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
cuda118=${PB_CUDA118_DIR:-/opt/portbench/cuda-11.8-offload}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
say() { printf 'check_padding: %s\n' "$*"; }
# verdict WHO TYPE PADDED UNPADDED SIZEOF: padded - unpadded must be one column of 32
verdict() {
  local who=$1 t=$2 p=$3 u=$4 sz=$5 col=$((32 * $5))
  if [ -z "$p" ] || [ -z "$u" ]; then
    say "FAIL $who $t: tile sizes not found (padded '${p}', unpadded '${u}')"
    fail=1
  elif [ $((p - u)) -eq "$col" ]; then
    say "kept    $who $t: padded $p bytes, unpadded $u (+$col = one column of 32 x $sz bytes)"
  else
    say "DROPPED $who $t: padded $p bytes, unpadded $u (expected +$col)"
    if [ "$who" = cuda ]; then fail=1; fi
  fi
}

# CUDA: PTX, shared arrays declared inside each transpose_tile<T, PAD> entry.
/usr/local/cuda/bin/nvcc -ptx -arch=compute_90 -I"$src/harness/core" -I"$src/harness/benchmarks" -I"$src/cuda" "$src/cuda/transpose.cu" \
  -o "$tmp/transpose.ptx"
ptx_shared() { # ptx_shared FILE ENTRY-PATTERN: bytes of the first .shared array in that entry
  awk -v pat="$2" '/\.entry/ {inside = ($0 ~ pat)} inside && /\.shared/ && match($0, /\[[0-9]+\]/) \
    {print substr($0, RSTART + 1, RLENGTH - 2); exit}' "$1"
}
# mangled names: _Z14transpose_tileIfLi1EEv... = transpose_tile<float, 1>
verdict cuda float "$(ptx_shared "$tmp/transpose.ptx" 'transpose_tileIfLi1E')" \
  "$(ptx_shared "$tmp/transpose.ptx" 'transpose_tileIfLi0E')" 4
verdict cuda double "$(ptx_shared "$tmp/transpose.ptx" 'transpose_tileIdLi1E')" \
  "$(ptx_shared "$tmp/transpose.ptx" 'transpose_tileIdLi0E')" 8

# clang: build the OpenMP transpose as the worker does, keep the PTX and the final image.
cat > "$tmp/main.c" <<'C'
int pb_omp_device(void) { return 0; }
int pb_omp_on_host(void) { return 0; }
int pb_omp_transpose_best(const void *a) { (void)a; return 0; } /* best.c's, in the table's row */
int main(void) { return 0; }
C
(cd "$tmp" && clang-19 -O3 -fopenmp -Wno-pass-failed --offload-arch=sm_90 --cuda-path="$cuda118" \
   --libomptarget-nvptx-bc-path=/usr/lib/llvm-19/lib -I"$src/harness/core" -I"$src/harness/benchmarks" -I"$src/omp_target" \
   "$src/omp_target/transpose.c" main.c -save-temps -o tr -lm >/dev/null 2>&1)
dev_ptx=$(ls "$tmp"/transpose-openmp-nvptx64*sm_90.s 2>/dev/null | awk 'NR == 1')
img=$(ls "$tmp"/tr*sm_90.img 2>/dev/null | awk 'NR == 1')
if [ -z "$dev_ptx" ] || [ -z "$img" ]; then
  say "FAIL clang: no device PTX or image"
  fail=1
else
  for t in float:4 double:8; do
    verdict "clang-ptx" "${t%%:*}" "$(ptx_shared "$dev_ptx" "transpose_padded__${t%%:*}_l")" \
      "$(ptx_shared "$dev_ptx" "transpose_tile__${t%%:*}_l")" "${t##*:}"
  done
  PATH=$cuda118/bin:$PATH cuobjdump -res-usage "$img" > "$tmp/res.txt"
  res_shared() { awk -v fn="$2" '/Function / {f = index($0, fn)} f && /SHARED:/ {sub(/.*SHARED:/, ""); print $1 + 0; exit}' "$1"; }
  for t in float:4 double:8; do
    verdict "clang-sm_90" "${t%%:*}" "$(res_shared "$tmp/res.txt" "transpose_padded__${t%%:*}_l")" \
      "$(res_shared "$tmp/res.txt" "transpose_tile__${t%%:*}_l")" "${t##*:}"
  done
fi

# gcc: the PTX embedded in the worker; the team function's soft-stack frame.
gccw=$build/libexec/portbench/pb-omp-gcc-12
if [ -x "$gccw" ]; then
  strings "$gccw" > "$tmp/gcc.ptx"
  frame() { awk -v fn="$2" '/BEGIN FUNCTION DEF:/ {f = index($0, fn)} f && /sub\.u64 %frame,%sspprev,/ \
    {sub(/.*%sspprev,/, ""); print $0 + 0; exit}' "$1"; }
  for t in float:4 double:8; do
    verdict "gcc-soft-stack" "${t%%:*}" "$(frame "$tmp/gcc.ptx" "transpose_padded__${t%%:*}\$_omp_fn\$0\$impl")" \
      "$(frame "$tmp/gcc.ptx" "transpose_tile__${t%%:*}\$_omp_fn\$0\$impl")" "${t##*:}"
  done
  if grep -Eq '^\s*\.shared .*\[(4224|8448)\]' "$tmp/gcc.ptx"; then
    say "gcc: the padded tile is a .shared array"
  else
    say "gcc: no .shared array of the tile's size: gcc 12 keeps team-shared arrays on the soft stack (global memory), so there are no shared-memory banks to pad for"
  fi
else
  say "skip gcc: $gccw not built"
fi
exit $fail
