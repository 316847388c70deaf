#!/bin/bash
# Compiler probe, step 2 of 3: lay out beside build.sh's binaries every shared library they
# need that a GPU host without LLVM lacks (per compiler: lib/<cc>/), add run.sh, and pack
# WORK_DIR/probe.tar.xz (xz -9; 8 MiB in November 2026). On the GPU host:
#   tar -xJf probe.tar.xz && sh probe/run.sh
# usage: scripts/probe_clang/pack.sh [WORK_DIR]   (default probe-clang, as build.sh)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
W=$(cd "${1:-probe-clang}" && pwd)
P=${PORTBENCH_LLVM_PREFIX:-/opt/portbench}
out=$W/pk/probe
rm -rf "$W/pk" && mkdir -p "$out/lib" && cp -a "$W/bin" "$out/"
for v in 13 14 15 22; do
  src=$P/llvm-$v/lib
  ls "$out"/bin/clang-$v.* > /dev/null 2>&1 || continue
  l=$out/lib/clang-$v && mkdir -p "$l"
  # libomp, libomptarget (and, LLVM <= 18, its CUDA plugin), the small libLLVM setup.sh links
  for f in "$src"/libomp.so.5 "$src"/libomptarget.so* "$src"/libomptarget.rtl.cuda.so* "$src"/libLLVM-*.so.* "$src"/libLLVM.so.*; do
    [ -e "$f" ] && cp -L "$f" "$l/"
  done
done
l=$out/lib/gcc-12 && mkdir -p "$l"
cp -L /usr/lib/x86_64-linux-gnu/libgomp.so.1 /usr/lib/x86_64-linux-gnu/libgomp-plugin-nvptx.so.1 "$l/"
cp -L /usr/lib/x86_64-linux-gnu/libelf.so.1 /lib/x86_64-linux-gnu/libtinfo.so.6 "$out/lib/"
for z in libz.so.1 libzstd.so.1; do cp -L "/lib/x86_64-linux-gnu/$z" "$out/lib/"; done
cp "$here/run.sh" "$here/probe.c" "$here/build.sh" "$out/"
chmod -R a+rX "$out"
(cd "$W/pk" && tar -cf - probe | xz -9 -T1 > "$W/probe.tar.xz")
ls -la "$W/probe.tar.xz"
