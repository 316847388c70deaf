#!/usr/bin/env bash
# On the GPU host, inside the unpacked bundle: does clang-16's OpenMP offload reach the
# GPU, and if not, where does it stop? About a minute. Logs go to OUTDIR.
#   portbench/scripts/probe_clang16.sh [OUTDIR]      (default ./probe_clang16)
# What it does (no strace needed):
#  1. the host: GPU, driver, where libcuda.so / libcuda.so.1 are (LLVM's CUDA plugins
#     dlopen the unversioned "libcuda.so"; gcc's plugin and portbench use libcuda.so.1);
#  2. ldd / readelf of pb-omp-clang-16 and of LLVM 16's CUDA plugins in lib/clang-16/lib;
#  3. a tiny dMVM (nx = 1000, v1 and v7, double) with clang-16 and, as the control,
#     clang-19: OMP_TARGET_OFFLOAD=MANDATORY, LIBOMPTARGET_INFO=-1, each of LLVM 16's two
#     CUDA plugins (LIBOMPTARGET_NEXTGEN_PLUGINS=0 and 1), and LD_DEBUG=libs, which
#     shows where the dynamic loader looked for the plugins and for libcuda.
#     LIBOMPTARGET_DEBUG=1 is set too but prints nothing: Debian builds libomptarget
#     16 and 19 without debug output (checked on the build machine);
#  4. a verdict per step: plugin loaded? libcuda loaded? image accepted? rows on the
#     device and verified?
# Exit status 0 when clang-16 rows ran on the GPU and passed, else 1.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
pb=$root/bin/portbench
w16=$root/libexec/portbench/pb-omp-clang-16
lib16=$root/lib/clang-16/lib
out=${1:-probe_clang16}
mkdir -p "$out"
out=$(cd "$out" && pwd)
[ -x "$w16" ] || { echo "probe: $w16 missing (is this the bundle, with portbench-clang-16.tar.xz unpacked?)"; exit 1; }
[ -e "$lib16/libLLVM-16.so.1" ] || { echo "probe: $lib16/libLLVM-16.so.1 missing: unpack portbench-clang-16.tar.xz into the same directory as the base"; exit 1; }
verdicts=()
v() { verdicts+=("$1"); }
section() { printf '\n===== %s\n' "$*"; }

section "1. host"
{
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader
  echo "LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"
  echo "ldconfig -p | grep libcuda:"; ldconfig -p 2>/dev/null | grep -E 'libcuda\.so' | sed 's/^/  /'
  for d in ${LD_LIBRARY_PATH//:/ } /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu /usr/lib64 /usr/local/cuda/compat; do
    ls -l "$d"/libcuda.so* 2>/dev/null | sed 's/^/  /'
  done
  env | grep -E '^(OMP_|LIBOMPTARGET_|CUDA_VISIBLE)' | sed 's/^/  env: /'
} 2>&1 | tee "$out/host.txt"
if [[ $(ldconfig -p 2>/dev/null) =~ libcuda\.so\  ]]; then
  v "ok   'libcuda.so' (unversioned, what LLVM's CUDA plugins dlopen) is in the ld.so cache"
else
  v "note 'libcuda.so' is not in the ld.so cache: LLVM 16 and 19 plugins find it only through LD_LIBRARY_PATH (compare with the clang-19 control below)"
fi

section "2. libraries of pb-omp-clang-16 (libomp/libomptarget/libLLVM must come from lib/clang-16/lib)"
{
  readelf -d "$w16" | grep -E 'RPATH|RUNPATH'
  ldd "$w16" | grep -E 'omp|LLVM|not found'
  for p in "$lib16"/libomptarget.rtl.cuda*.so; do
    # loaded from inside libLLVM-16, whose RUNPATH ($ORIGIN/../lib) serves the plugin's
    # own dependencies too: ldd of the plugin alone must be given that directory
    echo "-- $(basename "$p")"; LD_LIBRARY_PATH="$lib16${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ldd "$p" | grep -E 'LLVM|not found'
  done
  echo "-- libLLVM-16.so.1 RUNPATH (the plugins are looked up there): $(readelf -d "$lib16/libLLVM-16.so.1" | sed -n 's/.*RUNPATH.*\[\(.*\)\]/\1/p')"
} 2>&1 | tee "$out/ldd.txt"
if grep -q 'not found' "$out/ldd.txt"; then v "FAIL a library is not found (see $out/ldd.txt)"; fi

section "3. tiny dMVM, OMP_TARGET_OFFLOAD=MANDATORY"
run() { # run NAME BACKEND [ENV...]: one run with LD_DEBUG logs per process
  local name=$1 be=$2
  shift 2
  rm -f "$out/lddebug_$name".*
  env "$@" OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=-1 LIBOMPTARGET_DEBUG=1 \
    LD_DEBUG=libs LD_DEBUG_OUTPUT="$out/lddebug_$name" \
    timeout 120 "$pb" dmvm --backend "$be" --nx 1000 --variants v1,v7 --dtype double --no-baselines \
    --warmup 1 --reps 3 --csv "$out/$name.csv" > "$out/$name.txt" 2>&1
  local rc=$?
  local rows pass dev
  rows=$(tail -n +2 "$out/$name.csv" 2>/dev/null | wc -l)
  pass=$(grep -c ',PASS,' "$out/$name.csv" 2>/dev/null)
  # rows whose offload column says device (the header names a column "device" too)
  dev=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == "offload") c = i; next } c && $c == "device" { n++ } END { print n + 0 }' \
        "$out/$name.csv" 2>/dev/null)
  local dbg; dbg=$(cat "$out/lddebug_$name".* 2>/dev/null)
  local plugin cuda img
  plugin=$(grep -oE 'calling init: [^ ]*libomptarget\.rtl\.cuda[^ ]*' <<< "$dbg" | sort -u | sed 's/calling init: //' | paste -sd' ' -)
  cuda=$(grep -oE 'calling init: [^ ]*libcuda\.so[^ ]*' <<< "$dbg" | sort -u | sed 's/calling init: //' | paste -sd' ' -)
  img=$(grep -m1 -E 'Failure to load|No images found|Unable to generate|Libomptarget (error|fatal)|omptarget (error|fatal)|PluginInterface|CUDA error' "$out/$name.txt")
  echo "$name: exit $rc, $rows rows, $pass PASS, $dev on the device; plugin: ${plugin:-none loaded}; libcuda: ${cuda:-none loaded}${img:+; first error: $img}"
  v "$(printf '%-4s %s: exit %s, %s/%s rows PASS on the device; plugin %s; libcuda %s%s' \
      "$([ "$rc" -eq 0 ] && [ "$pass" -ge 1 ] && [ "$dev" -eq "$rows" ] && echo ok || echo FAIL)" "$name" "$rc" \
      "$dev" "$rows" "${plugin:-NOT loaded (built in for LLVM 19)}" \
      "${cuda:-NOT loaded}" "${img:+; $img}")"
  [ "$rc" -eq 0 ] && [ "$pass" -ge 1 ] && [ "$dev" -eq "$rows" ]
}
ok16=1
run clang16_plugin_old omp@clang-16 LIBOMPTARGET_NEXTGEN_PLUGINS=0 || ok16=0
run clang16_plugin_nextgen omp@clang-16 LIBOMPTARGET_NEXTGEN_PLUGINS=1 || ok16=0
run clang19_control omp@clang-19
section "where the loader looked for the plugins and libcuda (clang-16, nextgen plugin)"
cat "$out"/lddebug_clang16_plugin_nextgen.* 2>/dev/null | grep -E 'find library=(libomptarget\.rtl\.cuda|libcuda)|search path=|trying file=.*(rtl\.cuda|libcuda)|calling init: .*(rtl\.cuda|libcuda)' \
  | grep -vE 'hwcaps|tls/|haswell|avx512|x86_64/lib' | awk '!seen[$0]++ && ++n <= 40' | tee "$out/search.txt"
section "libomptarget messages (first 30 lines, clang-16 nextgen)"
grep -vE '^  \[|^$' "$out/clang16_plugin_nextgen.txt" | awk 'NR <= 30'

section "verdict"
printf '%s\n' "${verdicts[@]}" | tee "$out/verdict.txt"
cat <<'EOF'
What to look at:
 - "plugin NOT loaded" for clang-16: libomptarget 16 dlopens libomptarget.rtl.cuda*.so by
   bare name from inside libLLVM-16: only libLLVM-16's RUNPATH ($ORIGIN/../lib, i.e.
   lib/clang-16/lib itself), LD_LIBRARY_PATH and the ld.so cache are searched (see
   search.txt); the plugins must sit next to libLLVM-16.so.1.
 - plugin loaded, "libcuda NOT loaded": the plugin dlopens "libcuda.so" (unversioned);
   if the clang-19 control found it and clang-16 did not, compare their search paths in
   the lddebug_* files; a link named libcuda.so to the driver's libcuda.so.1 in a
   directory on LD_LIBRARY_PATH is the workaround.
 - libcuda loaded, "Failure to load binary image" / "Unable to generate entries table":
   the driver refused the cubin (clang-16 and clang-19 images are both ELF ABI 7,
   e_flags 0x5a055a for sm_90, PTX 7.8, by CUDA 11.8's ptxas).
 - rows PASS but not on the device: the runtime fell back to the host (not with
   MANDATORY: then the run aborts with "failure of target construct").
EOF
[ $ok16 -eq 1 ] && echo "probe: clang-16 offload works" || echo "probe: clang-16 offload FAILED (see above and $out)"
[ $ok16 -eq 1 ]
