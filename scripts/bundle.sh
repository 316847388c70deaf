#!/usr/bin/env bash
# Pack the built portbench (driver + workers) with the runtime libraries that a GPU
# host without the toolchain lacks, into one relocatable directory and a .tar.xz:
#   portbench/bin/portbench, portbench/libexec/portbench/pb-*, portbench/lib/*.so*,
#   portbench/scripts/validate_gpu.sh
# Workers carry DT_RPATH $ORIGIN/../../lib, so the bundle runs from any directory.
# Left out on purpose: glibc, libstdc++/libgcc_s (the host's newer ones work), the
# NVIDIA driver (libcuda) and the CUDA toolkit's libraries (cuBLAS, CUPTI), which a
# GPU host has (their directory /usr/local/cuda/lib64 is in the workers' RPATH).
# usage: scripts/bundle.sh [BUILD_DIR] [OUT_DIR]    (defaults: build, dist)
set -euo pipefail
build=${1:-build}
out=${2:-dist}
root=$out/portbench
[ -x "$build/bin/portbench" ] || { echo "bundle: $build/bin/portbench not built" >&2; exit 1; }
rm -rf "$root"
mkdir -p "$root/bin" "$root/libexec/portbench" "$root/lib" "$root/scripts"
cp "$build/bin/portbench" "$root/bin/"
cp "$build"/libexec/portbench/pb-* "$root/libexec/portbench/"
cp "$(dirname "$0")/validate_gpu.sh" "$(dirname "$0")/gpu_results.sh" "$(dirname "$0")/gemm_k7_sweep.sh" \
   "$(dirname "$0")/tune_gpu.sh" "$root/scripts/"

skip='^(linux-vdso|ld-linux|libc\.so|libm\.so|libdl\.so|librt\.so|libpthread\.so|libstdc\+\+|libgcc_s|libcuda\.so|libcublas|libcudart|libcupti|libnvidia)'
extra=()
# dlopened, so ldd does not list it: libgomp's NVPTX plugin
plugin=$(ldconfig -p | awk '/libgomp-plugin-nvptx\.so\.1 / && !p {print $NF; p = 1}')  # no early exit: SIGPIPE + pipefail
[ -n "$plugin" ] && extra+=("$plugin")
for f in "$root"/bin/* "$root"/libexec/portbench/* "${extra[@]}"; do
  ldd "$f" 2>/dev/null | awk '$3 ~ /^\// {print $1, $3}'
done | sort -u | while read -r name path; do
  [[ $name =~ $skip ]] && continue
  cp -L "$path" "$root/lib/$name"
done
for p in "${extra[@]}"; do cp -L "$p" "$root/lib/$(basename "$p")"; done
# portbench itself finds hwloc through $ORIGIN/../lib
XZ_OPT=${XZ_OPT:--6 -T0} tar -C "$out" -cJf "$out/portbench-bundle.tar.xz" portbench
echo "bundle: $root ($(du -sh "$root" | cut -f1)), $out/portbench-bundle.tar.xz ($(du -h "$out/portbench-bundle.tar.xz" | cut -f1))"
