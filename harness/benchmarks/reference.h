/* reference.h - serial host references in double accumulation (the ground truth). */
#ifndef PB_REFERENCE_H
#define PB_REFERENCE_H

#include "pb_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ref[row] = sum_col mat[row*nx+col] * src[col], inputs of type t, sums in double. */
void pb_ref_dmvm(pb_dtype t, size_t nx, const void *mat, const void *src, double *ref);

/* y[row] = sum_col mat[row*cols+col] * x[col]: a rows x cols matrix of type t times a
 * double vector, sums in double. */
void pb_ref_gemv(pb_dtype t, size_t rows, size_t cols, const void *mat, const double *x, double *y);

/* ref = alpha * a*b + beta * c in double: a is m x k, b is k x n, c and ref m x n, all
 * row-major, inputs of type t. */
void pb_ref_gemm(pb_dtype t, size_t m, size_t n, size_t k, double alpha, const void *a, const void *b, double beta,
                 const void *c, double *ref);
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
