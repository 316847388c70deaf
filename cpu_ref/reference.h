/* reference.h - serial host references in double accumulation (the ground truth). */
#ifndef PB_REFERENCE_H
#define PB_REFERENCE_H

#include "pb_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ref[row] = sum_col mat[row*nx+col] * src[col], inputs of type t, sums in double. */
void pb_ref_dmvm(pb_dtype t, size_t nx, const void *mat, const void *src, double *ref);

#ifdef __cplusplus
}
#endif
#endif
