#!/bin/sh
# A stand-in "nightly that made code worse" for the gate's walk-through (scripts/gate_gpu.sh,
# docs/nightly.md): Debian's clang-19 with -ffp-contract=off, so that a*b+c is no longer one
# fused multiply-add (host and device code): the FLOP-bound kernels (fma, gemm) get slower,
# the memory-bound ones should not. Given by path like any compiler:
#   cmake -B build -DPB_OMP_COMPILERS="clang-19-nofma=$PWD/scripts/clang_nofma.sh" \
#         -DPB_OMP_RUNTIME_DIRS="clang-19-nofma=/usr/lib/llvm-19/lib"
# (--version and -dumpversion are clang-19's, so the id clang-19-nofma is accepted).
# (-O1 was the first try: ptxas refused kernels whose launch bounds cap them at 64 registers
# once -O1 no longer inlined the runtime's reduction helper.)
exec "${PB_CLANG_NOFMA:-/usr/lib/llvm-19/bin/clang}" "$@" -ffp-contract=off
