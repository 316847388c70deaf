/* Transpose CPU baseline: parallel for over 32x32 tiles (cache blocking); out (n x m) =
 * in^T, in is m x n row-major. */
#include "cpu_kernels.h"
#include "pb_shapes.h"

enum { CPU_TILE = 32 };

#define DEFINE_TRANSPOSE(T)                                                                                           \
    static void transpose_##T(long m, long n, const T *restrict in, T *restrict out)                                  \
    {                                                                                                                 \
        const long tm = (m + CPU_TILE - 1) / CPU_TILE, tn = (n + CPU_TILE - 1) / CPU_TILE;                            \
        _Pragma("omp parallel for collapse(2) schedule(static)") for (long ti = 0; ti < tm; ++ti) for (long tj = 0;   \
                                                                                                       tj < tn; ++tj) \
        {                                                                                                             \
            const long i1 = ti * CPU_TILE + CPU_TILE < m ? ti * CPU_TILE + CPU_TILE : m;                              \
            const long j1 = tj * CPU_TILE + CPU_TILE < n ? tj * CPU_TILE + CPU_TILE : n;                              \
            for (long j = tj * CPU_TILE; j < j1; ++j)                                                                 \
                for (long i = ti * CPU_TILE; i < i1; ++i)                                                             \
                    out[j * m + i] = in[i * n + j];                                                                   \
        }                                                                                                             \
    }
DEFINE_TRANSPOSE(float)
DEFINE_TRANSPOSE(double)

static int run_baseline(const pb_args *a)
{
    const long m = (long)a->n, n = a->param[TRANSPOSE_COLS] ? a->param[TRANSPOSE_COLS] : m;
    if (a->dtype == PB_FLOAT)
        transpose_float(m, n, a->buf[TRANSPOSE_IN], a->buf[TRANSPOSE_OUT]);
    else
        transpose_double(m, n, a->buf[TRANSPOSE_IN], a->buf[TRANSPOSE_OUT]);
    return PB_OK;
}

const pb_variant pb_variants_cpu_transpose[] = {{"transpose", "baseline",
                                                 "CPU OpenMP: parallel for over 32x32 tiles (cache blocking)", PB_DT_FP,
                                                 run_baseline, "cpu", 0},
                                                {0}};
