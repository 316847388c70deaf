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

double pb_median_noise(const double *x, size_t n)
{
    double *v = n ? malloc(n * sizeof *v) : NULL;
    if (!v)
        return NAN;
    size_t m = 0;
    for (size_t i = 0; i < n; ++i)
        if (x[i] >= 0)
            v[m++] = x[i];
    /* l: the first k where P(B <= k) exceeds 0.025 (then P(B < l) <= 0.025); the binomial
     * terms by their ratio in logarithms, from P(B = 0) = 2^-m (which may underflow to 0:
     * those terms add nothing) */
    size_t l = 0;
    double logp = -(double)m * log(2.0), cum = 0;
    for (size_t k = 0; k <= m / 2; ++k) {
        cum += exp(logp);
        if (2 * cum > 0.05) {
            l = k;
            break;
        }
        logp += log((double)(m - k) / (double)(k + 1));
    }
    double noise = NAN;
    if (l >= 1) {
        qsort(v, m, sizeof *v, cmp_double);
        double median = m % 2 ? v[m / 2] : 0.5 * (v[m / 2 - 1] + v[m / 2]);
        if (median > 0)
            noise = (v[m - l] - v[l - 1]) / 2 / median;
    }
    free(v);
    return noise;
}
