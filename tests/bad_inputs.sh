#!/usr/bin/env bash
# bad_inputs.sh PORTBENCH WORKDIR
# Bad input, tried as a user would type it: every case must exit 2 with one line on
# stderr that names the problem, crash nothing, write no file and leave no temporary
# directory. Prints one line per unclean case and a count; exits 1 if any was unclean.
set -uo pipefail
pb=$1 work=$2/bad_inputs
rm -rf "$work"
mkdir -p "$work/tmp" "$work/adir"
cd "$work" || exit 1
export TMPDIR=$work/tmp
touch afile
printf 'benchmark,variant\n' > short.csv
printf 'not,a,portbench\n1,2,3\n' > foreign.csv
long=$(printf 'x%.0f' $(seq 5000))

cases=(
  # commands and help
  "" "dmvn" "help nosuch" "help dmvm extra" "list --bogus" "list extra" "columns --bogus" "columns x"
  "--bogus" "-x" "ceilings --bogus" "ceilings --n 0"
  # benchmark options: unknown, missing values, values for flags
  "dmvm --frobnicate" "dmvm --nx" "dmvm --backend" "dmvm --variants" "dmvm --dtype" "dmvm --reps"
  "dmvm --quiet=1" "dmvm --no-baselines=yes" "dmvm extra" "dmvm -- extra" "dmvm --n"
  # sizes
  "dmvm --nx 0" "dmvm --nx -1" "dmvm --nx ten" "dmvm --nx 1e3" "dmvm --nx 10:5:x2" "dmvm --nx 1:10:x1"
  "dmvm --nx 1:10" "dmvm --nx 1:10:3/octave" "dmvm --nx 2^99" "dmvm --nx 1:2^40:+1" "dmvm --nx ,"
  "dmvm --nx 4,,5" "dmvm --nx 99999999999999999999" "dmvm --nx 1:2^20:+1" "stream --n 2^10:2^62:64/oct"
  "dmvm --nx 4000000 --backend cpu" "stream --n 1e20" "stream --n 0x10" "dmvm --size"
  # variants, backends, dtypes
  "dmvm --variants v10" "dmvm --variants v9-v3" "dmvm --variants v1-" "dmvm --variants -v1" "dmvm --variants ,"
  "dmvm --variants k1" "reduce --variants v1" "dmvm --backend gpu" "dmvm --backend omp@clang-99"
  "dmvm --backend omp@" "dmvm --backend ," "dmvm --backend cuda,,cpu" "dmvm --backend CUDA"
  "dmvm --dtype half" "dmvm --dtype int" "dmvm --dtype ," "reduce --dtype half" "gemm --dtype int"
  "histogram --dtype double" "ranksort --dtype double"
  # numbers
  "dmvm --reps 0" "dmvm --reps x" "dmvm --reps -3" "dmvm --reps 1.5" "dmvm --reps 99999999999"
  "dmvm --warmup -1" "dmvm --warmup x" "dmvm --seed -1" "dmvm --seed x" "dmvm --threads 0"
  "dmvm --threads 4096 --backend cpu" "dmvm --threads 65536" "dmvm --threads -1" "dmvm --threads x"
  "dmvm --time-budget -1" "dmvm --time-budget x" "dmvm --time-budget nan" "dmvm --time-budget inf"
  "dmvm --clock wall" "dmvm --clock" "dmvm --mpi-timeout 0" "dmvm --mpi-timeout x" "dmvm --mpi-timeout -5"
  # energy and cooldown (issue 26)
  "dmvm --energy --energy-window 0" "dmvm --energy --energy-window -1" "dmvm --energy --energy-window x"
  "dmvm --energy --energy-window nan" "dmvm --energy --energy-window 0.01" "dmvm --energy --energy-window 1e9"
  "dmvm --energy-window 2" "dmvm --energy=yes" "dmvm --energy --energy-window" "dmvm --cooldown 0"
  "dmvm --cooldown -5" "dmvm --cooldown x" "dmvm --cooldown 31536000" "dmvm --cooldown inf" "dmvm --cooldown"
  "dmvm --cooldown AUTO" "dmvm --start-temp 40"
  # GPUs
  "dmvm --gpu z100" "dmvm --gpu h100" "dmvm --gpu 5" "dmvm --gpu 0,0" "dmvm --gpu 0,x" "dmvm --gpu all"
  "dmvm --gpu 99" "dmvm --gpu -1" "dmvm --gpu ," "dmvm --gpu a100" "dmvm --gpu 0,1"
  # outputs
  "dmvm --csv" "dmvm --csv adir" "dmvm --csv nodir/x.csv" "dmvm --csv /dev/null" "dmvm --csv $long.csv"
  "dmvm --json adir" "dmvm --json nodir/x.json" "dmvm --csv x.csv --json x.csv" "dmvm --csv - --json -"
  "dmvm --record=afile" "dmvm --record=afile/sub" "dmvm --label nightly" "dmvm --record --label 'a b'"
  "dmvm --record --label ../x" "dmvm --record=$long" "dmvm --ceilings /nonexistent/c.txt"
  "dmvm --ceilings adir" "dmvm --ceilings afile" "dmvm --record --label .." "dmvm --record --label ."
  "dmvm --record --label \$'a\\nb'" "dmvm --csv x.csv --json x.csv.meta.json" "dmvm --csv /proc/self/status"
  # benchmark parameters
  "reduce --block 100" "reduce --block 2048" "reduce --block 0" "reduce --block x"
  "stream-strided --stride-read 0" "stream-strided --stride-write 2000" "stream-strided --stride 0"
  "stream-strided --stride x" "fma --chain 0" "fma --chain x" "fma-strided --stride 0"
  "fma-strided --stride-read 2" "window --radius 0" "window --radius 300" "histogram --bins 0"
  "histogram --bins 5000" "transpose --cols 0,5 --n 0" "gemm --m -1" "gemm --k x" "gemm --size 0"
  "ranksort --n 99999999999"
  # results tools
  "compare" "compare short.csv" "compare nofile.csv nofile2.csv" "compare short.csv short.csv"
  "compare foreign.csv foreign.csv" "compare --threshold 5 a b" "compare --threshold x a b"
  "compare --bogus" "compare --by" "compare --by toolchain foreign.csv" "compare a b c"
  "history" "history nosuchbench" "history dmvm --results /nonexistent" "history dmvm --bogus"
  "history dmvm/../reduce" "history .." "history dmvm --gpu ../x" "history \$'dmvm\\n'"
  "history dmvm --threshold x" "history dmvm extra" "report" "report nofile.csv -o out" "report short.csv"
  "report foreign.csv -o out" "report --format gif foreign.csv -o out" "report --bogus" "summary"
  "summary nofile.csv" "summary foreign.csv" "summary --bogus" "summary --md --csv foreign.csv"
)

# every benchmark `portbench list` lists (a new one with no edit here): an unknown option, a
# size of 0, an unknown variant and dtype, a stray word
benches=$("$pb" list | awk '/^benchmarks:/ { f = 1; next } /^$/ { f = 0 } f && /^  [a-z]/ { print $1 }')
[ -n "$benches" ] || { echo "bad_inputs: portbench list lists no benchmark"; exit 1; }
for b in $benches; do
  cases+=("$b --frobnicate" "$b --size 0" "$b --variants nosuch" "$b --dtype half" "$b extra")
done

clean=0 unclean=0
for c in "${cases[@]}"; do
  rm -rf out x.csv x.json tmp/* results
  # shellcheck disable=SC2086
  eval "set -- $c"
  err=$("$pb" "$@" 2>&1 >/dev/null)
  rc=$?
  lines=$(printf '%s' "$err" | grep -c .)
  why=""
  if [ "$rc" -ge 128 ]; then why="crashed (status $rc)"
  elif [ "$rc" != 2 ]; then why="exit status $rc"
  elif [ "$lines" -ne 1 ] && ! { [ "$lines" -gt 1 ] && [ -z "$c" ]; }; then why="$lines lines on stderr"
  elif ! grep -qi -E "unknown|needs?|must|not|bad|invalid|too|empty|no |cannot|outside|expected|refus|use |twice|only|exceed|is a|lacks|takes|malformed|has|same|taken|at most" <<<"$err"; then
    why="message says nothing: $err"
  elif [ -n "$(ls tmp)" ]; then why="left $(ls tmp)"
  elif [ -e out ] || [ -e x.csv ] || [ -e x.json ] || [ -e results ]; then why="wrote a file"
  fi
  if [ -n "$why" ]; then
    unclean=$((unclean + 1))
    printf 'UNCLEAN [portbench %s]: %s\n  %s\n' "$c" "$why" "$(head -c 300 <<<"$err")"
  else
    clean=$((clean + 1))
  fi
done
echo "bad inputs: $((clean + unclean)) tried, $clean clean, $unclean unclean"
[ "$unclean" = 0 ]
