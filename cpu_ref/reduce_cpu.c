/* Reduction CPU baseline: parallel for simd reduction(+:sum) over the bound threads. */
#include "cpu_kernels.h"
#include "pb_shapes.h"

#include <stdint.h>

#define DEFINE_SUM(T)                                                                                            \
    static T sum_##T(long n, const T *restrict in)                                                               \
    {                                                                                                            \
        T sum = 0;                                                                                               \
        _Pragma("omp parallel for simd schedule(static) reduction(+ : sum)") for (long i = 0; i < n; ++i) sum += \
            in[i];                                                                                               \
        return sum;                                                                                              \
    }
DEFINE_SUM(int32_t)
DEFINE_SUM(float)
DEFINE_SUM(double)

static int run_baseline(const pb_args *a)
{
    if (a->dtype == PB_INT)
        *(int32_t *)a->buf[REDUCE_OUT] = sum_int32_t((long)a->n, a->buf[REDUCE_IN]);
    else if (a->dtype == PB_FLOAT)
        *(float *)a->buf[REDUCE_OUT] = sum_float((long)a->n, a->buf[REDUCE_IN]);
    else
        *(double *)a->buf[REDUCE_OUT] = sum_double((long)a->n, a->buf[REDUCE_IN]);
    return PB_OK;
}

const pb_variant pb_variants_cpu_reduce[] = {
    {"reduce", "baseline", "CPU OpenMP: parallel for simd reduction(+:sum)", PB_DT_ALL, run_baseline, "cpu", 0}, {0}};
