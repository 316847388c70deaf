/* Micro benchmarks in OpenMP target: kernels in micro_kernels.inc for float and double. */
#include "omp_common.h"

#include <math.h>
#include <string.h>

#define T float
#define SFX _float
#define FMA fmaf
#include "micro_kernels.inc"
#undef T
#undef SFX
#undef FMA

#define T double
#define SFX _double
#define FMA fma
#include "micro_kernels.inc"
#undef T
#undef SFX
#undef FMA

#define SRC(t) ((const t *)a->buf[0])
#define DST(t) ((t *)a->buf[1])

int pb_omp_stream(const pb_args *a)
{
    if (a->dtype == PB_FLOAT)
        stream__float((long)a->n, SRC(float), DST(float), a->ran_on);
    else
        stream__double((long)a->n, SRC(double), DST(double), a->ran_on);
    return PB_OK;
}

int pb_omp_copy(const pb_args *a)
{
    if (a->dtype == PB_FLOAT)
        copy__float((long)a->n, SRC(float), DST(float), a->ran_on);
    else
        copy__double((long)a->n, SRC(double), DST(double), a->ran_on);
    return PB_OK;
}

int pb_omp_stream_strided(const pb_args *a)
{
    if (a->dtype == PB_FLOAT)
        strided__float((long)a->n, a->param[0], a->param[1], SRC(float), DST(float), a->ran_on);
    else
        strided__double((long)a->n, a->param[0], a->param[1], SRC(double), DST(double), a->ran_on);
    return PB_OK;
}

int pb_omp_fill(const pb_args *a)
{
    if (a->dtype == PB_FLOAT) {
        float v;
        memset(&v, PB_FILL_BYTE, sizeof v);
        fill__float((long)a->n, v, (float *)a->buf[0], a->ran_on);
    } else {
        double v;
        memset(&v, PB_FILL_BYTE, sizeof v);
        fill__double((long)a->n, v, (double *)a->buf[0], a->ran_on);
    }
    return PB_OK;
}

static void fma_any(const pb_args *a, long stride)
{
    if (a->dtype == PB_FLOAT)
        fma__float((long)a->n, stride, a->param[0], (float)PB_FMA_A, (float)PB_FMA_B, SRC(float), DST(float),
                   a->ran_on);
    else
        fma__double((long)a->n, stride, a->param[0], PB_FMA_A, PB_FMA_B, SRC(double), DST(double), a->ran_on);
}

int pb_omp_fma(const pb_args *a)
{
    fma_any(a, 1);
    return PB_OK;
}

int pb_omp_fma_strided(const pb_args *a)
{
    fma_any(a, a->param[1]);
    return PB_OK;
}
