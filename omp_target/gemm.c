/* GEMM in OpenMP target: the kernels are in gemm_kernels.inc, instantiated for float and
 * double; these wrappers dispatch on the run's dtype. */
#include "omp_common.h"

#define T float
#define SFX _float
#include "gemm_kernels.inc"
#undef T
#undef SFX

#define T double
#define SFX _double
#include "gemm_kernels.inc"
#undef T
#undef SFX

#define DISPATCH(v)                                                                                          \
    int pb_omp_gemm_##v(const pb_args *a)                                                                    \
    {                                                                                                        \
        const long m = PB_GEMM_M(a), n = PB_GEMM_N(a), k = PB_GEMM_K(a);                                    \
        if (a->dtype == PB_FLOAT)                                                                            \
            v##__float(m, n, k, a->buf[0], a->buf[1], a->buf[2], a->buf[3], a->ran_on);                      \
        else                                                                                                 \
            v##__double(m, n, k, a->buf[0], a->buf[1], a->buf[2], a->buf[3], a->ran_on);                     \
        return PB_OK;                                                                                        \
    }
DISPATCH(k1)
DISPATCH(k2)
DISPATCH(k3)
DISPATCH(k4)
DISPATCH(k5)
DISPATCH(best)
