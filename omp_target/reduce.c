/* Reduction in OpenMP target for int, float and double: k0, clause, twolevel, multiacc,
 * atomic and best (reduce_kernels.inc) and the course's k1-k7 (reduce_ladder.inc). */
#include "omp_common.h"
#include "pb_tuning.h"

#include <stdint.h>

/* best's ticket counter (reduce_kernels.inc) on the current device: zeroed here once, set
 * back to 0 by the last team of every launch; NULL if it cannot be allocated */
static int *pb_omp_reduce_ticket(void)
{
    static int *ticket;
    static int on = -1;
    const int dev = pb_omp_device();
    if (ticket && on == dev)
        return ticket;
    const int zero = 0;
    int *t = omp_target_alloc(sizeof zero, dev);
    if (!t || omp_target_memcpy(t, &zero, sizeof zero, 0, 0, dev, omp_get_initial_device()) != 0) {
        if (t)
            omp_target_free(t, dev);
        return NULL;
    }
    ticket = t; /* a ticket of an earlier device stays allocated: 4 bytes */
    on = dev;
    return ticket;
}

#define T int32_t
#define SFX _int
#include "reduce_kernels.inc"
#include "reduce_ladder.inc"
#undef T
#undef SFX

#define T float
#define SFX _float
#include "reduce_kernels.inc"
#include "reduce_ladder.inc"
#undef T
#undef SFX

#define T double
#define SFX _double
#include "reduce_kernels.inc"
#include "reduce_ladder.inc"
#undef T
#undef SFX

#define IN_OUT(t) (long)a->n, (const t *)a->buf[0], (t *)a->buf[1], a->ran_on
#define IN_OUT_PART(t) (long)a->n, (const t *)a->buf[0], (t *)a->buf[1], (t *)a->buf[2], a->ran_on
#define BLOCK_IN_OUT_PART(t) (long)a->n, a->param[0], (const t *)a->buf[0], (t *)a->buf[1], (t *)a->buf[2], a->ran_on
#define BEST_ARGS(t) (long)a->n, pb_omp_best_shape("reduce", a->dtype), (const t *)a->buf[0], (t *)a->buf[1], (t *)a->buf[2], a->ran_on

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
DISPATCH(k0, IN_OUT_PART)
DISPATCH(clause, IN_OUT)
DISPATCH(twolevel, IN_OUT_PART)
DISPATCH(multiacc, BLOCK_IN_OUT_PART)
DISPATCH(atomic, IN_OUT)

int pb_omp_reduce_best(const pb_args *a)
{
    if (!pb_omp_best_shape("reduce", a->dtype)->threads)
        return PB_SKIP;
    if (a->dtype == PB_INT)
        return best__int(BEST_ARGS(int32_t));
    if (a->dtype == PB_FLOAT)
        return best__float(BEST_ARGS(float));
    return best__double(BEST_ARGS(double));
}

/* k1-k7: the block size is the --block parameter, as for CUDA. */
#define LADDER(k)                                                                                            \
    int pb_omp_reduce_k##k(const pb_args *a)                                                                 \
    {                                                                                                        \
        const long n = (long)a->n, B = a->param[0];                                                          \
        if (a->dtype == PB_INT)                                                                              \
            return ladder__int(k, B, n, a->buf[0], a->buf[1], a->buf[2], a->ran_on);                         \
        if (a->dtype == PB_FLOAT)                                                                            \
            return ladder__float(k, B, n, a->buf[0], a->buf[1], a->buf[2], a->ran_on);                       \
        return ladder__double(k, B, n, a->buf[0], a->buf[1], a->buf[2], a->ran_on);                          \
    }
LADDER(1)
LADDER(2)
LADDER(3)
LADDER(4)
LADDER(5)
LADDER(6)
LADDER(7)
