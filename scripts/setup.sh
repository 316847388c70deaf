#!/usr/bin/env bash
# Make a fresh Debian 12 build machine ready to build portbench. Safe to run twice.
#  - installs the compilers and libraries from Debian main (clang-19 + libomp-19 offload,
#    gcc-12 nvptx offload, and the previous majors clang-16 and gcc-11 + gcc-11 nvptx
#    offload, hwloc, cJSON, OpenBLAS for the CPU GEMM bar, MPICH for the MPI mode, cmake,
#    jq for the tests, gnuplot for reports, chromium (headless) for the dashboard's browser test);
#  - unpacks LLVM 16's OpenMP runtime (libomp-16-dev, libomp5-16) into a private prefix,
#    because in apt it conflicts with libomp-19-dev (installing one removes the other);
#  - provides CUDA 11.8's ptxas/nvlink/fatbinary/cuobjdump/nvdisasm (Debian non-free, nvidia-cuda-toolkit)
#    in a private "CUDA path" for clang-19 offload, because libomptarget 19 cannot load
#    cubins written by CUDA 13's ptxas (see docs/toolchain.md). The system's apt sources
#    are not changed: the non-free index lives in a temporary directory.
# Environment: PORTBENCH_CUDA118_DIR (default /opt/portbench/cuda-11.8-offload),
# PORTBENCH_LLVM16_DIR (default /opt/portbench/llvm-16).
set -euo pipefail

CUDA118_DIR=${PORTBENCH_CUDA118_DIR:-/opt/portbench/cuda-11.8-offload}
LLVM16_DIR=${PORTBENCH_LLVM16_DIR:-/opt/portbench/llvm-16}
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi

log() { printf 'setup: %s\n' "$*" >&2; }

# clang-16 needs clang-tools-16 (clang-offload-packager, clang-linker-wrapper) and brings
# libllvm16, which LLVM 16's libomptarget needs at run time. gcc-11-offload-nvptx and
# gcc-12-offload-nvptx coexist (both use gcc-12's libgomp-plugin-nvptx1).
packages=(clang-19 clang-tools-19 libomp-19-dev gcc-12-offload-nvptx
          clang-16 clang-tools-16 gcc-11 gcc-11-offload-nvptx
          libhwloc-dev hwloc-nox libcjson-dev jq libopenblas-dev mpich libmpich-dev patchelf libsqlite3-dev pkg-config
          cmake make gnuplot-nox xz-utils binutils ca-certificates chromium
          cppcheck clang-format) # scripts/check_static.sh, scripts/check_format.sh
missing=()
for p in "${packages[@]}"; do
  [[ $(dpkg-query -W -f='${Status}' "$p" 2>/dev/null) == 'install ok installed' ]] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing: ${missing[*]}"
  $SUDO apt-get update -q
  # apt removes what conflicts: libomp-19-dev and libomp5-19 conflict with every other
  # LLVM's libomp (e.g. libomp-14-dev, libomp-dev and libomp5-14 of clang-14); say so first
  removed=$(apt-get install --dry-run -q --no-install-recommends "${missing[@]}" 2>/dev/null |
            awk '$1 == "Remv" {printf "%s%s", sep, $2; sep = " "}')
  [ -z "$removed" ] || log "apt removes $removed: they conflict with what portbench needs (docs/toolchain.md)"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  log "Debian packages already installed"
fi

if [ ! -x /usr/local/cuda/bin/nvcc ]; then
  log "warning: /usr/local/cuda/bin/nvcc not found; the CUDA backend will not be built"
fi

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/deb"
chmod 755 "$tmp"; chown _apt "$tmp/deb" 2>/dev/null || true # apt-get download runs as _apt where it can

# LLVM 16's OpenMP runtime, the same version as the installed libllvm16 (its libomptarget
# and CUDA plugins need that libLLVM-16). Laid out as <dir>/lib like /usr/lib/llvm-16/lib.
llvm16_version=$(dpkg-query -W -f='${Version}' libllvm16)
if [ -f "$LLVM16_DIR/lib/libomptarget.so.16" ] && [ "$(cat "$LLVM16_DIR/VERSION" 2>/dev/null)" = "$llvm16_version" ]; then
  log "LLVM 16 OpenMP runtime already in $LLVM16_DIR"
else
  log "unpacking libomp-16-dev $llvm16_version into $LLVM16_DIR (it conflicts with libomp-19-dev in apt)"
  if ! apt-cache show "libomp-16-dev=$llvm16_version" >/dev/null 2>&1; then $SUDO apt-get update -q; fi
  (cd "$tmp/deb" && apt-get download -q "libomp-16-dev=$llvm16_version" "libomp5-16=$llvm16_version")
  for d in "$tmp"/deb/libomp-16-dev_*.deb "$tmp"/deb/libomp5-16_*.deb; do dpkg -x "$d" "$tmp/llvm16"; done
  $SUDO rm -rf "$LLVM16_DIR"
  $SUDO mkdir -p "$LLVM16_DIR"
  $SUDO cp -a "$tmp/llvm16/usr/lib/llvm-16/lib" "$LLVM16_DIR/"
  # libomptarget 16 dlopens its plugins by bare name from inside libLLVM-16, so only
  # libLLVM-16's RUNPATH ($ORIGIN/../lib) and LD_LIBRARY_PATH are searched, never the
  # worker's RPATH. Reached through this link, $ORIGIN/../lib is this directory, where
  # the plugins are (scripts/bundle.sh lays out the bundle the same way).
  libllvm=$(dpkg -L libllvm16 | awk '/\/libLLVM-16\.so\.1$/ && !f {print; f = 1}')
  $SUDO ln -sfn "$libllvm" "$LLVM16_DIR/lib/libLLVM-16.so.1"
  echo "$llvm16_version" | $SUDO tee "$LLVM16_DIR/VERSION" >/dev/null
fi

if [ -x "$CUDA118_DIR/bin/ptxas" ] && [ -x "$CUDA118_DIR/bin/nvdisasm" ] && [ -f "$CUDA118_DIR/include/cuda.h" ]; then
  log "CUDA 11.8 offload tools already in $CUDA118_DIR"
else
  log "fetching CUDA 11.8 ptxas/nvlink from Debian non-free into $CUDA118_DIR"
  mkdir -p "$tmp/lists/partial" "$tmp/cache/archives/partial"
  # Same mirrors as the system's own sources, non-free component only, private index.
  src=/etc/apt/sources.list.d/debian.sources
  if [ -f "$src" ]; then
    sed -E 's/^Components:.*$/Components: non-free/' "$src" > "$tmp/nonfree.sources"
  else
    printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: non-free\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' > "$tmp/nonfree.sources"
  fi
  o=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$tmp"
     -o Dir::State::Lists="$tmp/lists" -o Dir::Cache="$tmp/cache")
  apt-get "${o[@]}" update -q
  (cd "$tmp" && apt-get "${o[@]}" download nvidia-cuda-toolkit)
  dpkg -x "$tmp"/nvidia-cuda-toolkit_*.deb "$tmp/x"
  $SUDO mkdir -p "$CUDA118_DIR/bin" "$CUDA118_DIR/nvvm/libdevice" "$CUDA118_DIR/include"
  # cuobjdump and nvdisasm read the offload images for scripts/check_codegen.sh
  for t in ptxas nvlink fatbinary cuobjdump nvdisasm; do $SUDO install -m 755 "$tmp/x/usr/bin/$t" "$CUDA118_DIR/bin/$t"; done
  $SUDO install -m 644 "$tmp/x/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc" "$CUDA118_DIR/nvvm/libdevice/"
  # clang reads the CUDA version from cuda.h; 11.8 makes it emit PTX 7.8, which ptxas 11.8 accepts.
  echo '#define CUDA_VERSION 11080' | $SUDO tee "$CUDA118_DIR/include/cuda.h" >/dev/null
  "$CUDA118_DIR/bin/ptxas" --version | tail -n 1 >&2
fi
# clang < 15 takes a CUDA path only with a lib64 (or lib) directory in it (a compiler given
# by path, e.g. clang-14); an empty one will do
[ -d "$CUDA118_DIR/lib64" ] || $SUDO mkdir -p "$CUDA118_DIR/lib64"
log "ready"
