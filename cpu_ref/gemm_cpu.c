/* GEMM on the CPU: C_out = alpha*A*B + beta*C_in, row-major.
 *  - baseline: a blocked OpenMP loop. Threads share the MB x NB tiles of C (static
 *    schedule, bound threads); a tile's sums stay in a local MB x NB block (L1/L2) while
 *    KB-deep slices of A and B stream through it in i-l-j order, the j loop vectorised.
 *  - OpenBLAS (the CPU library bar): C_in is copied to C_out, then cblas_?gemm with beta
 *    runs in place; the copy is part of the time, as for cuBLAS. OpenBLAS is loaded
 *    with dlopen when its backend starts (pb_openblas_load), so that only gemm's
 *    library bar needs it. */
#include "cpu_kernels.h"
#include "pb_common.h"
#include "pb_dl.h"
#include "pb_shapes.h"

#include <cblas.h>
#include <stdio.h>
#include <string.h>

#ifndef PB_OPENBLAS_SONAME
#define PB_OPENBLAS_SONAME "libopenblas.so.0"
#endif

enum { MB = 16, NB = 256, KB = 256 };

#define DEFINE_GEMM_CPU(T)                                                                                   \
    static void gemm_cpu_##T(long m, long n, long k, const T *restrict A, const T *restrict B,               \
                             const T *restrict Cin, T *restrict Cout)                                        \
    {                                                                                                        \
        const T alpha = (T)PB_GEMM_ALPHA, beta = (T)PB_GEMM_BETA;                                            \
        const long mb = (m + MB - 1) / MB, nb = (n + NB - 1) / NB;                                           \
        _Pragma("omp parallel for collapse(2) schedule(static)") for (long bi = 0; bi < mb; ++bi)            \
            for (long bj = 0; bj < nb; ++bj)                                                                 \
            {                                                                                                \
                T acc[MB][NB];                                                                               \
                const long i0 = bi * MB, j0 = bj * NB;                                                       \
                const long rows = m - i0 < MB ? m - i0 : MB, cols = n - j0 < NB ? n - j0 : NB;              \
                for (long i = 0; i < rows; ++i)                                                              \
                    for (long j = 0; j < cols; ++j)                                                          \
                        acc[i][j] = 0;                                                                       \
                for (long l0 = 0; l0 < k; l0 += KB) {                                                        \
                    const long l1 = k - l0 < KB ? k : l0 + KB;                                               \
                    for (long i = 0; i < rows; ++i)                                                          \
                        for (long l = l0; l < l1; ++l) {                                                     \
                            const T a = A[(i0 + i) * k + l];                                                 \
                            const T *restrict b = B + l * n + j0;                                            \
                            _Pragma("omp simd") for (long j = 0; j < cols; ++j) acc[i][j] += a * b[j];       \
                        }                                                                                    \
                }                                                                                            \
                for (long i = 0; i < rows; ++i)                                                              \
                    for (long j = 0; j < cols; ++j)                                                          \
                        Cout[(i0 + i) * n + j0 + j] = alpha * acc[i][j] + beta * Cin[(i0 + i) * n + j0 + j]; \
            }                                                                                                \
    }
DEFINE_GEMM_CPU(float)
DEFINE_GEMM_CPU(double)

static int run_baseline(const pb_args *a)
{
    const long m = PB_GEMM_M(a), n = PB_GEMM_N(a), k = PB_GEMM_K(a);
    if (a->dtype == PB_FLOAT)
        gemm_cpu_float(m, n, k, a->buf[0], a->buf[1], a->buf[2], a->buf[3]);
    else
        gemm_cpu_double(m, n, k, a->buf[0], a->buf[1], a->buf[2], a->buf[3]);
    return PB_OK;
}

typedef struct copy_job {
    const char *src;
    char *dst;
} copy_job;

static void copy_range(size_t begin, size_t end, void *ctx)
{
    const copy_job *j = ctx;
    memcpy(j->dst + begin, j->src + begin, end - begin);
}

/* The copy runs on plain threads (pb_parallel_for), not in an OpenMP region whose
 * spinning threads would compete with OpenBLAS's own thread pool. */
static struct {
    __typeof__(cblas_sgemm) *sgemm;
    __typeof__(cblas_dgemm) *dgemm;
    __typeof__(openblas_set_num_threads) *set_num_threads;
    __typeof__(openblas_get_num_threads) *get_num_threads;
    __typeof__(openblas_get_config) *get_config;
} blas;

int pb_openblas_load(char *why, size_t cap)
{
    const pb_dl_fn fns[] = {
        {"cblas_sgemm", (void **)&blas.sgemm},
        {"cblas_dgemm", (void **)&blas.dgemm},
        {"openblas_set_num_threads", (void **)&blas.set_num_threads},
        {"openblas_get_num_threads", (void **)&blas.get_num_threads},
        {"openblas_get_config", (void **)&blas.get_config},
    };
    char err[256];
    if (pb_dl_load(PB_OPENBLAS_SONAME, fns, sizeof fns / sizeof *fns, err, sizeof err) != PB_OK) {
        snprintf(why, cap, "%s (unpack portbench-extra.tar.xz, or install libopenblas0)", err);
        return PB_ERR;
    }
    return PB_OK;
}

void pb_openblas_set_num_threads(int threads) { blas.set_num_threads(threads); }
int pb_openblas_get_num_threads(void) { return blas.get_num_threads(); }
const char *pb_openblas_get_config(void) { return blas.get_config(); }

static int run_openblas(const pb_args *a)
{
    const long m = PB_GEMM_M(a), n = PB_GEMM_N(a), k = PB_GEMM_K(a);
    copy_job j = {a->buf[2], a->buf[3]};
    pb_parallel_for((size_t)(m * n) * (a->dtype == PB_FLOAT ? sizeof(float) : sizeof(double)), 1 << 20, copy_range,
                    &j);
    if (a->dtype == PB_FLOAT)
        blas.sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)n, (int)k, (float)PB_GEMM_ALPHA,
                    a->buf[0], (int)k, a->buf[1], (int)n, (float)PB_GEMM_BETA, a->buf[3], (int)n);
    else
        blas.dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)n, (int)k, PB_GEMM_ALPHA, a->buf[0],
                    (int)k, a->buf[1], (int)n, PB_GEMM_BETA, a->buf[3], (int)n);
    return PB_OK;
}

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags */
const pb_variant pb_variants_cpu_gemm[] = {
    {"gemm", "baseline", "CPU OpenMP: 16x256 tiles of C per thread, i-l-j order, simd over j", PB_DT_FP, run_baseline,
     "cpu", 0},
    {"gemm", "lib", "OpenBLAS cblas_sgemm/cblas_dgemm (row-major), after copying C_in to C_out", PB_DT_FP, run_openblas,
     "openblas", 0},
    {0}};
