#include "pb_stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int pb_stats_compute(const double *x, size_t n, pb_stats *out)
{
    out->n = 0;
    out->min = out->median = out->mean = out->max = out->stddev = NAN;
    double *v = n ? malloc(n * sizeof *v) : NULL;
    if (!v)
        return -1;
    size_t m = 0;
    for (size_t i = 0; i < n; ++i)
        if (x[i] >= 0)
            v[m++] = x[i];
    if (m == 0) {
        free(v);
        return -1;
    }
    qsort(v, m, sizeof *v, cmp_double);
    double sum = 0;
    for (size_t i = 0; i < m; ++i)
        sum += v[i];
    double mean = sum / (double)m, ss = 0;
    for (size_t i = 0; i < m; ++i)
        ss += (v[i] - mean) * (v[i] - mean);
    out->n = m;
    out->min = v[0];
    out->max = v[m - 1];
    out->median = m % 2 ? v[m / 2] : 0.5 * (v[m / 2 - 1] + v[m / 2]);
    out->mean = mean;
    out->stddev = m > 1 ? sqrt(ss / (double)(m - 1)) : 0;
    free(v);
    return 0;
}
