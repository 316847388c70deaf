/* Reduction in OpenMP target: clause, twolevel, multiacc and atomic (reduce_kernels.inc)
 * for int, float and double. */
#include "omp_common.h"

#include <stdint.h>

#define T int32_t
#define SFX _int
#include "reduce_kernels.inc"
#undef T
#undef SFX

#define T float
#define SFX _float
#include "reduce_kernels.inc"
#undef T
#undef SFX

#define T double
#define SFX _double
#include "reduce_kernels.inc"
#undef T
#undef SFX

#define IN_OUT(t) (long)a->n, (const t *)a->buf[0], (t *)a->buf[1], a->ran_on
#define IN_OUT_PART(t) (long)a->n, (const t *)a->buf[0], (t *)a->buf[1], (t *)a->buf[2], a->ran_on

/* pb_omp_reduce_<name>: dispatch on the dtype to <name>__int/float/double(ARGS(T)). */
#define DISPATCH(name, ARGS)                                                                                 \
    int pb_omp_reduce_##name(const pb_args *a)                                                               \
    {                                                                                                        \
        if (a->dtype == PB_INT)                                                                              \
            return name##__int(ARGS(int32_t));                                                               \
        if (a->dtype == PB_FLOAT)                                                                            \
            return name##__float(ARGS(float));                                                               \
        return name##__double(ARGS(double));                                                                 \
    }
DISPATCH(clause, IN_OUT)
DISPATCH(twolevel, IN_OUT_PART)
DISPATCH(multiacc, IN_OUT_PART)
DISPATCH(atomic, IN_OUT)
