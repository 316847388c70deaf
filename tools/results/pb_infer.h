/* pb_infer.h - statistical inference for regression tracking: the Mann-Whitney U test of
 * two samples (exact p for small samples without ties, else the normal approximation),
 * the Hodges-Lehmann shift, and change points in a series (a penalised piecewise-constant
 * fit, each step tested). Pure computation: no I/O, libm only. Formulas, references and
 * limits: docs/statistics.md. */
#ifndef PB_INFER_H
#define PB_INFER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Student's t ---- */

/* P(|T| >= |t|) for Student's t with df > 0 degrees of freedom (df may be fractional;
 * INFINITY: the normal distribution). NaN for a NaN t or a df that is not > 0. */
double pb_student_t_p(double t, double df);

/* ---- Mann-Whitney U ---- */

/* The exact distribution of U is used when both samples have at most this many values
 * and no value is tied. */
#define PB_MWU_EXACT_MAX 20

typedef struct pb_mwu {
    size_t n1, n2;
    double u;     /* U of x: the pairs (x_i, y_j) with x_i > y_j, a tie counting 1/2; U of y is n1 n2 - u */
    double u_min; /* min(U of x, U of y): the value tables of critical values list */
    double z;     /* the normal approximation's z (continuity and tie corrected), > 0 when y is larger;
                     NaN when exact */
    double p;     /* two-sided p-value */
    int exact;    /* 1: p from the exact distribution of U */
    size_t ties;  /* groups of tied values (across both samples) */
    double shift; /* Hodges-Lehmann: the median of the n1 n2 differences y_j - x_i; > 0: y is larger */
} pb_mwu;

/* The two-sided test of x[0..n1) against y[0..n2): mid-ranks for ties; the exact p when
 * n1, n2 <= PB_MWU_EXACT_MAX and there are no ties, else the normal approximation with
 * tie and continuity corrections; shift as pb_hodges_lehmann. 0, or -1 (out filled with
 * NaN) when a sample is empty, holds a value that is not finite, or memory runs out.
 * O(N log N) for N = n1 + n2 (and the shift's bisection), plus O(n1^2 n2) for an exact p. */
int pb_mwu_test(const double *x, size_t n1, const double *y, size_t n2, pb_mwu *out);

/* Two-sided exact p of U = u (either sample's U) for samples of n1 and n2 values without
 * ties: P(U <= min(u, n1 n2 - u)) doubled, at most 1. NaN when n1 or n2 is 0 or above
 * PB_MWU_EXACT_MAX, or u is not a whole number in [0, n1 n2]. */
double pb_mwu_p_exact(size_t n1, size_t n2, double u);

/* Two-sided p of the normal approximation: mean n1 n2 / 2, variance
 * n1 n2 / 12 ((N + 1) - tie_sum / (N (N - 1))) with N = n1 + n2 and tie_sum = sum over
 * groups of t tied values of t^3 - t, z = (|u - mean| - 1/2) / sd. 1 when the variance is
 * 0 (every value tied); NaN when n1 or n2 is 0. If z_out, it receives z. */
double pb_mwu_p_normal(size_t n1, size_t n2, double u, double tie_sum, double *z_out);

/* The Hodges-Lehmann shift of y against x: the median of the n1 n2 differences
 * y_j - x_i (the mean of the middle two for an even count), found without storing them:
 * a bisection on the value, O(n1 + n2) per step, until it is one of the differences
 * (about 60 steps; at most some 2,100). NaN when a sample is empty or memory runs out. */
double pb_hodges_lehmann(const double *x, size_t n1, const double *y, size_t n2);

/* ---- change points ---- */

typedef struct pb_steps_opts {
    double penalty; /* per step, in units of sigma^2; 0: the default, 3 ln n (MBIC, Zhang and Siegmund 2007) */
    double sigma;   /* the noise of a point of median weight, when known; 0: estimated from the series */
} pb_steps_opts;

typedef struct pb_step {
    size_t at;                /* the first point of the new level: the step is between at - 1 and at */
    size_t n_before, n_after; /* points of the segments on either side */
    double before, after;     /* the levels of those segments (weighted means) */
    double shift;             /* after - before (for log times: exp(shift) - 1 is the relative change) */
    double z;                 /* shift / (sigma sqrt(1 / W_before + 1 / W_after)), W: the segments' weights */
    double p;                 /* two-sided p of z (Student's t with sigma_df degrees of freedom), times the
                                 places the fit could have put the step and the ends of its two segments
                                 that are steps too (Bonferroni), at most 1 */
} pb_step;

typedef struct pb_steps {
    size_t n;        /* points */
    size_t nseg;     /* segments (0 when n == 0); nseg - 1 steps */
    size_t *begin;   /* per segment: its first point (begin[0] = 0) */
    double *level;   /* per segment: the weighted mean of its points */
    pb_step *step;   /* nseg - 1 steps, in order */
    double sigma;    /* the noise the steps were tested on; 0 for a constant series */
    double sigma_df; /* its degrees of freedom (INFINITY when opts gave sigma) */
    double penalty;  /* the penalty used */
} pb_steps;

/* The piecewise-constant fit of y[0..n) that minimises
 *     sum over segments of sum_i w_i (y_i - level)^2 / sigma^2  +  penalty x (segments - 1)
 * exactly (optimal partitioning, Jackson et al. 2005, with the PELT pruning of Killick,
 * Fearnhead and Eckley 2012: O(n) time when steps are spread, O(n^2) at worst, O(n)
 * memory), then a test of each step. w: relative weights (1 / the variance of each point,
 * e.g. from its run's spread), NULL for all 1; only their ratios matter: they are scaled
 * to a median of 1. Unless opts gives sigma, it comes from the series itself, because the
 * spread within one run understates the spread between runs: for the fit, the mean square
 * successive difference; for the tests, the pooled spread within the segments found
 * (n - segments degrees of freedom). A step is real at level alpha when its p < alpha
 * (the rate on pure noise is measured in docs/statistics.md). opts NULL: the defaults.
 * 0, or -1 (out empty) when a value is not finite, a weight is not finite and > 0, an
 * option is negative or not finite, or memory runs out. */
int pb_steps_detect(const double *y, const double *w, size_t n, const pb_steps_opts *opts, pb_steps *out);
void pb_steps_free(pb_steps *s);

#ifdef __cplusplus
}
#endif
#endif
