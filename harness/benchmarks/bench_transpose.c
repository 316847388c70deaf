/* Matrix transpose (course seeds/001: shared-memory tiles, bank conflicts, padding,
 * grid unrolling). in is m x n row-major (m = --n rows, n = --cols columns, square when
 * --cols is not given), out = in^T is n x m row-major: out[j*m + i] = in[i*n + j].
 *
 * Cost model (one repetition): bytes = 2*m*n*sizeof(T) (every element read and written
 * once); FLOPs = 0. Check: every element exactly (a copy has one correct result). */
#include "pb_bench.h"
#include "pb_shapes.h"

#include <stdio.h>

static size_t cols_of(const pb_case *c) { return c->param[TRANSPOSE_COLS] ? (size_t)c->param[TRANSPOSE_COLS] : c->n; }

static size_t transpose_elems(const pb_case *c, int b)
{
    (void)b;
    return c->n * cols_of(c);
}

static double transpose_bytes(const pb_case *c)
{
    return 2.0 * (double)c->n * (double)cols_of(c) * (double)pb_dtype_size(c->dtype);
}

static void transpose_fill(const pb_case *c, int b, void *host, uint64_t seed)
{
    pb_fill_unit(c->dtype, host, transpose_elems(c, b), seed, (uint64_t)b);
}

typedef struct tr_ctx {
    pb_dtype t;
    const void *in;
    size_t m, n;
} tr_ctx;

/* out element k = (j, i) of the n x m result is in[i*n + j] */
static double want_transposed(size_t k, const void *p)
{
    const tr_ctx *t = p;
    size_t j = k / t->m, i = k % t->m;
    return pb_load(t->t, t->in, i * t->n + j);
}

static void transpose_check(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res)
{
    (void)ref;
    tr_ctx t = {c->dtype, in[TRANSPOSE_IN], c->n, cols_of(c)};
    pb_check_elements(c->dtype, out, c->n * t.n, 1, 0, want_transposed, &t, res);
}

static int transpose_validate(const pb_case *c, char *why, size_t cap)
{
    if ((double)c->n * (double)cols_of(c) > 0x1p40) {
        snprintf(why, cap, "transpose %zu x %zu: more than 2^40 elements", c->n, cols_of(c));
        return PB_ERR;
    }
    return PB_OK;
}

static const char *const transpose_variants[] = {"naive", "tile", "padded", "unrolled", "best", NULL};

static const pb_case_set transpose_cases[] = {{"host", "--n 1,31,33,1000 --cols 1,33,1025 --dtype float,double"},
                                              {"host:square", "--n 1,33,100 --dtype float,double"},
                                              {"fault", "--n 33 --cols 7 --dtype float,double"},
                                              {"golden", "--variants all --n 1,33,100 --cols 0,7 --dtype float,double"},
                                              {"gpu", "--size 1,31,33,1000,4097 --cols 1,33,1025 --dtype float,double"},
                                              {"gpu:square", "--size 1,33,4097 --dtype float,double"},
                                              {"sanitize", "--size 33,100 --cols 7,33 --dtype float,double"},
                                              {"sanitize:square", "--size 33 --dtype float,double"},
                                              {NULL, NULL}};

const pb_bench pb_bench_transpose = {
    .name = "transpose",
    .summary = "matrix transpose (m x n, row-major): naive, shared-memory tile, padded tile, unrolled; cuBLAS geam",
    .size_option = "--n",
    .default_sizes = "8192",
    .cost_model = "bytes = 2*m*n*sizeof(T) (m = --n rows, n = --cols; read and write once); FLOPs = 0; "
                  "check: every element exactly",
    .variants = transpose_variants,
    .lib_backend = "cublas",
    .dtypes = PB_DT_FP,
    .default_dtype = PB_DOUBLE,
    .nparams = 1,
    .params = {{"cols", "--cols", 0, 0, 1 << 30, "columns n of the m x n input; 0 = square (n = m)", 1}},
    .nbufs = 2,
    .bufs = {{"in", PB_BUF_IN}, {"out", PB_BUF_OUT}},
    .buf_elems = transpose_elems,
    .bytes = transpose_bytes,
    .flops = pb_cost_none,
    .fill = transpose_fill,
    .check = transpose_check,
    .validate = transpose_validate,
    .cases = transpose_cases,
};
