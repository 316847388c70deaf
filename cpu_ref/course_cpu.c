/* CPU OpenMP baselines of the course's smaller kernels: histogram and rank sort
 * (transpose, the sliding-window sum and vector add: transpose_cpu.c, window_cpu.c,
 * vecadd_cpu.c). Plain `parallel for` over the bound threads, with the CPU's own
 * blocking where it is the obvious CPU form (per-thread histograms). */
#include "cpu_kernels.h"
#include "pb_shapes.h"

#include <stdint.h>
#include <string.h>

#define DEFINE_RANKSORT_CPU(T)                                                                                \
    /* rank(i) = #{j : a[j] < a[i]} + #{j < i : a[j] == a[i]}: stable for ties */                               \
    static void ranksort_##T(long n, const T *restrict a, T *restrict out)                                     \
    {                                                                                                          \
        _Pragma("omp parallel for schedule(static)") for (long i = 0; i < n; ++i)                              \
        {                                                                                                      \
            const T self = a[i];                                                                               \
            long x = 0;                                                                                        \
            _Pragma("omp simd reduction(+ : x)") for (long j = 0; j < n; ++j) x +=                             \
                (a[j] < self) | ((a[j] == self) & (j < i));                                                    \
            out[x] = self;                                                                                     \
        }                                                                                                      \
    }
DEFINE_RANKSORT_CPU(float)
DEFINE_RANKSORT_CPU(int32_t)

/* Per-thread histograms (the CPU's "shared memory"), merged with atomics. */
static void histogram_cpu(pb_dtype t, long n, int bins, const void *keys, int32_t *counts)
{
    memset(counts, 0, (size_t)bins * sizeof *counts);
#pragma omp parallel
    {
        int32_t local[PB_HIST_MAX_BINS];
        memset(local, 0, (size_t)bins * sizeof *local);
        if (t == PB_INT) {
            const int32_t *k = keys;
#pragma omp for schedule(static) nowait
            for (long i = 0; i < n; ++i) {
                int b = PB_HIST_BIN_INT(k[i], bins);
                if (b >= 0)
                    ++local[b];
            }
        } else {
            const float *x = keys;
#pragma omp for schedule(static) nowait
            for (long i = 0; i < n; ++i) {
                float j = PB_HIST_J(x[i]);
                int b = PB_HIST_BIN_J(j, bins);
                if (b >= 0)
                    ++local[b];
            }
        }
        for (int b = 0; b < bins; ++b)
            if (local[b]) {
#pragma omp atomic update
                counts[b] += local[b];
            }
    }
}

int pb_cpu_histogram(const pb_args *a)
{
    histogram_cpu(a->dtype, (long)a->n, (int)a->param[0], a->buf[0], a->buf[1]);
    return PB_OK;
}

int pb_cpu_ranksort(const pb_args *a)
{
    if (a->dtype == PB_INT)
        ranksort_int32_t((long)a->n, a->buf[0], a->buf[1]);
    else
        ranksort_float((long)a->n, a->buf[0], a->buf[1]);
    return PB_OK;
}
