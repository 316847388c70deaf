#!/bin/bash
# DIAGNOSTIC PROBE ONLY (not product code).
# What do GCC 12's OpenMP-offload kernels achieve when the PTX JIT caps registers?
# Runs portbench's omp@gcc-12 backend with a stand-in libcuda.so.1 (cujit_shim.c, prebuilt in
# .dev/p3/shim/) that adds CU_JIT_MAX_REGISTERS=$PB_JIT_MAXREG to cuLinkCreate.
#
#   bash .dev/p3/probe.sh OUTDIR          (from the repository root, on the GPU host)
#
# Env overrides: PB (portbench binary), PB_REAL_LIBCUDA (the driver library),
#   PB_PROBE_BUDGET (seconds for everything, default 520), PB_PROBE_MAXREGS (default "none 96 64 128").
# The shim is LD_PRELOADed (not only LD_LIBRARY_PATH): the workers carry DT_RPATH
# /usr/lib/x86_64-linux-gnu, which ld.so searches BEFORE LD_LIBRARY_PATH, so a plain
# LD_LIBRARY_PATH would lose to the real driver.  Preloaded, its SONAME libcuda.so.1 answers
# every dlopen("libcuda.so.1") in every process; its DT_NEEDED libcuda_real.so.1 (a symlink
# made here, found through its RUNPATH $ORIGIN) supplies every other driver symbol.
set -u
OUT=${1:?usage: bash .dev/p3/probe.sh OUTDIR}
HERE=$(cd "$(dirname "$0")" && pwd)
PB=${PB:-/root/pbx/portbench/bin/portbench}
if [ ! -x "$PB" ] && [ -f "$HERE/smoke/pbmini.tar.xz" ]; then   # no bundle there: the carried mini bundle
    mkdir -p /tmp/pbx && tar xJf "$HERE/smoke/pbmini.tar.xz" -C /tmp/pbx && PB=/tmp/pbx/portbench/bin/portbench
fi
BUDGET=${PB_PROBE_BUDGET:-520}
MAXREGS=${PB_PROBE_MAXREGS:-"none 96 64 128"}
T0=$(date +%s)
unset PB_JIT_MAXREG
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
SUM=$OUT/00_summary.txt
: >"$SUM"
: >"$OUT/command.txt"
say() { echo "$*" | tee -a "$SUM"; }
elapsed() { echo $(($(date +%s) - T0)); }

say "probe start $(date -u +%FT%TZ) host $(hostname) PB=$PB budget ${BUDGET}s maxregs: $MAXREGS"
[ -x "$PB" ] || { say "FATAL: $PB not executable"; exit 2; }
[ -f "$HERE/shim/libcuda.so.1" ] || { say "FATAL: $HERE/shim/libcuda.so.1 missing (run .dev/p3/build.sh here first; carry .dev/p3)"; exit 2; }

# --- the real driver library ------------------------------------------------------------
REAL=${PB_REAL_LIBCUDA:-}
if [ -z "$REAL" ]; then
    for c in $( (ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null) | awk '/libcuda\.so\.1 .*x86-64/ {print $NF}') \
        /usr/lib/x86_64-linux-gnu/libcuda.so.1 /usr/lib64/libcuda.so.1 /lib/x86_64-linux-gnu/libcuda.so.1; do
        [ -e "$c" ] && { REAL=$c; break; }
    done
fi
[ -n "$REAL" ] && [ -e "$REAL" ] || { say "FATAL: no real libcuda.so.1 found (set PB_REAL_LIBCUDA)"; exit 2; }
REAL=$(readlink -f "$REAL")
SHIM=$(mktemp -d /tmp/pb_cujit_shim.XXXXXX)
cp "$HERE/shim/libcuda.so.1" "$SHIM/libcuda.so.1"
ln -s "$REAL" "$SHIM/libcuda_real.so.1"
say "real libcuda: $REAL  (ldconfig: $( (ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null) | grep -c 'libcuda\.so\.1') entries)"
ls -l "$SHIM" | tail -n +2 | tee -a "$SUM"
command -v nvidia-smi >/dev/null && nvidia-smi -L 2>&1 | head -2 | tee -a "$SUM"

SHIM_ENV=(LD_PRELOAD="$SHIM/libcuda.so.1${LD_PRELOAD:+:$LD_PRELOAD}"
    LD_LIBRARY_PATH="$SHIM${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" PB_JIT_VERBOSE=1 GOMP_DEBUG=1)

# stderr filter: GOMP_DEBUG dumps ~5 MB of PTX per worker; keep the first 40 interesting lines,
# all of portbench's own lines (capped), and a count of each distinct launch / register line.
filter() {
    awk '
    /GOMP_OFFLOAD_run: kernel|registers|Link log|cujit_shim/ {
        ptx = ($0 ~ /ptxas|^info|Link log/)   # the verbose JIT log: one block per function
        if (nk < 40 && (!ptx || nptx++ < 10) && $0 !~ /cujit_shim\] kernel/) { print "FIRST| " $0; nk++ }
        line = $0
        if (line ~ /GOMP_OFFLOAD_run: kernel .*launch/) {
            sub(/^.*GOMP_OFFLOAD_run: kernel /, "", line); launch[line]++
            k = line; sub(/: launch.*/, "", k); launched[k] = 1
        } else if (line ~ /cujit_shim\] kernel/) {
            k = line; sub(/^.*cujit_shim\] kernel /, "", k); sub(/: registers.*/, "", k)
            r = line; sub(/^.*: registers /, "", r); sub(/,.*/, "", r); kregs[k] = r; hist[r]++
        } else if (line ~ /cujit_shim\] pid/) { sub(/^.*cujit_shim\] pid [0-9]+ /, "", line); link[line]++ }
        else if (match(line, /Used [0-9]+ registers/)) { used[substr(line, RSTART, RLENGTH)]++ }
        next
    }
    /^portbench|^ +\[.*\]|FAIL|fake cuInit|libcuda/ { if (np++ < 400) print "PB| " $0 }
    END {
        for (k in link) printf "LINK| %6d x %s\n", link[k], k
        cmd = "sort -k2"; for (k in used) printf "PTXAS| %6d x %s\n", used[k], k | cmd; close(cmd)
        cmd = "sort -n -k4"; for (r in hist) printf "KREGS| %6d kernel loads (all processes) with %s registers\n", hist[r], r | cmd; close(cmd)
        cmd = "sort -k2"; for (k in launched) printf "KREGS| launched %s: %s registers\n", k, (k in kregs ? kregs[k] : "?") | cmd; close(cmd)
        cmd = "sort -k5"; for (k in launch) printf "LAUNCH| %6d x %s\n", launch[k], k | cmd; close(cmd)
    }'
}

# run TAG NAME ESTIMATE_S ARGS...: one portbench run; skipped when the budget cannot hold it
run() {
    local tag=$1 name=$2 est=$3
    shift 3
    local left=$((BUDGET - $(elapsed)))
    if [ "$left" -lt "$est" ]; then
        say "SKIP   ${tag}_$name (budget: ${left}s left, needs ~${est}s)"
        return
    fi
    local to=$((left < 240 ? left : 240)) env=()
    [ "$tag" != none ] && env=(PB_JIT_MAXREG="$tag")
    echo "${tag}_$name: env ${SHIM_ENV[*]} ${env[*]} timeout -k 10 $to $PB $*" >>"$OUT/command.txt"
    local t
    t=$(date +%s)
    { env "${SHIM_ENV[@]}" "${env[@]}" timeout -k 10 "$to" "$PB" "$@" 2>&1 1>"$OUT/${tag}_$name.txt"; } |
        filter >"$OUT/${tag}_$name.stderr.txt"
    local rc=${PIPESTATUS[0]}
    local fails
    fails=$(grep -hE 'FAIL|[1-9][0-9]* failed' "$OUT/${tag}_$name.txt" "$OUT/${tag}_$name.stderr.txt" | head -5)
    say "$(printf '%-5s %-13s rc=%-3s %4ss  (t=%ss)  %s' "$tag" "$name" "$rc" $(($(date +%s) - t)) "$(elapsed)" \
        "$(grep -hE '^[0-9]+ rows:' "$OUT/${tag}_$name.txt" | head -1)")"
    [ -n "$fails" ] && say "  FAIL in ${tag}_$name: $(echo "$fails" | tr '\n' ' ')"
}

# --- which libcuda the worker gets, and whether the cap reaches cuLinkCreate --------------
say "--- verify: tiny stream run, PB_JIT_MAXREG=96, LD_DEBUG=files"
{ env "${SHIM_ENV[@]}" PB_JIT_MAXREG=96 LD_DEBUG=files timeout -k 5 60 "$PB" stream --backend omp@gcc-12 \
    --variants best --n 2^20 --dtype double --warmup 0 --reps 1 --no-baselines 2>&1 1>"$OUT/verify.txt"; } |
    grep -aE 'libcuda|cujit_shim|GOMP_OFFLOAD_run: kernel|^portbench|skipped' | grep -av 'calling init\|calling fini' |
    sed 's/^ *[0-9]*:\t*//' | sort | uniq -c | sort -rn | head -30 | tee -a "$SUM"

# --- the runs: benchmarks first, then tunes, 128 and the dmvm tune last ---------------------
STREAM=(stream --backend omp@gcc-12 --variants all --n 2^28 --dtype double --warmup 1 --reps 5)
REDUCE=(reduce --backend omp@gcc-12 --variants clause,twolevel,multiacc,best --n 2^28 --dtype double
    --block 256 --warmup 1 --reps 5 --time-budget 5)
DMVM=(dmvm --backend omp@gcc-12 --variants all --nx 16384 --dtype double --warmup 1 --reps 5 --time-budget 10)
has() { case " $MAXREGS " in *" $1 "*) return 0 ;; esac; return 1; }
FIRST=""
for m in none 96 64; do has $m && FIRST="$FIRST $m"; done
say "--- runs"
for m in $FIRST; do
    run $m stream 40 "${STREAM[@]}"
    run $m reduce 25 "${REDUCE[@]}"
    run $m dmvm 45 "${DMVM[@]}"
done
for m in $FIRST; do
    run $m tune_stream 90 tune stream --backend omp@gcc-12 --dtype double
    run $m tune_reduce 90 tune reduce --backend omp@gcc-12 --dtype double
done
if has 128; then
    run 128 stream 40 "${STREAM[@]}"
    run 128 reduce 25 "${REDUCE[@]}"
    run 128 dmvm 45 "${DMVM[@]}"
fi
for m in $FIRST; do run $m tune_dmvm 90 tune dmvm --backend omp@gcc-12 --dtype double; done
if has 128; then
    run 128 tune_stream 90 tune stream --backend omp@gcc-12 --dtype double
    run 128 tune_reduce 90 tune reduce --backend omp@gcc-12 --dtype double
fi

say "--- correctness: FAIL lines in any run"
if grep -qE 'FAIL|[1-9][0-9]* failed' "$OUT"/[1-9n]*_*.txt 2>/dev/null; then
    grep -lE 'FAIL|[1-9][0-9]* failed' "$OUT"/[1-9n]*_*.txt | tee -a "$SUM"
else
    say "no FAIL in any run"
fi
say "probe end: $(elapsed)s"
rm -rf "$SHIM"
# everything in one file (the device tool brings back at most 8 files, alphabetically first)
(cd "$OUT" && for f in 00_summary.txt command.txt verify.txt [1-9n]*_*.txt; do
    case $f in 01_* | 02_*) continue ;; esac
    [ -f "$f" ] && { echo "==================== $f"; cat "$f"; }
done) >"$OUT/01_all.txt"
(cd "$OUT" && tar czf 02_probe.tgz --exclude=02_probe.tgz --exclude=01_all.txt ./*.txt)
