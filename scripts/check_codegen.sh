#!/usr/bin/env bash
# What the compilers made of the kernels, checked in their output:
#  1. The FMA chain survives: no compiler may fold or delete it.
#     - CUDA: PTX of cuda/micro.cu (nvcc), fma.rn.f32 / fma.rn.f64 in fma_kernel<float/double>;
#     - every clang toolchain of the build: the final sm_90 device image (after device LTO
#       and ptxas), disassembled with cuobjdump: FFMA / DFMA in the fma target regions;
#     - every gcc toolchain: the PTX embedded in pb-omp-<id>: fma.rn.f32 / fma.rn.f64.
#  2. Lanes under gcc-12 (issue 10; check_codegen_lanes.sh): gcc runs an OpenMP thread on
#     a warp and uses the 32 lanes only inside `simd` constructs, which it lowers to SIMT
#     loops that read the lane number (`mov.u32 %rN,%laneid`). Every kernel of dmvm,
#     reduce and the micro benchmarks (the target regions of each source function
#     FN__float/double/int) must contain one; a kernel without it runs one lane per warp
#     (other benchmarks' kernels without one are listed). A control program proves that
#     the signature tells the two apart. Known exception: dMVM V9 (gcc-12 runs no simd
#     loop with an array-section reduction on lanes).
#  3. Team-shared arrays in shared memory (V5/V6, reduce k1-k7):
#     - gcc-12: the PTX buffer (omp_target/gomp_team_shared.ptx) is `.shared` and of
#       PB_OMP_TEAM_SHARED_BYTES, those kernels call pb_gomp_team_shared(), and V5/V6
#       keep no soft-stack frame as large as their smallest array;
#     - clang-19: in each device image of pb-omp-clang-19, a kernel's static shared memory
#       (.nv.shared.<kernel>) exceeds the image's smallest by at least its arrays' bytes.
#  4. 16-byte groups (best's vector = 16, issue 10): in the sm_90 image of pb-omp-clang-19,
#     the `aligned` clause makes clang load and store a lane's group of contiguous elements
#     as one 128-bit access: stream/copy_best_v<K> have at least K LDG.E.128 and K STG.E.128,
#     fill_best_v<K> K STG.E.128, vpartials_acc<K> (reduce) a 128-bit load, in float and
#     double (reduce also int); dmvm_best_vr<R>_k<K> at least R*K 128-bit loads (the
#     matrix groups). gcc-12 keeps scalar loads (not checked).
#  5. `target teams loop` (best's method 1): clang makes `distribute parallel for` of the
#     stream, copy, fill and vecadd kernels and `distribute` alone of fma's (a call in the
#     body); gcc lowers every one to distribute + parallel + for + simd.
# usage: scripts/check_codegen.sh BUILD_DIR   (tools from scripts/setup.sh)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
cuda118=${PB_CUDA118_DIR:-/opt/portbench/cuda-11.8-offload}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
say() { printf 'check_codegen: %s\n' "$*"; }
# set -e stops at the first failing command: say which (a CI run once failed here silently)
trap 'say "FAIL line $LINENO: $BASH_COMMAND (exit $?)"' ERR
need() { # need WHAT COUNT: a count of at least 1
  if [ "$2" -ge 1 ]; then say "ok   $1: $2"; else say "FAIL $1: none"; fail=1; fi
}

# CUDA: count fma instructions inside the fma_kernel entries of the PTX.
/usr/local/cuda/bin/nvcc -ptx -arch=compute_90 -I"$src/harness/core" -I"$src/harness/benchmarks" -I"$src/cuda" "$src/cuda/micro.cu" -o "$tmp/micro.ptx"
count_ptx() { # count_ptx FILE ENTRY-PATTERN INSTRUCTION
  awk -v pat="$2" -v ins="$3" '/\.entry/ {inside = ($0 ~ pat)} inside && index($0, ins) {n++} END {print n + 0}' "$1"
}
need "CUDA fma_kernel<float> fma.rn.f32" "$(count_ptx "$tmp/micro.ptx" 'fma_kernelIf' fma.rn.f32)"
need "CUDA fma_kernel<double> fma.rn.f64" "$(count_ptx "$tmp/micro.ptx" 'fma_kernelId' fma.rn.f64)"

# Every OpenMP toolchain of the build (toolchains/<id>.flags, written by pb_omp_worker:
# compiler, PATH prefix, then its flags, one per line).
cat > "$tmp/main.c" <<'C'
int pb_omp_device(void) { return 0; }
int main(void) { return 0; }
C
count_sass() { awk -v fn="$2" -v ins="$3" '/Function :/ {inside = index($3, fn)} inside && index($0, ins) {n++} END {print n + 0}' "$1"; }
count_gcc() { awk -v fn="$2" -v ins="$3" '/BEGIN FUNCTION DEF:/ {inside = index($0, fn)} inside && index($0, ins) {n++} END {print n + 0}' "$1"; }
n=0
for f in "$build"/toolchains/*.flags; do
  [ -e "$f" ] || continue
  id=$(basename "$f" .flags)
  mapfile -t line < "$f"
  cc=${line[0]} prefix=${line[1]}
  flags=("${line[@]:2}")
  n=$((n + 1))
  case $id in
    clang-*)
      # build the OpenMP micro kernels as the worker does, for sm_90 only, and keep the
      # final device image (after device LTO and ptxas); disassemble it with cuobjdump
      if [[ " ${flags[*]}" != *" --offload-arch="* ]]; then
        say "skip $id: offloads through -fopenmp-targets (clang < 15), one architecture, not sm_90"
        continue
      fi
      flags=("${flags[@]/#--offload-arch=*/--offload-arch=sm_90}")
      mkdir -p "$tmp/$id"
      (cd "$tmp/$id" && PATH=${prefix:+$prefix:}$PATH "$cc" "${flags[@]}" -I"$src/harness/core" -I"$src/harness/benchmarks" -I"$src/omp_target" \
         "$src/omp_target/micro.c" ../main.c -save-temps -o micro -lm > build.log 2>&1)
      img=$(ls "$tmp/$id"/micro*sm_90*.img 2>/dev/null | awk 'NR == 1')
      if [ -z "$img" ]; then
        say "FAIL $id: no device image ($(tail -n 1 "$tmp/$id/build.log"))"
        fail=1
        continue
      fi
      PATH=$cuda118/bin:$PATH cuobjdump -sass "$img" > "$tmp/$id.sass"
      need "$id omp fma (float) FFMA" "$(count_sass "$tmp/$id.sass" fma__float FFMA)"
      need "$id omp fma (double) DFMA" "$(count_sass "$tmp/$id.sass" fma__double DFMA)"
      ;;
    gcc-*)
      # the offload PTX is embedded as text in the worker; count inside the function
      # definitions of the fma target regions
      w=$build/libexec/portbench/pb-omp-$id
      strings "$w" > "$tmp/$id.ptx"
      need "$id omp fma (float) fma.rn.f32" "$(count_gcc "$tmp/$id.ptx" 'fma__float$' fma.rn.f32)"
      need "$id omp fma (double) fma.rn.f64" "$(count_gcc "$tmp/$id.ptx" 'fma__double$' fma.rn.f64)"
      ;;
  esac
done
[ $n -ge 1 ] || { say "FAIL no OpenMP toolchain in $build/toolchains"; fail=1; }
source "$src/scripts/check_codegen_lanes.sh"

# ---- 4. 16-byte groups under clang-19: 128-bit loads and stores (sm_90 image from step 3b) ----
# Only these kernels are disassembled (cuobjdump -fun): the whole image takes minutes.
count128() { # count128 SASS: "kernel loads stores" of 128-bit global/generic accesses
  awk '/Function :/ { f = $3; sub(/^__omp_offloading_[0-9a-f]+_[0-9a-f]+_/, "", f); sub(/_l[0-9]+$/, "", f); seen[f] = 1 }
       /(LDG|LD)\.E\.128/ { ld[f]++ }
       /(STG|ST)\.E\.128/ { st[f]++ }
       END { for (f in seen) print f, ld[f] + 0, st[f] + 0 }' "$1"
}
img=""
for f in "$tmp"/img*.cubin; do # e_flags' low byte is the SM version
  [ -e "$f" ] && [ "$(od -An -t u1 -j 48 -N 1 "$f" | tr -d ' ')" = 90 ] && img=$f
done
if [ -n "$img" ]; then
  kernels=$(strings "$img" | grep -E '^__omp_offloading_[0-9a-f]+_[0-9a-f]+_((stream|copy|fill)_best_v[0-9]+__(float|double)|vpartials_acc[0-9]+__(int|float|double)|dmvm_best_vr[0-9]+_k[0-9]+__(float|double))_l[0-9]+$' | sort -u | paste -sd, -)
  : > "$img.sass"
  [ -n "$kernels" ] && PATH=$cuda118/bin:$PATH cuobjdump -sass -fun "$kernels" "$img" > "$img.sass"
  count128 "$img.sass" > "$img.128"
  bad="" nk=0
  # need128 KERNEL MIN_LOADS MIN_STORES: its 128-bit accesses from $img.128 (-1: kernel missing)
  need128() {
    local ld st
    read -r ld st < <(awk -v f="$1" '$1 == f {print $2, $3; found = 1} END {if (!found) print -1, -1}' "$img.128")
    if [ "$ld" -lt "$2" ] || [ "$st" -lt "$3" ]; then bad="$bad $1($ld/$st)"; fi
    nk=$((nk + 1))
  }
  for t in float double; do
    for k in 1 2 4 8 16; do
      need128 "stream_best_v${k}__$t" "$k" "$k"
      need128 "copy_best_v${k}__$t" "$k" "$k"
      need128 "fill_best_v${k}__$t" 0 "$k"
    done
    for rk in 1:1 1:2 1:4 2:1 2:2 4:1; do
      r=${rk%:*} k=${rk#*:}
      need128 "dmvm_best_vr${r}_k${k}__$t" $((r * k)) 0
    done
  done
  for t in int float double; do
    for k in 1 2 4 8 16; do need128 "vpartials_acc${k}__$t" 1 0; done
  done
  if [ -n "$bad" ]; then
    say "FAIL clang-19 sm_90: 16-byte group kernels without 128-bit accesses (loads/stores, -1: kernel missing):$bad"
    fail=1
  else
    say "ok   clang-19 sm_90: $nk vector=16 kernels (stream, copy, fill, reduce partials, dmvm) use 128-bit accesses"
  fi
else
  say "skip clang 128-bit accesses: no sm_90 device image of pb-omp-clang-19"
fi

# ---- 5. `target teams loop` (best's method 1, docs/best.md): what each compiler made of it ----
# clang emits it as `distribute parallel for` only when the loop body calls no function
# but omp_* ones (without -fopenmp-assume-no-nested-parallelism), else as `distribute`
# alone, one thread per team. In the device IR of omp_target/best.c (-O0, sm_90) the region
# of each method-1 kernel of stream, copy, fill and vecadd must open a parallel region
# (__kmpc_parallel_51); fma's (fma() in its body) open none: a documented fact, checked so
# that a clang that changes it is seen. gcc lowers `loop` to distribute + parallel + for +
# simd, as method 0 (its gimple dump of best.c, host pass: the lowering is the same).
# Only toolchains whose configure test found the construct (-DPB_HAVE_TEAMS_LOOP=1 in
# toolchains/<id>.flags).
loop_regions() { # loop_regions LL: "kernel parallel distribute" per outlined teams region of a method-1 kernel
  awk '/^define / { match($0, /@[^(]*/); name = substr($0, RSTART + 1, RLENGTH - 1); par = 0; dist = 0; inside = 1; next }
       inside && /__kmpc_parallel_51/ { par = 1 }
       inside && /__kmpc_distribute_static_init/ { dist = 1 }
       inside && /^}/ { inside = 0
         if (name ~ /_best_l[0-9]+__(float|double)_l[0-9]+_omp_outlined$/) {
           sub(/^__omp_offloading_[0-9a-f]+_[0-9a-f]+_/, "", name); sub(/_l[0-9]+_omp_outlined$/, "", name)
           print name, par, dist } }' "$1"
}
for f in "$build"/toolchains/*.flags; do
  [ -e "$f" ] || continue
  id=$(basename "$f" .flags)
  grep -qx -- -DPB_HAVE_TEAMS_LOOP=1 "$f" || { say "skip $id teams loop: not in this compiler (configure test)"; continue; }
  mapfile -t line < "$f"
  cc=${line[0]} prefix=${line[1]}
  flags=("${line[@]:2}")
  case $id in
    clang-*)
      [[ " ${flags[*]}" == *" --offload-arch="* ]] || continue
      flags=("${flags[@]/#--offload-arch=*/--offload-arch=sm_90}")
      flags=("${flags[@]/#-O[0-9s]/-O0}")
      PATH=${prefix:+$prefix:}$PATH "$cc" "${flags[@]}" -I"$src/harness/core" -I"$src/harness/benchmarks" -I"$src/cpu_ref" -I"$src/omp_target" \
        --offload-device-only -S -emit-llvm "$src/omp_target/best.c" -o "$tmp/$id.best.ll" > "$tmp/$id.ll.log" 2>&1 ||
        { say "FAIL $id: best.c device IR ($(tail -n 1 "$tmp/$id.ll.log"))"; fail=1; continue; }
      loop_regions "$tmp/$id.best.ll" > "$tmp/$id.loop"
      par=$(awk '$1 !~ /^fma_/ && $2 == 1' "$tmp/$id.loop" | wc -l)
      notpar=$(awk '$1 !~ /^fma_/ && $2 != 1 {print $1}' "$tmp/$id.loop" | paste -sd' ' -)
      fmadist=$(awk '$1 ~ /^fma_/ && $2 == 0 && $3 == 1' "$tmp/$id.loop" | wc -l)
      # stream, copy, fill, vecadd: K = 1, 2, 4; fma: 1, 4, 8; float and double
      if [ "$par" -ne 24 ] || [ -n "$notpar" ] || [ "$fmadist" -ne 6 ]; then
        say "FAIL $id teams loop: $par of 24 stream/copy/fill/vecadd regions parallel (not: ${notpar:-none}), $fmadist of 6 fma regions distribute-only"
        fail=1
      else
        say "ok   $id teams loop: 24 stream/copy/fill/vecadd regions distribute parallel for, 6 fma regions distribute only (fma() in the body)"
      fi
      ;;
    gcc-*)
      mkdir -p "$tmp/$id.gimple"
      (cd "$tmp/$id.gimple" && "$cc" -std=gnu11 -O0 -fopenmp -foffload=disable -fdump-tree-gimple \
         $(printf '%s\n' "${flags[@]}" | grep -x -- '-DPB_HAVE_[A-Z_]*=1') -I"$src/harness/core" -I"$src/harness/benchmarks" -I"$src/cpu_ref" \
         -I"$src/omp_target" -c "$src/omp_target/best.c" -o best.o > log 2>&1) ||
        { say "FAIL $id: best.c gimple ($(tail -n 1 "$tmp/$id.gimple/log"))"; fail=1; continue; }
      # per function of a method-1 kernel: its target region has parallel, for and simd
      lowered=$(awk '/^[A-Za-z_].* \(/ { fn = $0; sub(/ \(.*/, "", fn); sub(/.*[ *]/, "", fn)
                                          keep = fn ~ /_best_l[0-9]+__(float|double)$/ }
                     keep && /#pragma omp parallel/ { p[fn] = 1 } keep && /#pragma omp for / { f[fn] = 1 }
                     keep && /#pragma omp simd/ { s[fn] = 1 } keep && /#pragma omp distribute/ { d[fn] = 1 }
                     keep { seen[fn] = 1 }
                     END { for (k in seen) print k, (p[k] && f[k] && s[k] && d[k]) ? "dpfs" : "other" }' \
                  "$tmp/$id.gimple"/*.gimple)
      n=$(grep -c ' dpfs$' <<< "$lowered" || true)
      other=$(awk '$2 != "dpfs" {print $1}' <<< "$lowered" | paste -sd' ' -)
      if [ "$n" -ne 30 ] || [ -n "$other" ]; then
        say "FAIL $id teams loop: $n of 30 method-1 kernels lowered to distribute parallel for simd (other: ${other:-none})"
        fail=1
      else
        say "ok   $id teams loop: 30 method-1 kernels lowered to distribute + parallel + for + simd (gimple)"
      fi
      ;;
  esac
done
exit $fail
