/* dMVM: dense matrix-vector product, dest = mat * src, row-major mat[row*nx + col].
 *
 * Cost model (one repetition): bytes = (nx*nx + 2*nx) * sizeof(T), the matrix read
 * once plus src read and dest written once; FLOPs = 2*nx*nx.
 * Check: normwise relative error max|y - ref| / max|ref| against a double-accumulated
 * reference, tolerance 8 * eps(T) * sqrt(nx): rounding errors of an nx-term sum grow
 * like sqrt(nx) on varied data, while one dropped or doubled term (an indexing bug)
 * moves a row by about 1/sqrt(nx) of its magnitude, far above that bound.
 * Access pattern: read (the matrix); the read-only ceiling applies. */
#include "pb_bench.h"
#include "pb_shapes.h"
#include "reference.h"

#include <math.h>
#include <stdlib.h>

static size_t dmvm_buf_elems(const pb_case *c, int b) { return b == DMVM_MAT ? c->n * c->n : c->n; }

static double dmvm_bytes(const pb_case *c)
{
    double nx = (double)c->n;
    return (nx * nx + 2 * nx) * (double)pb_dtype_size(c->dtype);
}

static double dmvm_flops(const pb_case *c)
{
    double nx = (double)c->n;
    return 2 * nx * nx;
}

static void dmvm_fill(const pb_case *c, int b, void *host, uint64_t seed)
{
    pb_fill_unit(c->dtype, host, dmvm_buf_elems(c, b), seed, (uint64_t)b);
}

static void *dmvm_reference(const pb_case *c, void *const *in)
{
    double *ref = malloc(c->n * sizeof *ref);
    if (ref)
        pb_ref_dmvm(c->dtype, c->n, in[DMVM_MAT], in[DMVM_SRC], ref);
    return ref;
}

static void dmvm_check(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res)
{
    (void)in;
    double tol = 8 * pb_eps(c->dtype) * sqrt((double)c->n);
    pb_check_normwise(c->dtype, ref, out, c->n, tol, res);
}

static const char *const dmvm_variants[] = {"v0", "v1", "v2", "v3", "v4", "v5",
                                            "v6", "v7", "v8", "v9", "best", NULL};

static const pb_case_set dmvm_cases[] = {{"host", "--nx 1,2,31,32,33,127,1000,1025,4097 --dtype float,double"},
                                         {"fault", "--nx 33 --dtype float,double"},
                                         {"golden", "--variants all --nx 1,2,31,33,1000 --dtype float,double"},
                                         {"gpu", "--size 1,31,33,1000,16385 --dtype float,double"},
                                         {"sanitize", "--size 33,100 --dtype float,double"},
                                         {NULL, NULL}};

const pb_bench pb_bench_dmvm = {
    .name = "dmvm",
    .summary = "dense matrix-vector product dest = mat * src (row-major), V0-V9 and best",
    .size_option = "--nx",
    .default_sizes = "4096",
    .cost_model = "bytes = (nx*nx + 2*nx)*sizeof(T) (matrix + src + dest); FLOPs = 2*nx*nx; "
                  "check: max|y-ref|/max|ref| <= 8*eps(T)*sqrt(nx)",
    .variants = dmvm_variants,
    .lib_backend = "cublas",
    .dtypes = PB_DT_FP,
    .default_dtype = PB_DOUBLE,
    .nparams = 0,
    .nbufs = 3,
    .bufs = {{"mat", PB_BUF_IN}, {"src", PB_BUF_IN}, {"dest", PB_BUF_OUT}},
    .buf_elems = dmvm_buf_elems,
    .bytes = dmvm_bytes,
    .flops = dmvm_flops,
    .fill = dmvm_fill,
    .reference = dmvm_reference,
    .check = dmvm_check,
    .pattern = PB_PATTERN_READ,
    .cases = dmvm_cases,
};
