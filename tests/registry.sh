#!/bin/sh
# The variant registry from outside (issue 23 item 2): every worker starts (a worker whose
# tables register a name its benchmark does not list refuses to, exit 2); every variant a
# benchmark lists (`portbench BENCH --help`, from harness/benchmarks/bench_*.c) is implemented by a
# GPU worker of this build (pb-cuda or a pb-omp-*); every pb-omp-* worker implements the
# same (benchmark, variant, dtypes) set: one source for every OpenMP compiler.
# usage: registry.sh PORTBENCH LIBEXEC
pb=${1:?usage: registry.sh PORTBENCH LIBEXEC}
libexec=${2:?usage: registry.sh PORTBENCH LIBEXEC}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "registry: $*" >&2; exit 1; }
: > "$tmp/gpu"
first=""
for w in "$libexec"/pb-*; do
    name=$(basename "$w")
    "$w" --describe > "$tmp/$name.json" 2> "$tmp/err" || fail "$name --describe: exit status $?: $(cat "$tmp/err")"
    [ -s "$tmp/err" ] && fail "$name --describe wrote to stderr: $(cat "$tmp/err")"
    # one line per variant: backend, toolchain, compiler, version, benchmark, variant, dtypes, teaches
    jq -r '.toolchain as $tc | .backends[] | . as $b | .variants[] | [$b.name, $tc, $b.compiler, $b.compiler_version, .bench, .name, (.dtypes | join(",")), .teaches] | @tsv' "$tmp/$name.json" > "$tmp/$name.tsv" || fail "$name --describe is not its JSON object"
    case $name in
        pb-cuda | pb-omp-*) awk -F'\t' '{ print $5, $6 }' "$tmp/$name.tsv" >> "$tmp/gpu" ;;
    esac
    case $name in
        pb-omp-*)
            awk -F'\t' '{ print $1, $5, $6, $7 }' "$tmp/$name.tsv" | sort > "$tmp/$name.set"
            if [ -z "$first" ]; then
                first=$name
            elif ! cmp -s "$tmp/$first.set" "$tmp/$name.set"; then
                d=$(diff "$tmp/$first.set" "$tmp/$name.set" | grep '^[<>]' | head -3 | tr '\n' ' ')
                fail "$name and $first implement different variants: $d"
            fi ;;
    esac
done
benches=$("$pb" list | awk '/^benchmarks:/ { f = 1; next } /^$/ { f = 0 } f && /^  [a-z]/ { print $1 }')
[ -n "$benches" ] || fail "portbench list names no benchmark"
n=0
for b in $benches; do
    listed=$("$pb" "$b" --help | sed -n 's/^variants: //p')
    [ -n "$listed" ] || fail "portbench $b --help lists no variants"
    for v in $listed; do
        grep -qx "$b $v" "$tmp/gpu" || fail "$b lists '$v', which no GPU worker in $libexec implements"
        n=$((n + 1))
    done
done
echo "registry: $n listed variants implemented; $(ls "$libexec" | grep -c '^pb-omp-') OpenMP workers alike"
