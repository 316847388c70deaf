/* Tests of tools/results/pb_infer.c: the Mann-Whitney U test against tabulated critical values,
 * hand-counted exact p-values, an independent recurrence and the normal approximation;
 * the Hodges-Lehmann shift against brute force; Student's t against tabulated quantiles;
 * the change-point fit against exhaustive search, on synthetic series with known steps
 * and on pure noise (the false-step rate is printed).
 *   test_infer GROUP      GROUP: mwu, steps */
#include "pb_check.h"
#include "pb_infer.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

PB_CHECK_STATE;

/* ---- a reproducible normal generator (splitmix64, Box-Muller) ---- */

static uint64_t rng_state;

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* each seed starts at a scattered place of the sequence: the series of two seeds share no values */
static void rng_seed(uint64_t s) { rng_state = mix64(s + 0x632be59bd9b4e019ULL); }

static uint64_t rng_next(void) { return mix64(rng_state += 0x9e3779b97f4a7c15ULL); }

static double rng_uniform(void) { return ((double)(rng_next() >> 11) + 0.5) / 9007199254740992.0; }

static double rng_normal(void) { return sqrt(-2 * log(rng_uniform())) * cos(6.283185307179586 * rng_uniform()); }

/* ---- Mann-Whitney U ---- */

/* Samples of n1 and n2 distinct values whose U (of x) is u: y = 0..n2-1, and each x_i
 * sits above k_i of them (x_i = k_i - 0.5 + i/1000), the k_i summing to u. */
static void samples_with_u(size_t n1, size_t n2, size_t u, double *x, double *y)
{
    for (size_t j = 0; j < n2; ++j)
        y[j] = (double)j;
    for (size_t i = 0; i < n1; ++i) {
        size_t k = u > n2 ? n2 : u;
        u -= k;
        x[i] = (double)k - 0.5 + (double)i / 1000;
    }
}

/* P(U <= u) for samples of n and m without ties by Mann and Whitney's (1947) recurrence
 * p(u; n, m) = n/(n+m) p(u - m; n-1, m) + m/(n+m) p(u; n, m-1): independent of the
 * library's product formula. Memoised over n, m <= 12. */
static double mw_point(int n, int m, int u)
{
    static double memo[13][13][145];
    static char known[13][13][145];
    if (u < 0 || u > n * m)
        return 0;
    if (n == 0 || m == 0)
        return u == 0;
    if (!known[n][m][u]) {
        memo[n][m][u] = (double)n / (n + m) * mw_point(n - 1, m, u - m) + (double)m / (n + m) * mw_point(n, m - 1, u);
        known[n][m][u] = 1;
    }
    return memo[n][m][u];
}

static void test_mwu_by_hand(void)
{
    /* n1 = n2 = 3: 20 orderings, one of them with U = 0 and one with U = 1 */
    double x[] = {1, 2, 3}, y[] = {4, 5, 6};
    pb_mwu r;
    CHECK(pb_mwu_test(x, 3, y, 3, &r) == 0);
    CHECK(r.exact == 1 && r.ties == 0);
    CHECK(r.u == 0 && r.u_min == 0);
    CHECK_NEAR(r.p, 2.0 / 20, 1e-15); /* two-sided: 2 x 1/20 */
    CHECK(r.shift == 3);              /* differences 1,2,2,3,3,3,4,4,5 */
    CHECK(isnan(r.z));
    CHECK(pb_mwu_test(y, 3, x, 3, &r) == 0); /* swapped: U of x is 9, the same p, shift -3 */
    CHECK(r.u == 9 && r.u_min == 0 && r.shift == -3);
    CHECK_NEAR(r.p, 0.1, 1e-15);
    CHECK_NEAR(pb_mwu_p_exact(3, 3, 1), 2 * 2.0 / 20, 1e-15);
    CHECK_NEAR(pb_mwu_p_exact(2, 2, 0), 2 * 1.0 / 6, 1e-15);
    CHECK(pb_mwu_p_exact(3, 3, 4) == 1); /* P(U <= 4) = 10/20: doubled, capped at 1 */
    CHECK(pb_mwu_p_exact(1, 1, 0) == 1);
    CHECK(isnan(pb_mwu_p_exact(3, 3, 10)) && isnan(pb_mwu_p_exact(3, 3, 0.5)) && isnan(pb_mwu_p_exact(21, 3, 1)));
}

static void test_mwu_recurrence(void)
{
    int bad = 0;
    for (int n = 1; n <= 12; ++n)
        for (int m = 1; m <= 12; ++m)
            for (int u = 0; u <= n * m; ++u) {
                int lo = u < n * m - u ? u : n * m - u;
                double cdf = 0;
                for (int v = 0; v <= lo; ++v)
                    cdf += mw_point(n, m, v);
                double want = fmin(1, 2 * cdf);
                if (fabs(pb_mwu_p_exact((size_t)n, (size_t)m, u) - want) > 1e-12 * want + 1e-15) {
                    if (bad++ < 5)
                        fprintf(stderr, "exact p n1=%d n2=%d u=%d: %.17g, recurrence %.17g\n", n, m, u,
                                pb_mwu_p_exact((size_t)n, (size_t)m, u), want);
                }
            }
    CHECK(bad == 0);
}

/* Critical values of U, alpha = 0.05 two-sided: the largest U whose p <= 0.05. From the
 * standard table ("Table of Critical Values for Critical Significance Levels (alpha) of
 * 0.05 for the U statistic", numeracy-bank.net/?q=t/stt/mwu/3; the same values in the
 * table "Critical values of Mann-Whitney U at p = 0.05 (two-tailed test)", docstoc
 * 53225816): its n1 = n2 diagonal, its n1 = 5 and n1 = 10 rows. (Both printed copies
 * give 67 at n1 = 14, n2 = 17, between 64 and 74 in its row: the exact value is 69.) */
static const int mw_diagonal[] = {0, 2, 5, 8, 13, 17, 23, 30, 37, 45, 55, 64, 75, 87, 99, 113, 127};    /* 4..20 */
static const int mw_row5[] = {0, 1, 2, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 17, 18, 19, 20};           /* n2 3..20 */
static const int mw_row10[] = {0, 3, 5, 8, 11, 14, 17, 20, 23, 26, 29, 33, 36, 39, 42, 45, 48, 52, 55}; /* n2 2..20 */

/* U = crit gives p <= 0.05, U = crit + 1 gives p > 0.05 (samples made with those U). */
static void check_critical(size_t n1, size_t n2, size_t crit)
{
    double x[20], y[20];
    pb_mwu at, above;
    samples_with_u(n1, n2, crit, x, y);
    CHECK(pb_mwu_test(x, n1, y, n2, &at) == 0);
    samples_with_u(n1, n2, crit + 1, x, y);
    CHECK(pb_mwu_test(x, n1, y, n2, &above) == 0);
    int ok = at.exact && above.exact && at.u == (double)crit && at.p <= 0.05 && above.p > 0.05;
    if (!ok)
        fprintf(stderr, "table n1=%zu n2=%zu crit=%zu: p(U=%g) = %g, p(U=%g) = %g\n", n1, n2, crit, at.u, at.p, above.u,
                above.p);
    CHECK(ok);
}

static void test_mwu_table(void)
{
    for (size_t k = 0; k < sizeof mw_diagonal / sizeof *mw_diagonal; ++k)
        check_critical(4 + k, 4 + k, (size_t)mw_diagonal[k]);
    for (size_t k = 0; k < sizeof mw_row5 / sizeof *mw_row5; ++k)
        check_critical(5, 3 + k, (size_t)mw_row5[k]);
    for (size_t k = 0; k < sizeof mw_row10 / sizeof *mw_row10; ++k)
        check_critical(10, 2 + k, (size_t)mw_row10[k]);
    check_critical(14, 17, 69); /* printed 67, a misprint: p(U = 69) = 0.0484, p(U = 70) = 0.0533 */
    /* a value too small for any table: n1 = n2 = 3 can never reach 0.05 */
    CHECK(pb_mwu_p_exact(3, 3, 0) > 0.05);
}

/* At n1 = n2 = 20 the exact p and the normal approximation (continuity corrected) agree:
 * over every U within 0.005 (the largest gap is near p = 0.46), within 0.0015 where the
 * exact p <= 0.1, where decisions are made. */
static void test_mwu_normal_agrees(void)
{
    double worst = 0, tail = 0;
    for (int u = 0; u <= 400; ++u) {
        double e = pb_mwu_p_exact(20, 20, u), a = pb_mwu_p_normal(20, 20, u, 0, NULL);
        worst = fmax(worst, fabs(e - a));
        if (e <= 0.1)
            tail = fmax(tail, fabs(e - a));
    }
    printf("mwu: largest |exact - normal| at n1 = n2 = 20: %.5f, where p <= 0.1: %.5f\n", worst, tail);
    CHECK(worst < 0.005);
    CHECK(tail < 0.0015);
    CHECK_NEAR(pb_mwu_p_normal(20, 20, 127, 0, NULL), pb_mwu_p_exact(20, 20, 127), 0.0015);
    /* just past the exact range the test switches to the approximation */
    double x[21], y[21];
    for (int i = 0; i < 21; ++i) {
        x[i] = i;
        y[i] = i + 10.5;
    }
    pb_mwu r;
    CHECK(pb_mwu_test(x, 21, y, 21, &r) == 0);
    CHECK(!r.exact && r.z > 0 && r.shift == 10.5 && r.u == 55);
    CHECK_NEAR(r.p, pb_mwu_p_normal(21, 21, 55, 0, NULL), 1e-15);
    /* z: (|u - mean| - 1/2) / sd, signed: > 0 when y is larger */
    double z;
    pb_mwu_p_normal(21, 21, 55, 0, &z);
    CHECK_NEAR(z, (220.5 - 55 - 0.5) / sqrt(21.0 * 21 * 43 / 12), 1e-12);
}

static void test_mwu_ties(void)
{
    /* mid-ranks: 1 -> 1; the three 2s -> 3; the three 3s -> 6; 4 -> 8. x's rank sum 13,
     * U = 13 - 10 = 3 (pairs: x=2 vs y=2 twice 1/2, x=3 vs y=2 one, vs y=3 twice 1/2).
     * Normal with ties: var = 16/12 (9 - (24 + 24) / 56) = 10.857, z = 4.5 / 3.295,
     * p = 0.172034 (by hand, erfc). */
    double x[] = {1, 2, 2, 3}, y[] = {2, 3, 3, 4};
    pb_mwu r;
    CHECK(pb_mwu_test(x, 4, y, 4, &r) == 0);
    CHECK(r.u == 3 && r.ties == 2 && !r.exact);
    CHECK_NEAR(r.z, 1.365698202000489, 1e-9);
    CHECK_NEAR(r.p, 0.17203370892182296, 1e-9);
    CHECK(r.shift == 1); /* the 16 differences: -1, 0 x4, 1 x6, 2 x4, 3: the 8th and 9th are 1 */
    /* every value the same: no evidence, p = 1 */
    double a[] = {5, 5, 5}, b[] = {5, 5};
    CHECK(pb_mwu_test(a, 3, b, 2, &r) == 0);
    CHECK(r.p == 1 && r.u == 3 && r.shift == 0 && r.ties == 1);
    /* the continuity correction: U at its mean gives p = 1, not above */
    double c[] = {1, 4}, d[] = {2, 3, 3};
    CHECK(pb_mwu_test(c, 2, d, 3, &r) == 0);
    CHECK(r.u == 3 && r.p == 1);
}

static void test_mwu_errors(void)
{
    double x[] = {1, 2}, bad[] = {1, NAN};
    pb_mwu r;
    CHECK(pb_mwu_test(x, 0, x, 2, &r) == -1 && isnan(r.p) && isnan(r.u));
    CHECK(pb_mwu_test(x, 2, x, 0, &r) == -1);
    CHECK(pb_mwu_test(x, 2, bad, 2, &r) == -1 && isnan(r.shift));
    bad[1] = INFINITY;
    CHECK(pb_mwu_test(bad, 2, x, 2, &r) == -1);
    CHECK(isnan(pb_mwu_p_normal(0, 3, 0, 0, NULL)));
    CHECK(isnan(pb_hodges_lehmann(x, 0, x, 2)));
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void test_hodges_lehmann(void)
{
    double x0[] = {0}, y0[] = {1, 2, 3, 10};
    CHECK(pb_hodges_lehmann(x0, 1, y0, 4) == 2.5);
    CHECK(pb_hodges_lehmann(y0, 4, x0, 1) == -2.5);
    /* against sorting all n1 n2 differences, random sizes, with ties (rounded values) */
    double x[40], y[40], d[1600];
    int bad = 0;
    for (int seed = 0; seed < 300; ++seed) {
        rng_seed((uint64_t)seed);
        size_t n1 = 1 + rng_next() % 40, n2 = 1 + rng_next() % 40;
        int round = seed % 2;
        for (size_t i = 0; i < n1; ++i)
            x[i] = round ? floor(rng_normal() * 4) : rng_normal() * 1e-3;
        for (size_t j = 0; j < n2; ++j)
            y[j] = round ? floor(rng_normal() * 4 + 2) : 1e6 + rng_normal() * 1e-3;
        size_t m = 0;
        for (size_t i = 0; i < n1; ++i)
            for (size_t j = 0; j < n2; ++j)
                d[m++] = y[j] - x[i];
        qsort(d, m, sizeof *d, cmp_d);
        double want = m % 2 ? d[m / 2] : 0.5 * d[m / 2 - 1] + 0.5 * d[m / 2];
        if (pb_hodges_lehmann(x, n1, y, n2) != want && bad++ < 3)
            fprintf(stderr, "HL seed %d: %.17g, brute force %.17g\n", seed, pb_hodges_lehmann(x, n1, y, n2), want);
    }
    CHECK(bad == 0);
}

static void test_student_t(void)
{
    /* tabulated two-sided 5% and 1% quantiles, and closed forms for df = 1, 2 */
    CHECK_NEAR(pb_student_t_p(2.228138851986273, 10), 0.05, 1e-9);
    CHECK_NEAR(pb_student_t_p(12.70620473617471, 1), 0.05, 1e-9);
    CHECK_NEAR(pb_student_t_p(-4.032142983557536, 5), 0.01, 1e-9);
    CHECK_NEAR(pb_student_t_p(2.009, 50), 0.05, 1e-4);          /* a table's three decimals */
    CHECK_NEAR(pb_student_t_p(1, 1), 0.5, 1e-12);               /* Cauchy */
    CHECK_NEAR(pb_student_t_p(1, 2), 1 - 1 / sqrt(3.0), 1e-12); /* 1 - t / sqrt(2 + t^2) */
    CHECK_NEAR(pb_student_t_p(1.959963984540054, INFINITY), 0.05, 1e-12);
    CHECK_NEAR(pb_student_t_p(3, 1e7), erfc(3 / sqrt(2.0)), 1e-7); /* tends to the normal */
    CHECK(pb_student_t_p(0, 3) == 1 && pb_student_t_p(INFINITY, 3) == 0);
    CHECK(pb_student_t_p(40, 4) > 0 && pb_student_t_p(40, 4) < 1e-5);
    CHECK(isnan(pb_student_t_p(1, 0)) && isnan(pb_student_t_p(NAN, 3)));
}

/* ---- change points ---- */

/* The objective of a segmentation (begin[0..k)) as pb_steps_detect defines it. */
static double objective(const double *y, const double *w, size_t n, const size_t *begin, size_t k, double sigma,
                        double pen)
{
    double total = pen * (double)(k - 1);
    for (size_t s = 0; s < k; ++s) {
        size_t end = s + 1 < k ? begin[s + 1] : n;
        double sw = 0, swy = 0;
        for (size_t i = begin[s]; i < end; ++i) {
            sw += w[i];
            swy += w[i] * y[i];
        }
        for (size_t i = begin[s]; i < end; ++i)
            total += w[i] * (y[i] - swy / sw) * (y[i] - swy / sw) / (sigma * sigma);
    }
    return total;
}

/* PELT's pruning loses nothing: the fit equals the best of all 2^(n-1) segmentations. */
static void test_steps_exhaustive(void)
{
    double y[12], w[12];
    size_t begin[12];
    int bad = 0;
    for (int seed = 0; seed < 300; ++seed) {
        rng_seed((uint64_t)seed + 1000);
        size_t n = 2 + (size_t)seed % 11;
        double level = 0;
        for (size_t i = 0; i < n; ++i) {
            if (rng_uniform() < 0.25)
                level += rng_normal() * 3;
            w[i] = seed % 3 ? 1 : 0.2 + rng_uniform() * 3;
            y[i] = level + rng_normal() / sqrt(w[i]);
        }
        /* the median weight is 1 in the fit: pass weights scaled so, to compare objectives */
        double ws[12];
        memcpy(ws, w, n * sizeof *w);
        qsort(ws, n, sizeof *ws, cmp_d);
        double med = n % 2 ? ws[n / 2] : 0.5 * (ws[n / 2 - 1] + ws[n / 2]);
        for (size_t i = 0; i < n; ++i)
            ws[i] = w[i] / med;
        pb_steps_opts o = {.penalty = 1 + (seed % 5), .sigma = 1};
        double best = INFINITY;
        for (unsigned mask = 0; mask < 1u << (n - 1); ++mask) {
            size_t k = 0;
            begin[k++] = 0;
            for (size_t i = 1; i < n; ++i)
                if (mask >> (i - 1) & 1)
                    begin[k++] = i;
            best = fmin(best, objective(y, ws, n, begin, k, 1, o.penalty));
        }
        pb_steps r;
        CHECK(pb_steps_detect(y, w, n, &o, &r) == 0);
        double got = objective(y, ws, n, r.begin, r.nseg, 1, o.penalty);
        if (!(got <= best + 1e-9 * (1 + fabs(best))) && bad++ < 3)
            fprintf(stderr, "steps seed %d n=%zu: objective %.12g, exhaustive %.12g\n", seed, n, got, best);
        pb_steps_free(&r);
    }
    CHECK(bad == 0);
}

static void test_steps_small(void)
{
    pb_steps r;
    CHECK(pb_steps_detect(NULL, NULL, 0, NULL, &r) == 0);
    CHECK(r.n == 0 && r.nseg == 0);
    pb_steps_free(&r);
    double one[] = {0.7};
    CHECK(pb_steps_detect(one, NULL, 1, NULL, &r) == 0);
    CHECK(r.nseg == 1 && r.begin[0] == 0 && r.level[0] == 0.7 && r.sigma == 0);
    pb_steps_free(&r);
    /* two points: with the noise unknown, any difference could be noise */
    double two[] = {1, 2};
    CHECK(pb_steps_detect(two, NULL, 2, NULL, &r) == 0);
    CHECK(r.nseg == 1 && r.level[0] == 1.5);
    pb_steps_free(&r);
    /* with the noise given (0.01), a difference of 100 sigma is a step, on the normal */
    pb_steps_opts known = {.sigma = 0.01};
    CHECK(pb_steps_detect(two, NULL, 2, &known, &r) == 0);
    CHECK(r.nseg == 2 && r.step[0].at == 1 && r.step[0].shift == 1 && isinf(r.sigma_df));
    CHECK_NEAR(r.step[0].z, 1 / (0.01 * sqrt(2.0)), 1e-9);
    CHECK(r.step[0].p < 1e-12);
    pb_steps_free(&r);
    /* a constant series: one segment, no noise */
    double flat[50];
    for (int i = 0; i < 50; ++i)
        flat[i] = -3.25;
    CHECK(pb_steps_detect(flat, NULL, 50, NULL, &r) == 0);
    CHECK(r.nseg == 1 && r.sigma == 0 && r.level[0] == -3.25);
    CHECK_NEAR(r.penalty, 3 * log(50.0), 1e-12);
    pb_steps_free(&r);
    /* a step without noise: found; the noise it is tested on is the first estimate */
    double clean[] = {1, 1, 1, 1, 2, 2, 2, 2};
    CHECK(pb_steps_detect(clean, NULL, 8, NULL, &r) == 0);
    CHECK(r.nseg == 2 && r.begin[1] == 4 && r.level[0] == 1 && r.level[1] == 2 && r.sigma > 0);
    CHECK(r.step[0].p < 0.05);
    pb_steps_free(&r);
    /* bad input */
    double nan_y[] = {1, NAN, 2}, w[] = {1, 0, 1};
    CHECK(pb_steps_detect(nan_y, NULL, 3, NULL, &r) == -1 && r.nseg == 0 && r.step == NULL);
    CHECK(pb_steps_detect(clean, w, 3, NULL, &r) == -1);
    pb_steps_opts neg = {.penalty = -1};
    CHECK(pb_steps_detect(clean, NULL, 8, &neg, &r) == -1);
    pb_steps_opts inf = {.sigma = INFINITY};
    CHECK(pb_steps_detect(clean, NULL, 8, &inf, &r) == -1);
}

/* Series of log times: level log(1 + step) from each step on, normal noise of sd `noise`.
 * Over `seeds` series, how often every step is found at its place, with p < 0.01, and
 * no other step with p < 0.05. */
typedef struct scenario {
    const char *name;
    size_t n;
    size_t at[2];
    double step[2];
    size_t nsteps;
    double noise;
} scenario;

static double scenario_rate(const scenario *sc, int seeds, double *shift_err)
{
    double *y = malloc(sc->n * sizeof *y);
    int good = 0;
    *shift_err = 0; /* the largest error of a shift found, in its standard errors */
    for (int seed = 0; seed < seeds; ++seed) {
        rng_seed((uint64_t)seed * 1000 + sc->n);
        for (size_t i = 0; i < sc->n; ++i) {
            double f = 1;
            for (size_t k = 0; k < sc->nsteps; ++k)
                if (i >= sc->at[k])
                    f *= 1 + sc->step[k];
            y[i] = log(f) + sc->noise * rng_normal();
        }
        pb_steps r;
        CHECK(pb_steps_detect(y, NULL, sc->n, NULL, &r) == 0);
        size_t hits = 0, others = 0;
        for (size_t s = 0; s + 1 < r.nseg; ++s) {
            int mine = 0;
            for (size_t k = 0; k < sc->nsteps; ++k)
                if (r.step[s].at == sc->at[k] && r.step[s].p < 0.01) {
                    mine = 1;
                    double se = sc->noise * sqrt(1.0 / (double)r.step[s].n_before + 1.0 / (double)r.step[s].n_after);
                    *shift_err = fmax(*shift_err, fabs(r.step[s].shift - log1p(sc->step[k])) / se);
                }
            hits += (size_t)mine;
            others += !mine && r.step[s].p < 0.05;
        }
        good += hits == sc->nsteps && others == 0;
        pb_steps_free(&r);
    }
    free(y);
    return good / (double)seeds;
}

static void test_steps_found(void)
{
    static const scenario cases[] = {
        {"one step of 5%, noise 1%, 40 points", 40, {20}, {0.05}, 1, 0.01},
        {"one step of 5%, noise 1%, 20 points", 20, {10}, {0.05}, 1, 0.01},
        {"two steps (+8%, -6%), noise 1%", 60, {20, 45}, {0.08, -0.06}, 2, 0.01},
        {"a step of 10% at the last point, noise 1%", 30, {29}, {0.10}, 1, 0.01},
        {"-14% at clang 19 of 8 versions, noise 2%", 8, {5}, {-0.14}, 1, 0.02},
        {"a step of 20%, noise 1%, 2000 points", 2000, {1500}, {0.20}, 1, 0.01},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; ++c) {
        double err;
        int seeds = cases[c].n > 100 ? 20 : 500;
        double rate = scenario_rate(&cases[c], seeds, &err);
        printf("steps: %-45s found exactly, p < 0.01, nothing else: %5.1f%% of %d (shift within %.1f se)\n",
               cases[c].name, 100 * rate, seeds, err);
        CHECK(rate >= (cases[c].n == 8 ? 0.90 : 0.95));
        CHECK(err < 5);
    }
}

/* Pure noise: how many series show a step with p < 0.05 (< 0.01). The rate must stay
 * at alpha (within 3 standard errors of the count: 10,000 series per length up to 50
 * points, 2,000 above; the rates are in docs/statistics.md). */
static void test_steps_noise(void)
{
    static const size_t lengths[] = {3, 5, 10, 20, 50, 200};
    double y[200], w[200];
    for (size_t l = 0; l < sizeof lengths / sizeof *lengths; ++l) {
        size_t n = lengths[l];
        for (int weighted = 0; weighted < 2; ++weighted) {
            int fit = 0, p05 = 0, p01 = 0, seeds = n <= 50 ? 10000 : 2000;
            for (int seed = 0; seed < seeds; ++seed) {
                rng_seed((uint64_t)seed * 1000 + n + 500 * (uint64_t)weighted);
                for (size_t i = 0; i < n; ++i) {
                    w[i] = weighted ? (i % 3 ? 1 : 0.04) : 1; /* every third point 5x noisier */
                    y[i] = 0.01 * rng_normal() / sqrt(w[i]);
                }
                pb_steps r;
                CHECK(pb_steps_detect(y, weighted ? w : NULL, n, NULL, &r) == 0);
                int a = 0, b = 0;
                for (size_t s = 0; s + 1 < r.nseg; ++s) {
                    a |= r.step[s].p < 0.05;
                    b |= r.step[s].p < 0.01;
                }
                fit += r.nseg > 1;
                p05 += a;
                p01 += b;
                pb_steps_free(&r);
            }
            printf("steps: pure noise, %3zu points%s: fitted a step in %5.2f%%, p < 0.05 in %5.2f%%, p < 0.01 in "
                   "%5.2f%% of %5d series\n",
                   n, weighted ? ", weighted" : "          ", 100.0 * fit / seeds, 100.0 * p05 / seeds,
                   100.0 * p01 / seeds, seeds);
            /* alpha, plus the Monte Carlo error (3 sd) */
            CHECK(p05 <= 0.05 * seeds + 3 * sqrt(0.05 * 0.95 * seeds));
            CHECK(p01 <= 0.01 * seeds + 3 * sqrt(0.01 * 0.99 * seeds));
        }
    }
}

/* A deviation on a point known to be noisy (small weight) is no step; on a point of
 * full weight the same deviation is (a point apart: a step up and a step back). */
static void test_steps_weights(void)
{
    double y[40], w[40];
    rng_seed(99);
    for (int i = 0; i < 40; ++i) {
        y[i] = 0.001 * rng_normal();
        w[i] = 1;
    }
    y[20] += 0.05;
    pb_steps r;
    CHECK(pb_steps_detect(y, w, 40, NULL, &r) == 0);
    CHECK(r.nseg == 3 && r.begin[1] == 20 && r.begin[2] == 21);
    CHECK(r.step[0].p < 0.01 && r.step[1].p < 0.01 && r.step[0].shift > 0 && r.step[1].shift < 0);
    pb_steps_free(&r);
    w[20] = 1e-4; /* its noise 100 x the others' */
    CHECK(pb_steps_detect(y, w, 40, NULL, &r) == 0);
    CHECK(r.nseg == 1);
    pb_steps_free(&r);
    /* weights are relative: scaling them all changes nothing */
    for (int i = 0; i < 40; ++i)
        w[i] *= 1e6;
    CHECK(pb_steps_detect(y, w, 40, NULL, &r) == 0);
    CHECK(r.nseg == 1);
    pb_steps_free(&r);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_infer GROUP (mwu, steps)\n");
        return 2;
    }
    static const pb_check_group groups[] = {
        {"mwu",
         {test_mwu_by_hand, test_mwu_recurrence, test_mwu_table, test_mwu_normal_agrees, test_mwu_ties, test_mwu_errors,
          test_hodges_lehmann, test_student_t}},
        {"steps", {test_steps_exhaustive, test_steps_small, test_steps_found, test_steps_noise, test_steps_weights}},
    };
    return PB_CHECK_RUN_GROUP(argv[1], groups);
}
