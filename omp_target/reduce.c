/* Reduction in OpenMP target for int, float and double: k0, clause, twolevel, multiacc,
 * atomic and best (reduce_kernels.inc) and the course's k1-k7 (reduce_ladder.inc). */
#include "omp_common.h"
#include "pb_tuning.h"

#include <stdint.h>

/* best's ticket counter (reduce_kernels.inc) on the current device: zeroed here once, set
 * back to 0 by the last team of every launch; NULL if it cannot be allocated */
static int *pb_omp_reduce_ticket(void)
{
    static int *ticket;
    static int on = -1;
    const int dev = pb_omp_device();
    if (ticket && on == dev)
        return ticket;
    const int zero = 0;
    int *t = omp_target_alloc(sizeof zero, dev);
    if (!t || omp_target_memcpy(t, &zero, sizeof zero, 0, 0, dev, omp_get_initial_device()) != 0) {
        if (t)
            omp_target_free(t, dev);
        return NULL;
    }
    ticket = t; /* a ticket of an earlier device stays allocated: 4 bytes */
    on = dev;
    return ticket;
}

#define PB_OMP_KERNELS "reduce_kernels.inc"
#define PB_OMP_KERNELS2 "reduce_ladder.inc"
#define PB_OMP_WITH_INT
#include "omp_instantiate.inc"

/* the arguments of each kernel for the type t (k: the ladder's level) */
#define IN_OUT(t, k) (long)a->n, (const t *)a->buf[REDUCE_IN], (t *)a->buf[REDUCE_OUT], a->ran_on
#define IN_OUT_PART(t, k) \
    (long)a->n, (const t *)a->buf[REDUCE_IN], (t *)a->buf[REDUCE_OUT], (t *)a->buf[REDUCE_PARTIALS], a->ran_on
#define BLOCK_IN_OUT_PART(t, k)                                                                \
    (long)a->n, a->param[REDUCE_BLOCK], (const t *)a->buf[REDUCE_IN], (t *)a->buf[REDUCE_OUT], \
        (t *)a->buf[REDUCE_PARTIALS], a->ran_on
#define BEST_ARGS(t, k)                                                                                       \
    (long)a->n, pb_omp_best_shape("reduce", a->dtype), (const t *)a->buf[REDUCE_IN], (t *)a->buf[REDUCE_OUT], \
        (t *)a->buf[REDUCE_PARTIALS], a->ran_on
/* k1-k7: the block size is the --block parameter, as for CUDA */
#define LADDER_ARGS(t, k) \
    k, a->param[REDUCE_BLOCK], (long)a->n, a->buf[REDUCE_IN], a->buf[REDUCE_OUT], a->buf[REDUCE_PARTIALS], a->ran_on

/* V(name, ladder level, kernel, its arguments, flags, what it teaches), in the order the worker
 * lists and runs them (harness/benchmarks/bench_reduce.c lists the names) */
#define REDUCE_OMP(V)                                                                                                  \
    V(k0, 0, k0, IN_OUT_PART, 0, "global memory only, one target region per tree level (in place, idx = 2*s*tid)")     \
    V(k1, 1, ladder, LADDER_ARGS, 0,                                                                                   \
      "team-shared array, omp barrier: interleaved addressing, divergent branch (t % 2s)" PB_TEAM_SHARED_NOTE)         \
    V(k2, 2, ladder, LADDER_ARGS, 0, "interleaved addressing, strided index: no divergence, bank conflicts")           \
    V(k3, 3, ladder, LADDER_ARGS, 0, "sequential addressing: conflict-free")                                           \
    V(k4, 4, ladder, LADDER_ARGS, 0, "first add during the global load: half the teams")                               \
    V(k5, 5, ladder, LADDER_ARGS, 0,                                                                                   \
      "last six steps without barriers: one thread's simd loops (gcc: one warp's lanes; no warp-synchronous "          \
      "OpenMP)")                                                                                                       \
    V(k6, 6, ladder, LADDER_ARGS, 0, "completely unrolled tree, team size a compile-time constant")                    \
    V(k7, 7, ladder, LADDER_ARGS, 0, "multiple elements per thread (grid-stride over CUDA k7's grid), then k6's tree") \
    V(clause, 0, clause, IN_OUT, 0, "target teams distribute parallel for simd reduction(+:sum), result mapped back")  \
    V(twolevel, 0, twolevel, IN_OUT_PART, 0,                                                                           \
      "one partial per team (parallel for simd reduction), then a second region")                                      \
    V(multiacc, 0, multiacc, BLOCK_IN_OUT_PART, 0,                                                                     \
      "k7's partial count (one per team), lanes walk grid-stride with 4 accumulators, then a second region")           \
    V(atomic, 0, atomic, IN_OUT, PB_V_NO_PICK, "one atomic update per element into the result")                        \
    V(best, 0, best, BEST_ARGS, PB_V_SHAPED,                                                                           \
      "multiacc with the tuned shape: teams per SM, lanes per team, accumulators per lane")

/* run_<name>: dispatch on the dtype to <kernel>__int/float/double(ARGS(T)); a shaped
 * variant skips when the tuning table has no shape for it. */
#define REDUCE_RUN(name, k, kernel, ARGS, flags, teaches)                             \
    static int run_##name(const pb_args *a)                                           \
    {                                                                                 \
        if (((flags)&PB_V_SHAPED) && !pb_omp_best_shape("reduce", a->dtype)->threads) \
            return PB_SKIP;                                                           \
        if (a->dtype == PB_INT)                                                       \
            return kernel##__int(ARGS(int32_t, k));                                   \
        if (a->dtype == PB_FLOAT)                                                     \
            return kernel##__float(ARGS(float, k));                                   \
        return kernel##__double(ARGS(double, k));                                     \
    }
REDUCE_OMP(REDUCE_RUN)

#define REDUCE_ROW(name, k, kernel, ARGS, flags, teaches) \
    {"reduce", #name, teaches, PB_DT_ALL, run_##name, "omp", flags},
const pb_variant pb_variants_omp_reduce[] = {REDUCE_OMP(REDUCE_ROW){0}};
