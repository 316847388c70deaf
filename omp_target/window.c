/* Sliding-window sum in OpenMP target: kernels in window_kernels.inc for float and double. */
#include "omp_common.h"

#define T float
#define SFX _float
#include "window_kernels.inc"
#undef T
#undef SFX

#define T double
#define SFX _double
#include "window_kernels.inc"
#undef T
#undef SFX

#define DISPATCH(v)                                                                                          \
    int pb_omp_window_##v(const pb_args *a)                                                                  \
    {                                                                                                        \
        if (a->dtype == PB_FLOAT)                                                                            \
            window_##v##__float((long)a->n, a->param[0], a->buf[0], a->buf[1], a->ran_on);                   \
        else                                                                                                 \
            window_##v##__double((long)a->n, a->param[0], a->buf[0], a->buf[1], a->ran_on);                  \
        return PB_OK;                                                                                        \
    }
DISPATCH(naive)
DISPATCH(tile)
