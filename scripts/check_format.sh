#!/usr/bin/env bash
# The C/CUDA lines a change adds or modifies follow .clang-format; untouched lines are left
# as they are (no formatting-only diffs of the tree). Usage: scripts/check_format.sh [BASE]
# BASE: the commit the change starts from (default: the merge base with origin/main; where
# there is none, or the change is origin/main itself, HEAD~1: the last commit; a repository of
# one commit checks every line; a shallow clone of depth 1 is refused). Uncommitted edits
# count too. Exit 1 with the diff that clang-format wants; exit 2 when git-clang-format or
# BASE is missing; 77 (ctest's skip) outside a git checkout.
#   check_format.sh --self-test DIR: on a made-up repository, only changed lines are checked,
#   against each kind of base.
set -euo pipefail
if [ "${1:-}" = --self-test ]; then
    d=${2:?usage: check_format.sh --self-test DIR}
    here=$(cd "$(dirname "$0")/.." && pwd)
    rm -rf "$d" && mkdir -p "$d/scripts"
    cp "$here/.clang-format" "$d/"
    cp "$0" "$d/scripts/check_format.sh"
    g() { git -C "$d" -c user.name=selftest -c user.email=selftest@invalid -c commit.gpgsign=false "$@"; }
    fail() { echo "check_format: self-test: $*" >&2; exit 1; }
    # expect RC TEXT [BASE]: the check exits RC and its output holds TEXT
    expect() {
        local want=$1 text=$2 out rc
        shift 2
        out=$(bash "$d/scripts/check_format.sh" "$@" 2>&1) && rc=0 || rc=$?
        printf '%s\n' "$out"
        [ "$rc" = "$want" ] || fail "exit $rc, expected $want"
        case "$out" in *"$text"*) ;; *) fail "no '$text' in the output" ;; esac
    }
    g init -q
    printf 'int  old=1; /* unformatted, and never touched */\n' > "$d/a.c"
    g add -A && g commit -q -m one
    expect 1 "+int old = 1;" # a tree of one commit: every line
    printf 'static int ok(void) { return 1; }\n' >> "$d/a.c"
    g commit -q -am two
    expect 0 "the last commit" # only commit two's line, which is formatted
    printf 'int  bad=2;\n' >> "$d/a.c" # uncommitted: counts too
    expect 1 "+int bad = 2;"
    out=$(bash "$d/scripts/check_format.sh" 2>&1 || true)
    case "$out" in *"old = 1"*) fail "an untouched line was checked" ;; esac
    g commit -q -am three
    printf 'int fine = 3;\n' >> "$d/a.c"
    g commit -q -am four
    expect 0 "the last commit" # HEAD~1: commit three's line is not looked at
    g update-ref refs/remotes/origin/main "$(g rev-parse HEAD~3)" # the change: commits two to four
    expect 1 "merge base with origin/main"
    expect 0 "given" HEAD~1
    expect 2 "no commit" no-such-commit
    mkdir -p "$d/sub" && g mv a.c sub/a.c && g commit -q -m five # a file moved, not edited
    expect 0 "given" HEAD~1 # keeps its lines: its unformatted old ones are not new
    echo "check_format: self-test OK"
    exit 0
fi
cd "$(dirname "$0")/.."
if ! git rev-parse --git-dir >/dev/null 2>&1; then
    echo "check_format: not a git checkout: no change to check (skipped)" >&2
    exit 77
fi

gcf=$(command -v git-clang-format || true)
if [ -z "$gcf" ]; then # Debian names it after the LLVM major too (clang-format-14)
    gcf=$(compgen -c git-clang-format- | grep -E '^git-clang-format-[0-9]+$' | sort -t- -k4 -n | tail -n 1 || true)
fi
if [ -z "$gcf" ]; then
    echo "check_format: git-clang-format not found (Debian package clang-format; scripts/setup.sh installs it)" >&2
    exit 2
fi
# its clang-format: the one of the same suffix where there is one
cf=clang-format${gcf#*git-clang-format}
command -v "$cf" >/dev/null || cf=clang-format

if [ $# -gt 0 ]; then
    base=$(git rev-parse --verify -q "$1^{commit}") || { echo "check_format: no commit '$1'" >&2; exit 2; }
    why="given"
elif base=$(git merge-base origin/main HEAD 2>/dev/null) && [ "$base" != "$(git rev-parse HEAD)" ]; then
    why="merge base with origin/main"
elif base=$(git rev-parse --verify -q 'HEAD~1^{commit}'); then
    why="the last commit (no origin/main, or HEAD is origin/main)"
elif [ "$(git rev-parse --is-shallow-repository)" = true ]; then
    echo "check_format: a shallow clone without HEAD's parent: nothing to compare with;" \
        "fetch more history (git fetch --deepen=1) or name BASE" >&2
    exit 2
else # a repository of one commit: every line is new (an empty commit to compare with)
    base=$(git -c user.name=check_format -c user.email=check_format@invalid commit-tree \
        "$(git hash-object -t tree /dev/null)" -m empty)
    why="a repository of one commit: every line"
fi
echo "check_format: lines changed since ${base:0:12} ($why), $("$cf" --version)"

# The files whose lines changed. git-clang-format's diff does not follow renames: a file
# moved unchanged (git mv) would count as all new lines, so it is left out; a file moved and
# edited in one change is checked whole (move in one commit, edit in the next).
mapfile -t files < <(git diff -M --name-status "$base" -- | awk -F'\t' '$1 != "R100" && $1 != "D" { print $NF }' |
    grep -E '\.(c|h|cu|cpp)$' || true)
out=""
if [ ${#files[@]} -gt 0 ]; then
    out=$("$gcf" --binary "$cf" --diff --extensions c,h,cu,cpp "$base" -- "${files[@]}" 2>&1) || true
fi
case "$out" in
    "" | "no modified files to format" | "clang-format did not modify any files")
        echo "check_format: OK"
        exit 0 ;;
esac
printf '%s\n' "$out"
echo "check_format: the lines above are not formatted as .clang-format says; with the files" \
    "staged (git add), '$gcf --binary $cf $base' rewrites just those lines" >&2
exit 1
