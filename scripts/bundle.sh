#!/usr/bin/env bash
# Pack the built portbench (driver + workers) with the runtime libraries that a GPU host
# without the toolchains lacks, into one relocatable tree dist/portbench/ that travels
# in parts (one transfer to a GPU host is limited to 64 MiB):
#   dist/portbench-base.tar.xz    driver, workers, scripts, shared libraries, and the
#                                 runtimes of the default clang and of every gcc
#   dist/portbench-<id>.tar.xz    one per other clang toolchain: its lib/<id>/ (libLLVM)
#   dist/portbench-extra.tar.xz   the libraries only some runs need, loaded when used
#                                 (BUILD_DIR/dlopen.txt): OpenBLAS (gemm's CPU library
#                                 bar, backend openblas) and MPICH (mpiexec, MPI runs)
# Which parts a run needs: the base part alone runs every benchmark on the GPU backends,
# the default clang, every gcc and the CPU baseline; a clang-<N> part adds
# omp@clang-<N>; the extra part adds the openblas backend (without it that backend SKIPs
# with the reason) and runs under mpiexec (without it an MPI launch is refused, exit 2).
# Every part unpacks into the same portbench/ tree:
#   for f in portbench-*.tar.xz; do tar -xJf "$f"; done; portbench/bin/portbench list
# Layout:
#   bin/portbench, libexec/portbench/pb-*, scripts/
#   share/portbench/report/*.gp   the report's chart templates (found beside bin/)
#   lib/           shared by all: hwloc, cJSON, libLLVM's own dependencies, ...
#   lib/<id>/lib/  toolchain <id>'s OpenMP runtime, first in pb-omp-<id>'s DT_RPATH
#                  ($ORIGIN/../../lib/<id>/lib): clang: libomp.so.5, libomptarget,
#                  libLLVM and (LLVM <= 18) the CUDA plugins; gcc: libgomp.so.1 and
#                  libgomp-plugin-nvptx.so.1. Every LLVM calls its runtime libomp.so.5,
#                  so two clang workers must not share a directory.
#                  Why <id>/lib: libomptarget 16 dlopens its plugins by bare name from
#                  inside libLLVM-16, whose RUNPATH is $ORIGIN/../lib (the executable's
#                  RPATH does not apply there); with libLLVM in <id>/lib that is <id>/lib
#                  itself. libLLVM's own dependencies are found through the same RUNPATH,
#                  so <id>/lib holds relative links to them in lib/.
# Left out on purpose: glibc, libstdc++/libgcc_s (the host's newer ones work), the NVIDIA
# driver (libcuda) and the CUDA toolkit's libraries (cuBLAS, CUPTI), which a GPU host has
# (/usr/local/cuda/lib64 is in the workers' RPATH).
# Checks the result: each worker resolves its runtime inside its own lib/<id>/lib and
# nothing is missing (ldd/readelf), and each OpenMP worker, as bundled, loads its offload
# plugin and hands its device image to a fake driver (scripts/check_offload.sh); exit 1 if not.
# usage: scripts/bundle.sh [BUILD_DIR] [OUT_DIR]    (defaults: build, dist)
# Environment: XZ_OPT (default "-6 -T0"; "-9e -T0" packs a little smaller, slowly).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
out=${2:-dist}
root=$out/portbench
[ -x "$build/bin/portbench" ] || { echo "bundle: $build/bin/portbench not built" >&2; exit 1; }
say() { printf 'bundle: %s\n' "$*"; }
rm -rf "$root" "$out"/portbench-*.tar.xz
mkdir -p "$root/bin" "$root/libexec/portbench" "$root/lib" "$root/scripts"
cp "$build/bin/portbench" "$root/bin/"
cp "$build"/libexec/portbench/pb-* "$root/libexec/portbench/"
[ -d "$build/share/portbench" ] || { echo "bundle: $build/share/portbench missing (run cmake again)" >&2; exit 1; }
cp -r "$build/share" "$root/"
cp "$here/validate_gpu.sh" "$here/gpu_results.sh" "$here/probe_clang16.sh" "$here/gemm_k7_sweep.sh" "$here/tune_gpu.sh" \
   "$here/gemm_best_sweep.sh" "$here/ncu_best.sh" "$here/stop_children.sh" "$root/scripts/"
# Libraries the driver and pb-cpu load only when used (dlopen: MPICH, OpenBLAS), listed by
# CMake as "SONAME PATH": into lib/, where the executables' RPATH finds them.
dlopened=()
while read -r name path; do
  [ -n "$name" ] || continue
  [ -e "$path" ] || { say "$name: $path (from $build/dlopen.txt) is missing" >&2; exit 1; }
  cp -L "$path" "$root/lib/$name"
  dlopened+=("$root/lib/$name")
done < <(cat "$build/dlopen.txt" 2>/dev/null)
# The MPI launcher the driver was built against (MPICH's hydra), so that
# `portbench/bin/mpiexec -n 2 portbench/bin/portbench ...` works on a host without MPI:
# hydra finds hydra_pmi_proxy next to itself; both find their libraries in lib/.
if grep -q '^libmpi' "$build/dlopen.txt" 2>/dev/null; then
  hydra=$(readlink -f "$(command -v mpiexec.hydra || true)")
  [ -x "$hydra" ] || { say "the driver uses MPICH but mpiexec.hydra is missing" >&2; exit 1; }
  command -v patchelf > /dev/null || { say "patchelf is needed to bundle MPICH's launcher (scripts/setup.sh)" >&2; exit 1; }
  cp "$hydra" "$root/bin/mpiexec"
  cp "$(dirname "$hydra")/hydra_pmi_proxy" "$root/bin/"
  patchelf --set-rpath '$ORIGIN/../lib' "$root/bin/mpiexec" "$root/bin/hydra_pmi_proxy"
fi

skip='^(linux-vdso|ld-linux|libc\.so|libm\.so|libdl\.so|librt\.so|libpthread\.so|libstdc\+\+|libgcc_s|libcuda\.so|libcublas|libcudart|libcupti|libnvidia)'
runtime='^(libomp\.so|libomptarget|libLLVM|libgomp\.so|libgomp-plugin)'

put() { # put NAME PATH DEST_DIR: copy once; a different file under the same name is an error
  local dest=$3/$1
  if [ -e "$dest" ]; then
    cmp -s "$2" "$dest" || { say "two different $1 for $3 (second: $2)" >&2; exit 1; }
    return
  fi
  cp -L "$2" "$dest"
}
deps() { ldd "$1" 2>/dev/null | awk '$3 ~ /^\// {print $1, $3}'; }

# 1. every executable's shared libraries; an OpenMP worker's runtime goes to lib/<id>/lib
for f in "$root"/bin/* "$root"/libexec/portbench/* "${dlopened[@]}"; do
  id=$(basename "$f")
  case $id in pb-omp-*) id=${id#pb-omp-} ;; *) id= ;; esac
  objs=("$f")
  if [ -n "$id" ]; then
    mkdir -p "$root/lib/$id/lib"
    # dlopened, so ldd does not list them: LLVM <= 18's CUDA plugins (next to
    # libomptarget, by their unversioned names) and libgomp's nvptx plugin (next to libgomp)
    omptarget=$(deps "$f" | awk '$1 ~ /^libomptarget\.so/ {print $2}')
    if [ -n "$omptarget" ]; then
      for p in "$(dirname "$omptarget")"/libomptarget.rtl.cuda*.so; do
        [ -e "$p" ] && objs+=("$p") && put "$(basename "$p")" "$p" "$root/lib/$id/lib"
      done
    fi
    gomp=$(deps "$f" | awk '$1 == "libgomp.so.1" {print $2}')
    if [ -n "$gomp" ]; then
      p=$(dirname "$(readlink -f "$gomp")")/libgomp-plugin-nvptx.so.1
      [ -e "$p" ] || p=$(ldconfig -p | awk '/libgomp-plugin-nvptx\.so\.1 / && !n {print $NF; n = 1}')
      [ -n "$p" ] && objs+=("$p") && put libgomp-plugin-nvptx.so.1 "$p" "$root/lib/$id/lib"
    fi
  fi
  for o in "${objs[@]}"; do deps "$o"; done | sort -u | while read -r name path; do
    [[ $name =~ $skip ]] && continue
    if [ -n "$id" ] && [[ $name =~ $runtime ]]; then
      put "$name" "$path" "$root/lib/$id/lib"
    else
      put "$name" "$path" "$root/lib"
    fi
  done
done

# 2. a toolchain's libraries with a RUNPATH ($ORIGIN, $ORIGIN/../lib) ignore the
#    worker's RPATH: link their dependencies from lib/ into lib/<id>/lib.
for d in "$root"/lib/*/lib; do
  for so in "$d"/*.so*; do
    [ -L "$so" ] && continue
    readelf -d "$so" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | while read -r n; do
      if [ ! -e "$d/$n" ] && [ -e "$root/lib/$n" ]; then ln -s "../../$n" "$d/$n"; fi
    done
  done
done

# 2b. toolchains with the same runtime (a nightly given by path that is the release's
#    compiler under another id, or two ids of one install): the later one's lib/<id> is a
#    link to the first one's, not a second copy of libLLVM (25 MiB a part). First: the
#    default toolchains (pb_backends.def's aliases), then the others by id, so that a plain
#    id (clang-19) comes before its suffixed twin (clang-19-nightly).
defaults=$(sed -n 's/^PB_ALIAS("omp[^"]*", *"omp@\(.*\)")$/\1/p' "$here/../harness/core/pb_backends.def")
order=$( (printf '%s\n' $defaults; for d in "$root"/lib/*/lib; do basename "$(dirname "$d")"; done | sort) |
         awk '!seen[$0]++')
kept=()
for id in $order; do
  [ -d "$root/lib/$id/lib" ] || continue
  for other in "${kept[@]}"; do
    if diff -rq --no-dereference "$root/lib/$id/lib" "$root/lib/$other/lib" > /dev/null 2>&1; then
      rm -rf "${root:?}/lib/$id" && ln -s "$other" "$root/lib/$id"
      say "lib/$id: the same runtime as lib/$other (a link)"
      continue 2
    fi
  done
  kept+=("$id")
done

# 3. check: every worker resolves its runtime in its own directory, nothing missing
status=0
for f in "$root"/libexec/portbench/* "$root"/bin/*; do
  w=$(basename "$f")
  if [[ $(ldd "$f") == *'not found'* ]]; then
    say "FAIL $w: $(ldd "$f" | grep 'not found' | tr -s ' \t' ' ' | paste -sd, -)"; status=1
  fi
  case $w in pb-omp-*) ;; *) continue ;; esac
  id=${w#pb-omp-}
  own=$(cd "$root/lib/$id/lib" && pwd -P)
  while read -r name path; do
    [[ $name =~ $runtime ]] || continue
    if [ "$(cd "$(dirname "$path")" && pwd -P)" = "$own" ]; then
      say "ok   $w: $name -> lib/$id/lib"
    else
      say "FAIL $w: $name -> $path (not lib/$id/lib)"; status=1
    fi
  done < <(deps "$f")
  for p in "$root/lib/$id/lib"/libomptarget.rtl.cuda*.so; do
    [ -e "$p" ] || continue
    # the plugin is dlopened from libLLVM (libomptarget's dependency): its RUNPATH must name this directory
    llvm=$(ls "$root/lib/$id/lib"/libLLVM*.so* 2>/dev/null | awk 'NR == 1')
    rp=$(readelf -d "$llvm" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
    if [ "$rp" = '$ORIGIN/../lib' ] && [ "$(basename "$own")" = lib ]; then
      say "ok   $w: $(basename "$p") next to $(basename "$llvm") (RUNPATH $rp)"
    else
      say "FAIL $w: $(basename "$llvm") RUNPATH '$rp' does not lead to $(basename "$p")"; status=1
    fi
    if [[ $(ldd "$p") == *'not found'* ]]; then say "FAIL $(basename "$p"): $(ldd "$p" | grep 'not found' | paste -sd, -)"; status=1; fi
  done
done
[ $status -eq 0 ] || { say "the bundle is not self-contained (see FAIL above)"; exit 1; }
# and each OpenMP worker, as bundled, finds its plugin and hands its image to a (fake) driver
"$here/check_offload.sh" "$root/bin/portbench" || { say "offload plumbing of the bundle is broken (see FAIL above)"; exit 1; }

# 4. the parts: the default clang's runtime travels with the base; every other clang
#    apart; the libraries that only some runs need (OpenBLAS for gemm's CPU bar, MPICH for
#    MPI runs) in portbench-extra, so that every part stays well below one transfer. The
#    extra part is what lib/ holds beyond what the base part's executables and runtimes
#    need at start-up (ldd), plus MPICH's launcher.
default=$(sed -n 's/^PB_ALIAS("omp", *"omp@\(.*\)")$/\1/p' "$here/../harness/core/pb_backends.def")
export XZ_OPT=${XZ_OPT:--6 -T0}
parts=()
excl=()
for d in "$root"/lib/clang-*/; do
  [ -d "$d" ] || continue
  id=$(basename "$d")
  [ -L "$root/lib/$id" ] && continue # a link to another toolchain's runtime travels with the base part
  [ "$id" = "$default" ] && continue
  tar -C "$out" -cJf "$out/portbench-$id.tar.xz" "portbench/lib/$id"
  parts+=("$out/portbench-$id.tar.xz")
  excl+=(--exclude="portbench/lib/$id")
done
base_needs=$(for f in "$root"/bin/portbench "$root"/libexec/portbench/* "$root"/lib/*/lib/*; do
                [ -L "$f" ] || deps "$f"
              done | awk '{print $1}' | sort -u)
extra=()
for f in "$root"/lib/*.so* "$root"/bin/mpiexec "$root"/bin/hydra_pmi_proxy; do
  [ -e "$f" ] || continue
  case $f in "$root"/lib/*) grep -qxF "$(basename "$f")" <<<"$base_needs" && continue ;; esac
  extra+=("portbench/${f#"$root"/}")
done
if [ ${#extra[@]} -gt 0 ]; then
  tar -C "$out" -cJf "$out/portbench-extra.tar.xz" "${extra[@]}"
  parts+=("$out/portbench-extra.tar.xz")
  for e in "${extra[@]}"; do excl+=(--exclude="$e"); done
fi
tar -C "$out" "${excl[@]}" -cJf "$out/portbench-base.tar.xz" portbench
parts=("$out/portbench-base.tar.xz" "${parts[@]}")
say "$root ($(du -sh "$root" | cut -f1)), xz $XZ_OPT:"
limit=$((60 * 1024 * 1024))
for p in "${parts[@]}"; do
  size=$(stat -c %s "$p")
  awk -v p="$p" -v s="$size" 'BEGIN {printf "bundle:   %-40s %6.1f MiB\n", p, s / 1048576}'
  [ "$size" -lt "$limit" ] || { say "FAIL $p is not below 60 MiB: one transfer to a GPU host carries at most 64 MiB"; status=1; }
done
say "unpack every part into one directory: for f in portbench-*.tar.xz; do tar -xJf \"\$f\"; done"
exit $status
