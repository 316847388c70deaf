/* CPU OpenMP baselines of the course's smaller kernels: transpose, sliding-window sum
 * and vector add (histogram: histogram_cpu.c, rank sort: ranksort_cpu.c). Plain
 * `parallel for` over the bound threads, with the CPU's own blocking where it is the
 * obvious CPU form (transpose tiles). */
#include "cpu_kernels.h"
#include "pb_shapes.h"

#include <stdint.h>
#include <string.h>

enum { CPU_TILE = 32 };

#define DEFINE_COURSE_CPU(T)                                                                                  \
    /* cache-blocked: a 32 x 32 tile is read by rows and written by rows of the result */                      \
    static void transpose_##T(long m, long n, const T *restrict in, T *restrict out)                           \
    {                                                                                                          \
        const long tm = (m + CPU_TILE - 1) / CPU_TILE, tn = (n + CPU_TILE - 1) / CPU_TILE;                     \
        _Pragma("omp parallel for collapse(2) schedule(static)") for (long ti = 0; ti < tm; ++ti)              \
            for (long tj = 0; tj < tn; ++tj)                                                                   \
            {                                                                                                  \
                const long i1 = ti * CPU_TILE + CPU_TILE < m ? ti * CPU_TILE + CPU_TILE : m;                   \
                const long j1 = tj * CPU_TILE + CPU_TILE < n ? tj * CPU_TILE + CPU_TILE : n;                   \
                for (long j = tj * CPU_TILE; j < j1; ++j)                                                      \
                    for (long i = ti * CPU_TILE; i < i1; ++i)                                                  \
                        out[j * m + i] = in[i * n + j];                                                        \
            }                                                                                                  \
    }                                                                                                          \
    static void window_##T(long n, long r, const T *restrict in, T *restrict out)                              \
    {                                                                                                          \
        _Pragma("omp parallel for schedule(static)") for (long i = 0; i < n; ++i)                              \
        {                                                                                                      \
            T acc = 0;                                                                                         \
            for (long j = i - r; j <= i + r; ++j)                                                              \
                acc += j >= 0 && j < n ? in[j] : (T)0;                                                         \
            out[i] = acc;                                                                                      \
        }                                                                                                      \
    }                                                                                                          \
    static void vecadd_##T(long n, const T *restrict a, const T *restrict b, T *restrict c)                    \
    {                                                                                                          \
        _Pragma("omp parallel for simd schedule(static)") for (long i = 0; i < n; ++i) c[i] = a[i] + b[i];     \
    }
DEFINE_COURSE_CPU(float)
DEFINE_COURSE_CPU(double)

int pb_cpu_transpose(const pb_args *a)
{
    const long m = (long)a->n, n = a->param[0] ? a->param[0] : m;
    if (a->dtype == PB_FLOAT)
        transpose_float(m, n, a->buf[0], a->buf[1]);
    else
        transpose_double(m, n, a->buf[0], a->buf[1]);
    return PB_OK;
}

int pb_cpu_window(const pb_args *a)
{
    if (a->dtype == PB_FLOAT)
        window_float((long)a->n, a->param[0], a->buf[0], a->buf[1]);
    else
        window_double((long)a->n, a->param[0], a->buf[0], a->buf[1]);
    return PB_OK;
}

int pb_cpu_vecadd(const pb_args *a)
{
    if (a->dtype == PB_FLOAT)
        vecadd_float((long)a->n, a->buf[0], a->buf[1], a->buf[2]);
    else
        vecadd_double((long)a->n, a->buf[0], a->buf[1], a->buf[2]);
    return PB_OK;
}
