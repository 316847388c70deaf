#!/usr/bin/env bash
# build_workers.sh SOURCE_DIR WORKDIR CASE
# How OpenMP workers are configured and built (pb_omp_worker in CMakeLists.txt), in a
# scratch build directory (no CUDA, no MPI):
#   by_path      compilers given by path: a bad entry is skipped with one warning and the
#                others are configured; an id must name the compiler's family and major;
#                PB_OMP_RUNTIME_DIRS gives a toolchain its runtime directory, and clang's
#                architectures are those of PB_CUDA_ARCHS its device runtime has
#   incremental  a worker is compiled per source: touching one kernel file recompiles
#                that object and relinks; adding a compiler to a built tree rebuilds none
#                of the existing workers (gcc-12 and a second gcc-12 given by path)
set -uo pipefail
src=$1 work=$2/$3 case=$3
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
# a copy of the sources (the results and docs apart): the incremental case touches files
mkdir src
(cd "$1" && cp -r CMakeLists.txt harness cpu_ref omp_target driver tools tests scripts cuda "$work/src/") ||
  { echo "FAIL: cannot copy the sources"; exit 1; }
src=$work/src
fail() { echo "FAIL: $*"; exit 1; }
configure() { cmake -S "$src" -B build -DCMAKE_BUILD_TYPE=Release -DPB_WITH_CUDA=OFF -DPB_WITH_MPI=OFF "$@" > cfg.txt 2>&1; }
flags() { paste -sd' ' "build/toolchains/$1.flags"; }
# one line per CMake warning: its text joined
warnings() { awk '/^CMake Warning/ {w = 1; t = ""; next} w && /^$/ && t != "" {print t; w = 0; next} w && !/^Call Stack|^  CMakeLists|^$/ {sub(/^ +/, ""); t = t (t == "" ? "" : " ") $0}' cfg.txt; }

case $case in
by_path)
  gcc=$(command -v gcc-12) || fail "no gcc-12"
  clang=$(command -v clang-19) || fail "no clang-19"
  lib=$(dirname "$(dirname "$(readlink -f "$clang")")")/lib
  # two private runtime directories made of links to LLVM 19's: all of it, and one whose
  # NVPTX device runtime stops at sm_86 (as LLVM 14's and 15's do)
  mkdir -p rt_all rt_86
  for f in "$lib"/libomp.so* "$lib"/libomptarget.so* "$lib"/libomptarget-nvptx-sm_*.bc; do ln -s "$f" rt_all/; done
  for f in "$lib"/libomp.so* "$lib"/libomptarget.so* "$lib"/libomptarget-nvptx-sm_{80,86}.bc; do ln -s "$f" rt_86/; done
  configure "-DPB_OMP_COMPILERS=/nonexistent/clang;gcc-99=$gcc;clang-19-rt=$clang;clang-19-86=$clang;gcc-12-x=/etc" \
            "-DPB_OMP_RUNTIME_DIRS=clang-19-rt=$work/rt_all;clang-19-86=$work/rt_86;garbage;clang-77=/tmp"
  rc=$?
  [ $rc -eq 0 ] || fail "configure failed ($rc): $(grep -A3 'CMake Error' cfg.txt)"
  warnings > warnings.txt
  for w in "'/nonexistent/clang' is not a compiler's full path.*skipped" \
           "OpenMP toolchain gcc-99: $gcc is gcc 12, not gcc 99 as the id says.*worker not built" \
           "'/etc' is not a compiler's full path" \
           "OpenMP toolchain clang-19-86: device code for sm_80,sm_86 only \(its NVPTX device runtime has no sm_90\)" \
           "PB_OMP_RUNTIME_DIRS: 'garbage' is not ID=DIR: ignored" \
           "PB_OMP_RUNTIME_DIRS: clang-77 is not an OpenMP toolchain of this build"; do
    grep -Eq -- "$w" warnings.txt || fail "no warning /$w/; warnings: $(cat warnings.txt)"
  done
  [ "$(wc -l < warnings.txt)" -eq 6 ] || fail "$(wc -l < warnings.txt) warnings, expected 6: $(cat warnings.txt)"
  for tc in clang-19 gcc-12 clang-19-rt clang-19-86; do
    [ -s "build/toolchains/$tc.flags" ] || fail "toolchain $tc not configured"
  done
  [ ! -e build/toolchains/gcc-99.flags ] || fail "gcc-99 (a gcc 12) was configured"
  [[ $(flags clang-19-rt) == *"--offload-arch=sm_80,sm_86,sm_90 "*"--libomptarget-nvptx-bc-path=$work/rt_all "* ]] ||
    fail "clang-19-rt: $(flags clang-19-rt)"
  [[ $(flags clang-19-86) == *"--offload-arch=sm_80,sm_86 "*"--libomptarget-nvptx-bc-path=$work/rt_86 "* ]] ||
    fail "clang-19-86: $(flags clang-19-86)"
  grep -q "rpath,[^\"]*$work/rt_all" build/CMakeFiles/pb-omp-clang-19-rt.dir/build.make ||
    fail "clang-19-rt's rpath lacks its runtime directory"
  # a clang without its runtime: the hint names the option
  mkdir -p rt_none
  configure "-DPB_OMP_COMPILERS=clang-19-none=$clang" "-DPB_OMP_RUNTIME_DIRS=clang-19-none=$work/rt_none" || fail "configure failed"
  warnings > warnings.txt
  grep -q "clang-19-none: no libomptarget.so in $work/rt_none: give .* -DPB_OMP_RUNTIME_DIRS=\"clang-19-none=DIR\"" warnings.txt ||
    fail "no hint for a missing runtime: $(cat warnings.txt)"
  [ "$(wc -l < warnings.txt)" -eq 1 ] || fail "one bad entry, several warnings: $(cat warnings.txt)" ;;
incremental)
  gcc=$(command -v gcc-12) || fail "no gcc-12"
  configure || fail "configure failed: $(tail -n 5 cfg.txt)"
  cmake --build build -j 2 --target pb-omp-gcc-12 > b1.txt 2>&1 || fail "build failed: $(tail -n 5 b1.txt)"
  n=$(grep -c '] gcc-12: ' b1.txt)
  [ "$n" -ge 30 ] || fail "$n objects compiled, expected one per source: $(head -n 20 b1.txt)"
  touch "$src/omp_target/vecadd.c"
  cmake --build build -j 2 --target pb-omp-gcc-12 > b2.txt 2>&1 || fail "rebuild failed: $(tail -n 5 b2.txt)"
  [ "$(grep '] gcc-12: ' b2.txt | sed 's/.*] gcc-12: //')" = omp_target/vecadd.c ] ||
    fail "touching vecadd.c recompiled: $(grep '] gcc-12: ' b2.txt | paste -sd' ' -)"
  grep -q 'OpenMP offload worker pb-omp-gcc-12' b2.txt || fail "not relinked: $(cat b2.txt)"
  # another compiler: the built worker stays as it is, the new one builds
  before=$(stat -c %Y build/libexec/portbench/pb-omp-gcc-12)
  configure "-DPB_OMP_COMPILERS=gcc-12-again=$gcc" || fail "configure failed: $(tail -n 5 cfg.txt)"
  cmake --build build -j 2 --target pb-omp-gcc-12 pb-omp-gcc-12-again > b3.txt 2>&1 || fail "build failed: $(tail -n 5 b3.txt)"
  grep -q '] gcc-12: \|OpenMP offload worker pb-omp-gcc-12 ' b3.txt && fail "adding a compiler rebuilt gcc-12: $(cat b3.txt)"
  [ "$(stat -c %Y build/libexec/portbench/pb-omp-gcc-12)" = "$before" ] || fail "pb-omp-gcc-12 was relinked"
  [ -x build/libexec/portbench/pb-omp-gcc-12-again ] || fail "pb-omp-gcc-12-again not built: $(tail -n 5 b3.txt)" ;;
*) fail "unknown case $case" ;;
esac
echo "ok: $case"
