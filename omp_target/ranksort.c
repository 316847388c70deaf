/* Rank sort in OpenMP target: kernels in ranksort_kernels.inc for int and float keys. */
#include "omp_common.h"

#include <stdint.h>

#define KEY int32_t
#define SFX _int
#include "ranksort_kernels.inc"
#undef KEY
#undef SFX

#define KEY float
#define SFX _float
#include "ranksort_kernels.inc"
#undef KEY
#undef SFX

#define DISPATCH(v)                                                                                          \
    int pb_omp_ranksort_##v(const pb_args *a)                                                                \
    {                                                                                                        \
        if (a->dtype == PB_INT)                                                                              \
            ranksort_##v##__int((long)a->n, a->buf[0], a->buf[1], a->ran_on);                                \
        else                                                                                                 \
            ranksort_##v##__float((long)a->n, a->buf[0], a->buf[1], a->ran_on);                              \
        return PB_OK;                                                                                        \
    }
DISPATCH(block)
DISPATCH(grid)
