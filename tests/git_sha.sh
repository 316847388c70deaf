#!/usr/bin/env bash
# git_sha.sh VERSION_CMAKE PORTBENCH WORKDIR
# The build's git_sha (scripts/version.cmake) is "-dirty" exactly when tracked files differ
# from the commit (untracked ones, such as build outputs, do not count), and then names
# them (pb_git_dirty, for the run's meta.json); a run's meta.json carries the list.
set -uo pipefail
script=$1 pb=$2 work=$3
rm -rf "$work"
mkdir -p "$work/repo"
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
gen() {
  cmake -DSRC="$work/repo" -DOUT="$work/v.c" -DOUT_DIRTY="$work/d.c" -DVERSION=9.9 -P "$script" ||
    fail "version.cmake failed"
}
sha() { sed -n 's/^const char pb_git_sha\[\] = "\(.*\)";$/\1/p' v.c; }
dirty() { sed -n 's/^const char pb_git_dirty\[\] = "\(.*\)";$/\1/p' d.c; }
count() { sed -n 's/^const int pb_git_dirty_count = \(.*\);$/\1/p' d.c; }
g() { git -C repo -c user.name=t -c user.email=t@t "$@" > /dev/null; }

g init -q
printf 'a\n' > repo/a.c
printf 'b\n' > repo/b.c
mkdir -p repo/sub
printf 'c\n' > repo/sub/c.h
g add . && g commit -qm one
head=$(git -C repo rev-parse --short=12 HEAD)
gen
[ "$(sha)" = "$head" ] || fail "clean tree: '$(sha)', expected $head"
[ "$(count)" = 0 ] && [ -z "$(dirty)" ] || fail "clean tree: dirty list '$(dirty)' ($(count))"
# untracked files (a build directory, a stray output) do not make it dirty
mkdir -p repo/build && printf 'x\n' > repo/build/out.o && printf 'y\n' > repo/notes.txt
gen
[ "$(sha)" = "$head" ] || fail "untracked files: '$(sha)', expected $head"
# a copy of the tree (new times, as a transfer to another machine makes) is not dirty
touch -d '2001-01-01' repo/a.c repo/sub/c.h
gen
[ "$(sha)" = "$head" ] || fail "touched files: '$(sha)', expected $head"
# modified and staged tracked files: dirty, and named
printf 'a2\n' > repo/a.c
printf 'c2\n' > repo/sub/c.h && g add sub/c.h
gen
[ "$(sha)" = "$head-dirty" ] || fail "modified files: '$(sha)', expected $head-dirty"
[ "$(count)" = 2 ] || fail "modified files: count $(count), expected 2"
[ "$(dirty)" = 'a.c\nsub/c.h\n' ] || fail "modified files: list '$(dirty)'"
# a file deleted, one with a quote in its name
g reset -q && g checkout -q -- a.c sub/c.h
printf 'q\n' > 'repo/q"x.c' && g add 'q"x.c' && g commit -qm two
head=$(git -C repo rev-parse --short=12 HEAD)
rm repo/b.c && printf 'q2\n' > 'repo/q"x.c'
gen
[ "$(sha)" = "$head-dirty" ] && [ "$(count)" = 2 ] || fail "deleted file: '$(sha)' count $(count)"
grep -q 'pb_git_dirty\[\] = "b.c\\n' d.c || fail "deleted file not named: $(dirty)"
gcc -c -o v.o v.c && gcc -c -o d.o d.c || fail "the generated files do not compile: $(cat v.c d.c)"
# an edit changes the driver's list, not pb_version.c (which every worker links)
cp v.c v0.c && cp d.c d0.c && printf 'a3\n' > repo/a.c && gen
cmp -s v.c v0.c || fail "pb_version.c changed with the list"
! cmp -s d.c d0.c || fail "the list did not change: $(dirty)"
# a run's meta.json holds the list of the binary it ran
"$pb" dmvm --backend cpu --no-baselines --nx 8 --reps 1 --warmup 0 --quiet --csv run.csv > /dev/null 2>&1 ||
  fail "the run failed"
jq -e '(.git_dirty_files | type) == "array" and (.git_dirty_count | type) == "number"
       and (.git_dirty_files | length) == ([.git_dirty_count, 50] | min)
       and ((.git_sha | endswith("-dirty")) == (.git_dirty_count > 0))' run.csv.meta.json > /dev/null ||
  fail "meta.json: $(jq -c '{git_sha, git_dirty_count, git_dirty_files}' run.csv.meta.json)"
echo "ok"
