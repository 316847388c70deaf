#!/bin/bash
# Compiler probe (issue 25 item 5), step 1 of 3: build one probe binary per (compiler, way of
# building), with the flags portbench uses (-O3), into $W/bin/<cc>.<way>; pack.sh packs them,
# run.sh (on the GPU host) runs them. docs/toolchain.md, "clang 13, 14, 15 and 22", says what
# each way is and what the H100 said (results/h100/toolchains/20261126T0838Z_probe/).
# Needs what scripts/setup.sh lays out (/opt/portbench/llvm-{14,15,22}, CUDA 11.8's tools).
# clang-13 only where $PREFIX/llvm-13/lib was laid out by hand like those (libomp-13-dev
# unpacked, a device runtime from rtl13.sh, a libLLVM-13): Debian ships no NVPTX runtime for it.
# usage: scripts/probe_clang/build.sh [WORK_DIR]   (default probe-clang; then pack.sh WORK_DIR)
set -u
here=$(cd "$(dirname "$0")" && pwd)
W=$(mkdir -p "${1:-probe-clang}" && cd "${1:-probe-clang}" && pwd)
P=${PORTBENCH_LLVM_PREFIX:-/opt/portbench}
C=${PORTBENCH_CUDA118_DIR:-/opt/portbench/cuda-11.8-offload}
R=$W/cuda-rt     # the "retarget" CUDA path (as CMakeLists.txt makes for clang-14/15)
R13=$W/cuda-rt13 # the same, calling itself CUDA 11.2 (the newest clang-13 knows)
rm -rf "$W/bin" "$R" "$R13"; mkdir -p "$W/bin" "$W/log" "$R/bin" "$R/lib64" "$R13/lib64" "$R13/include"
for t in ptxas nvlink fatbinary; do
  cat > "$R/bin/$t" <<WRAP
#!/bin/sh
# clang's device code is for sm_86 (the newest device runtime LLVM 13/14/15 have); build sm_90
for x in "\$@"; do case "\$x" in sm_86) x=sm_90;; --gpu-name=sm_86) x=--gpu-name=sm_90;; -arch=sm_86) x=-arch=sm_90;; esac; set -- "\$@" "\$x"; done
shift \$((\$# / 2))
exec $C/bin/$t "\$@"
WRAP
  chmod 755 "$R/bin/$t"
done
ln -s "$C/include" "$C/nvvm" "$R/"
ln -s "$R/bin" "$C/nvvm" "$R13/"
echo '#define CUDA_VERSION 11020' > "$R13/include/cuda.h"
base="-std=gnu11 -O3 -Wall -Wno-pass-failed -Wno-unknown-cuda-version"
b() { # b NAME COMPILER LIBDIR FLAGS...
  local name=$1 cc=$2 lib=$3; shift 3
  local v=${name%%.*}
  if $cc $base "$@" -isystem "$(ls -d "$lib"/clang/*/include | head -1)" -L"$lib" "$here/probe.c" -o "$W/bin/$name" \
       -Wl,--disable-new-dtags -Wl,-rpath,'$ORIGIN/../lib/'"$v" > "$W/log/$name.log" 2>&1; then echo "BUILT $name"
  else echo "BUILD-FAIL $name: $(grep -m1 error: "$W/log/$name.log")"; rm -f "$W/bin/$name"; fi
}
L14=$P/llvm-14/lib; L15=$P/llvm-15/lib; L22=$P/llvm-22/lib; L13=$P/llvm-13/lib
old="-fopenmp -fopenmp-targets=nvptx64-nvidia-cuda -Xopenmp-target=nvptx64-nvidia-cuda -march=sm_86"
# sm86: an sm_86 cubin (what portbench built for clang < 15 before: the lowest architecture)
b clang-14.sm86      clang-14 "$L14" $old --cuda-path="$C" --libomptarget-nvptx-bc-path="$L14"
# retarget: sm_86 device code and runtime, ptxas/nvlink build an sm_90 cubin from its PTX
b clang-14.retarget  clang-14 "$L14" $old --cuda-path="$R" --libomptarget-nvptx-bc-path="$L14"
# clang-15: the new offload driver is the default (clang-linker-wrapper, images that record their arch)
b clang-15.sm86      clang-15 "$L15" -fopenmp --offload-arch=sm_86 --cuda-path="$C" --libomptarget-nvptx-bc-path="$L15"
b clang-15.sm80-86   clang-15 "$L15" -fopenmp --offload-arch=sm_80,sm_86 --cuda-path="$C" --libomptarget-nvptx-bc-path="$L15"
b clang-15.retarget  clang-15 "$L15" -fopenmp --offload-arch=sm_86 --cuda-path="$R" --libomptarget-nvptx-bc-path="$L15"
b clang-15.old-retarget clang-15 "$L15" -fopenmp -fno-openmp-new-driver -fopenmp-targets=nvptx64-nvidia-cuda \
  -Xopenmp-target=nvptx64-nvidia-cuda -march=sm_86 --cuda-path="$R" --libomptarget-nvptx-bc-path="$L15"
# retarget-arch: the new driver's retarget with the image's recorded arch rewritten sm_86 -> sm_90
if [ -f "$W/bin/clang-15.retarget" ]; then
  cp "$W/bin/clang-15.retarget" "$W/bin/clang-15.retarget-arch" && python3 "$here/patcharch.py" "$W/bin/clang-15.retarget-arch" sm_86 sm_90
fi
# control: gcc-12 (its sm_80 PTX is JIT-compiled by the driver on the H100)
mkdir -p "$W/lib/gcc-12"
if gcc-12 -std=gnu11 -O3 -Wall -fopenmp -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80 -latomic -no-pie \
     "$here/probe.c" -o "$W/bin/gcc-12.sm80-ptx" -Wl,--disable-new-dtags -Wl,-rpath,'$ORIGIN/../lib/gcc-12' \
     > "$W/log/gcc-12.sm80-ptx.log" 2>&1; then echo "BUILT gcc-12.sm80-ptx"; else echo "BUILD-FAIL gcc-12.sm80-ptx"; fi
# clang-22: the device runtime setup.sh builds from Debian's source package (-lompdevice at the device link)
f22="-fopenmp --libomptarget-nvptx-bc-path=$L22 -Xoffload-linker -L$L22"
b clang-22.devrtl        clang-22 "$L22" $f22 --offload-arch=sm_80,sm_86,sm_90 --cuda-path="$C"
b clang-22.devrtl-sm90   clang-22 "$L22" $f22 --offload-arch=sm_90 --cuda-path="$C"
b clang-22.devrtl-cuda13 clang-22 "$L22" $f22 --offload-arch=sm_80,sm_86,sm_90 --cuda-path=/usr/local/cuda
# clang-13 (knows no sm_90 and no CUDA after 11.2): its -O3 device compilation of this probe did
# not finish in 120 s; -O1 builds in 3 s
if [ -f "$L13/libomptarget-new-nvptx-sm_86.bc" ]; then
  b clang-13.retarget-O1 clang-13 "$L13" -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda -Xopenmp-target=nvptx64-nvidia-cuda \
    -march=sm_86 -fopenmp-target-new-runtime --libomptarget-nvptx-bc-path="$L13/libomptarget-new-nvptx-sm_86.bc" \
    --cuda-path="$R13" -O1
fi
