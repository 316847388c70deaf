#!/bin/sh
# check_cycles.sh ROOT [DIR...] - fail when the project's C sources depend on each other
# in a circle. The graph has an edge a.c -> b.c when
#   - a.c includes b.h (directly) and a b.c exists beside a header of that name, or
#   - a.c uses a function or global declared in a header it includes (directly or
#     through other headers) and b.c defines it;
# .inc files count as part of the source that includes them; a #define of a quoted name
# ending in .inc counts as an include of it (omp_target/omp_instance.inc includes the
# kernels file its includer names so). tsort (coreutils) finds the loops. Directories
# default to driver, harness and tools (and their subfolders), cuda, omp_target and cpu_ref.
# CHECK_CYCLES_EDGES=1 prints every edge with the reason for it, and every quoted include
# as the file it resolves to ("include FILE HEADER NAME": tests/check_layers.sh reads them).
# Exit status: 0 no cycle, 1 a cycle (printed), 2 usage.
#   check_cycles.sh --self-test DIR: makes a two-file cycle under DIR and expects it found.
set -u
if [ "${1:-}" = --self-test ]; then
    d=${2:?usage: check_cycles.sh --self-test DIR}
    rm -rf "$d" && mkdir -p "$d/harness" || exit 2
    printf '#include "b.h"\nint pb_a(void)\n{\n    return pb_b();\n}\n' > "$d/harness/a.c"
    printf 'int pb_a(void);\n' > "$d/harness/a.h"
    printf '#include "a.h"\nint pb_b(void)\n{\n    return pb_a() + 1;\n}\n' > "$d/harness/b.c"
    printf 'int pb_b(void);\n' > "$d/harness/b.h"
    # a cycle through calls only: both include one header that neither source is named after
    printf 'int pb_p(void);\nint pb_q(void);\n' > "$d/harness/shared.h"
    printf '#include "shared.h"\nint pb_p(void)\n{\n    return pb_q();\n}\n' > "$d/harness/p.c"
    printf '#include "shared.h"\nint pb_q(void)\n{\n    return pb_p();\n}\n' > "$d/harness/q.c"
    # a cycle through a kernels file that a source names in a #define (a computed include)
    printf 'int pb_x(void);\nint pb_y(void);\n' > "$d/harness/xy.h"
    printf '#include "xy.h"\n#define KERNELS "x_kernels.inc"\n#include KERNELS\nint pb_x(void)\n{\n    return 1;\n}\n' \
        > "$d/harness/x.c"
    printf 'static int x_k(void)\n{\n    return pb_y();\n}\n' > "$d/harness/x_kernels.inc"
    printf '#include "xy.h"\nint pb_y(void)\n{\n    return pb_x();\n}\n' > "$d/harness/y.c"
    out=$(sh "$0" "$d" harness 2>&1)
    rc=$?
    printf '%s\n' "$out"
    if [ $rc -eq 1 ] && printf '%s' "$out" | grep -q 'harness/a.c -> harness/b.c' &&
        printf '%s' "$out" | grep -q 'harness/b.c -> harness/a.c' &&
        printf '%s' "$out" | grep -q 'harness/p.c -> harness/q.c (pb_q' &&
        printf '%s' "$out" | grep -q 'harness/q.c -> harness/p.c (pb_p' &&
        printf '%s' "$out" | grep -q 'harness/x.c -> harness/y.c (pb_y' &&
        printf '%s' "$out" | grep -q 'harness/y.c -> harness/x.c (pb_x'; then
        echo "check_cycles: the self-test cycle was found"
        exit 0
    fi
    echo "check_cycles: the self-test cycle was NOT found (exit status $rc)" >&2
    exit 1
fi
root=${1:?usage: check_cycles.sh ROOT [DIR...]}
shift
[ $# -gt 0 ] || set -- driver harness/core harness/benchmarks harness/cli harness/rows harness/worker \
    tools tools/results tools/store tools/report cuda omp_target cpu_ref
cd "$root" || exit 2
files=
for d in "$@"; do
    [ -d "$d" ] || continue
    for f in "$d"/*.c "$d"/*.cu "$d"/*.h "$d"/*.cuh "$d"/*.inc "$d"/*.def; do
        [ -f "$f" ] && files="$files $f"
    done
done
[ -n "$files" ] || { echo "check_cycles: no sources under $root" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

# One pass over every file: its kind, includes, defined symbols and used identifiers.
# shellcheck disable=SC2086
awk '
function base(p) { sub(/.*\//, "", p); return p }
function dir(p) { if (p !~ /\//) return "."; sub(/\/[^\/]*$/, "", p); return p }
function kind(p) {
    if (p ~ /\.(c|cu)$/) return "src"
    if (p ~ /\.inc$/) return "inc"
    if (p ~ /\.def$/) return "def"
    return "hdr"
}
FNR == 1 { in_comment = 0; pending = ""; print "F", FILENAME, kind(FILENAME) }
{
    line = $0
    # comments, strings and character constants carry no dependencies
    if (in_comment) {
        if (index(line, "*/") == 0) next
        line = substr(line, index(line, "*/") + 2); in_comment = 0
    }
    gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, " ", line)
    if (index(line, "/*")) { line = substr(line, 1, index(line, "/*") - 1); in_comment = 1 }
    sub(/\/\/.*/, "", line)
    if (line ~ /^[ \t]*#[ \t]*include[ \t]*"/ ||
        line ~ /^[ \t]*#[ \t]*define[ \t]+[A-Za-z_0-9]+[ \t]+"[^"]*\.inc"[ \t]*$/) {
        inc = line; sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
        print "I", FILENAME, base(inc)
        next
    }
    if (line ~ /^[ \t]*#/ || kind(FILENAME) == "def") next   # a table (.def): only its includes count
    gsub(/"([^"\\]|\\.)*"/, "\"\"", line)
    gsub(/'\''([^'\''\\]|\\.)*'\''/, "0", line)
    # a definition starts at column 0 (this code base'"'"'s style): a function when "{"
    # comes before ";", a global when "=" or ";" ends it without a "("
    if (pending != "") {
        if (line ~ /\{/ && (index(line, ";") == 0 || index(line, "{") < index(line, ";"))) { print "D", FILENAME, pending; pending = "" }
        else if (index(line, ";")) pending = ""
    }
    if (line ~ /^[A-Za-z_]/ && line !~ /^(static|typedef|extern|struct|union|enum|return|template|namespace|using)[ \t(]/ && line !~ /^(static|typedef|extern)$/) {
        p = index(line, "(")
        e = index(line, "=")
        if (p && (e == 0 || p < e)) {
            head = substr(line, 1, p - 1)
            if (match(head, /[A-Za-z_][A-Za-z0-9_]*[ \t]*$/)) {
                name = substr(head, RSTART, RLENGTH); sub(/[ \t]+$/, "", name)
                rest = substr(line, p)
                if (rest ~ /\{/ && (index(rest, ";") == 0 || index(rest, "{") < index(rest, ";"))) print "D", FILENAME, name
                else if (index(rest, ";") == 0) pending = name
            }
        } else if (p == 0 && (e || line ~ /;[ \t]*$/)) {
            head = e ? substr(line, 1, e - 1) : line
            sub(/;[ \t]*$/, "", head); sub(/\[[^]]*\][ \t]*$/, "", head); sub(/[ \t]+$/, "", head)
            if (match(head, /[A-Za-z_][A-Za-z0-9_]*$/) && head ~ /[ \t*]/) print "D", FILENAME, substr(head, RSTART, RLENGTH)
        }
    }
    while (match(line, /[A-Za-z_][A-Za-z0-9_]*/)) {
        print "U", FILENAME, substr(line, RSTART, RLENGTH)
        line = substr(line, RSTART + RLENGTH)
    }
}
' $files | sort -u > "$tmp/facts"

# Edges from the facts.
awk '
function base(p) { sub(/.*\//, "", p); return p }
function stem(p) { sub(/\.[^.\/]*$/, "", p); return p }
function dirof(p) { if (p !~ /\//) return "."; sub(/\/[^\/]*$/, "", p); return p }
$1 == "F" { kind[$2] = $3; byname[base($2)] = byname[base($2)] " " $2; files[$2] = 1 }
$1 == "I" { inc[$2] = inc[$2] " " $3 }
$1 == "D" { defs[$3] = defs[$3] " " $2 }
$1 == "U" { uses[$2 SUBSEP $3] = 1; used[$2] = used[$2] " " $3 }
# the header or .inc a quoted include names: beside the includer first, else anywhere
function resolve(from, name,    n, c, i, best) {
    n = split(byname[name], c, " ")
    best = ""
    for (i = 1; i <= n; i++) {
        if (dirof(c[i]) == dirof(from)) return c[i]
        if (best == "") best = c[i]
    }
    return best
}
# every header reachable from f through includes (.inc text counts as f itself)
function closure(f, seen,    n, list, i, h) {
    n = split(inc[f], list, " ")
    for (i = 1; i <= n; i++) {
        h = resolve(f, list[i])
        if (h == "" || (h in seen)) continue
        seen[h] = 1
        closure(h, seen)
    }
}
function edge(a, b, why) { if (a != b && !((a SUBSEP b) in done)) { done[a SUBSEP b] = 1; print a, b, why } }
END {
    for (f in files) {                          # the includes, resolved, for check_layers.sh
        n = split(inc[f], list, " ")
        for (i = 1; i <= n; i++) { h = resolve(f, list[i]); if (h != "") print f, h, list[i] > includes }
    }
    for (f in files) if (kind[f] == "src") {
        # the text of a source: itself and the .inc files it includes
        delete own; own[f] = 1
        n = split(inc[f], list, " ")
        for (i = 1; i <= n; i++) { h = resolve(f, list[i]); if (h != "" && kind[h] == "inc") own[h] = 1 }
        delete hdrs
        for (o in own) closure(o, hdrs)
        for (o in own) {
            n = split(inc[o], list, " ")
            for (i = 1; i <= n; i++) {          # rule 1: a.c includes b.h, and b.c exists
                h = resolve(o, list[i])
                if (h == "" || kind[h] != "hdr") continue
                for (ext = 1; ext <= 2; ext++) {
                    c = stem(h) (ext == 1 ? ".c" : ".cu")
                    if ((c in files) && c != f) edge(f, c, "#include " base(h))
                }
            }
        }
        for (h in hdrs) {                       # rule 2: a symbol declared in h, used by f
            if (kind[h] != "hdr") continue
            m = split(used[h], syms, " ")
            for (j = 1; j <= m; j++) {
                s = syms[j]
                if (!(s in defs)) continue
                hit = 0
                mine = 0
                k = split(defs[s], where, " ")
                for (q = 1; q <= k; q++) if (where[q] in own) mine = 1
                for (o in own) if ((o SUBSEP s) in uses) hit = 1
                if (!hit || mine) continue   # unused, or defined here (one of several implementations)
                for (q = 1; q <= k; q++) edge(f, where[q], s)
            }
        }
    }
}
' includes="$tmp/includes" "$tmp/facts" | sort > "$tmp/edges"

if [ "${CHECK_CYCLES_EDGES:-}" = 1 ]; then # to see the graph
    sed 's/^/edge /' "$tmp/edges"
    sort "$tmp/includes" | sed 's/^/include /'
fi

# tsort also wants every node; a loop is reported on stderr and makes it exit 1.
awk '{ print $1, $1; print $2, $2; print $1, $2 }' "$tmp/edges" | tsort > /dev/null 2> "$tmp/loops"
if [ -s "$tmp/loops" ]; then
    echo "check_cycles: sources that depend on each other in a circle:" >&2
    sed -n 's/^tsort: \([^-].*\)$/\1/p' "$tmp/loops" | sort -u > "$tmp/names"
    sed 's/^tsort: /  /' "$tmp/loops" >&2
    echo "their dependencies (on a function, a global, or an included header's source):" >&2
    awk 'NR == FNR { n[$1] = 1; next } ($1 in n) && ($2 in n) { print "  " $1 " -> " $2 " (" $3 " " $4 ")" }' \
        "$tmp/names" "$tmp/edges" >&2
    exit 1
fi
echo "check_cycles: $(wc -l < "$tmp/edges") dependencies among $(echo $files | wc -w) files, no cycle"
exit 0
