#!/usr/bin/awk -f
# gcc nvptx PTX on stdin: "REGIONS LARGEST-FRAME[ FUNCTION(FRAME+8>ARRAY)...]", the SIMT
# regions, the largest per-lane frame, and every region whose frame does not fit its
# .local array. omp_simt_enter moves a lane's stack pointer FRAME bytes below the end
# of %simtstack_ar[ARRAY] and saves the old one 8 bytes lower (scripts/check_codegen_lanes.sh).
/BEGIN (GLOBAL )?FUNCTION DEF:/ { f = $NF; ar = -1 }
/simtstack_ar\[/ { match($0, /simtstack_ar\[[0-9]+\]/); ar = substr($0, RSTART + 13, RLENGTH - 14) + 0 }
/cvta\.local\.u64 %r[0-9]+, ?%simtstack_ar/ {
  getline nx
  if (nx ~ /^sub\.u64/) {
    n = split(nx, p, ","); sz = p[n] + 0; regions++
    if (sz > max) max = sz
    if (sz + 8 > ar) bad = bad " " f "(" sz "+8>" ar ")"
  }
}
END { printf "%d %d%s\n", regions, max + 0, bad }
