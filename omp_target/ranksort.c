/* Rank sort in OpenMP target: kernels in ranksort_kernels.inc for int and float keys, and
 * their table (best: best.c). */
#include "omp_common.h"

#include <stdint.h>

#define KEY int32_t
#define SFX _int
#include "ranksort_kernels.inc"
#undef KEY
#undef SFX

#define KEY float
#define SFX _float
#include "ranksort_kernels.inc"
#undef KEY
#undef SFX

/* V(name, what it teaches): in the benchmark's order (harness/benchmarks/bench_ranksort.c lists it;
 * best: best.c, with the other best kernels) */
#define RANK_OMP(V)                                                   \
    V(block, "rank sort in one team, one thread per key (n <= 1024)") \
    V(grid, "rank sort in n/T teams of T threads, one per key")

#define RANK_RUN(v, teaches)                                                                              \
    static int run_##v(const pb_args *a)                                                                  \
    {                                                                                                     \
        if (a->dtype == PB_INT)                                                                           \
            ranksort_##v##__int((long)a->n, a->buf[RANKSORT_KEYS], a->buf[RANKSORT_SORTED], a->ran_on);   \
        else                                                                                              \
            ranksort_##v##__float((long)a->n, a->buf[RANKSORT_KEYS], a->buf[RANKSORT_SORTED], a->ran_on); \
        return PB_OK;                                                                                     \
    }
RANK_OMP(RANK_RUN)

#define RANK_ROW(v, teaches) {"ranksort", #v, teaches, PB_DT(PB_INT) | PB_DT(PB_FLOAT), run_##v, "omp", 0},
const pb_variant pb_variants_omp_ranksort[] = {RANK_OMP(RANK_ROW){0}};
