/* pb_rate.c - the headline rate of a result row (see pb_rate.h). */
#include "pb_rate.h"
#include "pb_bench.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

double pb_row_time(const pb_row *r)
{
    if (r->clock == PB_CLOCK_DEVICE && !isnan(r->device_time_median_s))
        return r->device_time_median_s;
    return r->time_median_s;
}

int pb_row_flops_headline(const pb_row *r)
{
    const pb_bench *b = pb_bench_find(r->benchmark);
    return b && b->flops_headline;
}

int pb_row_elems_headline(const pb_row *r)
{
    const pb_bench *b = pb_bench_find(r->benchmark);
    return b && !b->flops_headline && b->elems;
}

const char *pb_row_unit(const pb_row *r)
{
    return pb_row_flops_headline(r) ? "GFLOP/s" : pb_row_elems_headline(r) ? "Melem/s" : "GB/s";
}

double pb_row_rate(const pb_row *r)
{
    if (pb_row_elems_headline(r)) /* a row read from CSV carries no element count to derive it from */
        return isfinite(r->elems_per_s) ? 1e-6 * r->elems_per_s : NAN;
    double v = pb_row_flops_headline(r) ? r->gflops : r->gbs;
    if (isfinite(v))
        return v;
    double work = pb_row_flops_headline(r) ? r->flops : r->bytes, t = pb_row_time(r);
    return work > 0 && t > 0 ? work / t / 1e9 : NAN;
}

const char *pb_rate_text(double v, char *buf, size_t cap)
{
    if (!isfinite(v))
        snprintf(buf, cap, "-");
    else
        snprintf(buf, cap, fabs(v) < 1 && v != 0 ? "%.3g" : "%.1f", v);
    return buf;
}
