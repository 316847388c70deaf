/* Matrix transpose in OpenMP target: kernels in transpose_kernels.inc for float and
 * double; m = rows (the size), n = columns (--cols, 0 = square). */
#include "omp_common.h"

#define T float
#define SFX _float
#include "transpose_kernels.inc"
#undef T
#undef SFX

#define T double
#define SFX _double
#include "transpose_kernels.inc"
#undef T
#undef SFX

#define DISPATCH(v)                                                                                          \
    int pb_omp_transpose_##v(const pb_args *a)                                                               \
    {                                                                                                        \
        const long m = (long)a->n, n = a->param[0] ? a->param[0] : m;                                        \
        if (a->dtype == PB_FLOAT)                                                                            \
            transpose_##v##__float(m, n, a->buf[0], a->buf[1], a->ran_on);                                  \
        else                                                                                                 \
            transpose_##v##__double(m, n, a->buf[0], a->buf[1], a->ran_on);                                 \
        return PB_OK;                                                                                        \
    }
DISPATCH(naive)
DISPATCH(tile)
DISPATCH(padded)
DISPATCH(unrolled)
