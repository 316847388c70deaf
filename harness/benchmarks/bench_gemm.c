/* GEMM: C_out = alpha*A*B + beta*C_in, row-major, A m x k, B k x n, C m x n (course
 * seeds/000 "Optimizing GEMM in CUDA", 002, 003). alpha = 1.5 and beta = -0.5
 * (pb_shapes.h) are exact in binary and neither 1 nor 0, so both terms are exercised.
 * C is input and output of a GEMM; the harness poisons output buffers before the
 * checked run, so the kernels read C_in and write C_out (libraries copy C_in to C_out
 * first and run in place; that copy is part of their time).
 *
 * Size: --size is the square dimension (default 4096, sweeps allowed); --m, --n, --k
 * (parameters, 0 = --size) override single dimensions for non-square problems.
 *
 * Cost model (one repetition): FLOPs = 2*m*n*k + 3*m*n (a multiply and an add per term
 * of each of the m*n dot products of length k, then alpha*acc, beta*c_in and their sum);
 * bytes = (m*k + k*n + 2*m*n) * sizeof(T): A, B and C_in read once, C_out written once
 * (the minimum traffic; blocked kernels read A and B several times from L2).
 *
 * Check. Rounding error of one element (Higham, Accuracy and Stability, 3.5): a k-term
 * dot product in unit roundoff u is off by at most gamma_k * sum_l |a_il||b_lj| with
 * gamma_k = k*u/(1-k*u); with round-to-nearest on varied data the errors behave like a
 * random walk, about u*sqrt(k) times the typical partial sum, whatever the summation
 * order (sequential, blocked, split). The bound k*u would make the check blind to a
 * wrong element at large k, so the check is normwise on the random-walk scale:
 *  - exact (m*n*k <= 2^27 and m*n <= 2^24): the whole product in double;
 *    err = max|C_out - ref| / max|ref|, tol = 8*u*(sqrt(k) + 2);
 *  - Freivalds (larger): for 3 random vectors x (entries in [-1, 1), fixed seed),
 *    ref = alpha*(A*(B*x)) + beta*(C_in*x) in double, O(mk + kn + mn) per vector, against
 *    C_out*x: err = max|C_out*x - ref| / max|ref|, tol = 8*u*(sqrt(k) + sqrt(n) + 2),
 *    the sqrt(n) term for the double rounding of the three matrix-vector products (it
 *    matters for dtype double only). A wrong element e at (i,j) moves (C_out*x)_i by
 *    e*x_j: at 4096^3 float about 1% of one element's magnitude is caught (the unit
 *    test corrupts one element by 1% at 600x300x800), a wrong row, column or tile far more.
 * Every output element is also scanned for the poison (unwritten elements). */
#include "pb_bench.h"
#include "pb_shapes.h"
#include "reference.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { A, B, CIN, COUT };
enum { P_M, P_N, P_K };
enum { NVEC = 3 };                   /* Freivalds vectors */
#define EXACT_MAX_WORK (1.0 * (1L << 27)) /* m*n*k up to which the product is computed */
#define EXACT_MAX_OUT (1.0 * (1L << 24))  /* and m*n (doubles of the reference) */
#define FREIVALDS_SEED 0x6a09e667f3bcc909ull

typedef struct gemm_ref {
    int exact;
    double *want; /* exact: m*n elements; Freivalds: NVEC vectors of m */
    double *x;    /* Freivalds: NVEC vectors of n */
} gemm_ref;

static void dims(const pb_case *c, size_t *m, size_t *n, size_t *k)
{
    *m = (size_t)PB_GEMM_M(c);
    *n = (size_t)PB_GEMM_N(c);
    *k = (size_t)PB_GEMM_K(c);
}

static int use_exact(size_t m, size_t n, size_t k)
{
    return (double)m * (double)n * (double)k <= EXACT_MAX_WORK && (double)m * (double)n <= EXACT_MAX_OUT;
}

static size_t gemm_elems(const pb_case *c, int b)
{
    size_t m, n, k;
    dims(c, &m, &n, &k);
    switch (b) {
    case A: return m * k;
    case B: return k * n;
    default: return m * n;
    }
}

static double gemm_bytes(const pb_case *c)
{
    size_t m, n, k;
    dims(c, &m, &n, &k);
    return ((double)m * (double)k + (double)k * (double)n + 2.0 * (double)m * (double)n) *
           (double)pb_dtype_size(c->dtype);
}

static double gemm_flops(const pb_case *c)
{
    size_t m, n, k;
    dims(c, &m, &n, &k);
    return 2.0 * (double)m * (double)n * (double)k + 3.0 * (double)m * (double)n;
}

static void gemm_fill(const pb_case *c, int b, void *host, uint64_t seed)
{
    pb_fill_unit(c->dtype, host, gemm_elems(c, b), seed, (uint64_t)b);
}

static void *gemm_reference(const pb_case *c, void *const *in)
{
    size_t m, n, k;
    dims(c, &m, &n, &k);
    const int exact = use_exact(m, n, k);
    size_t nwant = exact ? m * n : NVEC * m, nx = exact ? 0 : NVEC * n;
    /* one block (the worker frees it with free()): header, then want, then x */
    gemm_ref *r = malloc(sizeof *r + (nwant + nx + (exact ? 0 : k + m)) * sizeof(double));
    if (!r)
        return NULL;
    r->exact = exact;
    r->want = (double *)(r + 1);
    r->x = r->want + nwant;
    if (exact) {
        pb_ref_gemm(c->dtype, m, n, k, PB_GEMM_ALPHA, in[A], in[B], PB_GEMM_BETA, in[CIN], r->want);
        return r;
    }
    double *y = r->x + nx, *w = y + k; /* scratch: B*x (k) and C_in*x (m) */
    for (int v = 0; v < NVEC; ++v) {
        double *x = r->x + (size_t)v * n, *want = r->want + (size_t)v * m;
        for (size_t j = 0; j < n; ++j)
            x[j] = pb_rand_unit(FREIVALDS_SEED, (uint64_t)v, j);
        pb_ref_gemv(c->dtype, k, n, in[B], x, y);    /* y = B x */
        pb_ref_gemv(c->dtype, m, k, in[A], y, want); /* A (B x) */
        pb_ref_gemv(c->dtype, m, n, in[CIN], x, w);  /* C_in x */
        for (size_t i = 0; i < m; ++i)
            want[i] = PB_GEMM_ALPHA * want[i] + PB_GEMM_BETA * w[i];
    }
    return r;
}

static size_t unwritten(pb_dtype t, const void *out, size_t count)
{
    size_t n = 0;
    for (size_t i = 0; i < count; ++i)
        n += (size_t)pb_is_poison(t, out, i);
    return n;
}

static void gemm_check(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res)
{
    (void)in;
    const gemm_ref *r = ref;
    size_t m, n, k;
    dims(c, &m, &n, &k);
    const double u = pb_eps(c->dtype);
    if (r->exact) {
        pb_check_normwise(c->dtype, r->want, out, m * n, 8 * u * (sqrt((double)k) + 2), res);
        return;
    }
    res->tol = 8 * u * (sqrt((double)k) + sqrt((double)n) + 2);
    res->unwritten = unwritten(c->dtype, out, m * n);
    double *got = malloc(m * sizeof *got);
    if (!got) {
        res->err = INFINITY;
        return;
    }
    double max_diff = 0, max_ref = 0;
    int nonfinite = 0;
    for (int v = 0; v < NVEC; ++v) {
        const double *x = r->x + (size_t)v * n, *want = r->want + (size_t)v * m;
        pb_ref_gemv(c->dtype, m, n, out, x, got); /* C_out x */
        for (size_t i = 0; i < m; ++i) {
            nonfinite |= !isfinite(got[i]);
            max_diff = fmax(max_diff, fabs(got[i] - want[i]));
            max_ref = fmax(max_ref, fabs(want[i]));
        }
    }
    free(got);
    res->err = nonfinite ? INFINITY : max_ref > 0 ? max_diff / max_ref : max_diff;
}

static int gemm_validate(const pb_case *c, char *why, size_t cap)
{
    size_t m, n, k;
    dims(c, &m, &n, &k);
    if (m > (size_t)PB_GEMM_MAX_MN || n > (size_t)PB_GEMM_MAX_MN || k > (size_t)PB_GEMM_MAX_K) {
        snprintf(why, cap, "gemm %zux%zux%zu: m and n must be at most %ld, k at most %ld", m, n, k, PB_GEMM_MAX_MN,
                 PB_GEMM_MAX_K);
        return PB_ERR;
    }
    return PB_OK;
}

static const char *const gemm_variants[] = {"k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "best", NULL};

static const pb_case_set gemm_cases[] = {
    {"host", "--size 1,2,31,33,100,257 --dtype float,double"},
    {"host:nonsquare", "--size 1 --m 33 --n 65 --k 17 --dtype float,double"},
    {"fault", "--size 33 --dtype float,double"},
    {"golden",
     "--backend omp@clang-19,omp@gcc-12,cpu,openblas --variants all --size 1,33 --m 0,17 --k 0,5 --dtype float,double"},
    {"gpu", "--size 1,31,33,1000,4097 --m 0,33 --k 0,17 --dtype float,double"},
    {"sanitize", "--size 1,33,132 --m 0,65 --k 0,17 --dtype float,double"},
    {NULL, NULL}};

const pb_bench pb_bench_gemm = {
    .name = "gemm",
    .summary = "C = alpha*A*B + beta*C (row-major): the SGEMM ladder k1-k8 and best, cuBLAS, OpenBLAS",
    .size_option = "--size",
    .default_sizes = "4096",
    .cost_model = "m = n = k = size unless --m/--n/--k; FLOPs = 2*m*n*k + 3*m*n; "
                  "bytes = (m*k + k*n + 2*m*n)*sizeof(T) (A, B, C_in read once, C_out written once); "
                  "check: exact in double when m*n*k <= 2^27 (max|C-ref|/max|ref| <= 8*u*(sqrt(k)+2)), "
                  "else Freivalds with 3 random vectors (max|C*x-ref|/max|ref| <= 8*u*(sqrt(k)+sqrt(n)+2))",
    .variants = gemm_variants,
    .lib_backend = "cublas",
    .dtypes = PB_DT_FP,
    .default_dtype = PB_FLOAT,
    .nparams = 3,
    .params = {{"m", "--m", 0, 0, PB_GEMM_MAX_MN, "rows of A and C (0 = --size)", 1},
               {"n", "--n", 0, 0, PB_GEMM_MAX_MN, "columns of B and C (0 = --size)", 1},
               {"k", "--k", 0, 0, PB_GEMM_MAX_K, "columns of A, rows of B (0 = --size)", 1}},
    .nbufs = 4,
    .bufs = {{"A", PB_BUF_IN}, {"B", PB_BUF_IN}, {"C_in", PB_BUF_IN}, {"C_out", PB_BUF_OUT}},
    .buf_elems = gemm_elems,
    .bytes = gemm_bytes,
    .flops = gemm_flops,
    .fill = gemm_fill,
    .reference = gemm_reference,
    .check = gemm_check,
    .validate = gemm_validate,
    .steps_view = 1,
    .flops_headline = 1,
    .cases = gemm_cases,
};
