/* Helpers shared by the benchmark definitions, and the benchmark table. */
#include "pb_bench.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* the benchmarks, in harness/benchmarks/pb_benchmarks.def's order (`portbench list` order) */
#define PB_BENCH(id, file) extern const pb_bench pb_bench_##id;
#include "pb_benchmarks.def"
#undef PB_BENCH
#define PB_BENCH(id, file) &pb_bench_##id,
const pb_bench *const pb_benches[] = {
#include "pb_benchmarks.def"
};
#undef PB_BENCH
const size_t pb_nbenches = sizeof pb_benches / sizeof pb_benches[0];

const pb_bench *pb_bench_find(const char *name)
{
    for (size_t i = 0; i < pb_nbenches; ++i)
        if (strcmp(pb_benches[i]->name, name) == 0)
            return pb_benches[i];
    return NULL;
}

const char *pb_bench_case(const pb_bench *b, const char *set)
{
    for (const pb_case_set *s = b->cases; s && s->name; ++s)
        if (strcmp(s->name, set) == 0)
            return s->args;
    return NULL;
}

double pb_cost_none(const pb_case *c)
{
    (void)c;
    return 0;
}

double pb_cost_per_elem(const pb_case *c) { return (double)c->n; }

size_t pb_buf_elems_n(const pb_case *c, int b)
{
    (void)b;
    return c->n;
}

const char *pb_pattern_name(pb_pattern p)
{
    return p == PB_PATTERN_READ ? "read" : p == PB_PATTERN_WRITE ? "write" : "read-write";
}

void pb_case_params_string(const pb_case *c, char *buf, size_t cap)
{
    buf[0] = '\0';
    for (int p = 0; p < c->bench->nparams; ++p) {
        char one[64];
        snprintf(one, sizeof one, "%s%s=%ld", p ? ";" : "", c->bench->params[p].name, c->param[p]);
        strncat(buf, one, cap - strlen(buf) - 1);
    }
}

static const pb_param_def *param_def(const pb_bench *b, const char *name, size_t len)
{
    for (int p = 0; b && p < b->nparams; ++p)
        if (strlen(b->params[p].name) == len && strncmp(b->params[p].name, name, len) == 0)
            return &b->params[p];
    return NULL;
}

void pb_params_shown(const char *benchmark, const char *params, double size, char *buf, size_t cap)
{
    const pb_bench *b = pb_bench_find(benchmark);
    size_t n = 0;
    buf[0] = '\0';
    for (const char *p = params; *p && n + 1 < cap;) {
        size_t len = strcspn(p, ";"), key = strcspn(p, "=");
        const pb_param_def *d = key < len ? param_def(b, p, key) : NULL;
        int follows_size = d && d->zero_is_size && len == key + 2 && p[key + 1] == '0';
        int w = 0;
        if (!follows_size)
            w = snprintf(buf + n, cap - n, "%s%.*s", n ? ";" : "", (int)len, p);
        else if (!isnan(size))
            w = snprintf(buf + n, cap - n, "%s%.*s=%.0f", n ? ";" : "", (int)key, p, size);
        n = w > 0 && n + (size_t)w < cap ? n + (size_t)w : strlen(buf);
        p += len + (p[len] == ';');
    }
}

size_t pb_case_buf_bytes(const pb_case *c, int b)
{
    return c->bench->buf_elems(c, b) * pb_dtype_size(c->dtype);
}

double pb_case_total_bytes(const pb_case *c)
{
    double total = 0;
    for (int b = 0; b < c->bench->nbufs; ++b)
        total += (double)pb_case_buf_bytes(c, b);
    return total;
}

typedef struct fill_job {
    pb_dtype t;
    void *host;
    uint64_t seed, stream;
} fill_job;

static void fill_range(size_t begin, size_t end, void *ctx)
{
    const fill_job *j = ctx;
    switch (j->t) {
    case PB_FLOAT:
        for (size_t i = begin; i < end; ++i)
            ((float *)j->host)[i] = (float)pb_rand_unit(j->seed, j->stream, i);
        break;
    case PB_DOUBLE:
        for (size_t i = begin; i < end; ++i)
            ((double *)j->host)[i] = pb_rand_unit(j->seed, j->stream, i);
        break;
    case PB_INT: /* small signed integers: sums stay exact and far from overflow */
        for (size_t i = begin; i < end; ++i)
            ((int32_t *)j->host)[i] = (int32_t)(pb_rand_u64(j->seed, j->stream, i) % 16) - 8;
        break;
    default:
        break;
    }
}

void pb_fill_unit(pb_dtype t, void *host, size_t count, uint64_t seed, uint64_t stream)
{
    fill_job j = {t, host, seed, stream};
    pb_parallel_for(count, 1 << 16, fill_range, &j);
}

typedef struct poison_job {
    pb_dtype t;
    void *host;
} poison_job;

static void poison_range(size_t begin, size_t end, void *ctx)
{
    const poison_job *j = ctx;
    for (size_t i = begin; i < end; ++i) {
        switch (j->t) {
        case PB_FLOAT: ((float *)j->host)[i] = NAN; break;
        case PB_DOUBLE: ((double *)j->host)[i] = NAN; break;
        case PB_INT: ((int32_t *)j->host)[i] = INT32_MIN; break;
        default: break;
        }
    }
}

void pb_poison(pb_dtype t, void *host, size_t count)
{
    poison_job j = {t, host};
    pb_parallel_for(count, 1 << 16, poison_range, &j);
}

int pb_is_poison(pb_dtype t, const void *host, size_t i)
{
    switch (t) {
    case PB_FLOAT: return isnan(((const float *)host)[i]);
    case PB_DOUBLE: return isnan(((const double *)host)[i]);
    case PB_INT: return ((const int32_t *)host)[i] == INT32_MIN;
    default: return 1;
    }
}

double pb_load(pb_dtype t, const void *host, size_t i)
{
    switch (t) {
    case PB_FLOAT: return ((const float *)host)[i];
    case PB_DOUBLE: return ((const double *)host)[i];
    case PB_INT: return ((const int32_t *)host)[i];
    default: return NAN;
    }
}

double pb_eps(pb_dtype t)
{
    switch (t) {
    case PB_FLOAT: return 0x1.0p-24;
    case PB_DOUBLE: return 0x1.0p-53;
    default: return 0;
    }
}

void pb_check_normwise(pb_dtype t, const double *ref, const void *out, size_t count,
                       double tol, pb_check *res)
{
    double max_diff = 0, max_ref = 0;
    size_t unwritten = 0;
    int nonfinite = 0;
    for (size_t i = 0; i < count; ++i) {
        if (pb_is_poison(t, out, i)) {
            ++unwritten;
            continue;
        }
        double v = pb_load(t, out, i);
        if (!isfinite(v))
            nonfinite = 1;
        double d = fabs(v - ref[i]);
        if (d > max_diff)
            max_diff = d;
        if (fabs(ref[i]) > max_ref)
            max_ref = fabs(ref[i]);
    }
    res->unwritten = unwritten;
    res->tol = tol;
    res->err = max_ref > 0 ? max_diff / max_ref : max_diff;
    if (nonfinite)
        res->err = INFINITY;
}

/* Element checks run in parallel: each chunk keeps its own maxima and count, merged
 * under a lock at the end of the chunk. */
typedef struct elem_job {
    pb_dtype t;
    const void *out;
    size_t out_stride;
    double (*want_of)(size_t, const void *);
    const void *ctx;
    pthread_mutex_t lock;
    double max_diff, max_ref;
    size_t unwritten;
    int nonfinite;
} elem_job;

static void check_range(size_t begin, size_t end, void *p)
{
    elem_job *j = p;
    double max_diff = 0, max_ref = 0;
    size_t unwritten = 0;
    int nonfinite = 0;
    for (size_t k = begin; k < end; ++k) {
        size_t i = k * j->out_stride;
        if (pb_is_poison(j->t, j->out, i)) {
            ++unwritten;
            continue;
        }
        double v = pb_load(j->t, j->out, i), want = j->want_of(k, j->ctx);
        nonfinite |= !isfinite(v);
        if (fabs(v - want) > max_diff)
            max_diff = fabs(v - want);
        if (fabs(want) > max_ref)
            max_ref = fabs(want);
    }
    pthread_mutex_lock(&j->lock);
    j->max_diff = fmax(j->max_diff, max_diff);
    j->max_ref = fmax(j->max_ref, max_ref);
    j->unwritten += unwritten;
    j->nonfinite |= nonfinite;
    pthread_mutex_unlock(&j->lock);
}

void pb_check_elements(pb_dtype t, const void *out, size_t count, size_t out_stride, double tol,
                       double (*want_of)(size_t k, const void *ctx), const void *ctx, pb_check *res)
{
    elem_job j = {t, out, out_stride, want_of, ctx, PTHREAD_MUTEX_INITIALIZER, 0, 0, 0, 0};
    pb_parallel_for(count, 1 << 16, check_range, &j);
    res->unwritten = j.unwritten;
    res->tol = tol;
    res->err = j.nonfinite ? INFINITY : j.max_ref > 0 ? j.max_diff / j.max_ref : j.max_diff;
}
