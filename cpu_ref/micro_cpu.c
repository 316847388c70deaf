/* CPU OpenMP baselines of the micro benchmarks: the same loops as the GPU versions,
 * statically scheduled over the bound threads; the file ends with their rows. */
#include "cpu_kernels.h"
#include "pb_shapes.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

enum { FMA_LANES = 16 };

#define DEFINE_MICRO(T)                                                                                 \
    static void stream_##T(long n, const T *restrict src, T *restrict dest)                                 \
    {                                                                                                        \
        _Pragma("omp parallel for simd schedule(static)") for (long i = 0; i < n; ++i) dest[i] = src[i] + (T)1; \
    }                                                                                                        \
    static void copy_##T(long n, const T *restrict src, T *restrict dest)                                   \
    {                                                                                                        \
        _Pragma("omp parallel for simd schedule(static)") for (long i = 0; i < n; ++i) dest[i] = src[i];     \
    }                                                                                                        \
    static void fill_##T(long n, T value, T *restrict dest)                                                 \
    {                                                                                                        \
        _Pragma("omp parallel for simd schedule(static)") for (long i = 0; i < n; ++i) dest[i] = value;      \
    }                                                                                                        \
    static void strided_##T(long n, long sr, long sw, const T *restrict src, T *restrict dest)              \
    {                                                                                                        \
        _Pragma("omp parallel for schedule(static)") for (long i = 0; i < n; ++i) dest[sw * i] = src[sr * i]; \
    }                                                                                                        \
    /* FMA_LANES independent chains at once, so that the CPU's vector FMA units are busy \
     * (one chain alone is bound by the FMA latency); the x86-64-v3 clone has FMA3. */ \
    __attribute__((target_clones("default", "arch=x86-64-v3"))) static void fma_lanes_##T(                \
        long m, long stride, long chain, T a, T b, const T *src, T *dest)                                    \
    {                                                                                                        \
        T acc[FMA_LANES];                                                                                    \
        for (int j = 0; j < FMA_LANES; ++j)                                                                  \
            acc[j] = j < m ? src[j * stride] : (T)0;                                                         \
        for (long k = 0; k < chain; ++k)                                                                     \
            for (int j = 0; j < FMA_LANES; ++j)                                                              \
                acc[j] = a * acc[j] + b;                                                                     \
        for (int j = 0; j < m; ++j)                                                                          \
            dest[j * stride] = acc[j];                                                                       \
    }                                                                                                        \
    static void fma_##T(long n, long stride, long chain, T a, T b, const T *restrict src, T *restrict dest)  \
    {                                                                                                        \
        const long active = (n + stride - 1) / stride, blocks = (active + FMA_LANES - 1) / FMA_LANES;         \
        _Pragma("omp parallel for schedule(static)") for (long blk = 0; blk < blocks; ++blk)                 \
        {                                                                                                    \
            const long k0 = blk * FMA_LANES, m = active - k0 < FMA_LANES ? active - k0 : FMA_LANES;           \
            fma_lanes_##T(m, stride, chain, a, b, src + k0 * stride, dest + k0 * stride);                    \
        }                                                                                                    \
    }
DEFINE_MICRO(float)
DEFINE_MICRO(double)

#define SRC(t) ((const t *)a->buf[0])
#define DST(t) ((t *)a->buf[1])
#define BY_FP(call_float, call_double)                                                                       \
    do {                                                                                                     \
        if (a->dtype == PB_FLOAT)                                                                            \
            call_float;                                                                                      \
        else                                                                                                 \
            call_double;                                                                                     \
        return PB_OK;                                                                                        \
    } while (0)

static int run_stream(const pb_args *a)
{
    BY_FP(stream_float((long)a->n, SRC(float), DST(float)), stream_double((long)a->n, SRC(double), DST(double)));
}

static int run_copy(const pb_args *a)
{
    BY_FP(copy_float((long)a->n, SRC(float), DST(float)), copy_double((long)a->n, SRC(double), DST(double)));
}

static int run_fill(const pb_args *a)
{
    float vf;
    double vd;
    memset(&vf, PB_FILL_BYTE, sizeof vf);
    memset(&vd, PB_FILL_BYTE, sizeof vd);
    BY_FP(fill_float((long)a->n, vf, (float *)a->buf[0]), fill_double((long)a->n, vd, (double *)a->buf[0]));
}

static int run_stream_strided(const pb_args *a)
{
    BY_FP(strided_float((long)a->n, a->param[0], a->param[1], SRC(float), DST(float)),
          strided_double((long)a->n, a->param[0], a->param[1], SRC(double), DST(double)));
}

static int fma_any(const pb_args *a, long stride)
{
    BY_FP(fma_float((long)a->n, stride, a->param[0], (float)PB_FMA_A, (float)PB_FMA_B, SRC(float), DST(float)),
          fma_double((long)a->n, stride, a->param[0], PB_FMA_A, PB_FMA_B, SRC(double), DST(double)));
}

static int run_fma(const pb_args *a) { return fma_any(a, 1); }
static int run_fma_strided(const pb_args *a) { return fma_any(a, a->param[1]); }

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags */
const pb_variant pb_variants_cpu_micro[] = {
    {"stream", "baseline", "CPU OpenMP: parallel for simd, dest[i] = src[i] + 1", PB_DT_FP, run_stream, "cpu", 0},
    {"copy", "baseline", "CPU OpenMP: parallel for simd copy", PB_DT_FP, run_copy, "cpu", 0},
    {"fill", "baseline", "CPU OpenMP: parallel for simd, dest[i] = c", PB_DT_FP, run_fill, "cpu", 0},
    {"stream-strided", "baseline", "CPU OpenMP: strided copy", PB_DT_FP, run_stream_strided, "cpu", 0},
    {"fma", "baseline", "CPU OpenMP: an fma chain per element", PB_DT_FP, run_fma, "cpu", 0},
    {"fma-strided", "baseline", "CPU OpenMP: fma chain for i % stride == 0", PB_DT_FP, run_fma_strided, "cpu", 0},
    {0}};
