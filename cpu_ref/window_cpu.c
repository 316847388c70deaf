/* Sliding-window sum CPU baseline: parallel for over outputs, 2R+1 reads each (elements
 * outside [0, n) count as 0). */
#include "cpu_kernels.h"
#include "pb_shapes.h"

#define DEFINE_WINDOW(T)                                                          \
    static void window_##T(long n, long r, const T *restrict in, T *restrict out) \
    {                                                                             \
        _Pragma("omp parallel for schedule(static)") for (long i = 0; i < n; ++i) \
        {                                                                         \
            T acc = 0;                                                            \
            for (long j = i - r; j <= i + r; ++j)                                 \
                acc += j >= 0 && j < n ? in[j] : (T)0;                            \
            out[i] = acc;                                                         \
        }                                                                         \
    }
DEFINE_WINDOW(float)
DEFINE_WINDOW(double)

static int run_baseline(const pb_args *a)
{
    if (a->dtype == PB_FLOAT)
        window_float((long)a->n, a->param[WINDOW_RADIUS], a->buf[WINDOW_IN], a->buf[WINDOW_OUT]);
    else
        window_double((long)a->n, a->param[WINDOW_RADIUS], a->buf[WINDOW_IN], a->buf[WINDOW_OUT]);
    return PB_OK;
}

const pb_variant pb_variants_cpu_window[] = {
    {"window", "baseline", "CPU OpenMP: parallel for over outputs, 2R+1 reads each", PB_DT_FP, run_baseline, "cpu", 0},
    {0}};
