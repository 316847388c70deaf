#!/usr/bin/env bash
# Set up, build and run the test suite (no GPU needed): harness unit tests, CLI errors, and the
# OpenMP-target variants under host fallback with both compilers, the CPU baseline,
# a check that the CUDA worker built for every architecture, and the habits: no compiler
# warning (-DPB_WERROR=ON), the changed lines formatted, no cppcheck finding.
set -euo pipefail
cd "$(dirname "$0")/.."
# every toolchain and tool the tests use (after the quick start's `setup.sh --first`: the rest;
# a no-op on a machine already set up)
bash scripts/setup.sh
scripts/build.sh -DPB_WERROR=ON "$@" # a warning in the project's own code fails CI
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j 2
