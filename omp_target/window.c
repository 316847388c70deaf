/* Sliding-window sum in OpenMP target: kernels in window_kernels.inc for float and double;
 * `best` is in best.c's translation unit (best_vecadd_window_transpose.inc). Their table ends the file. */
#include "omp_common.h"

#define PB_OMP_KERNELS "window_kernels.inc"
#include "omp_instantiate.inc"

#define WINDOW_RUN(v)                                                                                        \
    static int run_##v(const pb_args *a)                                                                     \
    {                                                                                                        \
        if (a->dtype == PB_FLOAT)                                                                            \
            window_##v##__float((long)a->n, a->param[WINDOW_RADIUS], a->buf[WINDOW_IN], a->buf[WINDOW_OUT],  \
                                a->ran_on);                                                                  \
        else                                                                                                 \
            window_##v##__double((long)a->n, a->param[WINDOW_RADIUS], a->buf[WINDOW_IN], a->buf[WINDOW_OUT], \
                                 a->ran_on);                                                                 \
        return PB_OK;                                                                                        \
    }
WINDOW_RUN(naive)
WINDOW_RUN(tile)

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; in the
 * benchmark's order (harness/benchmarks/bench_window.c lists the names) */
const pb_variant pb_variants_omp_window[] = {
    {"window", "naive", "each output reads its 2R+1 inputs from global memory", PB_DT_FP, run_naive, "omp", 0},
    {"window", "tile", "team-shared tile with halo: each input read once per team", PB_DT_FP, run_tile, "omp", 0},
    {"window", "best", "tuned teams/lanes, several outputs per lane summed from L1-cached inputs, unguarded inside",
     PB_DT_FP, pb_omp_window_best, "omp", PB_V_SHAPED},
    {0}};
