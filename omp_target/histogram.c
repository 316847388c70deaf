/* Histogram in OpenMP target: kernels in histogram_kernels.inc for int and float keys, and
 * their table (best: best.c). */
#include "omp_common.h"

#include <stdint.h>

#define KEY int32_t
#define SFX _int
#define BIN(k, bins) PB_HIST_BIN_INT(k, bins)
#include "histogram_kernels.inc"
#undef KEY
#undef SFX
#undef BIN

#define KEY float
#define SFX _float
#define BIN(x, bins) PB_HIST_BIN_J(PB_HIST_J(x), bins)
#include "histogram_kernels.inc"
#undef KEY
#undef SFX
#undef BIN

/* V(name, what it teaches): in the benchmark's order (harness/benchmarks/bench_histogram.c lists it;
 * best: best.c, with the other best kernels) */
#define HIST_OMP(V)                                          \
    V(global, "one atomic update of a global count per key") \
    V(shared, "team-shared histogram (atomics), merged with one global atomic per bin")

#define HIST_RUN(v, teaches)                                                                             \
    static int run_##v(const pb_args *a)                                                                 \
    {                                                                                                    \
        const int bins = (int)a->param[HIST_BINS];                                                       \
        if (a->dtype == PB_INT)                                                                          \
            histogram_##v##__int((long)a->n, bins, a->buf[HIST_KEYS], a->buf[HIST_COUNTS], a->ran_on);   \
        else                                                                                             \
            histogram_##v##__float((long)a->n, bins, a->buf[HIST_KEYS], a->buf[HIST_COUNTS], a->ran_on); \
        return PB_OK;                                                                                    \
    }
HIST_OMP(HIST_RUN)

#define HIST_ROW(v, teaches) {"histogram", #v, teaches, PB_DT(PB_INT) | PB_DT(PB_FLOAT), run_##v, "omp", 0},
const pb_variant pb_variants_omp_histogram[] = {HIST_OMP(HIST_ROW){0}};
