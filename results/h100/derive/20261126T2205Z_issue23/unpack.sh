# on the GPU host: /tmp/stage/part.* -> /tmp/new/portbench (main after issue 23's last steps: pb_rows_derive, rows
# built once, shape facts, one-list benchmarks, de-duplicated sources; sm_90, scripts/build.sh --first) and
# /tmp/prev/portbench (the same bundle with a188dde's driver and workers: before this session)
set -e
rm -rf /tmp/new /tmp/prev && mkdir -p /tmp/new /tmp/prev
cat /tmp/stage/part.* > /tmp/stage/all.bin
read -r _ boff bsz < <(grep '^base' /tmp/stage/offsets)
read -r _ poff psz < <(grep '^prev' /tmp/stage/offsets)
head -c $bsz /tmp/stage/all.bin | tar -xJf - -C /tmp/new
cp -a /tmp/new/portbench /tmp/prev/
tail -c +$((poff+1)) /tmp/stage/all.bin | head -c $psz | tar -xJf - -C /tmp/prev/portbench
rm /tmp/stage/all.bin
for v in new prev; do echo "$v: $(/tmp/$v/portbench/bin/portbench --version 2>&1 | head -1)"; done
