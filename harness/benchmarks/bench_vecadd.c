/* Vector add: c = a + b (course seeds/000, 002: the first CUDA kernel).
 *
 * Cost model (one repetition): bytes = 3*n*sizeof(T) (a and b read, c written once);
 * FLOPs = n. Check: every element exactly against a + b rounded once in T (one add in
 * the same precision has exactly one correct result). */
#include "pb_bench.h"
#include "pb_shapes.h"

static double vecadd_bytes(const pb_case *c) { return 3.0 * (double)c->n * (double)pb_dtype_size(c->dtype); }

static void vecadd_fill(const pb_case *c, int b, void *host, uint64_t seed)
{
    pb_fill_unit(c->dtype, host, c->n, seed, (uint64_t)b);
}

typedef struct sum_ctx {
    pb_dtype t;
    const void *a, *b;
} sum_ctx;

/* a[k] + b[k] computed in T, as the kernels do */
static double want_sum(size_t k, const void *p)
{
    const sum_ctx *s = p;
    if (s->t == PB_FLOAT) {
        volatile float r = ((const float *)s->a)[k] + ((const float *)s->b)[k];
        return r;
    }
    return ((const double *)s->a)[k] + ((const double *)s->b)[k];
}

static void vecadd_check(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res)
{
    (void)ref;
    sum_ctx s = {c->dtype, in[VECADD_A], in[VECADD_B]};
    pb_check_elements(c->dtype, out, c->n, 1, 0, want_sum, &s, res);
}

static const char *const vecadd_variants[] = {"naive", "gridstride", "best", NULL};

static const pb_case_set vecadd_cases[] = {{"host", "--n 1,31,33,1000,4097,100003 --dtype float,double"},
                                           {"fault", "--n 33 --dtype float,double"},
                                           {"golden", "--variants all --n 1,33,4097 --dtype float,double"},
                                           {"gpu", "--size 1,31,33,1000,100003,16777217 --dtype float,double"},
                                           {"sanitize", "--size 33,1000 --dtype float,double"},
                                           {NULL, NULL}};

const pb_bench pb_bench_vecadd = {
    .name = "vecadd",
    .summary = "vector add c = a + b: one element per thread vs a grid-stride loop",
    .size_option = "--n",
    .default_sizes = "2^24",
    .cost_model = "bytes = 3*n*sizeof(T) (a, b read, c written); FLOPs = n; check: every element exactly "
                  "(a + b rounded once in T)",
    .variants = vecadd_variants,
    .dtypes = PB_DT_FP,
    .default_dtype = PB_DOUBLE,
    .nbufs = 3,
    .bufs = {{"a", PB_BUF_IN}, {"b", PB_BUF_IN}, {"c", PB_BUF_OUT}},
    .buf_elems = pb_buf_elems_n,
    .bytes = vecadd_bytes,
    .flops = pb_cost_per_elem, /* one add per element */
    .fill = vecadd_fill,
    .check = vecadd_check,
    .cases = vecadd_cases,
};
