#include "pb_table.h"
#include "pb_bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double pb_row_time(const pb_row *r)
{
    if (strcmp(r->clock, "device") == 0 && !isnan(r->device_time_median_s))
        return r->device_time_median_s;
    return r->time_median_s;
}

static int ran_on_gpu(const pb_row *r)
{
    return strcmp(r->offload, "device") == 0 && strcmp(r->verified, "SKIP") != 0;
}

void pb_rows_apply_clock(pb_rowset *s, const char *requested)
{
    int use_device = strcmp(requested, "device") == 0;
    if (!requested[0]) {
        use_device = 1;
        for (size_t i = 0; i < s->n; ++i)
            if (ran_on_gpu(&s->rows[i]) && isnan(s->rows[i].device_time_median_s))
                use_device = 0;
    }
    for (size_t i = 0; i < s->n; ++i) {
        pb_row *r = &s->rows[i];
        double old_t = pb_row_time(r);
        int device = use_device && ran_on_gpu(r) && !isnan(r->device_time_median_s) && r->device_time_median_s > 0;
        pb_strlcpy(r->clock, device ? "device" : "host", sizeof r->clock);
        double scale = old_t / pb_row_time(r); /* rates scale with 1/time */
        if (isnan(scale) || scale == 1)
            continue;
        r->gbs *= scale;
        r->gflops *= scale;
        r->pct_peak_bw *= scale;
        r->pct_peak_flops *= scale;
        r->pct_measured_bw *= scale;
        r->pct_measured_flops *= scale;
    }
}

static int same_case(const pb_row *a, const pb_row *b)
{
    return strcmp(a->benchmark, b->benchmark) == 0 && strcmp(a->dtype, b->dtype) == 0 && a->size == b->size &&
           strcmp(a->params, b->params) == 0;
}

void pb_rows_speedup(pb_rowset *s)
{
    for (size_t i = 0; i < s->n; ++i) {
        const pb_row *lib = &s->rows[i];
        if (strcmp(lib->variant, "lib") != 0 || strcmp(lib->verified, "PASS") != 0)
            continue;
        for (size_t j = 0; j < s->n; ++j) {
            pb_row *r = &s->rows[j];
            if (same_case(lib, r) && strcmp(r->verified, "SKIP") != 0 && pb_row_time(r) > 0)
                r->speedup_vs_lib = pb_row_time(lib) / pb_row_time(r);
        }
    }
}

typedef struct column {
    char backend[16], compiler[32];
    char title[64];
} column;

enum { MAX_COLS = 16, MAX_ROWS = 64 };

static int column_of(column *cols, int *ncols, const pb_row *r)
{
    for (int c = 0; c < *ncols; ++c)
        if (strcmp(cols[c].backend, r->backend) == 0 && strcmp(cols[c].compiler, r->compiler) == 0)
            return c;
    if (*ncols == MAX_COLS)
        return -1;
    column *c = &cols[(*ncols)++];
    pb_strlcpy(c->backend, r->backend, sizeof c->backend);
    pb_strlcpy(c->compiler, r->compiler, sizeof c->compiler);
    if (strcmp(r->backend, "omp") == 0 || strcmp(r->backend, "cpu") == 0)
        snprintf(c->title, sizeof c->title, "%s(%s)", r->backend, r->compiler);
    else
        pb_strlcpy(c->title, r->backend, sizeof c->title);
    return *ncols - 1;
}

/* Variants in table order: the benchmark's kernel versions, then lib and baseline. */
static void variant_order(const pb_rowset *s, size_t first, const char **names, int *n)
{
    const pb_bench *b = pb_bench_find(s->rows[first].benchmark);
    *n = 0;
    for (int v = 0; b && b->variants[v] && *n < MAX_ROWS; ++v)
        names[(*n)++] = b->variants[v];
    static const char *const extra[] = {"lib", "baseline"};
    for (int e = 0; e < 2; ++e)
        names[(*n)++] = extra[e];
    /* anything else the rows hold */
    for (size_t i = first; i < s->n && *n < MAX_ROWS; ++i) {
        int known = 0;
        for (int k = 0; k < *n; ++k)
            known |= strcmp(names[k], s->rows[i].variant) == 0;
        if (!known)
            names[(*n)++] = s->rows[i].variant;
    }
}

static void format_cell(const pb_row *r, char *buf, size_t cap, int *fallback)
{
    if (!r) {
        snprintf(buf, cap, "-");
    } else if (strcmp(r->verified, "SKIP") == 0) {
        snprintf(buf, cap, "skip");
    } else if (strcmp(r->verified, "FAIL") == 0) {
        snprintf(buf, cap, "FAIL");
    } else {
        int fb = strcmp(r->offload, "host-fallback") == 0;
        *fallback |= fb;
        if (!isnan(r->speedup_vs_lib))
            snprintf(buf, cap, "%.1f %5.2fx%s", r->gbs, r->speedup_vs_lib, fb ? "*" : "");
        else
            snprintf(buf, cap, "%.1f%s", r->gbs, fb ? "*" : "");
    }
}

void pb_table_print(FILE *f, const pb_rowset *s)
{
    char *done = calloc(s->n ? s->n : 1, 1);
    if (!done)
        return;
    for (size_t first = 0; first < s->n; ++first) {
        if (done[first])
            continue;
        const pb_row *head = &s->rows[first];
        column cols[MAX_COLS];
        int ncols = 0;
        int device_rows = 0, host_gpu_rows = 0;
        for (size_t i = first; i < s->n; ++i)
            if (same_case(head, &s->rows[i])) {
                const pb_row *r = &s->rows[i];
                column_of(cols, &ncols, r);
                device_rows += strcmp(r->clock, "device") == 0;
                host_gpu_rows += strcmp(r->clock, "host") == 0 && ran_on_gpu(r);
            }
        const char *clock = device_rows && host_gpu_rows ? "MIXED device/host clocks"
                            : device_rows                ? "device clock for GPU rows, host clock for CPU rows"
                                                         : "host clock";
        const char *names[MAX_ROWS];
        int nnames;
        variant_order(s, first, names, &nnames);
        const pb_bench *b = pb_bench_find(head->benchmark);
        fprintf(f, "\n%s  %s  %s=%.0f%s%s  [GB/s; x = speedup vs library; %s]\n", head->benchmark,
                head->dtype, b ? b->size_option + 2 : "size", head->size, head->params[0] ? "  " : "", head->params,
                clock);
        fprintf(f, "%-9s", "variant");
        for (int c = 0; c < ncols; ++c)
            fprintf(f, " %16s", cols[c].title);
        fputc('\n', f);
        int fallback = 0;
        for (int v = 0; v < nnames; ++v) {
            const pb_row *cell[MAX_COLS] = {0};
            int any = 0;
            for (size_t i = first; i < s->n; ++i) {
                const pb_row *r = &s->rows[i];
                if (!same_case(head, r) || strcmp(r->variant, names[v]) != 0)
                    continue;
                int c = column_of(cols, &ncols, r);
                if (c >= 0)
                    cell[c] = r, any = 1;
                done[i] = 1;
            }
            if (!any)
                continue;
            fprintf(f, "%-9s", names[v]);
            for (int c = 0; c < ncols; ++c) {
                char buf[48];
                format_cell(cell[c], buf, sizeof buf, &fallback);
                fprintf(f, " %16s", buf);
            }
            fputc('\n', f);
        }
        if (fallback)
            fprintf(f, "  * OpenMP target code ran on the host (no GPU): not a GPU result\n");
    }
    free(done);
}
