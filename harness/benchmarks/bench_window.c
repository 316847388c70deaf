/* Sliding-window sum (course seeds/002): out[i] = sum of in[i-R .. i+R], radius R
 * (--radius, default 3 as in the course). Boundary: elements outside [0, n) count as 0
 * (the course pads the input with R zeros on each side; here the kernels guard instead).
 *
 * Cost model (one repetition): bytes = 2*n*sizeof(T) (each input read once, each output
 * written once: the traffic the shared-memory tile achieves; the naive version's 2R
 * extra reads per element hit the caches and are not counted); FLOPs = 2R*n adds.
 * Check: max_i |out_i - ref_i| / max_i sum_window |x_j| against a double reference,
 * tolerance 2*(2R+1)*eps(T): any summation order of 2R+1 terms stays within (2R)*eps of
 * the sum of magnitudes, while a lost or doubled element moves an output by about 1/(R+1)
 * of it. */
#include "pb_bench.h"
#include "pb_shapes.h"
#include "reference.h"

#include <math.h>
#include <stdlib.h>

static double window_bytes(const pb_case *c) { return 2.0 * (double)c->n * (double)pb_dtype_size(c->dtype); }

static double window_flops(const pb_case *c) { return 2.0 * (double)c->param[WINDOW_RADIUS] * (double)c->n; }

static void window_fill(const pb_case *c, int b, void *host, uint64_t seed)
{
    pb_fill_unit(c->dtype, host, c->n, seed, (uint64_t)b);
}

/* ref[0..n) then, in ref[n], the largest window sum of magnitudes */
static void *window_reference(const pb_case *c, void *const *in)
{
    double *ref = malloc((c->n + 1) * sizeof *ref);
    if (ref)
        ref[c->n] = pb_ref_window(c->dtype, c->n, c->param[WINDOW_RADIUS], in[WINDOW_IN], ref);
    return ref;
}

static void window_check(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res)
{
    (void)in;
    const double *r = ref;
    double max_diff = 0;
    size_t unwritten = 0;
    for (size_t i = 0; i < c->n; ++i) {
        if (pb_is_poison(c->dtype, out, i)) {
            ++unwritten;
            continue;
        }
        double d = fabs(pb_load(c->dtype, out, i) - r[i]);
        max_diff = d > max_diff || isnan(d) ? d : max_diff;
    }
    res->unwritten = unwritten;
    res->tol = 2.0 * (double)(2 * c->param[WINDOW_RADIUS] + 1) * pb_eps(c->dtype);
    res->err = !isfinite(max_diff) ? INFINITY : r[c->n] > 0 ? max_diff / r[c->n] : max_diff;
}

static const char *const window_variants[] = {"naive", "tile", "best", NULL};

static const pb_case_set window_cases[] = {
    {"host", "--n 1,2,31,33,1000,4097 --radius 1,3,256 --dtype float,double"},
    {"fault", "--n 33 --dtype float,double"},
    {"golden", "--variants all --n 1,33,1000 --radius 1,3,256 --dtype float,double"},
    {"gpu", "--size 1,2,31,33,1000,100003,16777217 --radius 1,3,256 --dtype float,double"},
    {"sanitize", "--size 33,1000 --radius 3,256 --dtype float,double"},
    {NULL, NULL}};

const pb_bench pb_bench_window = {
    .name = "window",
    .summary = "sliding-window sum of radius R: naive global reads vs a shared-memory tile with halo",
    .size_option = "--n",
    .default_sizes = "2^24",
    .cost_model = "bytes = 2*n*sizeof(T) (read and write once; elements outside [0,n) count as 0); FLOPs = 2R*n; "
                  "check: max|out-ref| / max window sum of |x| <= 2*(2R+1)*eps(T)",
    .variants = window_variants,
    .dtypes = PB_DT_FP,
    .default_dtype = PB_DOUBLE,
    .nparams = 1,
    .params = {{"radius", "--radius", 3, 1, PB_WINDOW_MAX_RADIUS, "window radius R: out[i] = in[i-R] + ... + in[i+R]"}},
    .nbufs = 2,
    .bufs = {{"in", PB_BUF_IN}, {"out", PB_BUF_OUT}},
    .buf_elems = pb_buf_elems_n,
    .bytes = window_bytes,
    .flops = window_flops,
    .fill = window_fill,
    .reference = window_reference,
    .check = window_check,
    .cases = window_cases,
};
