/* Reduction: sum of n elements (course seeds/000, 001, 003).
 *
 * Cost model (one repetition, whatever the scheme: every pass and launch until one
 * value is left): bytes = n*sizeof(T) (each input read once; partial sums are not
 * counted); operations = n - 1 additions, reported as FLOPs (integer adds for int).
 * Check: int exactly against a 64-bit sum; float and double against a compensated
 * (Neumaier) sum in double, error |s - ref| / sum|x_i|, tolerance 64*eps(T): relative to
 * the sum of magnitudes the rounding error of any summation order on varied data stays
 * near eps, while one lost or doubled element moves it by about 1/n (caught exactly
 * for int and in double; in float only while n is below about 10^5).
 * Access pattern: read; the read-only ceiling applies. */
#include "pb_bench.h"
#include "pb_shapes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct reduce_ref {
    double sum;     /* float/double: compensated sum */
    double abs_sum; /* sum of magnitudes */
    long long isum; /* int: exact */
} reduce_ref;

static size_t reduce_elems(const pb_case *c, int b)
{
    switch (b) {
    case REDUCE_IN:
        return c->n;
    case REDUCE_OUT:
        return 1;
    default: return PB_REDUCE_SCRATCH(c->n); /* partial sums; k0 keeps a whole tree level */
    }
}

static double reduce_bytes(const pb_case *c) { return (double)c->n * (double)pb_dtype_size(c->dtype); }

static double reduce_flops(const pb_case *c) { return (double)c->n - 1; }

static void reduce_fill(const pb_case *c, int b, void *host, uint64_t seed)
{
    pb_fill_unit(c->dtype, host, c->n, seed, (uint64_t)b);
}

static void *reduce_reference(const pb_case *c, void *const *in)
{
    reduce_ref *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    if (c->dtype == PB_INT) {
        for (size_t i = 0; i < c->n; ++i)
            r->isum += ((const int32_t *)in[REDUCE_IN])[i];
        return r;
    }
    double s = 0, comp = 0, a = 0;
    for (size_t i = 0; i < c->n; ++i) {
        double x = pb_load(c->dtype, in[REDUCE_IN], i), t = s + x;
        comp += fabs(s) >= fabs(x) ? (s - t) + x : (x - t) + s; /* Neumaier */
        s = t;
        a += fabs(x);
    }
    r->sum = s + comp;
    r->abs_sum = a;
    return r;
}

static void reduce_check(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res)
{
    (void)in;
    const reduce_ref *r = ref;
    res->unwritten = pb_is_poison(c->dtype, out, 0);
    if (c->dtype == PB_INT) {
        res->tol = 0;
        res->err = res->unwritten ? NAN : fabs((double)((const int32_t *)out)[0] - (double)r->isum);
        return;
    }
    double v = pb_load(c->dtype, out, 0);
    res->tol = 64 * pb_eps(c->dtype);
    res->err = !isfinite(v) ? INFINITY : fabs(v - r->sum) / (r->abs_sum > 0 ? r->abs_sum : 1);
}

static int reduce_validate(const pb_case *c, char *why, size_t cap)
{
    long b = c->param[REDUCE_BLOCK];
    if (b & (b - 1)) {
        snprintf(why, cap, "--block %ld: the tree reductions need a power of two (64 ... %d)", b,
                 PB_REDUCE_MAX_BLOCK);
        return PB_ERR;
    }
    if (c->dtype == PB_INT && c->n > (1u << 28)) {
        snprintf(why, cap, "--n %zu: int sums are checked exactly only up to 2^28 elements", c->n);
        return PB_ERR;
    }
    return PB_OK;
}

static const char *const reduce_variants[] = {"k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "shfl",
                                              "atomic", "clause", "twolevel", "multiacc", "best", NULL};

static const pb_case_set reduce_cases[] = {
    {"host", "--n 1,2,31,127,1000,4097,100003 --dtype int,float,double"},
    {"fault", "--n 33 --dtype int,float,double"},
    {"golden", "--variants all --n 1,127,4097 --dtype int,float,double"},
    {"gpu", "--size 1,2,31,1000,100003,4194305 --dtype int,float,double --block 64,128,1024"},
    {"sanitize", "--size 33,1000,100003 --dtype int,float,double --block 64,128"},
    {NULL, NULL}};

const pb_bench pb_bench_reduce = {
    .name = "reduce",
    .summary = "parallel reduction (sum): the course's kernels k0-k7 in CUDA and OpenMP, shuffles, atomics, CUB",
    .size_option = "--n",
    .default_sizes = "2^22",
    .cost_model = "bytes = n*sizeof(T) (inputs read once, whole multi-pass reduction timed); FLOPs = n-1 adds; "
                  "check: int exact, float/double |s-ref|/sum|x| <= 64*eps(T) against a compensated sum",
    .variants = reduce_variants,
    .lib_backend = "cub",
    .dtypes = PB_DT_ALL,
    .default_dtype = PB_INT,
    .nparams = 1,
    .params = {{"block", "--block", 128, 64, PB_REDUCE_MAX_BLOCK,
                "threads per block (power of two) for the CUDA kernels"}},
    .nbufs = 3,
    .bufs = {{"in", PB_BUF_IN}, {"out", PB_BUF_OUT}, {"partials", PB_BUF_SCRATCH}},
    .buf_elems = reduce_elems,
    .bytes = reduce_bytes,
    .flops = reduce_flops,
    .fill = reduce_fill,
    .reference = reduce_reference,
    .check = reduce_check,
    .validate = reduce_validate,
    .steps_view = 1,
    .pattern = PB_PATTERN_READ,
    .cases = reduce_cases,
};
