#!/usr/bin/env bash
# outputs.sh PORTBENCH WORKDIR CASE
# Output paths as a hostile user gives them (issue 22): symbolic links, /dev/stdout and
# other descriptors, destinations found bad only after measuring, a full disk under
# --record, tune's temporary files and kept plans, names that would become paths. Each CASE is one
# defect, reproduced; exit 77 = skipped (this machine cannot make the case).
set -uo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
. "$here/case_lib.sh"
cpu=(dmvm --backend cpu --no-baselines --reps 1 --warmup 0 --nx 8 --quiet)
# refused up front: exit 2, one line on stderr matching $1, nothing measured, no file $2
# (prefix: a command that runs portbench, e.g. in a private mount namespace)
prefix=()
refused() {
  local pattern=$1 nofile=$2
  shift 2
  "${prefix[@]}" "$pb" "$@" > out.txt 2> err.txt
  local rc=$?
  [ $rc -eq 2 ] || fail "$*: exit status $rc, expected 2; stderr: $(cat err.txt)"
  [ "$(grep -c . err.txt)" = 1 ] || fail "$*: $(grep -c . err.txt) lines on stderr: $(cat err.txt)"
  grep -Eq -- "$pattern" err.txt || fail "$*: stderr lacks /$pattern/: $(cat err.txt)"
  [ -z "$nofile" ] || [ ! -e "$nofile" ] || fail "$*: $nofile was made"
  [ -z "$(ls tmp)" ] || fail "$*: temporary files left: $(ls tmp)"
}
is_csv() { [[ $(head -n 1 "$1") == benchmark,variant,backend* ]] && [ "$(wc -l < "$1")" -ge 2 ]; }

case $case in
symlink)       # every output written through a symbolic link to its target, the link kept
  mkdir real
  ln -s real/r.csv out.csv                     # the target does not exist yet
  echo old > real/m.json && ln -s real/m.json out.csv.meta.json
  mkdir sub && ln -s ../real/j.json sub/j.json
  "$pb" "${cpu[@]}" --csv out.csv --json sub/j.json > /dev/null 2> err.txt || fail "exit $?: $(cat err.txt)"
  for l in out.csv out.csv.meta.json sub/j.json; do [ -L $l ] || fail "$l is no longer a symbolic link"; done
  is_csv real/r.csv || fail "the CSV did not reach the link's target"
  [ "$(jq .complete real/m.json)" = true ] || fail "the meta.json did not reach the link's target"
  [ "$(jq '.rows | length' real/j.json)" = 1 ] || fail "the JSON did not reach the link's target"
  [ -z "$(ls -A real | grep '^\.')" ] || fail "temporary files left in real/: $(ls -A real)"
  # a chain of links, and --record writing into a linked directory
  ln -s out.csv chain.csv
  "$pb" "${cpu[@]}" --csv chain.csv --record=reclink > /dev/null 2> err.txt &&
    ls reclink/nogpu/dmvm/*/results.csv > /dev/null || fail "chain: $(cat err.txt)"
  [ -L chain.csv ] && [ -L out.csv ] && is_csv real/r.csv || fail "a chain of links was replaced" ;;
proc_fd)       # a link to this process's standard output (/dev/stdout as root) was renamed over
  ln -s /proc/self/fd/1 so
  "$pb" "${cpu[@]}" --csv so > out.txt 2> err.txt || fail "exit $?: $(cat err.txt)"
  [ -L so ] || fail "the link was replaced by a file"
  is_csv out.txt || fail "the CSV did not go to standard output: $(head -c 300 out.txt)"
  grep -q "rows: 1 passed" err.txt || fail "the table is not on stderr (standard output holds the CSV)"
  [ ! -e so.meta.json ] || fail "a meta.json beside a stream"
  # another descriptor (bash's >(...) and 3>file give /dev/fd/N): written in place, never renamed
  "$pb" "${cpu[@]}" --csv /dev/fd/3 3> three.csv > out.txt 2> err.txt || fail "fd 3: exit $?: $(cat err.txt)"
  is_csv three.csv || fail "fd 3: $(head -c 300 three.csv)"
  grep -q "rows: 1 passed" out.txt || fail "fd 3: the table left standard output" ;;
dev_stdout)    # --csv /dev/stdout itself; as root only where /dev is a private copy
  inner='set -e
    if [ "$(id -u)" = 0 ] && [ -n "${PRIVATE_DEV:-}" ]; then
      mkdir -p olddev && mount --bind /dev olddev && mount -t tmpfs none /dev
      for n in null zero full; do touch /dev/$n && mount --bind olddev/$n /dev/$n; done
      ln -s /proc/self/fd /dev/fd && ln -s /proc/self/fd/1 /dev/stdout && ln -s /proc/self/fd/2 /dev/stderr
    fi
    "$0" "$@" --csv /dev/stdout > out.txt 2> err.txt || { echo "exit $?: $(cat err.txt)"; exit 1; }
    [ -L /dev/stdout ] || { echo "/dev/stdout was replaced"; exit 1; }'
  if [ "$(id -u)" = 0 ]; then
    command -v unshare > /dev/null && unshare -m true 2> /dev/null || skip "root without a private mount namespace"
    PRIVATE_DEV=1 unshare -m sh -c "$inner" "$pb" "${cpu[@]}" || fail "$(cat err.txt 2> /dev/null)"
  else
    sh -c "$inner" "$pb" "${cpu[@]}" || fail "$(cat err.txt)"
  fi
  is_csv out.txt || fail "the CSV did not go to standard output: $(head -c 300 out.txt)"
  grep -q "rows: 1 passed" err.txt || fail "the table is not on stderr" ;;
meta_dir)      # destinations found bad only after measuring: refused up front
  mkdir out.csv.meta.json
  refused "out.csv.meta.json.*directory" out.csv "${cpu[@]}" --csv out.csv
  refused "--json .*x.csv.meta.json|same file" "" "${cpu[@]}" --csv x.csv --json x.csv.meta.json
  [ ! -e x.csv ] || fail "x.csv was written"
  ln -s x.csv xlink.json
  refused "same file" "" "${cpu[@]}" --csv x.csv --json xlink.json
  [ ! -e x.csv ] || fail "x.csv was written" ;;
record_blocked) # a --record folder that cannot be made: refused before anything runs
  mkdir -p rec && touch rec/nogpu
  refused "rec/nogpu.*not a directory" "" "${cpu[@]}" --record=rec
  rm rec/nogpu && mkdir -p rec/nogpu && touch rec/nogpu/dmvm
  refused "rec/nogpu/dmvm.*not a directory" "" "${cpu[@]}" --record=rec
  rm rec/nogpu/dmvm
  if [ "$(id -u)" = 0 ]; then # root writes anywhere: a read-only file system stands for "no permission"
    if unshare -m true 2> /dev/null; then
      prefix=(unshare -m sh -c 'mount -t tmpfs -o ro,size=64k none rec/nogpu && exec "$@"' sh)
      refused "rec/nogpu.*(Read-only|Permission)" "" "${cpu[@]}" --record=rec
      prefix=()
    fi
  else
    chmod 555 rec/nogpu
    refused "rec/nogpu.*Permission denied" "" "${cpu[@]}" --record=rec
    chmod 755 rec/nogpu
  fi ;;
full_disk)     # --record on a full disk: no run folder stays, the file and the reason are named
  if [ "$(id -u)" = 0 ]; then ns=(unshare -m); else ns=(unshare -rm); fi
  "${ns[@]}" true 2> /dev/null || skip "no private mount namespace for a small tmpfs"
  for left in 0 1; do # pages left free: none (the first file fails), one (a later one fails)
    rm -f rc.txt
    "${ns[@]}" sh -c 'left=$1 && shift && mkdir -p disk && mount -t tmpfs -o size=256k none disk &&
      mkdir -p disk/rec/nogpu/dmvm && { dd if=/dev/zero of=disk/fill bs=4k 2> /dev/null; true; } &&
      if [ "$left" = 1 ]; then truncate -s -4096 disk/fill; fi &&
      "$0" "$@" --record=disk/rec --label full > out.txt 2> err.txt; echo $? > rc.txt;
      ls -A disk/rec/nogpu/dmvm > left.txt' "$pb" "$left" "${cpu[@]}" 2> ns_err.txt
    [ -s rc.txt ] || skip "cannot mount a tmpfs: $(cat ns_err.txt)"
    rc=$(cat rc.txt)
    [ "$rc" -ne 0 ] || fail "$left page(s) free: exit status 0 on a full disk"
    [ ! -s left.txt ] || fail "$left page(s) free: left behind in the run folder's parent: $(cat left.txt)"
    grep -q "No space left on device" err.txt || fail "$left page(s) free: the reason is not named: $(cat err.txt)"
    grep -Eq "disk/rec/nogpu/dmvm/[0-9T]+Z_full/[a-z.]+" err.txt ||
      fail "$left page(s) free: no file named: $(cat err.txt)"
  done ;;
tune_tmpdir)   # tune's temporaries under $TMPDIR, always removed (also when interrupted)
  "$pb" list | awk '$1 == "omp@clang-19" && $4 == "built" { f = 1 } END { exit !f }' ||
    skip "no clang-19 OpenMP worker in this build"
  "$pb" tune stream --backend omp --allow-host-fallback --n 1001 --reps 1 --warmup 0 --quiet > out.txt 2> err.txt ||
    fail "tune: exit $?: $(cat err.txt)"
  [ -z "$(ls -A tmp)" ] || fail "left in TMPDIR: $(ls -AR tmp)"
  PB_TEST_ROW_DELAY_MS=300 "$pb" tune stream --backend omp --allow-host-fallback --n 1001 --reps 1 --warmup 0 \
    --quiet > out.txt 2> err.txt &
  pid=$!
  for _ in $(seq 100); do [ -n "$(ls tmp)" ] && break; sleep 0.1; done
  # its temporaries are under TMPDIR (not /tmp: a listing of /tmp raced with the other tune
  # tests that ctest -j2 runs beside this one)
  [ -n "$(ls tmp)" ] || fail "tune's temporaries are not under TMPDIR"
  sleep 0.5
  kill -INT $pid
  wait $pid
  rc=$?
  [ $rc -eq 130 ] || fail "interrupted tune: exit status $rc, expected 130"
  sleep 0.2
  [ -z "$(ls -A tmp)" ] || fail "interrupted tune left: $(ls -AR tmp)" ;;
tune_reproduce) # every candidate whose worker fails keeps its own plan: each printed command reruns its
  # own candidate (tune runs its candidates in one process, where the kept plans' names once
  # collided, and its plans once lacked the candidate's shapes)
  "$pb" list | awk '$1 == "omp@clang-19" && $4 == "built" { f = 1 } END { exit !f }' ||
    skip "no clang-19 OpenMP worker in this build"
  PB_TEST_CRASH_AFTER=0 "$pb" tune fill --backend omp --allow-host-fallback --n 1001 --reps 1 --warmup 0 --quiet \
    > out.txt 2> err.txt
  sed -n 's/^portbench: reproduce: [^ ]* //p' err.txt > kept.txt
  n=$(grep -c . kept.txt)
  [ "$n" -ge 2 ] || fail "$n plans kept: $(cat err.txt)"
  [ "$(sort -u kept.txt | grep -c .)" = "$n" ] || fail "the kept plans share names: $(sort kept.txt | uniq -d)"
  while read -r p; do [ -s "$p" ] || fail "$p is not there"; done < kept.txt
  # each plan carries its candidate's shapes (PB_TUNE syntax, every toolchain's section), so
  # that the printed command reruns the candidate, not the tuning table's shape
  k=0
  while read -r p; do
    k=$((k + 1))
    want=$("$pb" tune --help | sed -n 's/^    fill *//p' | awk -F'; ' -v k=$k '{ print $k }')
    [[ $(jq -r .settings.tune "$p") == *"clang:$want"* ]] ||
      fail "plan $k: tune is $(jq -c .settings.tune "$p"), not candidate $k ($want)"
  done < kept.txt
  cmd=$(grep -m 2 '^portbench: reproduce: ' err.txt | tail -n 1 | sed 's/^portbench: reproduce: //')
  env -u PB_TUNE $cmd rows.jsonl 2> rerun_err.txt || fail "the rerun: exit status $?: $(cat rerun_err.txt)"
  want=$("$pb" tune --help | sed -n 's/^    fill *//p' | awk -F'; ' '{ print $2 }')
  [ "$(jq -r 'select(.t == "row") | .shape_source' rows.jsonl | sort -u)" = tune ] ||
    fail "the rerun did not run the candidate's shape: $(jq -c 'select(.t == "row") | [.shape, .shape_source]' rows.jsonl)"
  [[ $(jq -r 'select(.t == "row") | .note' rows.jsonl) == *"from PB_TUNE=nvcc:$want"* ]] ||
    fail "rerun notes: $(jq -r 'select(.t == "row") | .note' rows.jsonl)" ;;
names)         # user text that becomes a path component must be a plain name
  mkdir -p res/nogpu/dmvm res/nogpu/reduce
  "$pb" dmvm --backend cpu --no-baselines --reps 1 --warmup 0 --nx 8 --quiet --record=res2 > /dev/null 2>&1 ||
    fail "record failed"
  cp -r res2/nogpu/dmvm/* res/nogpu/reduce/
  cp -r res2/nogpu/dmvm/* res/nogpu/dmvm/
  refused "dmvm/../reduce.*plain name" "" history 'dmvm/../reduce' --results res
  refused "'\.\.'.*plain name" "" history .. --results res/nogpu
  refused "--gpu .*plain name" "" history dmvm --results res --gpu ../res/nogpu
  refused "--gpu .*plain name" "" history dmvm --results res --gpu .
  refused "--label" "" "${cpu[@]}" --record=res3 --label ..
  [ ! -e res3 ] || fail "--label ..: recorded"
  refused "--label" "" "${cpu[@]}" --record=res3 --label $'a\nb'
  refused "--label" "" "${cpu[@]}" --record=res3 --label $'a\tb' ;;
*) fail "unknown case $case" ;;
esac
echo "ok: $case"
