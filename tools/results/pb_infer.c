/* pb_infer.c - the Mann-Whitney U test, the Hodges-Lehmann shift and change points in a
 * series (docs/statistics.md has the formulas and the references). */
#include "pb_infer.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A sorted copy of x[0..n), or NULL. */
static double *sorted_copy(const double *x, size_t n)
{
    double *v = malloc((n ? n : 1) * sizeof *v);
    if (!v)
        return NULL;
    memcpy(v, x, n * sizeof *v);
    qsort(v, n, sizeof *v, cmp_double);
    return v;
}

static double median_of(double *v, size_t n) /* sorts v */
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static int all_finite(const double *x, size_t n)
{
    for (size_t i = 0; i < n; ++i)
        if (!isfinite(x[i]))
            return 0;
    return 1;
}

/* ---- Student's t ---- */

/* The continued fraction of the incomplete beta function (Abramowitz and Stegun 26.5.8),
 * evaluated from the front by the modified Lentz method. */
static double beta_fraction(double a, double b, double x)
{
    const double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    d = 1 / (fabs(d) < tiny ? tiny : d);
    double h = d;
    for (int m = 1; m <= 500; ++m) {
        double two_m = 2.0 * m;
        double terms[2] = {m * (b - m) * x / ((a + two_m - 1) * (a + two_m)),
                           -(a + m) * (a + b + m) * x / ((a + two_m) * (a + two_m + 1))};
        double step = 1;
        for (int k = 0; k < 2; ++k) {
            d = 1 + terms[k] * d;
            c = 1 + terms[k] / c;
            d = 1 / (fabs(d) < tiny ? tiny : d);
            c = fabs(c) < tiny ? tiny : c;
            step = d * c;
            h *= step;
        }
        if (fabs(step - 1) < 1e-15)
            break;
    }
    return h;
}

/* The regularised incomplete beta function I_x(a, b). */
static double incomplete_beta(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1) / (a + b + 2)) /* where the fraction converges fast; else by symmetry */
        return front * beta_fraction(a, b, x) / a;
    return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double pb_student_t_p(double t, double df)
{
    if (isnan(t) || isnan(df) || !(df > 0))
        return NAN;
    if (isinf(df))
        return erfc(fabs(t) / sqrt(2.0));
    if (isinf(t))
        return 0;
    return incomplete_beta(df / 2, 0.5, df / (df + t * t));
}

/* ---- Mann-Whitney U ---- */

double pb_mwu_p_exact(size_t n1, size_t n2, double u)
{
    if (n1 == 0 || n2 == 0 || n1 > PB_MWU_EXACT_MAX || n2 > PB_MWU_EXACT_MAX)
        return NAN;
    size_t top = n1 * n2;
    if (!(u >= 0 && u <= (double)top) || u != floor(u))
        return NAN;
    /* The number of orderings of the two samples with U = v is the coefficient of q^v in
     * the Gaussian binomial [n1 + n2 choose n1]_q = prod_{k=1..n1} (1 - q^(n2+k)) / (1 - q^k)
     * (the closed form of Mann and Whitney's recurrence). Every partial product is itself
     * a Gaussian binomial, so the integers stay exact: at most C(40, 20) < 2^38. */
    int64_t c[PB_MWU_EXACT_MAX * (PB_MWU_EXACT_MAX + 1) + 1] = {1};
    size_t deg = 0;
    for (size_t k = 1; k <= n1; ++k) {
        size_t a = n2 + k, end = deg + a;
        for (size_t v = end; v >= a; --v) /* times (1 - q^a) */
            c[v] -= c[v - a];
        for (size_t v = k; v <= end; ++v) /* divided by (1 - q^k): above deg + n2 it leaves 0 */
            c[v] += c[v - k];
        deg += n2;
    }
    double lo = fmin(u, (double)top - u), below = 0, all = 0;
    for (size_t v = 0; v <= top; ++v) {
        all += (double)c[v];
        if ((double)v <= lo)
            below += (double)c[v];
    }
    return fmin(1.0, 2.0 * below / all);
}

double pb_mwu_p_normal(size_t n1, size_t n2, double u, double tie_sum, double *z_out)
{
    if (z_out)
        *z_out = NAN;
    if (n1 == 0 || n2 == 0)
        return NAN;
    double a = (double)n1, b = (double)n2, n = a + b;
    double mean = a * b / 2, var = a * b / 12 * ((n + 1) - tie_sum / (n * (n - 1)));
    if (!(var > 0)) {
        if (z_out)
            *z_out = 0;
        return 1;
    }
    double d = fabs(u - mean) - 0.5; /* continuity correction */
    double z = d > 0 ? d / sqrt(var) : 0;
    if (z_out)
        *z_out = u > mean ? -z : z; /* > 0: y is larger (U of x small) */
    return fmin(1.0, erfc(z / sqrt(2.0)));
}

/* Pairs with the computed difference y_j - x_i <= t; x and y sorted. As x_i grows every
 * difference shrinks, so the count per i never falls: one pass. */
static uint64_t pairs_at_most(const double *x, size_t n1, const double *y, size_t n2, double t)
{
    uint64_t count = 0;
    size_t j = 0;
    for (size_t i = 0; i < n1; ++i) {
        while (j < n2 && y[j] - x[i] <= t)
            ++j;
        count += j;
    }
    return count;
}

/* The k-th smallest (1-based) computed difference y_j - x_i: bisection on its value
 * until no double lies between the bounds, so the result is one of the differences. */
static double kth_difference(const double *x, size_t n1, const double *y, size_t n2, uint64_t k)
{
    double lo = y[0] - x[n1 - 1], hi = y[n2 - 1] - x[0];
    if (pairs_at_most(x, n1, y, n2, lo) >= k)
        return lo;
    for (;;) { /* count(lo) < k <= count(hi) */
        double mid = 0.5 * lo + 0.5 * hi;
        if (!(mid > lo && mid < hi))
            return hi;
        if (pairs_at_most(x, n1, y, n2, mid) >= k)
            hi = mid;
        else
            lo = mid;
    }
}

double pb_hodges_lehmann(const double *x, size_t n1, const double *y, size_t n2)
{
    if (n1 == 0 || n2 == 0)
        return NAN;
    double *xs = sorted_copy(x, n1), *ys = sorted_copy(y, n2), r = NAN;
    if (xs && ys) {
        uint64_t m = (uint64_t)n1 * n2;
        if (m % 2)
            r = kth_difference(xs, n1, ys, n2, m / 2 + 1);
        else
            r = 0.5 * kth_difference(xs, n1, ys, n2, m / 2) + 0.5 * kth_difference(xs, n1, ys, n2, m / 2 + 1);
    }
    free(xs);
    free(ys);
    return r;
}

typedef struct tagged {
    double v;
    int from_x;
} tagged;

static int cmp_tagged(const void *a, const void *b)
{
    return cmp_double(&((const tagged *)a)->v, &((const tagged *)b)->v);
}

int pb_mwu_test(const double *x, size_t n1, const double *y, size_t n2, pb_mwu *out)
{
    *out = (pb_mwu){.n1 = n1, .n2 = n2, .u = NAN, .u_min = NAN, .z = NAN, .p = NAN, .shift = NAN};
    if (n1 == 0 || n2 == 0 || !all_finite(x, n1) || !all_finite(y, n2))
        return -1;
    size_t n = n1 + n2;
    tagged *all = malloc(n * sizeof *all);
    if (!all)
        return -1;
    for (size_t i = 0; i < n1; ++i)
        all[i] = (tagged){x[i], 1};
    for (size_t j = 0; j < n2; ++j)
        all[n1 + j] = (tagged){y[j], 0};
    qsort(all, n, sizeof *all, cmp_tagged);
    /* mid-ranks: a group of t tied values at ranks i+1..i+t each gets i + (t + 1) / 2 */
    double rank_x = 0, tie_sum = 0;
    size_t groups = 0;
    for (size_t i = 0; i < n;) {
        size_t e = i + 1;
        while (e < n && all[e].v == all[i].v)
            ++e;
        double t = (double)(e - i), mid = (double)i + (t + 1) / 2;
        for (size_t k = i; k < e; ++k)
            if (all[k].from_x)
                rank_x += mid;
        if (e - i > 1) {
            ++groups;
            tie_sum += t * t * t - t;
        }
        i = e;
    }
    free(all);
    double shift = pb_hodges_lehmann(x, n1, y, n2);
    if (isnan(shift))
        return -1;
    out->u = rank_x - (double)n1 * (double)(n1 + 1) / 2;
    out->u_min = fmin(out->u, (double)n1 * (double)n2 - out->u);
    out->ties = groups;
    out->shift = shift;
    if (groups == 0 && n1 <= PB_MWU_EXACT_MAX && n2 <= PB_MWU_EXACT_MAX) {
        out->exact = 1;
        out->p = pb_mwu_p_exact(n1, n2, out->u);
    } else {
        out->p = pb_mwu_p_normal(n1, n2, out->u, tie_sum, &out->z);
    }
    return 0;
}

/* ---- change points ---- */

void pb_steps_free(pb_steps *s)
{
    free(s->begin);
    free(s->level);
    free(s->step);
    *s = (pb_steps){0};
}

/* The noise of a point of weight 1 by the successive differences (von Neumann et al.
 * 1941, Rice 1984), before any step is known: e_i = (y_i+1 - y_i) / sqrt(1/w_i + 1/w_i+1)
 * has variance sigma^2 wherever no step lies between the two points, so sigma^2 = the mean
 * of e_i^2 (a step only inflates it: the fit is the more cautious). 0 when they are all 0.
 * df: its degrees of freedom, m^2 / (m + (m-1)/2) for m differences (adjacent ones share a
 * point: the sum of squares of a moving average with correlation -1/2). */
static void estimate_sigma(const double *y, const double *w, size_t n, double *sigma, double *df)
{
    double ss = 0;
    size_t m = n ? n - 1 : 0;
    for (size_t i = 0; i < m; ++i) {
        double e = (y[i + 1] - y[i]) / sqrt(1 / w[i] + 1 / w[i + 1]);
        ss += e * e;
    }
    *sigma = m ? sqrt(ss / (double)m) : 0;
    *df = m ? (double)m * (double)m / ((double)m + (double)(m - 1) / 2) : 0;
}

/* Weighted squared deviation from its mean of the points s..t-1, from prefix sums. */
static double seg_cost(const long double *s0, const long double *s1, const long double *s2, size_t s, size_t t)
{
    long double w = s0[t] - s0[s], m = s1[t] - s1[s], c = (s2[t] - s2[s]) - m * m / w;
    return c > 0 ? (double)c : 0;
}

/* The optimal partition of n points (PELT): last[t] is the start of the segment that
 * ends the best fit of points 0..t-1. */
static int pelt(const double *u, const double *w, size_t n, double pen, size_t *last)
{
    long double *s0 = malloc(3 * (n + 1) * sizeof *s0);
    double *f = malloc((n + 1) * sizeof *f);
    size_t *cand = malloc((n + 1) * sizeof *cand);
    if (!s0 || !f || !cand) {
        free(s0);
        free(f);
        free(cand);
        return -1;
    }
    long double *s1 = s0 + n + 1, *s2 = s1 + n + 1;
    s0[0] = s1[0] = s2[0] = 0;
    for (size_t i = 0; i < n; ++i) {
        s0[i + 1] = s0[i] + w[i];
        s1[i + 1] = s1[i] + (long double)w[i] * u[i];
        s2[i + 1] = s2[i] + (long double)w[i] * u[i] * u[i];
    }
    f[0] = -pen;
    size_t ncand = 1;
    cand[0] = 0;
    for (size_t t = 1; t <= n; ++t) {
        double best = INFINITY;
        size_t arg = 0;
        for (size_t k = 0; k < ncand; ++k) {
            double v = f[cand[k]] + seg_cost(s0, s1, s2, cand[k], t) + pen;
            if (v < best) {
                best = v;
                arg = cand[k];
            }
        }
        f[t] = best;
        last[t] = arg;
        /* a start s with f[s] + C(s, t) > f[t] is never the last step of a later optimum:
         * for T > t, C(s, T) >= C(s, t) + C(t, T), so starting anew at t does better
         * (Killick et al.'s pruning with K = 0; the slack keeps ties through rounding) */
        size_t keep = 0;
        double slack = 1e-9 * (1 + fabs(best));
        for (size_t k = 0; k < ncand; ++k)
            if (f[cand[k]] + seg_cost(s0, s1, s2, cand[k], t) <= best + slack)
                cand[keep++] = cand[k];
        cand[keep++] = t;
        ncand = keep;
    }
    free(s0);
    free(f);
    free(cand);
    return 0;
}

/* Fit y (weights w, noise sigma, penalty pen) into *nseg segments: begin[0..nseg). */
static int fit_segments(const double *y, const double *w, size_t n, double sigma, double pen, double *u, size_t *last,
                        size_t *begin, size_t *nseg)
{
    double sw = 0, swy = 0;
    for (size_t i = 0; i < n; ++i) {
        sw += w[i];
        swy += w[i] * y[i];
    }
    for (size_t i = 0; i < n; ++i) /* centred and in units of sigma: the costs stay small */
        u[i] = (y[i] - swy / sw) / sigma;
    if (pelt(u, w, n, pen, last) != 0)
        return -1;
    size_t k = 0;
    for (size_t t = n; t > 0; t = last[t])
        ++k;
    *nseg = k;
    for (size_t t = n; t > 0; t = last[t])
        begin[--k] = last[t];
    return 0;
}

int pb_steps_detect(const double *y, const double *w, size_t n, const pb_steps_opts *opts, pb_steps *out)
{
    *out = (pb_steps){.n = n};
    pb_steps_opts o = opts ? *opts : (pb_steps_opts){0};
    if (!all_finite(y, n) || !isfinite(o.penalty) || o.penalty < 0 || !isfinite(o.sigma) || o.sigma < 0)
        return -1;
    if (w)
        for (size_t i = 0; i < n; ++i)
            if (!(isfinite(w[i]) && w[i] > 0))
                return -1;
    out->penalty = o.penalty > 0 ? o.penalty : (n > 1 ? 3 * log((double)n) : 0);
    out->sigma_df = INFINITY;
    if (n == 0)
        return 0;
    double *wn = malloc(n * sizeof *wn), *u = malloc(n * sizeof *u), *segw = malloc(n * sizeof *segw);
    size_t *last = malloc((n + 1) * sizeof *last);
    out->begin = malloc(n * sizeof *out->begin);
    out->level = malloc(n * sizeof *out->level);
    out->step = malloc(n * sizeof *out->step);
    int rc = -1;
    if (!wn || !u || !segw || !last || !out->begin || !out->level || !out->step)
        goto done;
    /* relative weights, scaled to a median of 1: sigma is then the noise of a typical point */
    for (size_t i = 0; i < n; ++i)
        wn[i] = w ? w[i] : 1;
    if (w) {
        memcpy(u, wn, n * sizeof *u);
        double med = median_of(u, n);
        for (size_t i = 0; i < n; ++i)
            wn[i] /= med;
    }
    double sigma = o.sigma, df = INFINITY;
    if (sigma == 0)
        estimate_sigma(y, wn, n, &sigma, &df);
    size_t nseg = 1;
    out->begin[0] = 0;
    if (sigma > 0 && n > 1 && fit_segments(y, wn, n, sigma, out->penalty, u, last, out->begin, &nseg) != 0)
        goto done;
    out->nseg = nseg;
    double rss = 0;
    for (size_t s = 0; s < nseg; ++s) {
        size_t end = s + 1 < nseg ? out->begin[s + 1] : n;
        double sw = 0, swy = 0;
        for (size_t i = out->begin[s]; i < end; ++i) {
            sw += wn[i];
            swy += wn[i] * y[i];
        }
        out->level[s] = swy / sw;
        segw[s] = sw;
        for (size_t i = out->begin[s]; i < end; ++i)
            rss += wn[i] * (y[i] - out->level[s]) * (y[i] - out->level[s]);
    }
    if (o.sigma == 0 && nseg > 1 && n > nseg && rss > 0) {
        /* the steps are tested on the pooled spread within the segments, as the two-sample
         * t-test is (sigma^2 chi^2 / df, independent of the levels, for a given fit);
         * without spread within them (noiseless) the first estimate stays, as a bound */
        sigma = sqrt(rss / (double)(n - nseg));
        df = (double)(n - nseg);
    }
    out->sigma = sigma;
    out->sigma_df = df;
    for (size_t s = 0; s + 1 < nseg; ++s) {
        pb_step *st = &out->step[s];
        size_t from = out->begin[s], end = s + 2 < nseg ? out->begin[s + 2] : n;
        st->at = out->begin[s + 1];
        st->n_before = st->at - from;
        st->n_after = end - st->at;
        st->before = out->level[s];
        st->after = out->level[s + 1];
        st->shift = st->after - st->before;
        st->z = st->shift / (sigma * sqrt(1 / segw[s] + 1 / segw[s + 1]));
        /* Bonferroni over what the fit chose: the place of the step between its segments'
         * ends, and each end that is a step too (not the series' own ends) over the at
         * most `at` or `n - at` places it could have taken */
        double places = (double)(end - from - 1);
        if (from > 0)
            places *= (double)st->at;
        if (end < n)
            places *= (double)(n - st->at);
        st->p = fmin(1.0, places * pb_student_t_p(st->z, df));
    }
    rc = 0;
done:
    free(wn);
    free(u);
    free(segw);
    free(last);
    if (rc != 0)
        pb_steps_free(out);
    return rc;
}
