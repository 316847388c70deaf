#!/bin/bash
# Compiler probe helper, for clang-13 only: build LLVM 13's new OpenMP NVPTX device runtime
# (openmp/libomptarget/DeviceRTL; Debian's libomp-13-dev has none) for sm_86, as its CMakeLists
# does, at -O1 with -openmp-opt-disable. SRC: an unpacked llvm-toolchain-13 source package
# (apt-get source --download-only llvm-toolchain-13, with deb-src lines as setup.sh makes for
# LLVM 22). OUT_DIR: the llvm-13/lib that build.sh uses (libomp-13-dev and libomp5-13 unpacked
# there, a libLLVM-13 as setup.sh's stand_in_libllvm makes). The probe found clang-13's result
# wrong on the H100 (docs/toolchain.md): kept to reproduce that, not for portbench.
# usage: scripts/probe_clang/rtl13.sh SRC OUT_DIR [SM]
set -e
S=$1/openmp/libomptarget/DeviceRTL; out=$2; sm=${3:-86}; O=$(mktemp -d)
f="-S -x c++ -std=c++17 -O1 -mllvm -openmp-opt-disable -DSHARED_SCRATCHPAD_SIZE=2048 -target nvptx64 -Xclang -emit-llvm-bc
   -Xclang -aux-triple -Xclang x86_64-unknown-linux-gnu -fopenmp -fopenmp-cuda-mode -Xclang -fopenmp-is-device
   -Xclang -target-feature -Xclang +ptx61 -I$S/include -DOMPTARGET_DEBUG=0 -Xclang -target-cpu -Xclang sm_$sm -D__CUDA_ARCH__=${sm}0"
bcs=""
for s in Configuration Debug Kernel Mapping Misc Parallelism Reduction State Synchronization Tasking Utils Workshare; do
  clang-13 $f "$S/src/$s.cpp" -o "$O/$s-sm_$sm.bc"; bcs="$bcs $O/$s-sm_$sm.bc"
done
/usr/lib/llvm-13/bin/llvm-link -o "$O/rtl.bc" $bcs
/usr/lib/llvm-13/bin/opt -O1 -openmp-opt-disable "$O/rtl.bc" -o "$out/libomptarget-new-nvptx-sm_$sm.bc"
rm -rf "$O"
