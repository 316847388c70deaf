#!/bin/sh
# The course kernels' closing table (docs/course.md): from summary.csv (portbench summary
# --csv) and a ceilings file: each model's best rate, its fraction of the library (or of
# CUDA's best), and of the measured stream ceiling (GB/s rows only).
#   sh course_fractions.sh summary.csv ../../ceilings/20261122T095016Z/ceilings.txt
awk -F, -v ceil="$2" '
  BEGIN { while ((getline l < ceil) > 0) if (l ~ /^stream_gbs = /) { split(l, p, " = "); sgbs = p[2] } }
  NR > 1 && $1 ~ /^(transpose|window|histogram|ranksort|vecadd)$/ && $8 != "library" {
    printf "| %s | %s | %s | %s | %s | %s %.1f | %.2f of %s | %s |\n", $1, $2, $3, ($4 == "" ? "-" : $4), $9, $11, $12, $14, $13,
           ($6 == "GB/s" && sgbs > 0 ? sprintf("%.2f", $12 / sgbs) : "-")
  }' "$1" | sort -t'|' -k2,2 -k3,3 -k4,4 -k5,5 -k6,6 | {
  echo "| benchmark | dtype | size | params | model | best variant and rate | vs library / CUDA | vs stream ceiling |"
  echo "|---|---|---|---|---|---|---|---|"
  cat
}
