/* Serial references: plain loops in double, deliberately unclever, so that they are
 * easy to trust. Every backend's result is checked against these. */
#include "reference.h"

void pb_ref_dmvm(pb_dtype t, size_t nx, const void *mat, const void *src, double *ref)
{
    for (size_t row = 0; row < nx; ++row) {
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
