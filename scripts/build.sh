#!/usr/bin/env bash
# Configure and build portbench into BUILD_DIR (default: build). Extra arguments go to
# the CMake configure step, e.g. -DPB_CUDA_ARCHS="80;90".
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$build" -j "$(nproc)"
