/* GEMM in OpenMP target: the kernels are in gemm_kernels.inc, instantiated for float and
 * double; these wrappers dispatch on the run's dtype (and best on its candidate); the file
 * ends with the benchmark's rows. */
#include "omp_common.h"

#include <stdint.h>
#include <stdlib.h>

#define PB_OMP_KERNELS "gemm_kernels.inc"
#include "omp_instantiate.inc"

#define DISPATCH(v)                                                                      \
    static int run_##v(const pb_args *a)                                                 \
    {                                                                                    \
        const long m = PB_GEMM_M(a), n = PB_GEMM_N(a), k = PB_GEMM_K(a);                 \
        if (a->dtype == PB_FLOAT)                                                        \
            v##__float(m, n, k, a->buf[0], a->buf[1], a->buf[2], a->buf[3], a->ran_on);  \
        else                                                                             \
            v##__double(m, n, k, a->buf[0], a->buf[1], a->buf[2], a->buf[3], a->ran_on); \
        return PB_OK;                                                                    \
    }
DISPATCH(k1)
DISPATCH(k2)
DISPATCH(k3)
DISPATCH(k4)
DISPATCH(k5)

/* best's candidates (gemm_best.inc); PB_GEMM_OMP_BEST_CONFIG=i runs candidate i
 * (scripts/gemm_best_sweep.sh runs them all), else the default of the compiler family
 * that built this worker. Anything that is not a candidate's number makes the row SKIP. */
enum { BEST_TILES128, BEST_TILES256, BEST_REGS8X8, BEST_REGS16X8, BEST_REGS8X4, BEST_NCONFIGS };
#if PB_OMP_GCC
/* regs 8x4: on the H200 (results/h200/sweeps) the one regs candidate gcc-12 runs; 8x8
 * and 16x8 die there with an illegal address (docs/gemm.md), the tiles forms take > 15 s */
#define BEST_DEFAULT BEST_REGS8X4
#else
/* tiles 128x128: on the H200 ahead of 128x256 in both sweeps (35.7 vs 34.0 TFLOP/s) */
#define BEST_DEFAULT BEST_TILES128
#endif

static int best_choice(void)
{
    const char *env = getenv("PB_GEMM_OMP_BEST_CONFIG");
    if (!env || !*env)
        return BEST_DEFAULT;
    char *end;
    const long v = strtol(env, &end, 10);
    return *end == '\0' && v >= 0 && v < BEST_NCONFIGS ? (int)v : -1;
}

/* 16-byte groups: row lengths of A (k) and B (n) multiples of 4 elements, bases aligned */
static int best_vec(const pb_args *a, long n, long k)
{
    return k % 4 == 0 && n % 4 == 0 && (uintptr_t)a->buf[0] % 16 == 0 && (uintptr_t)a->buf[1] % 16 == 0;
}

#define BEST_CALL(fn, ...)                                                                                   \
    (a->dtype == PB_FLOAT ? fn##_float(m, n, k, a->buf[0], a->buf[1], a->buf[2], a->buf[3], a->ran_on, ##__VA_ARGS__) \
                          : fn##_double(m, n, k, a->buf[0], a->buf[1], a->buf[2], a->buf[3], a->ran_on, ##__VA_ARGS__))

static int run_best(const pb_args *a)
{
    const long m = PB_GEMM_M(a), n = PB_GEMM_N(a), k = PB_GEMM_K(a);
    switch (best_choice()) {
    case BEST_TILES128: BEST_CALL(best_tiles128_, best_vec(a, n, k)); break;
    case BEST_TILES256: BEST_CALL(best_tiles256_, best_vec(a, n, k)); break;
    case BEST_REGS8X8: BEST_CALL(best_regs8x8_); break;
    case BEST_REGS16X8: BEST_CALL(best_regs16x8_); break;
    case BEST_REGS8X4: BEST_CALL(best_regs8x4_); break;
    default: return PB_SKIP;
    }
    return PB_OK;
}

#define STR2(x) #x
#define STR(x) STR2(x)

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; in the
 * benchmark's order (harness/benchmarks/bench_gemm.c lists the names) */
const pb_variant pb_variants_omp_gemm[] = {
    {"gemm", "k1", "naive: collapse(2), rows fastest (uncoalesced)", PB_DT_FP, run_k1, "omp", 0},
    {"gemm", "k2", "loop order: columns fastest, B and C coalesced", PB_DT_FP, run_k2, "omp", 0},
    {"gemm", "k3", "team-shared 32x32 tiles of A and B, worksharing barriers, sums in a shared C tile", PB_DT_FP,
     run_k3, "omp", 0},
    {"gemm", "k4", "1D register blocking: " STR(PB_GEMM_OMP_K4_TM) " rows per iteration, unrolled accumulators",
     PB_DT_FP, run_k4, "omp", 0},
    {"gemm", "k5",
     "2D register blocking: " STR(PB_GEMM_OMP_K5_TM) "x" STR(
         PB_GEMM_OMP_K5_TN) " per iteration, columns 32 apart (coalesced lanes)",
     PB_DT_FP, run_k5, "omp", 0},
    {"gemm", "best",
     "per compiler: CUDA best's tiles in SPMD form (clang) or 8x8 register blocking in one simd loop (gcc); "
     "PB_GEMM_OMP_BEST_CONFIG",
     PB_DT_FP, run_best, "omp", 0},
    {0}};
