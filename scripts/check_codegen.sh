#!/usr/bin/env bash
# What the compilers made of the kernels, checked in their output:
#  1. The FMA chain survives: no compiler may fold or delete it.
#     - CUDA: PTX of cuda/micro.cu (nvcc), fma.rn.f32 / fma.rn.f64 in fma_kernel<float/double>;
#     - clang-19 offload: the final sm_90 device image (after device LTO and ptxas),
#       disassembled with cuobjdump: FFMA / DFMA in the fma target regions;
#     - gcc-12 offload: the PTX embedded in pb-omp-gcc-12: fma.rn.f32 / fma.rn.f64.
#  2. Lanes under gcc (issue 10): gcc runs an OpenMP thread on a warp and uses the 32
#     lanes only inside `simd` constructs, which it lowers to SIMT loops that read the
#     lane number (`mov.u32 %rN,%laneid`). Every kernel of dmvm, reduce and the micro
#     benchmarks (the target regions of each source function FN__float/double/int) must
#     contain one; a kernel without it runs one lane per warp (other benchmarks' kernels
#     without one are listed). A control program proves that the signature tells the two
#     apart. Known exception: dMVM V9 (gcc-12 runs no simd loop with an array-section
#     reduction on lanes).
#  3. Team-shared arrays in shared memory (V5/V6, reduce k1-k7):
#     - gcc: the PTX buffer (omp_target/gomp_team_shared.ptx) is `.shared` and of
#       PB_OMP_TEAM_SHARED_BYTES, those kernels call pb_gomp_team_shared(), and V5/V6
#       keep no soft-stack frame as large as their smallest array;
#     - clang: in each device image of pb-omp-clang-19, a kernel's static shared memory
#       (.nv.shared.<kernel>) exceeds the image's smallest by at least its arrays' bytes.
# usage: scripts/check_codegen.sh BUILD_DIR   (tools from scripts/setup.sh)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
cuda118=${PB_CUDA118_DIR:-/opt/portbench/cuda-11.8-offload}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
say() { printf 'check_codegen: %s\n' "$*"; }
need() { # need WHAT COUNT: a count of at least 1
  if [ "$2" -ge 1 ]; then say "ok   $1: $2"; else say "FAIL $1: none"; fail=1; fi
}

# CUDA: count fma instructions inside the fma_kernel entries of the PTX.
/usr/local/cuda/bin/nvcc -ptx -arch=compute_90 -I"$src/harness" -I"$src/cuda" "$src/cuda/micro.cu" -o "$tmp/micro.ptx"
count_ptx() { # count_ptx FILE ENTRY-PATTERN INSTRUCTION
  awk -v pat="$2" -v ins="$3" '/\.entry/ {inside = ($0 ~ pat)} inside && index($0, ins) {n++} END {print n + 0}' "$1"
}
need "CUDA fma_kernel<float> fma.rn.f32" "$(count_ptx "$tmp/micro.ptx" 'fma_kernelIf' fma.rn.f32)"
need "CUDA fma_kernel<double> fma.rn.f64" "$(count_ptx "$tmp/micro.ptx" 'fma_kernelId' fma.rn.f64)"

# clang: build the OpenMP micro kernels as the worker does and keep the device image.
cat > "$tmp/main.c" <<'C'
int pb_omp_device(void) { return 0; }
int main(void) { return 0; }
C
(cd "$tmp" && clang-19 -O3 -fopenmp --offload-arch=sm_90 --cuda-path="$cuda118" \
   --libomptarget-nvptx-bc-path=/usr/lib/llvm-19/lib -I"$src/harness" -I"$src/omp_target" \
   "$src/omp_target/micro.c" main.c -save-temps -o micro -lm >/dev/null 2>&1)
img=$(ls "$tmp"/micro*.sm_90.img 2>/dev/null | head -n 1)
if [ -z "$img" ]; then
  say "FAIL clang: no device image"
  fail=1
else
  PATH=$cuda118/bin:$PATH cuobjdump -sass "$img" > "$tmp/clang.sass"
  count_sass() { awk -v fn="$2" -v ins="$3" '/Function :/ {inside = index($3, fn)} inside && index($0, ins) {n++} END {print n + 0}' "$1"; }
  need "clang omp fma (float) FFMA" "$(count_sass "$tmp/clang.sass" fma__float FFMA)"
  need "clang omp fma (double) DFMA" "$(count_sass "$tmp/clang.sass" fma__double DFMA)"
fi

# gcc: the offload PTX is embedded as text in the worker; count inside the function
# definitions of the fma target regions.
gccw=$build/libexec/portbench/pb-omp-gcc-12
if [ -x "$gccw" ]; then
  strings "$gccw" > "$tmp/gcc.ptx"
  count_gcc() { awk -v fn="$2" -v ins="$3" '/BEGIN FUNCTION DEF:/ {inside = index($0, fn)} inside && index($0, ins) {n++} END {print n + 0}' "$1"; }
  need "gcc omp fma (float) fma.rn.f32" "$(count_gcc "$tmp/gcc.ptx" 'fma__float$' fma.rn.f32)"
  need "gcc omp fma (double) fma.rn.f64" "$(count_gcc "$tmp/gcc.ptx" 'fma__double$' fma.rn.f64)"
else
  say "skip gcc: $gccw not built"
fi
source "$src/scripts/check_codegen_lanes.sh"
exit $fail
