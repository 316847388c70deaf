# on the GPU host: /tmp/stage/part.* -> /tmp/new/portbench (after the move, main f467f90 + sm_90) and
# /tmp/old/portbench (the same tree with the pre-move driver and workers, 0892511)
set -e
rm -rf /tmp/new /tmp/old && mkdir -p /tmp/new /tmp/old
cat /tmp/stage/part.* > /tmp/stage/all.bin
read -r _ boff bsz < <(grep '^base' /tmp/stage/offsets)
read -r _ ooff osz < <(grep '^old' /tmp/stage/offsets)
head -c $bsz /tmp/stage/all.bin | tar -xJf - -C /tmp/new
cp -a /tmp/new/portbench /tmp/old/
tail -c +$((ooff+1)) /tmp/stage/all.bin | head -c $osz | tar -xJf - -C /tmp/old
rm /tmp/stage/all.bin
for v in new old; do echo "$v: $(/tmp/$v/portbench/bin/portbench --version 2>&1 | head -1)"; done
