#!/usr/bin/env bash
# golden.sh CASE PORTBENCH WORKDIR [ARGS...]
# Golden tests: what users and scripts rely on, pinned as reviewed snapshots in
# tests/golden/<snapshot>/, so that a restructuring can show that nothing changed.
# CASE:
#   list             `portbench list` over the workers every CI machine builds (pb-cpu,
#                    pb-omp-clang-19, pb-omp-gcc-12): benchmarks, cost models, the backend
#                    table, every variant and what it teaches
#   worker NAME      the sorted (backend, benchmark, variant, dtypes) set of `NAME --describe`;
#                    every pb-omp-* worker has the one set of snapshot worker_pb-omp
#   run NAME ARGS... `portbench ARGS` on clang-19, gcc-12 and the CPU under host fallback:
#                    the CSV header and each row's identity, verdict and note, exactly (times and
#                    launch shapes normalised); max_rel_err <= tolerance checked
#   tools NAME       summary, compare --by compiler (text and --csv) and report (report.md and
#                    the .gp files) over the committed inputs that
#                    results/h200/summaries/NAME/command.txt lists, run in results/h200
# The CASE's normalised output goes to WORKDIR/<snapshot>/ and is compared with diff -ru.
# GOLDEN_UPDATE=1 writes the snapshot instead (a deliberate change: one command, then review
# `git diff tests/golden`): GOLDEN_UPDATE=1 ctest --test-dir build -L golden
set -uo pipefail
case_=$1 pb=$2 work=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
libexec=${PORTBENCH_LIBEXEC:-$(dirname "$pb")/../libexec/portbench}
export LC_ALL=C OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive
fail() { echo "FAIL: $*"; exit 1; }

# The workers every CI machine builds, alone in a libexec of their own: the optional
# toolchains, those given by path and the CUDA worker (nvcc may be absent) stay out.
ci_libexec() {
    mkdir -p "$work/libexec"
    for w in pb-cpu pb-omp-clang-19 pb-omp-gcc-12; do
        [ -x "$libexec/$w" ] || fail "$libexec/$w: not built (the golden tests need it)"
        ln -sf "$(cd "$libexec" && pwd)/$w" "$work/libexec/$w"
    done
}

# The toolchain that built pb-cpu is the machine's C compiler (gcc-12 on Debian 12): CC.
cpu_toolchain() { "$libexec/pb-cpu" --describe | jq -r .toolchain; }

# compare WORKDIR/SNAP with tests/golden/SNAP, or write it under GOLDEN_UPDATE=1
finish() {
    local snap=$1
    if [ "${GOLDEN_UPDATE:-0}" = 1 ]; then
        # file by file, each renamed into place: the pb-omp-* workers of one build update the
        # one snapshot at once under ctest -j
        (cd "$work/$snap" && find . -type f) | while read -r f; do
            mkdir -p "$(dirname "$here/$snap/$f")"
            cp "$work/$snap/$f" "$here/$snap/$f.tmp$$" && mv -f "$here/$snap/$f.tmp$$" "$here/$snap/$f"
        done
        (cd "$here/$snap" && find . -type f ! -name '*.tmp*') | while read -r f; do
            [ -e "$work/$snap/$f" ] || rm -f "$here/$snap/$f"
        done
        echo "updated tests/golden/$snap: review it with git diff"
        exit 0
    fi
    [ -d "$here/$snap" ] || fail "no snapshot tests/golden/$snap (make it with GOLDEN_UPDATE=1)"
    if ! diff -ru "$here/$snap" "$work/$snap"; then
        echo "FAIL: tests/golden/$snap changed (above: - the snapshot, + today). If the change is meant,"
        echo "      update it with GOLDEN_UPDATE=1 ctest --test-dir build -L golden and review git diff."
        exit 1
    fi
    echo "tests/golden/$snap: unchanged"
}

# CSV fields of one record, quoted fields with commas and "" inside (RFC 4180)
csv_awk='
function csv_split(line, f,    n, i, c, q, cur) {
    n = 0; cur = ""; q = 0
    for (i = 1; i <= length(line); ++i) {
        c = substr(line, i, 1)
        if (q) {
            if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { cur = cur c; ++i } else q = 0 }
            else cur = cur c
        } else if (c == "\"") q = 1
        else if (c == ",") { f[++n] = cur; cur = "" }
        else cur = cur c
    }
    f[++n] = cur
    return n
}'

case $case_ in
list)
    rm -rf "$work" && mkdir -p "$work/list" || exit 1
    ci_libexec
    cc=$(cpu_toolchain)
    PORTBENCH_LIBEXEC=$work/libexec "$pb" list > "$work/raw.txt" 2> "$work/err.txt"
    rc=$?
    [ $rc -eq 0 ] || fail "portbench list: exit status $rc: $(cat "$work/err.txt")"
    [ -s "$work/err.txt" ] && fail "portbench list wrote to stderr: $(cat "$work/err.txt")"
    # the libexec path; the C compiler in the lines of pb-cpu's variants
    awk -v cc="$cc" '
        /^backends and toolchains/ { sub(/workers in .*\):$/, "workers in LIBEXEC):") }
        /^  pb-/ { cpu = ($1 == "pb-cpu:") }
        cpu && /^    / && $2 == cc { sub(" " cc " ", sprintf(" %-" length(cc) "s ", "CC")) }
        { print }' "$work/raw.txt" > "$work/list/list.txt"
    finish list ;;
worker)
    name=$1
    snap=worker_$name
    case $name in pb-omp-*) snap=worker_pb-omp ;; esac
    rm -rf "$work" && mkdir -p "$work/$snap" || exit 1
    "$libexec/$name" --describe > "$work/raw.json" 2> "$work/err.txt"
    rc=$?
    [ $rc -eq 0 ] || fail "$name --describe: exit status $rc: $(cat "$work/err.txt")"
    # the fields of the variant listing: backend, toolchain, compiler, version, benchmark, variant, dtypes, teaches
    jq -r '.toolchain as $tc | .backends[] | . as $b | .variants[] | [$b.name, $tc, $b.compiler, $b.compiler_version, .bench, .name, (.dtypes | join(",")), .teaches] | @tsv' "$work/raw.json" > "$work/raw.tsv" || fail "$name --describe is not its JSON object"
    awk -F'\t' 'NF != 8 { printf "line %d: %d fields, not 8: %s\n", NR, NF, $0 > "/dev/stderr"; bad = 1 }
                { print $1 "\t" $5 "\t" $6 "\t" $7 } END { exit bad }' "$work/raw.tsv" |
        sort > "$work/$snap/variants.tsv" || fail "$name --describe does not give 8 fields a variant"
    finish "$snap" ;;
run)
    name=$1
    shift
    snap=run_$name
    rm -rf "$work" && mkdir -p "$work/$snap" || exit 1
    ci_libexec
    cc=$(cpu_toolchain)
    # the fixed options first: a case may override them (the last one given counts); no time
    # budget, so that a loaded machine cannot cut repetitions and say so in a note
    fixed=(--backend "omp@clang-19,omp@gcc-12,cpu" --warmup 1 --reps 2 --time-budget 0)
    PORTBENCH_LIBEXEC=$work/libexec "$pb" "$1" "${fixed[@]}" "${@:2}" \
        --no-baselines --allow-host-fallback --quiet --csv "$work/rows.csv" > "$work/out.txt" 2> "$work/err.txt"
    rc=$?
    [ -s "$work/rows.csv" ] || fail "portbench $*: exit status $rc, no CSV: $(cat "$work/err.txt")"
    {
        echo "portbench $1 ${fixed[*]} ${*:2} --no-baselines --allow-host-fallback"
        echo "exit status $rc"
        head -n 1 "$work/rows.csv"
    } > "$work/$snap/rows.tsv"
    awk -v cc="$cc" "$csv_awk"'
        NR == 1 {
            n = csv_split($0, h)
            for (i = 1; i <= n; ++i) col[h[i]] = i
            nid = split("benchmark variant backend compiler toolchain dtype size params verified offload note", id, " ")
            for (k = 1; k <= nid; ++k) {
                if (!(id[k] in col)) { print "no column " id[k] > "/dev/stderr"; bad = 1 }
                printf "%s%s", id[k], k < nid ? "\t" : "\n"
            }
            next
        }
        {
            csv_split($0, f)
            v = f[col["verified"]]; e = f[col["max_rel_err"]]; t = f[col["tolerance"]]
            # times vary: never compared; the error must be within the tolerance
            if (v == "PASS" && (e == "" || t == "" || e + 0 > t + 0)) {
                printf "row %d: PASS with max_rel_err %s, tolerance %s\n", NR, e, t > "/dev/stderr"; bad = 1
            }
            if ((f[col["backend"]] == "cpu" || f[col["backend"]] == "openblas") && f[col["toolchain"]] == cc)
                f[col["toolchain"]] = "CC"
            # what varies by machine: launch shapes (tuning table, PB_TUNE) and times (host names
            # are in the host column only, which is not compared)
            note = f[col["note"]]
            gsub(/(per_sm|threads|elems|rows|vector)=[0-9]+(,(per_sm|threads|elems|rows|vector)=[0-9]+)*/, "SHAPE", note)
            gsub(/one takes [0-9.e+-]+ s/, "one takes TIME s", note)
            f[col["note"]] = note
            for (k = 1; k <= nid; ++k) printf "%s%s", f[col[id[k]]], k < nid ? "\t" : "\n"
        }
        END { exit bad }' "$work/rows.csv" >> "$work/$snap/rows.tsv" || fail "portbench $*: rows above"
    finish "$snap" ;;
tools)
    name=$1
    snap=tools_$name
    cmdfile=$src/results/h200/summaries/$name/command.txt
    [ -f "$cmdfile" ] || fail "no $cmdfile"
    # the inputs of its summary line (every command.txt has one); compare and report read
    # those of their own lines where there are such lines, compare the summary's otherwise
    inputs=$(sed -n 's/^portbench summary \[--md|--csv\] //p' "$cmdfile")
    cmp_inputs=$(sed -n 's/^portbench compare --by compiler \(.*\) > .*/\1/p' "$cmdfile")
    report_inputs=$(sed -n 's/^portbench report \(.*\) -o .*/\1/p' "$cmdfile")
    [ -n "$inputs" ] || fail "$cmdfile: no 'portbench summary [--md|--csv] FILES' line"
    [ -n "$cmp_inputs" ] || cmp_inputs=$inputs
    rm -rf "$work" && mkdir -p "$work/$snap" || exit 1
    out=$work/$snap
    cd "$src/results/h200" || exit 1
    # each command: stdout in NAME, stderr in NAME.err, its exit status in status.txt
    one() {
        local file=$1
        shift
        "$pb" "$@" > "$out/$file" 2> "$out/$file.err"
        echo "$? portbench $*" | sed "s|$work|WORKDIR|g" >> "$out/status.txt"
    }
    # shellcheck disable=SC2086 # the inputs are the command.txt's words
    {
        one summary.txt summary $inputs
        one summary.md summary --md $inputs
        one summary.csv summary --csv $inputs
        one compare.txt compare --by compiler $cmp_inputs
        one compare.csv compare --by compiler --csv $cmp_inputs
        if [ -n "$report_inputs" ]; then
            one report.txt report $report_inputs -o "$work/report"
            mkdir -p "$out/report"
            for f in "$work/report"/*; do
                case $f in
                *.gp) cp "$f" "$out/report/" ;;
                *.md) # the date and the build that made the report
                    sed -E 's/^Made [0-9-]+ [0-9:]+Z by portbench [^ ]+ \([^)]*\) from:$/Made DATE by portbench VERSION (SHA) from:/' \
                        "$f" > "$out/report/$(basename "$f")" ;;
                esac
            done
            sed -i "s|$work|WORKDIR|g" "$out/report.txt" "$out/report.txt.err"
        fi
    }
    finish "$snap" ;;
*)
    echo "usage: golden.sh list|worker|run|tools PORTBENCH WORKDIR [NAME [ARGS...]]" >&2
    exit 2 ;;
esac
