/* Histogram in OpenMP target: kernels in histogram_kernels.inc for int and float keys. */
#include "omp_common.h"

#include <stdint.h>

#define KEY int32_t
#define SFX _int
#define BIN(k, bins) PB_HIST_BIN_INT(k, bins)
#include "histogram_kernels.inc"
#undef KEY
#undef SFX
#undef BIN

#define KEY float
#define SFX _float
#define BIN(x, bins) PB_HIST_BIN_J(PB_HIST_J(x), bins)
#include "histogram_kernels.inc"
#undef KEY
#undef SFX
#undef BIN

#define DISPATCH(v)                                                                                          \
    int pb_omp_histogram_##v(const pb_args *a)                                                               \
    {                                                                                                        \
        const int bins = (int)a->param[0];                                                                   \
        if (a->dtype == PB_INT)                                                                              \
            histogram_##v##__int((long)a->n, bins, a->buf[0], a->buf[1], a->ran_on);                         \
        else                                                                                                 \
            histogram_##v##__float((long)a->n, bins, a->buf[0], a->buf[1], a->ran_on);                       \
        return PB_OK;                                                                                        \
    }
DISPATCH(global)
DISPATCH(shared)
