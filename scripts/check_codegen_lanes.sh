# Sourced by scripts/check_codegen.sh (uses its src, build, tmp, cuda118, say, fail):
# checks 2 (lanes under gcc) and 3 (team-shared arrays in shared memory) described there.
gccw=$build/libexec/portbench/pb-omp-gcc-12
[ -x "$gccw" ] && strings "$gccw" > "$tmp/gcc.ptx"

# ---- 2. lanes under gcc (dmvm, reduce, stream, copy, fill, stream-strided, fma, fma-strided) ----
# lane_loops PTX: "group count" for each kernel group (source function) of ours
lane_loops() {
  awk '/BEGIN (GLOBAL )?FUNCTION DEF:/ { f = $NF; sub(/\$_omp_fn.*/, "", f); if (f ~ /__(float|double|int)$/) seen[f] = 1; else f = "" }
       f && /mov\.u32 %r[0-9]+,%laneid/ { n[f]++ }
       END { for (g in seen) print g, n[g] + 0 }' "$1" | sort
}

if [ -x "$gccw" ]; then
  cat > "$tmp/lanes.c" <<'C'
void with_simd__double(long n, double *d)
{
#pragma omp target teams distribute parallel for simd is_device_ptr(d)
  for (long i = 0; i < n; ++i) d[i] = 1;
}
void without_simd__double(long n, double *d)
{
#pragma omp target teams distribute parallel for is_device_ptr(d)
  for (long i = 0; i < n; ++i) d[i] = 1;
}
int main(void) { return 0; }
C
  if (cd "$tmp" && gcc-12 -O3 -fopenmp -foffload=nvptx-none "-foffload-options=nvptx-none=-misa=sm_80" lanes.c -o lanes \
        >/dev/null 2>&1); then
    strings "$tmp/lanes" > "$tmp/lanes.ptx"
    ctl=$(lane_loops "$tmp/lanes.ptx" | tr '\n' ' ')
    if grep -Eq 'with_simd__double [1-9]' <<<"$ctl" && grep -q 'without_simd__double 0' <<<"$ctl"; then
      say "ok   lane signature tells simd from non-simd code (control program: $ctl)"
    else
      say "FAIL lane signature: the control program gives '$ctl'"
      fail=1
    fi
  else
    say "FAIL could not build the lane control program with gcc-12"
    fail=1
  fi

  lane_loops "$tmp/gcc.ptx" > "$tmp/lanes.txt"
  required=""
  for t in float double; do
    for f in v0 v1 v2 v3 v4 v5 v6 v7 v8 v9 zero stream copy fill strided fma best_regs8x8 best_regs16x8 best_regs8x4; do
      required="$required ${f}__$t"
    done
    # best: one kernel per launch-shape constant (rows R, loads K; omp_target/best_kernels.inc)
    for r in 1 2 4; do for k in 1 2 4; do required="$required dmvm_best_r${r}_k${k}__$t"; done; done
    for rk in 1_k1 1_k2 1_k4 2_k1 2_k2 4_k1; do required="$required dmvm_best_vr${rk}__$t"; done
    for k in 1 2 4 8 16; do required="$required stream_best_${k}__$t copy_best_${k}__$t fill_best_${k}__$t"; done
    # vector = 16: the 16-byte group kernels
    for k in 1 2 4 8 16; do required="$required stream_best_v${k}__$t copy_best_v${k}__$t fill_best_v${k}__$t"; done
    for k in 1 2 4 8; do required="$required fma_best_k${k}__$t"; done
    # form 1 (the v1 / `kernel` loop with the shape's launch clauses): gcc's form
    for r in 1 2 4; do for k in 1 2 4; do required="$required dmvm_best_f1r${r}_k${k}__$t"; done; done
    for f in stream copy fill fma; do required="$required ${f}_best_f1__$t"; done
  done
  for t in int float double; do
    for k in 1 2 4 8 16; do required="$required partials_acc${k}__$t vpartials_acc${k}__$t"; done
    for f in k0 clause finish twolevel atomic k1_pass k2_pass k3_pass k4_pass k5_pass \
             k6_64 k6_128 k6_256 k6_512 k6_1024 k7_64 k7_128 k7_256 k7_512 k7_1024; do
      required="$required ${f}__$t"
    done
  done
  known=" v9__float v9__double "
  missing=""
  for g in $required; do
    grep -q "^$g " "$tmp/lanes.txt" || missing="$missing $g"
  done
  # the kernels of the benchmarks issue 10 covers must have lanes; others are reported
  req=" $required "
  one_lane=$(awk -v known="$known" -v req="$req" '$2 == 0 && index(req, " " $1 " ") > 0 && index(known, " " $1 " ") == 0 {printf " %s", $1}' "$tmp/lanes.txt")
  known_seen=$(awk -v known="$known" '$2 == 0 && index(known, " " $1 " ") > 0 {printf " %s", $1}' "$tmp/lanes.txt")
  others=$(awk -v req="$req" '$2 == 0 && index(req, " " $1 " ") == 0 {printf " %s", $1}' "$tmp/lanes.txt")
  total=$(awk -v req="$req" 'index(req, " " $1 " ") > 0' "$tmp/lanes.txt" | wc -l)
  if [ -n "$missing" ]; then
    say "FAIL lanes: no gcc kernel found for:$missing"
    fail=1
  fi
  if [ -n "$one_lane" ]; then
    say "FAIL lanes: gcc kernels that run one lane per warp (no SIMT loop):$one_lane"
    fail=1
  else
    say "ok   lanes: $total gcc kernel groups of dmvm, reduce and the micro benchmarks have SIMT lane loops, but the known:${known_seen:- none}"
  fi
  [ -n "$known_seen" ] && say "note gcc-12 runs these with one lane per warp (simd with an array-section reduction):$known_seen"
  [ -n "$others" ] && say "note other gcc kernels without a SIMT lane loop (one lane per warp; not checked here):$others"

  # ---- 2b. every SIMT region's lane frame fits the .local array behind it (gcc) ----
  # omp_simt_enter moves each lane's stack pointer `size` bytes below the end of
  # %simtstack_ar and stores the old one 8 bytes lower. gcc sizes the array (a 128-byte
  # reserve) before it knows the frame the arrays declared in a simd loop's body take,
  # and a larger frame writes outside it: an illegal address on the GPU (gemm best's regs
  # candidates did, until their lane arrays moved into a function: gemm_best_regs.inc).
  for w in "$build"/libexec/portbench/pb-omp-gcc-*; do
    [ -x "$w" ] || continue
    frames=$(strings "$w" | "$src/scripts/simt_frames.awk")
    read -r regions max bad <<<"$frames"
    if [ "${regions:-0}" -eq 0 ]; then
      say "FAIL $(basename "$w"): no SIMT region found in the PTX"
      fail=1
    elif [ -n "$bad" ]; then
      say "FAIL $(basename "$w"): SIMT lane frames larger than their .local array:$bad"
      fail=1
    else
      say "ok   $(basename "$w"): $regions SIMT regions, every lane frame (largest $max bytes) inside its .local array"
    fi
  done

  # ---- 3a. team-shared arrays under gcc ----
  bytes=$(awk '/define PB_OMP_TEAM_SHARED_BYTES/ {print $3}' "$src/harness/benchmarks/pb_shapes.h")
  if grep -q "^\.visible \.shared \.align 16 \.b8 pb_gomp_team_shared_buffer\[$bytes\];" "$tmp/gcc.ptx"; then
    say "ok   gcc team-shared buffer: .shared, $bytes bytes"
  else
    say "FAIL gcc team-shared buffer: no .shared pb_gomp_team_shared_buffer[$bytes] in the PTX"
    fail=1
  fi
  # per kernel group: calls of the buffer's accessor and the largest soft-stack frame
  awk '/BEGIN (GLOBAL )?FUNCTION DEF:/ { f = $NF; sub(/\$_omp_fn.*/, "", f) }
       /call .*pb_gomp_team_shared;/ { calls[f]++ }
       /sub\.u64 %frame,%sspprev,/ { split($0, a, ","); v = a[3] + 0; if (v > frame[f]) frame[f] = v }
       END { for (g in calls) print g, calls[g], frame[g] + 0 }' "$tmp/gcc.ptx" | sort > "$tmp/shared.txt"
  for t in float double; do
    smallest=$([ $t = float ] && echo 128 || echo 256) # V5's out[32]
    for f in v5 v6; do
      line=$(grep "^${f}__$t " "$tmp/shared.txt" || true)
      if [ -n "$line" ] && [ "$(awk '{print $3}' <<<"$line")" -lt "$smallest" ]; then
        say "ok   gcc ${f}__$t: team arrays in the shared buffer (accessor calls, largest soft-stack frame: $(cut -d' ' -f2- <<<"$line"))"
      else
        say "FAIL gcc ${f}__$t: team arrays not in the shared buffer (${line:-no call of pb_gomp_team_shared})"
        fail=1
      fi
    done
  done
  nok=0
  for f in k1_pass k2_pass k3_pass k4_pass k5_pass k6_64 k6_128 k6_256 k6_512 k6_1024 k7_64 k7_128 k7_256 k7_512 k7_1024; do
    for t in int float double; do
      if grep -q "^${f}__$t " "$tmp/shared.txt"; then
        nok=$((nok + 1))
      else
        say "FAIL gcc ${f}__$t: its scratch array is not in the shared buffer"
        fail=1
      fi
    done
  done
  say "ok   gcc reduce k1-k7: $nok kernels take their scratch array from the shared buffer"
fi

# ---- 3b. team-shared arrays under clang: static shared memory per kernel ----
clangw=$build/libexec/portbench/pb-omp-clang-19
if [ -x "$clangw" ]; then
  # the device images (cubin ELF files, e_machine 190 = CUDA) embedded in the worker
  n=0
  while read -r off; do
    machine=$(od -An -t u2 -j $((off + 18)) -N 2 "$clangw" | tr -d ' ')
    [ "$machine" = 190 ] || continue
    shoff=$(od -An -t u8 -j $((off + 40)) -N 8 "$clangw" | tr -d ' ')
    read -r shentsize shnum < <(od -An -t u2 -j $((off + 58)) -N 4 "$clangw")
    dd if="$clangw" of="$tmp/img$n.cubin" iflag=skip_bytes,count_bytes skip="$off" \
       count=$((shoff + shentsize * shnum)) status=none
    n=$((n + 1))
  done < <(LC_ALL=C grep -obUaP '\x7fELF\x02\x01' "$clangw" | cut -d: -f1)
  if [ $n -eq 0 ]; then
    say "FAIL clang: no device image found in $clangw"
    fail=1
  fi
  for ((i = 0; i < n; ++i)); do
    PATH=$cuda118/bin:$PATH cuobjdump -elf "$tmp/img$i.cubin" 2>/dev/null |
      awk '$6 == "NOBITS" && $NF ~ /^\.nv\.shared\.__omp_offloading_/ {
             k = $NF; sub(/^\.nv\.shared\.__omp_offloading_[0-9a-f]+_[0-9a-f]+_/, "", k); sub(/_l[0-9]+$/, "", k); print k, $3 }' |
      while read -r k h; do echo "$k $((16#$h))"; done > "$tmp/clang_shared$i.txt"
    # the smallest size in one awk: `sort | head -n 1` under pipefail failed CI with
    # SIGPIPE (exit 141) when the list outgrew the pipe buffer and head closed early
    base=$(awk 'NR == 1 || $2 < m {m = $2} END {print m}' "$tmp/clang_shared$i.txt")
    bad=""
    # kernel and the bytes of its team-shared arrays
    while read -r k need; do
      have=$(awk -v k="$k" '$1 == k {print $2}' "$tmp/clang_shared$i.txt" | sort -n | tail -n 1)
      if [ -z "$have" ] || [ $((have - base)) -lt "$need" ]; then bad="$bad $k(${have:-none}-$base<$need)"; fi
    done <<'LIST'
v5__float 128
v5__double 256
v6__float 4224
v6__double 8448
k1_pass__double 8192
k3_pass__float 4096
k5_pass__int 4096
k6_64__double 512
k6_1024__float 4096
k7_64__int 256
k7_1024__double 8192
LIST
    if [ -n "$bad" ]; then
      say "FAIL clang image $i: team arrays not in shared memory:$bad"
      fail=1
    else
      say "ok   clang image $i: V5/V6 and k1-k7 team arrays in shared memory (beyond the image's $base-byte minimum)"
    fi
  done
else
  say "skip clang shared memory: $clangw not built"
fi
