#!/usr/bin/env bash
# The resources of every kernel a build's device code has, one sorted file per image, so
# that two builds compare with `diff -r` (the device code must not change when only the
# build changes): registers, stack, shared, local and constant memory per function, from
# cuobjdump --dump-resource-usage:
#  - pb-cuda: its fatbin, OUT_DIR/pb-cuda.txt (every architecture; CUDA 13's cuobjdump);
#  - every clang OpenMP worker: the linked device images of its .llvm.offloading section
#    (clang-offload-packager), OUT_DIR/pb-omp-<id>.sm_<NN>.txt. OpenMP kernel names carry a
#    file id (the source's inode): it is dropped, so that two checkouts compare. CUDA
#    11.8's cuobjdump (scripts/setup.sh), whose ptxas made them.
# gcc's workers carry PTX that the driver compiles; scripts/gcc_link_registers.sh counts
# their registers after the device link.
# usage: scripts/device_resources.sh BUILD_OR_BUNDLE_DIR OUT_DIR
set -euo pipefail
root=$(cd "${1:?usage: device_resources.sh BUILD_OR_BUNDLE_DIR OUT_DIR}" && pwd)
out=${2:?usage: device_resources.sh BUILD_OR_BUNDLE_DIR OUT_DIR}
# the cuobjdump of the ptxas that wrote the images (11.8's cannot read CUDA 13's)
cuobjdump=${PB_CUDA118_DIR:-/opt/portbench/cuda-11.8-offload}/bin/cuobjdump
cuobjdump_cuda=${CUDA_HOME:-/usr/local/cuda}/bin/cuobjdump
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
say() { printf 'device_resources: %s\n' "$*"; }
# "arch = sm_NN", "Function NAME:" then its usage line -> "sm_NN NAME REG:.. STACK:.. ...", sorted
usage() {
  awk '/^arch = / { arch = $3; next }
       /^ *Function / { f = $2; sub(/:$/, "", f); sub(/^__omp_offloading_[0-9a-f]+_[0-9a-f]+_/, "__omp_offloading_", f); next }
       f != "" { sub(/^ +/, ""); print arch, f, $0; f = "" }' | sort
}
packager=""
for p in clang-offload-packager-19 clang-offload-packager-16 clang-offload-packager; do
  command -v "$p" > /dev/null && { packager=$p; break; }
done
n=0
for w in "$root"/libexec/portbench/pb-*; do
  name=$(basename "$w")
  case $name in
    pb-cuda)
      [ -x "$cuobjdump_cuda" ] || { say "no $cuobjdump_cuda: $name skipped"; continue; }
      "$cuobjdump_cuda" --dump-resource-usage "$w" | usage > "$out/$name.txt"
      say "$name: $(wc -l < "$out/$name.txt") functions"; n=$((n + 1)) ;;
    pb-omp-clang-*)
      [ -n "$packager" ] || { say "no clang-offload-packager: $name skipped"; continue; }
      objcopy --dump-section .llvm.offloading="$tmp/$name.off" "$w" /dev/null 2> /dev/null ||
        { say "$name: no .llvm.offloading section (clang < 16?): skipped"; continue; }
      # its architectures, from its build flags (PB_BUILD_FLAGS: "<id> <flags>")
      id=${name#pb-omp-}
      archs=$(strings "$w" | awk -v p="^$id -std=" '$0 ~ p && !f {print; f = 1}' |
              grep -oE -- '--offload-arch=[sm_0-9,]+' | grep -oE 'sm_[0-9]+' || true)
      [ -n "$archs" ] || { say "$name: no --offload-arch in its build flags (clang < 15): skipped"; continue; }
      for sm in $archs; do
        "$packager" "$tmp/$name.off" --image=file="$tmp/$name.$sm.cubin,arch=$sm"
        "$cuobjdump" --dump-resource-usage "$tmp/$name.$sm.cubin" | usage | sed "s/^ */$sm /" > "$out/$name.$sm.txt"
        say "$name $sm: $(wc -l < "$out/$name.$sm.txt") functions"; n=$((n + 1))
      done ;;
  esac
done
[ $n -ge 1 ] || { say "no device code found under $root/libexec/portbench"; exit 1; }
