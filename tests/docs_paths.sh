#!/usr/bin/env bash
# docs_paths.sh ROOT - fail when README.md, docs/*.md or results/README.md name a path of the
# repository that is gone. Checked:
#   - every relative markdown link [text](path#anchor), from the page's folder; an anchor into a
#     .md page (or the page itself) must be one of that page's headings, as GitHub spells it;
#   - every word in `backticks` or in a fenced code block that starts with one of the repo's
#     folders (cuda/ omp_target/ cpu_ref/ harness/ tests/ results/ driver/ tools/ docs/
#     scripts/ .ci/), from the repository root. Line numbers
#     (`harness/benchmarks/pb_shapes.h:7-12`) are dropped; {a,b} is expanded; a glob
#     (`results/h200/fma/20261122T19233*Z_*_t/`) must match something; an abbreviation after a path on the same line (`..._1205Z_ncu_per_k/` after
#     `results/h200/diagnostics/20261122T1120Z_ncu_one_kernel`) is a sibling of it ending so;
#     a placeholder (`results/<gpu>/...`) checks the folder before it. A path git ignores (the store `results/portbench.db`) or one under ./
#     is a place made at run time, not checked.
# Exit status: 0 every path found, 1 some missing (each printed as FILE:LINE: PATH), 2 usage.
#   docs_paths.sh --self-test DIR: makes a page naming a missing file, a missing folder, a
#   missing heading, a glob and an abbreviation that match nothing under DIR, and expects
#   each found (and a page naming only what exists to pass).
set -uo pipefail
if [ "${1:-}" = --self-test ]; then
    d=${2:?usage: docs_paths.sh --self-test DIR}
    rm -rf "$d" && mkdir -p "$d/docs" "$d/scripts" "$d/results/h200/run_1" || exit 2
    : > "$d/scripts/here.sh"
    printf '# Title\n\n## A section, with `code`\n' > "$d/docs/page.md"
    {
        printf '# T\n\nSee [page](docs/page.md#a-section-with-code) and `scripts/here.sh:12`,\n'
        printf '`results/h200/run_*/` and `results/{h200,h200}/run_1`, `..._1/`.\n'
    } > "$d/README.md"
    out=$(bash "$0" "$d" 2>&1)
    rc=$?
    [ $rc -eq 0 ] || { printf '%s\n' "$out"; echo "docs_paths: a good tree failed (exit $rc)" >&2; exit 1; }
    {
        printf '# T\n\nSee [gone](docs/gone.md), [page](docs/page.md#no-such-heading),\n'
        printf '```sh\nbash scripts/gone.sh\n```\n\nand `results/h200/none_*/` and `tools/`.\n'
        printf '`results/h200/run_1/`, `..._2/`\n'
    } > "$d/README.md"
    out=$(bash "$0" "$d" 2>&1)
    rc=$?
    printf '%s\n' "$out"
    if [ $rc -eq 1 ] && grep -q 'README.md:3: docs/gone.md' <<<"$out" &&
        grep -q 'README.md:3: docs/page.md#no-such-heading' <<<"$out" &&
        grep -q 'README.md:5: scripts/gone.sh' <<<"$out" &&
        grep -q 'README.md:8: results/h200/none_\*/' <<<"$out" &&
        grep -q 'README.md:8: tools/' <<<"$out" && grep -q 'README.md:9: results/h200/\*2/' <<<"$out"; then
        echo "docs_paths: the self-test's missing paths were found"
        exit 0
    fi
    echo "docs_paths: the self-test's missing paths were NOT all found (exit $rc)" >&2
    exit 1
fi
root=${1:?usage: docs_paths.sh ROOT}
cd "$root" || exit 2
pages=(README.md)
for f in docs/*.md results/README.md; do [ -f "$f" ] && pages+=("$f"); done

# FILE<TAB>LINE<TAB>link|path<TAB>TARGET for every link and every repo-looking word.
candidates() {
    awk '
    BEGIN { top = "^(cuda|omp_target|cpu_ref|harness|tests|results|driver|tools|docs|scripts|\\.ci)/" }
    FNR == 1 { fence = 0 }
    function words(s,    n, w, i, x) {
        n = split(s, w, /[ \t"();=|]+/)
        for (i = 1; i <= n; ++i) {
            x = w[i]
            sub(/^[\[<]+/, "", x)
            if (x ~ top) {
                print FILENAME "\t" FNR "\tpath\t" x
                if (x !~ /[<{]/) { last = x; lastline = FNR }
            } else if (x ~ /^\.\.\._?[A-Za-z0-9]/ && lastline == FNR && last ~ /\/[^\/]+\/?$/) {
                # `..._1205Z_ncu_per_k/` after `results/h200/diagnostics/20261122T1120Z_ncu_one_kernel`
                sub(/^\.\.\._?/, "", x)
                d = last
                sub(/\/$/, "", d)
                sub(/\/[^\/]*$/, "", d)
                print FILENAME "\t" FNR "\tpath\t" d "/*" x
            }
        }
    }
    /^ *(```|~~~)/ { fence = !fence; next }
    fence { words($0); next }
    {
        s = $0
        while (match(s, /\]\([^) ]+\)/)) {
            print FILENAME "\t" FNR "\tlink\t" substr(s, RSTART + 2, RLENGTH - 3)
            s = substr(s, RSTART + RLENGTH)
        }
        s = $0
        while (match(s, /`[^`]+`/)) {
            words(substr(s, RSTART + 1, RLENGTH - 2))
            s = substr(s, RSTART + RLENGTH)
        }
    }' "$@"
}

# The anchors GitHub gives a page's headings (fenced code is not a heading).
anchors() {
    awk '
    /^ *(```|~~~)/ { fence = !fence; next }
    !fence && /^#+ / {
        h = tolower($0)
        sub(/^#+ +/, "", h)
        gsub(/[^a-z0-9 _-]/, "", h)
        gsub(/ /, "-", h)
        if (h in seen) { seen[h]++; h = h "-" seen[h] - 1 } else seen[h] = 1
        print h
    }' "$1"
}

# {a,b} expanded, one word a line (no eval of page text).
expand() {
    local pre rest alts a
    if [[ $1 =~ ^([^{]*)\{([^{}]*)\}(.*)$ ]]; then
        pre=${BASH_REMATCH[1]} alts=${BASH_REMATCH[2]}, rest=${BASH_REMATCH[3]}
        while [ -n "$alts" ]; do
            a=${alts%%,*}
            alts=${alts#*,}
            expand "$pre$a$rest"
        done
    else
        printf '%s\n' "$1"
    fi
}

# 0 when PATH (relative to the current folder) names something.
exists() {
    local p=$1
    if [[ $p == *[\<\[]* || $p == *...* ]]; then
        p=${p%%[<[]*}
        p=${p%%...*}
        [[ $p == */* ]] || return 0
        p=${p%/*}/
    fi
    if [[ $p == *[*?]* ]]; then
        compgen -G "$p" >/dev/null
    else
        [ -e "$p" ]
    fi
}

git=
[ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)" ] && git=yes   # ROOT is the repository
missing=0
while IFS=$'\t' read -r file line kind target; do
    if [ "$kind" = link ]; then
        [[ $target =~ ^[a-z]+: ]] && continue
        path=${target%%#*}
        anchor=
        [[ $target == *#* ]] && anchor=${target#*#}
        if [ -z "$path" ]; then
            dest=$file
        else
            dest=$(dirname "$file")/$path
            [ -e "$dest" ] || { echo "$file:$line: $target"; missing=1; continue; }
        fi
        if [ -n "$anchor" ] && [[ $dest == *.md ]] && ! grep -qxF -- "$anchor" <<<"$(anchors "$dest")"; then
            echo "$file:$line: $target"
            missing=1
        fi
        continue
    fi
    p=$(sed -E 's/[.,:;]+$//; s/:[0-9][0-9,-]*$//' <<<"$target")
    [ -n "$git" ] && git check-ignore -q --no-index -- "$p" 2>/dev/null && continue
    ok=1
    while IFS= read -r one; do
        exists "$one" || ok=0
    done < <(expand "$p")
    [ $ok = 1 ] || { echo "$file:$line: $p"; missing=1; }
done < <(candidates "${pages[@]}")
[ $missing = 0 ] && echo "docs_paths: every path named in ${#pages[@]} pages exists"
exit $missing
