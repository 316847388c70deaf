/* dMVM CPU baseline: rows split statically over the bound threads, a register
 * accumulator per row; the inner loop is left to the compiler's vectoriser. */
#include "cpu_kernels.h"
#include "pb_shapes.h"

#define DEFINE_DMVM_CPU(T)                                                                                   \
    static void dmvm_cpu_##T(size_t nx, const T *restrict mat, const T *restrict src, T *restrict dest)      \
    {                                                                                                         \
        _Pragma("omp parallel for schedule(static)") for (size_t row = 0; row < nx; ++row)                  \
        {                                                                                                     \
            T acc = 0;                                                                                        \
            _Pragma("omp simd reduction(+ : acc)") for (size_t col = 0; col < nx; ++col)                      \
                acc += mat[row * nx + col] * src[col];                                                        \
            dest[row] = acc;                                                                                  \
        }                                                                                                     \
    }
DEFINE_DMVM_CPU(float)
DEFINE_DMVM_CPU(double)

static int run_baseline(const pb_args *a)
{
    if (a->dtype == PB_FLOAT)
        dmvm_cpu_float(a->n, a->buf[DMVM_MAT], a->buf[DMVM_SRC], a->buf[DMVM_DEST]);
    else
        dmvm_cpu_double(a->n, a->buf[DMVM_MAT], a->buf[DMVM_SRC], a->buf[DMVM_DEST]);
    return PB_OK;
}

const pb_variant pb_variants_cpu_dmvm[] = {{"dmvm", "baseline",
                                            "CPU OpenMP: parallel for over rows, one register accumulator per row",
                                            PB_DT_FP, run_baseline, "cpu", 0},
                                           {0}};
