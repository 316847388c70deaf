#!/usr/bin/env bash
# Make a fresh Debian 12 build machine ready to build portbench. Safe to run twice.
# usage: scripts/setup.sh [--first]
#   --first: only what the README's first result needs: the default toolchains (clang-19,
#   gcc-12) with CUDA 11.8's offload tools and the libraries; a later run without it adds
#   the rest (clang-14/15/16, gcc-11, MPICH, gnuplot, jq, chromium, cppcheck, clang-format).
#  - installs the compilers and libraries from Debian main (clang-19 + libomp-19 offload,
#    gcc-12 nvptx offload, and the previous majors clang-16 and gcc-11 + gcc-11 nvptx
#    offload, hwloc, cJSON, OpenBLAS for the CPU GEMM bar, MPICH for the MPI mode, cmake,
#    jq for the tests, gnuplot for reports, chromium (headless) for the dashboard's browser test);
#  - unpacks LLVM 16's OpenMP runtime (libomp-16-dev, libomp5-16) into a private prefix,
#    because in apt it conflicts with libomp-19-dev (installing one removes the other);
#  - provides CUDA 11.8's ptxas/nvlink/fatbinary/cuobjdump/nvdisasm (Debian non-free, nvidia-cuda-toolkit)
#    in a private "CUDA path" for clang-19 offload, because libomptarget 19 cannot load
#    cubins written by CUDA 13's ptxas (see docs/toolchain.md). The system's apt sources
#    are not changed: the non-free index lives in a temporary directory;
#  - lays out the OpenMP runtimes of clang-14, clang-15 and clang-22 in private prefixes
#    (/opt/portbench/llvm-<N>, docs/toolchain.md "clang 13, 14, 15 and 22"): LLVM 14/15's
#    from libomp-<N>-dev (a conflict in apt, as LLVM 16's), LLVM 22's from liboffload-22
#    plus an NVPTX device runtime built here from Debian's source package llvm-toolchain-22
#    (Debian ships none); each with a small libLLVM of its own (only what its libomptarget
#    uses, linked from llvm-<N>-dev's static libraries) so that its bundle part stays small.
# Environment: PORTBENCH_CUDA118_DIR (default /opt/portbench/cuda-11.8-offload),
# PORTBENCH_LLVM16_DIR (default /opt/portbench/llvm-16), PORTBENCH_LLVM_PREFIX (default
# /opt/portbench: llvm-14, llvm-15, llvm-22 in it), PORTBENCH_EXTRA_CLANGS (default
# "14 15": which of those runtimes to lay out; "" for none, saving 70 MB of downloads;
# "14 15 22" adds LLVM 22's, 260 MB of downloads and a minute more, for a worker that CMake
# builds only with -DPB_WITH_CLANG22=ON: its device link takes longer than 35 minutes,
# docs/toolchain.md).
set -euo pipefail
first=0
case ${1-} in
  --first) first=1 ;;
  "") ;;
  *) printf 'setup: unknown argument %s (usage: scripts/setup.sh [--first])\n' "$1" >&2; exit 2 ;;
esac

CUDA118_DIR=${PORTBENCH_CUDA118_DIR:-/opt/portbench/cuda-11.8-offload}
LLVM16_DIR=${PORTBENCH_LLVM16_DIR:-/opt/portbench/llvm-16}
LLVM_PREFIX=${PORTBENCH_LLVM_PREFIX:-/opt/portbench}
EXTRA_CLANGS=${PORTBENCH_EXTRA_CLANGS-14 15}
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi

log() { printf 'setup: %s\n' "$*" >&2; }

# clang-16 needs clang-tools-16 (clang-offload-packager, clang-linker-wrapper) and brings
# libllvm16, which LLVM 16's libomptarget needs at run time. gcc-11-offload-nvptx and
# gcc-12-offload-nvptx coexist (both use gcc-12's libgomp-plugin-nvptx1).
# the first result: the default toolchains and what every build needs
packages=(clang-19 clang-tools-19 libomp-19-dev gcc-12-offload-nvptx
          libhwloc-dev hwloc-nox libcjson-dev libopenblas-dev libsqlite3-dev pkg-config
          gcc g++ cmake make xz-utils binutils ca-certificates)
# the rest: the other toolchains, MPI, reports, the tests' tools
[ $first = 1 ] || packages+=(clang-16 clang-tools-16 gcc-11 gcc-11-offload-nvptx jq mpich libmpich-dev patchelf
                             gnuplot-nox chromium
                             cppcheck clang-format) # scripts/check_static.sh, scripts/check_format.sh
[ $first = 0 ] || EXTRA_CLANGS=""
# clang-14/15 offload through the old driver (clang-offload-wrapper: clang-tools-<N>),
# clang-22 through clang-linker-wrapper (clang-tools-22)
for v in $EXTRA_CLANGS; do
  case $v in 14 | 15) packages+=("clang-$v" "clang-tools-$v") ;;
  22) packages+=(clang-22 clang-tools-22 llvm-22) ;; # llvm-ar-22 packs the device runtime
  *) log "PORTBENCH_EXTRA_CLANGS: '$v' is not one of 14 15 22"; exit 2 ;;
  esac
done
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
llvm16_version=$(dpkg-query -W -f='${Version}' libllvm16 2>/dev/null || true)
if [ $first = 1 ]; then
  log "--first: LLVM 16's OpenMP runtime comes with a run without --first"
elif [ -f "$LLVM16_DIR/lib/libomptarget.so.16" ] && [ "$(cat "$LLVM16_DIR/VERSION" 2>/dev/null)" = "$llvm16_version" ]; then
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
# A libLLVM with only what an OpenMP runtime's libraries use of it (their undefined
# symbols of version LLVM_<N>), linked from llvm-<N>-dev's static libraries: 1 MB for
# LLVM 14/15 and 22 MB for LLVM 22 instead of 100 MB and more, for the bundle's parts.
# RUNPATH $ORIGIN/../lib as Debian's own (scripts/bundle.sh checks it).
stand_in_libllvm() { # stand_in_libllvm STATIC_LIB_DIR OUT_DIR RUNTIME_LIBRARY...
  local static=$1 dir=$2 soname node
  shift 2
  soname=$(readelf -d "$@" | sed -n 's/.*(NEEDED).*\[\(libLLVM[^]]*\)\]/\1/p' | sort -u | awk 'NR == 1')
  readelf --dyn-syms -W "$@" | awk '$7 == "UND" && $8 ~ /@LLVM_/ {print $8}' | sort -u > "$tmp/syms"
  node=$(sed -n '1s/.*@//p' "$tmp/syms")
  [ -n "$soname" ] && [ -n "$node" ] || { log "no libLLVM symbols in $*"; exit 1; }
  { echo "$node {"; echo " global:"; sed 's/@.*/;/; s/^/  /' "$tmp/syms"; echo " local: *;"; echo "};"; } > "$tmp/vs.map"
  # shellcheck disable=SC2016 # $ORIGIN is for the dynamic linker
  g++ -shared -s -o "$tmp/$soname" -Wl,-soname,"$soname" -Wl,--version-script="$tmp/vs.map" \
      $(sed 's/@.*//; s/^/-Wl,-u,/' "$tmp/syms") -Wl,--gc-sections -Wl,--as-needed \
      -Wl,--start-group "$static"/libLLVM*.a -Wl,--end-group \
      -l:libz.so.1 -l:libzstd.so.1 -l:libtinfo.so.6 -lpthread -ldl \
      -Wl,--enable-new-dtags -Wl,-rpath,'$ORIGIN/../lib'
  $SUDO install -m 755 "$tmp/$soname" "$dir/$soname"
}

# The OpenMP runtimes of clang-14, clang-15 and clang-22 (PORTBENCH_EXTRA_CLANGS), each in
# <prefix>/llvm-<N>/lib, of the same version as the installed clang-<N>.
for v in $EXTRA_CLANGS; do
  dir=$LLVM_PREFIX/llvm-$v
  version=$(dpkg-query -W -f='${Version}' "libllvm$v")
  if [ -f "$dir/lib/libomptarget.so" ] && [ "$(cat "$dir/VERSION" 2>/dev/null)" = "$version" ]; then
    log "LLVM $v OpenMP runtime already in $dir"
    continue
  fi
  log "laying out LLVM $v's OpenMP runtime $version in $dir"
  rm -rf "$tmp/x" "$tmp/dev" && mkdir -p "$tmp/x" "$tmp/dev"
  rm -f "$tmp"/deb/*.deb
  if [ "$v" = 22 ]; then debs=(liboffload-22 liboffload-22-dev libomp-22-dev); else debs=("libomp-$v-dev" "libomp5-$v"); fi
  if ! apt-cache show "llvm-$v-dev=$version" >/dev/null 2>&1; then $SUDO apt-get update -q; fi
  (cd "$tmp/deb" && apt-get download -q "${debs[@]/%/=$version}" "llvm-$v-dev=$version")
  for d in "$tmp"/deb/*.deb; do
    case $d in */llvm-"$v"-dev_*) dpkg -x "$d" "$tmp/dev" ;; *) dpkg -x "$d" "$tmp/x" ;; esac
  done
  lib=$tmp/x/usr/lib/llvm-$v/lib
  if [ "$v" = 22 ]; then
    # Debian has no libomp5-22: libomp-22-dev's libomp.so.5 is the system's (LLVM 19's, libomp5-19)
    rm -f "$lib"/libomp.so.5 "$lib"/libgomp.so* "$lib"/libiomp5.so "$lib"/libomp5.so
    ln -s /usr/lib/x86_64-linux-gnu/libomp.so.5 "$lib/libomp.so.5"
    # LLVM 22's NVPTX device runtime (openmp/device) from Debian's source package, compiled
    # as its CMakeLists.txt does: generic bitcode for every architecture. The source index
    # is private, made from the system's own deb lines (deb-src), as for non-free above.
    mkdir -p "$tmp/slists/partial" "$tmp/src"
    src=/etc/apt/sources.list.d/debian.sources
    if [ -f "$src" ]; then
      sed -E 's/^Types:.*$/Types: deb-src/' "$src" > "$tmp/src.sources"
    else
      printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\nTypes: deb-src\nURIs: http://deb.debian.org/debian-security\nSuites: bookworm-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' > "$tmp/src.sources"
    fi
    mkdir -p "$tmp/srcparts" && mv "$tmp/src.sources" "$tmp/srcparts/"
    so=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$tmp/srcparts" -o Dir::State::Lists="$tmp/slists")
    apt-get "${so[@]}" update -q
    # only the upstream tarball (the device runtime is built from it as it is), checked
    # against the index's SHA256; the security archive serves a version's .debian.tar.xz
    # but its orig tarball only from the main archive's pool
    read -r url orig _ hash < <(apt-get "${so[@]}" source --print-uris -qq "llvm-toolchain-22=$version" |
                                awk '$2 ~ /\.orig\.tar\.xz$/')
    url=${url//\'/}
    [ -n "$orig" ] || { log "no llvm-toolchain-22 $version in the source index"; exit 1; }
    for u in "$url" "${url/\/debian-security\/pool\/updates\//\/debian\/pool\/}"; do
      /usr/lib/apt/apt-helper download-file "$u" "$tmp/src/$orig" "$hash" && break
    done
    orig=$tmp/src/$orig
    [ -f "$orig" ] || { log "could not fetch $orig"; exit 1; }
    tar -C "$tmp/src" -xJf "$orig" --wildcards '*/openmp/device/*' '*/offload/include/*' '*/libc/*'
    S=$(ls -d "$tmp"/src/*/openmp/device)
    mkdir -p "$tmp/rtl"
    f=(--target=nvptx64-nvidia-cuda -std=c++17 -O3 -DNDEBUG -flto -fvisibility=hidden -nogpulib -nostdlibinc
       -fno-rtti -fno-exceptions -fconvergent-functions -Wno-unknown-cuda-version -mllvm -vectorize-slp=false
       --cuda-feature=+ptx63 -DSHARED_SCRATCHPAD_SIZE=512 -I"$S/include" -I"$S/../../libc" -I"$S/../../offload/include")
    # its CMakeLists.txt's src_files (not Stub.cpp)
    for c in Allocator Configuration Debug Kernel LibC Mapping Misc Parallelism Profiling Reduction State \
             Synchronization Tasking DeviceUtils Workshare; do
      clang++-22 "${f[@]}" -c "$S/src/$c.cpp" -o "$tmp/rtl/$c.o" &
      [ "$(jobs -r | wc -l)" -lt "$(nproc)" ] || wait -n
    done
    wait
    clang++-22 --target=nvptx64-nvidia-cuda -flto -r -nostdlib -Wl,--lto-emit-llvm "$tmp"/rtl/*.o -o "$lib/libomptarget-nvptx.bc"
    llvm-ar-22 rcs "$lib/libompdevice.a" "$lib/libomptarget-nvptx.bc"
    runtime=("$lib"/libomptarget.so.22*)
  else
    runtime=("$lib"/libomptarget.so "$lib"/libomptarget.rtl.cuda.so)
    # LLVM 14's CUDA plugin has no RUNPATH (15's has $ORIGIN): its libLLVM-14 would be the
    # system's wherever the executable's RPATH does not apply (ldd, hence bundle.sh)
    # shellcheck disable=SC2016 # $ORIGIN is for the dynamic linker
    case "$(readelf -d "$lib/libomptarget.rtl.cuda.so")" in # the whole output matched (pipefail)
      *'(RUNPATH)'*) ;;
      *) patchelf --set-rpath '$ORIGIN' "$lib/libomptarget.rtl.cuda.so" ;;
    esac
  fi
  stand_in_libllvm "$tmp/dev/usr/lib/llvm-$v/lib" "$lib" "${runtime[@]}"
  $SUDO rm -rf "$dir"
  $SUDO mkdir -p "$dir"
  $SUDO cp -a "$lib" "$dir/"
  echo "$version" | $SUDO tee "$dir/VERSION" >/dev/null
done
if [ $first = 1 ]; then log "ready for the first result (scripts/setup.sh without --first adds the rest)"; else log "ready"; fi
