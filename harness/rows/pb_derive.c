/* pb_derive.c - every derived column of a result row (see pb_derive.h). */
#include "pb_derive.h"
#include "pb_gpu.h"
#include "pb_rate.h"

#include <math.h>
#include <string.h>

static int ran_on_gpu(const pb_row *r) { return r->offload == PB_OFFLOAD_DEVICE && r->verified != PB_VERIFIED_SKIP; }

int pb_rows_device_clock(const pb_rowset *s, pb_plan_clock clock)
{
    if (clock != PB_PLAN_CLOCK_AUTO)
        return clock == PB_PLAN_CLOCK_DEVICE;
    for (size_t i = 0; i < s->n; ++i) /* one clock for all: a GPU row without a device time makes it the host's */
        if (ran_on_gpu(&s->rows[i]) && isnan(s->rows[i].device_time_median_s))
            return 0;
    return 1;
}

void pb_row_derive(pb_row *r, int device, const pb_derive_ceilings *ceil)
{
    const int on_device = device && ran_on_gpu(r) && r->device_time_median_s > 0;
    r->clock = on_device ? PB_CLOCK_DEVICE : PB_CLOCK_HOST;
    if (r->verified == PB_VERIFIED_SKIP)
        return;
    const double t = on_device ? r->device_time_median_s : r->time_median_s;
    r->gbs = r->bytes / t * 1e-9;
    r->gflops = r->flops / t * 1e-9;
    r->elems_per_s = r->elems / t; /* NaN for benchmarks that count no elements */
    r->pct_peak_bw = r->pct_peak_flops = r->pct_measured_bw = r->pct_measured_flops = NAN;
    const int fp64 = strcmp(r->dtype, "double") == 0, fp32 = strcmp(r->dtype, "float") == 0;
    const pb_gpu_profile *p =
        r->offload == PB_OFFLOAD_DEVICE && r->gpu_profile[0] ? pb_gpu_profile_by_id(r->gpu_profile) : NULL;
    if (p) { /* the datasheet's peaks; integers have no FLOP peak */
        r->pct_peak_bw = 100 * r->gbs / p->bw_gbs;
        if (fp64 || fp32)
            r->pct_peak_flops = 100 * r->gflops / (fp64 ? p->fp64_gflops : p->fp32_gflops);
    }
    if (ceil && ran_on_gpu(r)) { /* the measured ceilings: the bandwidth of the benchmark's access pattern */
        const pb_bench *b = pb_bench_find(r->benchmark);
        const double bw = ceil->bw_gbs[b ? b->pattern : PB_PATTERN_READ_WRITE];
        if (bw > 0 && !isnan(r->gbs))
            r->pct_measured_bw = 100 * r->gbs / bw;
        const double peak = fp64 ? ceil->fp64_gflops : fp32 ? ceil->fp32_gflops : NAN;
        if (peak > 0 && !isnan(r->gflops) && r->flops > 0)
            r->pct_measured_flops = 100 * r->gflops / peak;
    }
    r->gb_per_j = r->bytes / r->energy_j_per_rep * 1e-9; /* NaN without --energy's measurement */
    r->gflop_per_j = r->flops / r->energy_j_per_rep * 1e-9;
    r->launch_overhead_s = r->time_median_s - r->device_time_median_s; /* NaN without a device time */
}

static int same_case(const pb_row *a, const pb_row *b)
{
    return strcmp(a->benchmark, b->benchmark) == 0 && strcmp(a->dtype, b->dtype) == 0 && a->size == b->size &&
           strcmp(a->params, b->params) == 0;
}

static int same_number(double a, double b) { return a == b || (isnan(a) && isnan(b)); }

/* A case may have a GPU library row (cuBLAS) and a CPU one (OpenBLAS), and with --gpu all or
 * MPI one of each per GPU or rank: each row is held to the library that ran where it ran
 * (offload "cpu" or not) on its own GPU and rank, then to one of its kind elsewhere, then
 * to any library row of the case. */
static void speedup(pb_rowset *s)
{
    for (size_t j = 0; j < s->n; ++j) {
        pb_row *r = &s->rows[j];
        if (r->verified == PB_VERIFIED_SKIP)
            continue;
        r->speedup_vs_lib = NAN;
        if (!(pb_row_time(r) > 0))
            continue;
        const pb_row *lib = NULL;
        int lib_score = -1;
        for (size_t i = 0; i < s->n && lib_score < 3; ++i) {
            const pb_row *l = &s->rows[i];
            if (strcmp(l->variant, "lib") != 0 || l->verified != PB_VERIFIED_PASS || !same_case(l, r))
                continue;
            const int same_kind = (l->offload == PB_OFFLOAD_CPU) == (r->offload == PB_OFFLOAD_CPU);
            const int same_place = same_number(l->gpu_index, r->gpu_index) && same_number(l->rank, r->rank);
            const int score = 2 * same_kind + same_place;
            if (score > lib_score) {
                lib = l;
                lib_score = score;
            }
        }
        if (lib)
            r->speedup_vs_lib = pb_row_time(lib) / pb_row_time(r);
    }
}

void pb_rows_derive(pb_rowset *s, const pb_derive_in *in)
{
    const int device = pb_rows_device_clock(s, in->clock);
    for (size_t i = 0; i < s->n; ++i) {
        pb_row *r = &s->rows[i];
        const pb_derive_ceilings *ceil = NULL;
        for (size_t k = 0; k < in->nceilings && !ceil; ++k)
            if (!in->ceilings[k].gpu_uuid[0] || strcmp(in->ceilings[k].gpu_uuid, r->gpu_uuid) == 0)
                ceil = &in->ceilings[k];
        pb_row_derive(r, device, ceil);
    }
    if (!in->no_speedup)
        speedup(s);
}
