#!/usr/bin/env bash
# Make a fresh Debian 12 build machine ready to build portbench. Safe to run twice.
#  - installs the compilers and libraries from Debian main (clang-19 + libomp-19 offload,
#    gcc-12 nvptx offload, hwloc, OpenBLAS for the CPU GEMM bar, cmake, gnuplot for reports);
#  - provides CUDA 11.8's ptxas/nvlink/fatbinary/cuobjdump/nvdisasm (Debian non-free, nvidia-cuda-toolkit)
#    in a private "CUDA path" for clang-19 offload, because libomptarget 19 cannot load
#    cubins written by CUDA 13's ptxas (see docs/toolchain.md). The system's apt sources
#    are not changed: the non-free index lives in a temporary directory.
# Environment: PORTBENCH_CUDA118_DIR (default /opt/portbench/cuda-11.8-offload).
set -euo pipefail

CUDA118_DIR=${PORTBENCH_CUDA118_DIR:-/opt/portbench/cuda-11.8-offload}
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi

log() { printf 'setup: %s\n' "$*" >&2; }

packages=(clang-19 clang-tools-19 libomp-19-dev gcc-12-offload-nvptx libhwloc-dev hwloc-nox libcjson-dev jq
          libopenblas-dev
          cmake make gnuplot-nox xz-utils binutils ca-certificates)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing: ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  log "Debian packages already installed"
fi

if [ ! -x /usr/local/cuda/bin/nvcc ]; then
  log "warning: /usr/local/cuda/bin/nvcc not found; the CUDA backend will not be built"
fi

if [ -x "$CUDA118_DIR/bin/ptxas" ] && [ -x "$CUDA118_DIR/bin/nvdisasm" ] && [ -f "$CUDA118_DIR/include/cuda.h" ]; then
  log "CUDA 11.8 offload tools already in $CUDA118_DIR"
else
  log "fetching CUDA 11.8 ptxas/nvlink from Debian non-free into $CUDA118_DIR"
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
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
log "ready"
