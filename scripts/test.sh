#!/usr/bin/env bash
# Build and run the test suite (no GPU needed): harness unit tests, CLI errors, and the
# OpenMP-target variants under host fallback with both compilers, the CPU baseline,
# and a check that the CUDA worker built for every architecture.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh "$@"
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j 2
