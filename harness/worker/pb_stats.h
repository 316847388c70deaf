/* pb_stats.h - summary statistics of repeated measurements. */
#ifndef PB_STATS_H
#define PB_STATS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pb_stats {
    size_t n;
    double min, median, mean, max;
    double stddev; /* sample standard deviation (n-1); 0 for n == 1 */
} pb_stats;

/* Summarise x[0..n). x is not modified. Returns 0, or -1 when n == 0 or out of memory
 * (then every field is NaN). Negative entries (missing samples) are ignored. */
int pb_stats_compute(const double *x, size_t n, pb_stats *out);

/* The relative noise of the median of x[0..n) (negative entries ignored): the half-width
 * of the 95% distribution-free confidence interval of the median, [x(l), x(m+1-l)] in the
 * m sorted values with l the largest such that 2 P(Binomial(m, 1/2) < l) <= 0.05 (the
 * interval holds the true median with probability >= 95% for any continuous
 * distribution), divided by the median. NaN when m < 6 (no such interval exists), the
 * median is not > 0, or out of memory. */
double pb_median_noise(const double *x, size_t n);

#ifdef __cplusplus
}
#endif
#endif
