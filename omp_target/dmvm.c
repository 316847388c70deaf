/* dMVM V0-V9 in OpenMP target: the kernels are in dmvm_kernels.inc, instantiated for
 * float and double; these wrappers dispatch on the run's dtype. */
#include "omp_common.h"

#define T float
#define SFX _float
#include "dmvm_kernels.inc"
#undef T
#undef SFX

#define T double
#define SFX _double
#include "dmvm_kernels.inc"
#undef T
#undef SFX

#define DISPATCH(v)                                                                                          \
    int pb_omp_dmvm_##v(const pb_args *a)                                                                    \
    {                                                                                                        \
        if (a->dtype == PB_FLOAT)                                                                            \
            v##__float((long)a->n, a->buf[0], a->buf[1], a->buf[2], a->ran_on);                              \
        else                                                                                                 \
            v##__double((long)a->n, a->buf[0], a->buf[1], a->buf[2], a->ran_on);                             \
        return PB_OK;                                                                                        \
    }
DISPATCH(v0)
DISPATCH(v1)
DISPATCH(v2)
DISPATCH(v3)
DISPATCH(v4)
DISPATCH(v5)
DISPATCH(v6)
DISPATCH(v7)
DISPATCH(v8)
DISPATCH(v9)
