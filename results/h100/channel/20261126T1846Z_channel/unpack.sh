# on the GPU host: /tmp/stage/part.* -> /tmp/chan/portbench (main 2d4524a: the plan/rows channel, progress, the
# pick's budget; sm_90) and /tmp/prev/portbench (the same tree with 2236fed's driver and workers: before the channel)
set -e
rm -rf /tmp/chan /tmp/prev && mkdir -p /tmp/chan /tmp/prev
cat /tmp/stage/part.* > /tmp/stage/all.bin
read -r _ boff bsz < <(grep '^base' /tmp/stage/offsets)
read -r _ poff psz < <(grep '^prev' /tmp/stage/offsets)
head -c $bsz /tmp/stage/all.bin | tar -xJf - -C /tmp/chan
cp -a /tmp/chan/portbench /tmp/prev/
tail -c +$((poff+1)) /tmp/stage/all.bin | head -c $psz | tar -xJf - -C /tmp/prev
rm /tmp/stage/all.bin
for v in chan prev; do echo "$v: $(/tmp/$v/portbench/bin/portbench --version 2>&1 | head -1)"; done
