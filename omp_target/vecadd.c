/* Vector add in OpenMP target: kernels in vecadd_kernels.inc for float and double. */
#include "omp_common.h"

#define T float
#define SFX _float
#include "vecadd_kernels.inc"
#undef T
#undef SFX

#define T double
#define SFX _double
#include "vecadd_kernels.inc"
#undef T
#undef SFX

#define DISPATCH(v)                                                                                          \
    int pb_omp_vecadd_##v(const pb_args *a)                                                                  \
    {                                                                                                        \
        if (a->dtype == PB_FLOAT)                                                                            \
            vecadd_##v##__float((long)a->n, a->buf[0], a->buf[1], a->buf[2], a->ran_on);                     \
        else                                                                                                 \
            vecadd_##v##__double((long)a->n, a->buf[0], a->buf[1], a->buf[2], a->ran_on);                    \
        return PB_OK;                                                                                        \
    }
DISPATCH(naive)
DISPATCH(gridstride)
