/* Serial references: plain loops in double, deliberately unclever, so that they are
 * easy to trust. Every backend's result is checked against these. */
#include "reference.h"

typedef struct dmvm_job {
    pb_dtype t;
    size_t nx;
    const void *mat, *src;
    double *ref;
} dmvm_job;

static void dmvm_rows(size_t begin, size_t end, void *ctx)
{
    const dmvm_job *j = ctx;
    const pb_dtype t = j->t;
    const size_t nx = j->nx;
    const void *mat = j->mat, *src = j->src;
    double *ref = j->ref;
    for (size_t row = begin; row < end; ++row) {
        double acc = 0;
        if (t == PB_FLOAT) {
            const float *m = (const float *)mat + row * nx, *x = src;
            for (size_t col = 0; col < nx; ++col)
                acc += (double)m[col] * (double)x[col];
        } else {
            const double *m = (const double *)mat + row * nx, *x = src;
            for (size_t col = 0; col < nx; ++col)
                acc += m[col] * x[col];
        }
        ref[row] = acc;
    }
}

/* Rows are independent, so they are split over threads; each row is summed in order. */
void pb_ref_dmvm(pb_dtype t, size_t nx, const void *mat, const void *src, double *ref)
{
    dmvm_job j = {t, nx, mat, src, ref};
    pb_parallel_for(nx, 16, dmvm_rows, &j);
}
