#!/usr/bin/env bash
# Configure and build portbench into BUILD_DIR (default: build). Extra arguments go to
# the CMake configure step, e.g. -DPB_CUDA_ARCHS="80;90".
# usage: scripts/build.sh [--first] [CMAKE_ARGS...]
#   --first: the first result first: only the driver and the workers of the default
#   backends (CMake target `first`: pb-cpu, pb-cuda, pb-omp-clang-19, pb-omp-gcc-12), with
#   GPU code for this machine's GPUs only (none: the newest architecture of the default
#   set). A later build without --first builds every worker for the default architectures.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
first=0
if [ "${1-}" = --first ]; then first=1; shift; fi
args=("$@")
named_archs=0
for a in "${args[@]}"; do case $a in -DPB_CUDA_ARCHS=* | -DPB_CUDA_ARCHS:*) named_archs=1 ;; esac; done
if [ $first = 1 ] && [ $named_archs = 0 ]; then
  # compute capability "9.0" -> 90, one per kind of GPU here
  archs=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2> /dev/null | tr -d ' .' | grep -E '^[0-9]+$' |
            sort -u | paste -sd ';' || true)
  if [ -z "$archs" ]; then # no GPU: one architecture keeps the build short; the GPU backends skip anyway
    archs=$(sed -n 's/^set(PB_CUDA_ARCHS "\([^"]*\)".*/\1/p' CMakeLists.txt | tr ';' '\n' | tail -n 1)
  fi
  echo "build: --first: GPU code for sm_${archs//;/, sm_} only"
  args+=("-DPB_CUDA_ARCHS=$archs" -DPB_FIRST_ARCHS=ON)
elif [ $first = 0 ] && [ $named_archs = 0 ] && grep -qx 'PB_FIRST_ARCHS:BOOL=ON' "$build/CMakeCache.txt" 2> /dev/null; then
  args+=(-UPB_CUDA_ARCHS -DPB_FIRST_ARCHS=OFF) # back to the default set after a --first build
fi
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release "${args[@]}"
if [ $first = 1 ]; then
  cmake --build "$build" -j "$(nproc)" --target first
else
  cmake --build "$build" -j "$(nproc)"
fi
