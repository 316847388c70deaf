/* Matrix transpose in OpenMP target: kernels in transpose_kernels.inc for float and
 * double; m = rows (the size), n = columns (--cols, 0 = square); `best` is in best.c's
 * translation unit (best_vecadd_window_transpose.inc). Their table ends the file. */
#include "omp_common.h"

#define PB_OMP_KERNELS "transpose_kernels.inc"
#include "omp_instantiate.inc"

#define TRANSPOSE_RUN(v)                                                                           \
    static int run_##v(const pb_args *a)                                                           \
    {                                                                                              \
        const long m = (long)a->n, n = a->param[TRANSPOSE_COLS] ? a->param[TRANSPOSE_COLS] : m;    \
        if (a->dtype == PB_FLOAT)                                                                  \
            transpose_##v##__float(m, n, a->buf[TRANSPOSE_IN], a->buf[TRANSPOSE_OUT], a->ran_on);  \
        else                                                                                       \
            transpose_##v##__double(m, n, a->buf[TRANSPOSE_IN], a->buf[TRANSPOSE_OUT], a->ran_on); \
        return PB_OK;                                                                              \
    }
TRANSPOSE_RUN(naive)
TRANSPOSE_RUN(tile)
TRANSPOSE_RUN(padded)
TRANSPOSE_RUN(unrolled)

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; in the
 * benchmark's order (harness/benchmarks/bench_transpose.c lists the names) */
const pb_variant pb_variants_omp_transpose[] = {
    {"transpose", "naive", "one iteration per element: coalesced reads, strided writes", PB_DT_FP, run_naive, "omp", 0},
    {"transpose", "tile", "32x32 tile in team-shared memory: both sides coalesced, bank conflicts", PB_DT_FP, run_tile,
     "omp", 0},
    {"transpose", "padded", "tile padded by one column: no bank conflicts (if the compiler keeps it)", PB_DT_FP,
     run_padded, "omp", 0},
    {"transpose", "unrolled", "padded tile, 32x8 threads per team, 4 rows each", PB_DT_FP, run_unrolled, "omp", 0},
    {"transpose", "best", "one combined loop in tile order (no team-shared tile), several rows per lane (tuned shape)",
     PB_DT_FP, pb_omp_transpose_best, "omp", PB_V_SHAPED},
    {0}};
