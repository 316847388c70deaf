/* Vector add in OpenMP target: kernels in vecadd_kernels.inc for float and double; `best`
 * is in best.c's translation unit (best_vecadd_window_transpose.inc). Their table ends the file. */
#include "omp_common.h"

#define PB_OMP_KERNELS "vecadd_kernels.inc"
#include "omp_instantiate.inc"

#define VECADD_RUN(v)                                                                                          \
    static int run_##v(const pb_args *a)                                                                       \
    {                                                                                                          \
        if (a->dtype == PB_FLOAT)                                                                              \
            vecadd_##v##__float((long)a->n, a->buf[VECADD_A], a->buf[VECADD_B], a->buf[VECADD_C], a->ran_on);  \
        else                                                                                                   \
            vecadd_##v##__double((long)a->n, a->buf[VECADD_A], a->buf[VECADD_B], a->buf[VECADD_C], a->ran_on); \
        return PB_OK;                                                                                          \
    }
VECADD_RUN(naive)
VECADD_RUN(gridstride)

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; in the
 * benchmark's order (harness/benchmarks/bench_vecadd.c lists the names). best's row is here, not in
 * best.c's table: the registry orders a benchmark's rows by table (best.c's comes first). */
const pb_variant pb_variants_omp_vecadd[] = {
    {"vecadd", "naive", "one iteration (thread) per element", PB_DT_FP, run_naive, "omp", 0},
    {"vecadd", "gridstride", "a fixed number of threads, each strides over the array", PB_DT_FP, run_gridstride, "omp",
     0},
    {"vecadd", "best", "tuned teams/lanes, several independent elements (or 16-byte groups) of a and b per lane",
     PB_DT_FP, pb_omp_vecadd_best, "omp", PB_V_SHAPED},
    {0}};
