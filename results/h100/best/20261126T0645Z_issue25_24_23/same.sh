#!/usr/bin/env bash
# Every pair of the identical runs compared: rows called SLOWER or FASTER (false positives).
# usage: same.sh PORTBENCH DIR   (DIR holds dmvm1.csv .. dmvm5.csv)
pb=$1 d=$2
tot=0 clean=0 pairs=0
for i in 1 2 3 4 5; do for j in 1 2 3 4 5; do
  [ $i -lt $j ] || continue
  [ -f $d/dmvm$i.csv ] && [ -f $d/dmvm$j.csv ] || continue
  $pb compare $d/dmvm$i.csv $d/dmvm$j.csv > $d/cmp_$i$j.txt 2>&1; rc=$?
  line=$(grep -m1 ' matched: ' $d/cmp_$i$j.txt)
  s=$(sed -n 's/.* \([0-9]*\) SLOWER.*/\1/p' <<< "$line"); f=$(sed -n 's/.*, \([0-9]*\) FASTER.*/\1/p' <<< "$line")
  echo "run $i vs run $j: exit $rc: $line"
  pairs=$((pairs + 1)); tot=$((tot + s + f)); [ $((s + f)) -eq 0 ] && clean=$((clean + 1))
done; done
echo "pairs $pairs, clean (no SLOWER or FASTER row) $clean, rows called SLOWER or FASTER in all: $tot"
