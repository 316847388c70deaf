#!/usr/bin/env bash
# Offload plumbing without a GPU: runs every OpenMP worker of a build or bundle against a
# fake NVIDIA driver (scripts/fakecuda.c) that claims one GPU of each architecture in
# PB_CUDA_ARCHS in turn, and checks from the driver calls it logged that
#  - clang: the worker found its libomptarget CUDA plugin (LLVM 16 looks for it only
#    through libLLVM-16's RUNPATH, see docs/toolchain.md), the plugin handed the driver
#    a cubin that runs there (ELF e_flags sm_XY: same major, minor not above the GPU's;
#    both LLVM 16 and 19 take the first such image, so an sm_86 GPU gets the sm_80 one;
#    clang-14/15 carry one cubin, clang-22 one per architecture),
#    and launched kernels;
#  - gcc: libgomp found its nvptx plugin and handed the driver its PTX to JIT-compile.
# Results are wrong by design (the fake runs no kernel): only the calls are checked.
# What a real driver does with the image is for scripts/validate_gpu.sh on a GPU host.
# usage: scripts/check_offload.sh [PORTBENCH] [ARCHS]   (defaults: build/bin/portbench, "80 86 90")
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
pb=${1:-build/bin/portbench}
archs=${2:-80 86 90}
[ -x "$pb" ] || { echo "check_offload: $pb not found" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
say() { printf 'check_offload: %s\n' "$*"; }
cc=${CC:-cc}
command -v "$cc" >/dev/null || cc=gcc
"$cc" -shared -fPIC -O1 -o "$tmp/libcuda.so.1" "$here/fakecuda.c" || { say "FAIL cannot build the fake driver"; exit 1; }
ln -s libcuda.so.1 "$tmp/libcuda.so" # LLVM's CUDA plugins dlopen "libcuda.so"

# the OpenMP toolchains this build or bundle has ("omp@<id> <id> pb-omp-<id> built")
tcs=$("$pb" list 2>/dev/null | awk '$1 ~ /^omp@/ && $3 ~ /^pb-omp-/ && $4 == "built" {print $2}')
[ -n "$tcs" ] || { say "FAIL no OpenMP worker built"; exit 1; }
backends=$(printf 'omp@%s,' $tcs)
libexec=${PORTBENCH_LIBEXEC:-$(dirname "$pb")/../libexec/portbench}
# serves WORKER TOOLCHAIN SM: 0 if the worker carries a cubin for that GPU (the same major,
# minor not above) by the architectures in its build flags (PB_BUILD_FLAGS: clang < 15 and a
# device runtime without sm_90 build fewer than PB_CUDA_ARCHS), or if its flags name none.
# A retargeted build (clang-14/15: -march=sm_86 with --cuda-path=.../sm_86-as-sm_90, see
# CMakeLists.txt) carries a cubin for the architecture after "-as-".
serves() {
  local a archs flags
  flags=$(strings "$1" | awk -v p="^$2 -std=" '$0 ~ p && !f {print; f = 1}')
  archs=$(grep -oE '(--offload-arch|-march)=[sm_0-9,]+' <<< "$flags" | grep -oE '[0-9]+')
  if grep -qE 'sm_[0-9]+-as-sm_[0-9]+' <<< "$flags"; then
    archs=$(grep -oE 'sm_[0-9]+-as-sm_[0-9]+' <<< "$flags" | sed 's/.*-as-sm_//' | sort -u)
  fi
  [ -n "$archs" ] || return 0
  for a in $archs; do
    [ "${a:0:1}" = "${3:0:1}" ] && [ "${a:1}" -le "${3:1}" ] && return 0
  done
  return 1
}
status=0
for sm in $archs; do
  bad=0
  log=$tmp/log.$sm
  : > "$log"
  FAKECUDA_CC=$sm FAKECUDA_LOG=$log LD_LIBRARY_PATH="$tmp${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    "$pb" dmvm --backend "${backends%,}" --nx 33 --variants v1 --dtype double --no-baselines \
    --warmup 0 --reps 1 --clock host --quiet > "$tmp/out.$sm" 2>&1
  for tc in $tcs; do
    w=pb-omp-$tc
    case $tc in
      clang-*)
        if ! serves "$libexec/$w" "$tc" "$sm"; then
          say "skip $w on a fake sm_$sm: built for no such GPU (its build flags)"
          continue
        fi
        img=$(grep -m 1 "^$w: cuModuleLoadDataEx" "$log")
        launches=$(grep -c "^$w: cuLaunchKernel" "$log")
        got=$(sed -n 's/.*(sm_\([0-9]*\))$/\1/p' <<< "$img")
        if [ -n "$got" ] && [ "${got:0:1}" = "${sm:0:1}" ] && [ "${got:1}" -le "${sm:1}" ] && [ "$launches" -ge 1 ]; then
          say "ok   $w on a fake sm_$sm: ${img#*cuModuleLoadDataEx: }; $launches kernel launches"
        else
          say "FAIL $w on a fake sm_$sm: image ${img:-never loaded}, $launches kernel launches"
          bad=1
        fi ;;
      gcc-*)
        ptx=$(grep -m 1 "^$w: cuLinkAddData" "$log")
        if [ -n "$ptx" ]; then
          say "ok   $w on a fake sm_$sm: ${ptx#*cuLinkAddData: } handed to the driver's JIT"
        else
          say "FAIL $w on a fake sm_$sm: libgomp's nvptx plugin never reached the driver"
          bad=1
        fi ;;
    esac
  done
  if [ $bad -ne 0 ]; then
    status=1
    say "portbench output for sm_$sm:"
    sed 's/^/  /' "$tmp/out.$sm" | tail -n 20
  fi
done
exit $status
