/* Micro benchmarks in OpenMP target: kernels in micro_kernels.inc for float and double; the
 * file ends with their rows (best's kernels and rows are in best.c's unit). */
#include "omp_common.h"

#include <math.h>
#include <string.h>

#define PB_OMP_KERNELS "micro_kernels.inc"
#include "omp_instantiate.inc"

#define SRC(t) ((const t *)a->buf[0])
#define DST(t) ((t *)a->buf[1])

static int run_stream(const pb_args *a)
{
    if (a->dtype == PB_FLOAT)
        stream__float((long)a->n, SRC(float), DST(float), a->ran_on);
    else
        stream__double((long)a->n, SRC(double), DST(double), a->ran_on);
    return PB_OK;
}

static int run_copy(const pb_args *a)
{
    if (a->dtype == PB_FLOAT)
        copy__float((long)a->n, SRC(float), DST(float), a->ran_on);
    else
        copy__double((long)a->n, SRC(double), DST(double), a->ran_on);
    return PB_OK;
}

static int run_stream_strided(const pb_args *a)
{
    if (a->dtype == PB_FLOAT)
        strided__float((long)a->n, a->param[0], a->param[1], SRC(float), DST(float), a->ran_on);
    else
        strided__double((long)a->n, a->param[0], a->param[1], SRC(double), DST(double), a->ran_on);
    return PB_OK;
}

static int run_fill(const pb_args *a)
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

static int run_fma(const pb_args *a)
{
    fma_any(a, 1);
    return PB_OK;
}

static int run_fma_strided(const pb_args *a)
{
    fma_any(a, a->param[1]);
    return PB_OK;
}

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; the
 * benchmarks in the order a worker lists them (the registry keeps each benchmark's rows
 * together: best, in best.c's table, follows its `kernel`) */
const pb_variant pb_variants_omp_micro[] = {
    {"stream", "kernel", "teams distribute parallel for simd: dest[i] = src[i] + 1", PB_DT_FP, run_stream, "omp", 0},
    {"copy", "kernel", "teams distribute parallel for simd: dest[i] = src[i]", PB_DT_FP, run_copy, "omp", 0},
    {"fill", "kernel", "teams distribute parallel for simd: dest[i] = c", PB_DT_FP, run_fill, "omp", 0},
    {"stream-strided", "kernel", "dest[sw*i] = src[sr*i]: uncoalesced access", PB_DT_FP, run_stream_strided, "omp", 0},
    {"fma", "kernel", "a dependent chain of fma() per element", PB_DT_FP, run_fma, "omp", 0},
    {"fma-strided", "kernel", "fma chain only where i % stride == 0: idle lanes", PB_DT_FP, run_fma_strided, "omp", 0},
    {0}};
