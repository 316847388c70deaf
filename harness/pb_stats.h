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

#ifdef __cplusplus
}
#endif
#endif
