/* Rank sort (course seeds/003): one thread per key counts the keys that precede it in
 * sorted order and writes the key at that rank. The course assumes distinct keys; here
 * ties are handled stably: rank(i) = #{j : a[j] < a[i]} + #{j < i : a[j] == a[i]}, so
 * the ranks are a permutation whatever the keys. The keys (int, or float multiples of
 * 2^-10) are drawn from about n/2 values: many ties and many distinct keys.
 *
 * Cost model (one repetition): bytes = 2*n*sizeof(T) (keys read once, sorted keys written
 * once: the compulsory traffic; the rank sort itself does n^2 comparisons, not reported
 * as FLOPs); FLOPs = 0; elements = n keys (elems_per_s).
 * Check: the output equals a stable sort of the input, every element exactly; a wrong
 * tie rule leaves a position unwritten (poisoned) and fails. */
#include "pb_bench.h"
#include "pb_shapes.h"
#include "reference.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double rank_bytes(const pb_case *c) { return 2.0 * (double)c->n * (double)pb_dtype_size(c->dtype); }

typedef struct key_job {
    const pb_case *c;
    void *host;
    uint64_t seed;
} key_job;

/* Keys from {-K/2, ..., K/2 - 1} with K = n/2 + 2 (at most 2^24): exact in float after
 * scaling by 2^-10; never -0.0 (CUB's radix order puts -0.0 before +0.0). */
static void fill_keys(size_t begin, size_t end, void *p)
{
    const key_job *j = p;
    const uint64_t k = j->c->n / 2 + 2 < (1u << 24) ? j->c->n / 2 + 2 : (1u << 24);
    for (size_t i = begin; i < end; ++i) {
        int32_t v = (int32_t)(pb_rand_u64(j->seed, RANKSORT_KEYS, i) % k) - (int32_t)(k / 2);
        if (j->c->dtype == PB_INT)
            ((int32_t *)j->host)[i] = v;
        else
            ((float *)j->host)[i] = (float)v * 0x1p-10f;
    }
}

static void rank_fill(const pb_case *c, int b, void *host, uint64_t seed)
{
    (void)b;
    key_job j = {c, host, seed};
    pb_parallel_for(c->n, 1 << 16, fill_keys, &j);
}

static void *rank_reference(const pb_case *c, void *const *in)
{
    void *sorted = malloc(c->n * pb_dtype_size(c->dtype) + 1);
    if (sorted && pb_ref_stable_sort(c->dtype, c->n, in[RANKSORT_KEYS], sorted) != PB_OK) {
        free(sorted);
        sorted = NULL;
    }
    return sorted;
}

static void rank_check(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res)
{
    (void)in;
    size_t wrong = 0;
    res->unwritten = 0;
    for (size_t i = 0; i < c->n; ++i) {
        if (pb_is_poison(c->dtype, out, i))
            ++res->unwritten;
        else if (pb_load(c->dtype, out, i) != pb_load(c->dtype, ref, i))
            ++wrong;
    }
    res->err = (double)wrong; /* positions holding the wrong key */
    res->tol = 0;
}

static int rank_variant_check(const pb_case *c, const char *variant, char *why, size_t cap)
{
    if (strcmp(variant, "block") == 0 && c->n > PB_RANKSORT_MAX_BLOCK) {
        snprintf(why, cap, "block sorts in one block of n threads: n = %zu > %d (use grid)", c->n,
                 PB_RANKSORT_MAX_BLOCK);
        return PB_SKIP;
    }
    return PB_OK;
}

static int rank_validate(const pb_case *c, char *why, size_t cap)
{
    if (c->n > (1u << 24)) {
        snprintf(why, cap, "--n %zu: rank sort does n^2 comparisons; at most 2^24 keys", c->n);
        return PB_ERR;
    }
    return PB_OK;
}

/* The CPU baseline's n^2 comparisons grow fast: 2^18 keys take about 20 s a run on two
 * cores, the documented maximum 2^24 keys about a day. Beyond RANK_BASELINE_MAX_N the
 * baseline runs only when --backend cpu names it (docs/benchmarks.md, Rank sort). The estimate uses the
 * rate of the baseline measured on a 2-core VM (gcc-12, int and float keys alike). */
#define RANK_BASELINE_MAX_N (1u << 18)
#define RANK_CPU_RATE 1.5e9 /* comparisons per second and thread */

static int rank_baseline_limit(const pb_case *c, int threads, char *why, size_t cap)
{
    if (c->n <= RANK_BASELINE_MAX_N)
        return PB_OK;
    const double cmp = (double)c->n * (double)c->n, s = cmp / (RANK_CPU_RATE * (threads > 0 ? threads : 1));
    char t[32];
    if (s < 120)
        snprintf(t, sizeof t, "%.0f s", s);
    else if (s < 7200)
        snprintf(t, sizeof t, "%.0f min", s / 60);
    else
        snprintf(t, sizeof t, "%.1f h", s / 3600);
    snprintf(why, cap, "the CPU baseline does n^2 = %.2g comparisons, above n = %u about %s a run on %d thread%s "
             "(at ~%.2g comparisons/s each)", cmp, RANK_BASELINE_MAX_N, t, threads, threads == 1 ? "" : "s",
             RANK_CPU_RATE);
    return PB_SKIP;
}

static const char *const rank_variants[] = {"block", "grid", "best", NULL};

static const pb_case_set ranksort_cases[] = {
    {"host", "--n 1,2,31,33,1000,1024 --dtype int,float"},
    {"fault", "--n 100 --dtype int,float"},
    {"golden", "--variants all --n 1,33,1025 --dtype int,float"},
    {"gpu", "--size 1,2,31,33,1000,1024 --dtype int,float"},
    {"gpu:large", "--size 1025,4097,65537 --variants grid,best --dtype int,float"},
    {"sanitize", "--size 33,1000 --dtype int,float"},
    {"sanitize:large", "--size 1025,4097 --variants grid,best --dtype int,float"},
    {NULL, NULL}};

const pb_bench pb_bench_ranksort = {
    .name = "ranksort",
    .summary = "rank sort, one thread per key (stable for ties): one block vs n/T blocks; CUB radix sort",
    .size_option = "--n",
    .default_sizes = "2^16",
    .cost_model = "bytes = 2*n*sizeof(T) (keys read, sorted keys written once; n^2 comparisons not counted); "
                  "FLOPs = 0; elements = n keys (elems_per_s); check: equals a stable sort exactly",
    .variants = rank_variants,
    .lib_backend = "cub",
    .dtypes = PB_DT(PB_INT) | PB_DT(PB_FLOAT),
    .default_dtype = PB_INT,
    .nbufs = 2,
    .bufs = {{"keys", PB_BUF_IN}, {"sorted", PB_BUF_OUT}},
    .buf_elems = pb_buf_elems_n,
    .bytes = rank_bytes,
    .flops = pb_cost_none,
    .fill = rank_fill,
    .reference = rank_reference,
    .check = rank_check,
    .validate = rank_validate,
    .elems = pb_cost_per_elem,
    .variant_check = rank_variant_check,
    .baseline_limit = rank_baseline_limit,
    .cases = ranksort_cases,
};
