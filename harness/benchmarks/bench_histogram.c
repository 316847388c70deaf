/* Histogram (course seeds/003): counts[bin(key)]++ over n keys, --bins bins (default 10,
 * as the course's student scores 0..9; at most 4096). Keys are int (bin = key, keys
 * uniform in [0, bins)) or float (uniform multiples of 2^-23 in [-1, 1), bin =
 * floor((x + 1) / 2 * bins) computed exactly in integers: PB_HIST_* in pb_shapes.h, the
 * same formula in every backend). Counts are int32 whatever the key type.
 *
 * Cost model (one repetition): bytes = n*sizeof(key) + bins*4 (keys read once, counts
 * written once); FLOPs = 0 (integer increments); elements = n keys (elems_per_s).
 * Check: every count exactly against a serial count. */
#include "pb_bench.h"
#include "pb_shapes.h"
#include "reference.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static size_t hist_elems(const pb_case *c, int b) { return b == HIST_KEYS ? c->n : (size_t)c->param[HIST_BINS]; }

static double hist_bytes(const pb_case *c)
{
    return (double)c->n * (double)pb_dtype_size(c->dtype) + 4.0 * (double)c->param[HIST_BINS];
}

typedef struct key_job {
    const pb_case *c;
    void *host;
    uint64_t seed;
} key_job;

static void fill_keys(size_t begin, size_t end, void *p)
{
    const key_job *j = p;
    const long bins = j->c->param[HIST_BINS];
    for (size_t i = begin; i < end; ++i) {
        uint64_t r = pb_rand_u64(j->seed, HIST_KEYS, i);
        if (j->c->dtype == PB_INT)
            ((int32_t *)j->host)[i] = (int32_t)(r % (uint64_t)bins);
        else /* an exact multiple of 2^-23 in [-1, 1) */
            ((float *)j->host)[i] = (float)((double)(int32_t)(r % (1u << 24)) - 8388608.0) * 0x1p-23f;
    }
}

static void hist_fill(const pb_case *c, int b, void *host, uint64_t seed)
{
    (void)b;
    key_job j = {c, host, seed};
    pb_parallel_for(c->n, 1 << 16, fill_keys, &j);
}

static void *hist_reference(const pb_case *c, void *const *in)
{
    long long *counts = calloc((size_t)c->param[HIST_BINS], sizeof *counts);
    if (counts)
        pb_ref_histogram(c->dtype, c->n, (int)c->param[HIST_BINS], in[HIST_KEYS], counts);
    return counts;
}

static void hist_check(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res)
{
    (void)in;
    const long long *want = ref;
    double max_diff = 0;
    res->unwritten = 0;
    for (long b = 0; b < c->param[HIST_BINS]; ++b) {
        if (pb_is_poison(c->dtype, out, (size_t)b)) { /* poison of the key type, read as a count */
            ++res->unwritten;
            continue;
        }
        double d = fabs((double)((const int32_t *)out)[b] - (double)want[b]);
        max_diff = d > max_diff ? d : max_diff;
    }
    res->err = max_diff;
    res->tol = 0;
}

static int hist_validate(const pb_case *c, char *why, size_t cap)
{
    if (c->n > (size_t)INT32_MAX / 2) {
        snprintf(why, cap, "--n %zu: counts are int32, at most 2^30 keys", c->n);
        return PB_ERR;
    }
    return PB_OK;
}

static const char *const hist_variants[] = {"global", "shared", "best", NULL};

static const pb_case_set histogram_cases[] = {
    {"host", "--n 1,31,1000,4097,100003 --bins 1,10,257,4096 --dtype int,float"},
    {"fault", "--n 1000 --dtype int,float"},
    {"golden", "--variants all --n 1,1000 --bins 1,257,4096 --dtype int,float"},
    {"gpu", "--size 1,31,1000,100003,16777217 --bins 1,10,257,4096 --dtype int,float"},
    {"sanitize", "--size 33,1000 --bins 10,4096 --dtype int,float"},
    {NULL, NULL}};

const pb_bench pb_bench_histogram = {
    .name = "histogram",
    .summary = "histogram of n keys: one global atomic per key vs per-block shared-memory histograms; CUB",
    .size_option = "--n",
    .default_sizes = "2^24",
    .cost_model = "bytes = n*sizeof(key) + 4*bins (keys read, int32 counts written); FLOPs = 0; elements = n keys "
                  "(elems_per_s); int key k -> bin k, float key x in [-1,1) -> floor((x+1)/2*bins) exactly; "
                  "check: every count exactly",
    .variants = hist_variants,
    .lib_backend = "cub",
    .dtypes = PB_DT(PB_INT) | PB_DT(PB_FLOAT),
    .default_dtype = PB_INT,
    .nparams = 1,
    .params = {{"bins", "--bins", 10, 1, PB_HIST_MAX_BINS, "number of bins (int keys are uniform in [0, bins))"}},
    .nbufs = 2,
    .bufs = {{"keys", PB_BUF_IN}, {"counts", PB_BUF_OUT}},
    .buf_elems = hist_elems,
    .bytes = hist_bytes,
    .flops = pb_cost_none,
    .fill = hist_fill,
    .reference = hist_reference,
    .check = hist_check,
    .validate = hist_validate,
    .elems = pb_cost_per_elem,
    .cases = histogram_cases,
};
