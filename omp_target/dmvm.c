/* dMVM V0-V9 in OpenMP target: the kernels are in dmvm_kernels.inc, instantiated for
 * float and double; DMVM_OMP gives each variant once: its dispatch on the run's dtype
 * and its row of the table (best: best.c, with the other best kernels). */
#include "omp_common.h"

#define PB_OMP_KERNELS "dmvm_kernels.inc"
#include "omp_instantiate.inc"

#define STR2(x) #x
#define STR(x) STR2(x)
#if PB_OMP_GCC
#define V9_NOTE " (gcc-12: one lane per warp, no lanes for simd with an array-section reduction)"
#else
#define V9_NOTE ""
#endif

/* V(name, what it teaches): in the benchmark's order (harness/benchmarks/bench_dmvm.c lists it) */
#define DMVM_OMP(V)                                                                                                  \
    V(v0, "first offload: teams distribute parallel for (+ simd: a row per lane) over rows, dest[row] "              \
          "accumulated in memory")                                                                                   \
    V(v1, "register accumulator per row: cut global-memory traffic")                                                 \
    V(v2, "collapse(2) over (col,row), atomic update per element: parallelism vs atomic congestion")                 \
    V(v3, "strided partial sums, one atomic per (thread,row); rows fastest (uncoalesced)")                           \
    V(v4, "V3 with columns fastest: coalesced reads")                                                                \
    V(v5, "team of 32x32 aggregates 32 rows in team-shared memory, one atomic per row per team" PB_TEAM_SHARED_NOTE) \
    V(v6, "V5 + src slice staged in team-shared memory (partials in a shared 32x32 array)" PB_TEAM_SHARED_NOTE)      \
    V(v7, "teams distribute over rows, parallel for (+ simd) reduction over columns: no atomics")                    \
    V(v8, "4 rows per team, 4 accumulators: each src load serves 4 rows (+ simd)")                                   \
    V(v9, "blk rows per team, array reduction acc[:blk] (compile-time blk = " STR(PB_DMVM_V9_BLK) ", + simd)" V9_NOTE)

#define DMVM_RUN(v, teaches)                                                                           \
    static int run_##v(const pb_args *a)                                                               \
    {                                                                                                  \
        if (a->dtype == PB_FLOAT)                                                                      \
            v##__float((long)a->n, a->buf[DMVM_MAT], a->buf[DMVM_SRC], a->buf[DMVM_DEST], a->ran_on);  \
        else                                                                                           \
            v##__double((long)a->n, a->buf[DMVM_MAT], a->buf[DMVM_SRC], a->buf[DMVM_DEST], a->ran_on); \
        return PB_OK;                                                                                  \
    }
DMVM_OMP(DMVM_RUN)

#define DMVM_ROW(v, teaches) {"dmvm", #v, teaches, PB_DT_FP, run_##v, "omp", 0},
const pb_variant pb_variants_omp_dmvm[] = {DMVM_OMP(DMVM_ROW){0}};
