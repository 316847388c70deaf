/* Vector add CPU baseline: parallel for simd, c[i] = a[i] + b[i], over the bound threads. */
#include "cpu_kernels.h"
#include "pb_shapes.h"

#define DEFINE_VECADD(T)                                                                                   \
    static void vecadd_##T(long n, const T *restrict a, const T *restrict b, T *restrict c)                \
    {                                                                                                      \
        _Pragma("omp parallel for simd schedule(static)") for (long i = 0; i < n; ++i) c[i] = a[i] + b[i]; \
    }
DEFINE_VECADD(float)
DEFINE_VECADD(double)

static int run_baseline(const pb_args *a)
{
    if (a->dtype == PB_FLOAT)
        vecadd_float((long)a->n, a->buf[VECADD_A], a->buf[VECADD_B], a->buf[VECADD_C]);
    else
        vecadd_double((long)a->n, a->buf[VECADD_A], a->buf[VECADD_B], a->buf[VECADD_C]);
    return PB_OK;
}

const pb_variant pb_variants_cpu_vecadd[] = {
    {"vecadd", "baseline", "CPU OpenMP: parallel for simd, c[i] = a[i] + b[i]", PB_DT_FP, run_baseline, "cpu", 0}, {0}};
