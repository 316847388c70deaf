# case_lib.sh - the start every case script shares (channel.sh, failures.sh, outputs.sh,
# multi.sh, samples.sh), sourced with the script's own arguments PORTBENCH WORKDIR CASE:
# pb, work (WORKDIR/CASE, emptied, the current directory) and case; TMPDIR=$work/tmp,
# OpenMP on 2 threads that do not spin (a script may set OMP_NUM_THREADS after);
# fail and skip (exit 77: this machine cannot make the case), col, and worker_links.
pb=$1 work=$2/$3 case=$3
rm -rf "$work"
mkdir -p "$work/tmp"
cd "$work" || exit 1
export TMPDIR=$work/tmp OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
# column N of the CSV rows (header skipped); fields here hold no commas
col() { awk -F, -v c="$2" 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == c) k = i; next } { print $k }' "$1"; }
# worker_links DIR: DIR holds a link to each of the built workers, for a case that puts a fake
# one in place of a worker (PORTBENCH_LIBEXEC=DIR). Links, not copies: a copy of every worker
# per case filled the disk of a CI machine.
worker_links() {
  local real
  real=$(cd "$(dirname "$pb")/../libexec/portbench" && pwd -P) || fail "no libexec beside $pb"
  mkdir -p "$1" && ln -s "$real"/* "$1"/ || fail "cannot link the workers into $1"
}
