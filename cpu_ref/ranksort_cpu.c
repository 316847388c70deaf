/* Rank sort CPU baseline: parallel for over keys, a simd count of the keys before each. */
#include "cpu_kernels.h"
#include "pb_shapes.h"

#include <stdint.h>

#define DEFINE_RANKSORT_CPU(T)                                                     \
    /* rank(i) = #{j : a[j] < a[i]} + #{j < i : a[j] == a[i]}: stable for ties */  \
    static void ranksort_##T(long n, const T *restrict a, T *restrict out)         \
    {                                                                              \
        _Pragma("omp parallel for schedule(static)") for (long i = 0; i < n; ++i)  \
        {                                                                          \
            const T self = a[i];                                                   \
            long x = 0;                                                            \
            _Pragma("omp simd reduction(+ : x)") for (long j = 0; j < n; ++j) x += \
                (a[j] < self) | ((a[j] == self) & (j < i));                        \
            out[x] = self;                                                         \
        }                                                                          \
    }
DEFINE_RANKSORT_CPU(float)
DEFINE_RANKSORT_CPU(int32_t)

static int run_baseline(const pb_args *a)
{
    if (a->dtype == PB_INT)
        ranksort_int32_t((long)a->n, a->buf[RANKSORT_KEYS], a->buf[RANKSORT_SORTED]);
    else
        ranksort_float((long)a->n, a->buf[RANKSORT_KEYS], a->buf[RANKSORT_SORTED]);
    return PB_OK;
}

const pb_variant pb_variants_cpu_ranksort[] = {{"ranksort", "baseline",
                                                "CPU OpenMP: rank sort, parallel for over keys, simd count",
                                                PB_DT(PB_INT) | PB_DT(PB_FLOAT), run_baseline, "cpu", 0},
                                               {0}};
