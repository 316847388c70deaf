/* Helpers shared by the benchmark definitions, and the benchmark table. */
#include "pb_bench.h"

#include <math.h>
#include <string.h>

extern const pb_bench pb_bench_dmvm;

const pb_bench *const pb_benches[] = {&pb_bench_dmvm};
const size_t pb_nbenches = sizeof pb_benches / sizeof pb_benches[0];

const pb_bench *pb_bench_find(const char *name)
{
    for (size_t i = 0; i < pb_nbenches; ++i)
        if (strcmp(pb_benches[i]->name, name) == 0)
            return pb_benches[i];
    return NULL;
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

void pb_fill_unit(pb_dtype t, void *host, size_t count, uint64_t seed, uint64_t stream)
{
    switch (t) {
    case PB_FLOAT:
        for (size_t i = 0; i < count; ++i)
            ((float *)host)[i] = (float)pb_rand_unit(seed, stream, i);
        break;
    case PB_DOUBLE:
        for (size_t i = 0; i < count; ++i)
            ((double *)host)[i] = pb_rand_unit(seed, stream, i);
        break;
    case PB_INT: /* small signed integers: sums stay exact and mostly far from overflow */
        for (size_t i = 0; i < count; ++i)
            ((int32_t *)host)[i] = (int32_t)(pb_rand_u64(seed, stream, i) % 16) - 8;
        break;
    default:
        break;
    }
}

void pb_poison(pb_dtype t, void *host, size_t count)
{
    for (size_t i = 0; i < count; ++i) {
        switch (t) {
        case PB_FLOAT: ((float *)host)[i] = NAN; break;
        case PB_DOUBLE: ((double *)host)[i] = NAN; break;
        case PB_INT: ((int32_t *)host)[i] = INT32_MIN; break;
        default: break;
        }
    }
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
