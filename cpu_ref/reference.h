/* reference.h - serial host references in double accumulation (the ground truth). */
#ifndef PB_REFERENCE_H
#define PB_REFERENCE_H

#include "pb_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ref[row] = sum_col mat[row*nx+col] * src[col], inputs of type t, sums in double. */
void pb_ref_dmvm(pb_dtype t, size_t nx, const void *mat, const void *src, double *ref);

/* ref[i] = in[i-r] + ... + in[i+r] in double, elements outside [0, n) counting as 0.
 * Returns the largest window sum of magnitudes (the check's scale). */
double pb_ref_window(pb_dtype t, size_t n, long r, const void *in, double *ref);

/* counts[b] = number of keys in bin b (PB_HIST_* formulas; keys out of range ignored). */
void pb_ref_histogram(pb_dtype t, size_t n, int bins, const void *keys, long long *counts);

/* sorted = the n keys (int or float) in ascending order, equal keys in input order.
 * PB_OK, or PB_ERR when memory runs out. */
int pb_ref_stable_sort(pb_dtype t, size_t n, const void *keys, void *sorted);

#ifdef __cplusplus
}
#endif
#endif
