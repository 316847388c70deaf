/* The driver's result tables: what goes in them (rows, columns, cells, titles) is decided
 * here; pb_tab (pb_tab.h) lays them out. */
#include "pb_table.h"
#include "pb_bench.h"
#include "pb_tab.h"

#include "pb_backends.h"
#include "pb_common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int ran_on_gpu(const pb_row *r) { return r->offload == PB_OFFLOAD_DEVICE && r->verified != PB_VERIFIED_SKIP; }

typedef struct column {
    char backend[16], toolchain[32], variant[32];
    double instance; /* GPU index or MPI rank when the rows come from several, else NaN */
    char title[64];
    int rank;        /* display order from the backend table */
} column;

enum { MAX_COLS = 64, MAX_ROWS = 1100 };

/* Rows of several GPUs or MPI ranks get a column group each. */
typedef enum { BY_NONE, BY_GPU, BY_RANK } instance_kind;
static instance_kind instances;

static double instance_of(const pb_row *r)
{
    return instances == BY_RANK ? r->rank : instances == BY_GPU ? r->gpu_index : NAN;
}

static int same_instance(double a, double b) { return (isnan(a) && isnan(b)) || a == b; }

static instance_kind find_instances(const pb_rowset *s)
{
    int ranks = 0, gpus = 0;
    for (size_t i = 1; i < s->n; ++i) {
        const pb_row *a = &s->rows[0], *b = &s->rows[i];
        ranks |= !isnan(b->rank) && !same_instance(a->rank, b->rank);
        gpus |= !isnan(b->gpu_index) && !same_instance(a->gpu_index, b->gpu_index);
    }
    return ranks ? BY_RANK : gpus ? BY_GPU : BY_NONE;
}

/* The column of a row: one per backend and toolchain (and GPU or rank); in tables with
 * sizes as rows (by_variant) also one per variant, titled with the variant unless it is
 * the benchmark's first (the course's) version, the library or the baseline. */
static int column_of(column *cols, int *ncols, const pb_row *r, int by_variant)
{
    double inst = instance_of(r);
    for (int c = 0; c < *ncols; ++c)
        if (strcmp(cols[c].backend, r->backend) == 0 && strcmp(cols[c].toolchain, r->toolchain) == 0 &&
            same_instance(cols[c].instance, inst) && (!by_variant || strcmp(cols[c].variant, r->variant) == 0))
            return c;
    if (*ncols == MAX_COLS)
        return -1;
    column *c = &cols[(*ncols)++];
    pb_strlcpy(c->backend, r->backend, sizeof c->backend);
    pb_strlcpy(c->toolchain, r->toolchain, sizeof c->toolchain);
    pb_strlcpy(c->variant, r->variant, sizeof c->variant);
    c->instance = inst;
    char series[48];
    pb_series_title(r->backend, r->toolchain, series, sizeof series);
    if (isnan(inst))
        pb_strlcpy(c->title, series, sizeof c->title);
    else
        snprintf(c->title, sizeof c->title, "%s@%s%.0f", series, instances == BY_RANK ? "r" : "g", inst);
    const pb_bench *b = pb_bench_find(r->benchmark);
    if (by_variant && b && strcmp(r->variant, b->variants[0]) != 0 && strcmp(r->variant, "lib") != 0 &&
        strcmp(r->variant, "baseline") != 0) {
        size_t len = strlen(c->title);
        snprintf(c->title + len, sizeof c->title - len, " %s", r->variant);
    }
    const char *color;
    int marker;
    pb_series_style(r->backend, r->toolchain, &color, &marker, &c->rank);
    return *ncols - 1;
}

/* Columns in the backend table's order, then by GPU or rank. */
static int column_cmp(const void *x, const void *y)
{
    const column *a = x, *b = y;
    if (a->rank != b->rank)
        return a->rank - b->rank;
    int t = strcmp(a->title, b->title);
    if (!isnan(a->instance) && !isnan(b->instance) && strcmp(a->backend, b->backend) == 0 &&
        strcmp(a->toolchain, b->toolchain) == 0)
        return (a->instance > b->instance) - (a->instance < b->instance);
    return t;
}

/* Benchmarks swept over sizes (the micro benchmarks) have sizes as rows. The others
 * (dmvm, reduce) have versions as rows, one table per size. */
static int sizes_as_rows(const pb_bench *b) { return b && b->size_sweep; }

/* Rows of one table belong together: same benchmark, dtype and params, and the same
 * size unless sizes are the rows. */
static int same_table(const pb_row *a, const pb_row *b, int by_size)
{
    return strcmp(a->benchmark, b->benchmark) == 0 && strcmp(a->dtype, b->dtype) == 0 &&
           strcmp(a->params, b->params) == 0 && (by_size || a->size == b->size);
}

/* Row labels of a table in order: versions (benchmark order, then lib and baseline, then
 * others) or sizes (ascending). */
typedef struct row_label {
    char text[32];
    const char *variant; /* NULL when the label is a size */
    double size;
} row_label;

static int cmp_label_size(const void *a, const void *b)
{
    double x = ((const row_label *)a)->size, y = ((const row_label *)b)->size;
    return (x > y) - (x < y);
}

static int row_labels(const pb_rowset *s, size_t first, int by_size, row_label *out)
{
    const pb_row *head = &s->rows[first];
    int n = 0;
    if (by_size) {
        for (size_t i = first; i < s->n && n < MAX_ROWS; ++i) {
            if (!same_table(head, &s->rows[i], 1))
                continue;
            int known = 0;
            for (int k = 0; k < n; ++k)
                known |= out[k].size == s->rows[i].size;
            if (!known) {
                out[n].variant = NULL;
                out[n].size = s->rows[i].size;
                snprintf(out[n].text, sizeof out[n].text, "%.0f", s->rows[i].size);
                ++n;
            }
        }
        qsort(out, (size_t)n, sizeof *out, cmp_label_size);
        return n;
    }
    const pb_bench *b = pb_bench_find(head->benchmark);
    static const char *const extra[] = {"lib", "baseline"};
    for (int v = 0; b && b->variants[v]; ++v)
        out[n++].variant = b->variants[v];
    for (int e = 0; e < 2; ++e)
        out[n++].variant = extra[e];
    for (size_t i = first; i < s->n && n < MAX_ROWS; ++i) {
        int known = 0;
        for (int k = 0; k < n; ++k)
            known |= strcmp(out[k].variant, s->rows[i].variant) == 0;
        if (!known && same_table(head, &s->rows[i], 0))
            out[n++].variant = s->rows[i].variant;
    }
    for (int k = 0; k < n; ++k)
        pb_strlcpy(out[k].text, out[k].variant, sizeof out[k].text);
    return n;
}

static int label_matches(const row_label *l, const pb_row *r)
{
    return l->variant ? strcmp(l->variant, r->variant) == 0 : l->size == r->size;
}

/* A cell: the benchmark's headline rate (pb_row_rate: GB/s, GFLOP/s or Melem/s), the
 * speedup over the library, '*' for host fallback. */
static void format_cell(const pb_row *r, char *buf, size_t cap, int *fallback)
{
    if (!r) {
        snprintf(buf, cap, "-");
    } else if (r->verified == PB_VERIFIED_SKIP) {
        snprintf(buf, cap, "skip");
    } else if (r->verified == PB_VERIFIED_FAIL) {
        snprintf(buf, cap, "FAIL");
    } else {
        int fb = r->offload == PB_OFFLOAD_HOST_FALLBACK;
        char v[32];
        pb_rate_text(pb_row_rate(r), v, sizeof v);
        *fallback |= fb;
        if (!isnan(r->speedup_vs_lib))
            snprintf(buf, cap, "%s %5.2fx%s", v, r->speedup_vs_lib, fb ? "*" : "");
        else
            snprintf(buf, cap, "%s%s", v, fb ? "*" : "");
    }
}

static const char *clock_note(const pb_rowset *s, size_t first, int by_size)
{
    int device_rows = 0, host_gpu_rows = 0;
    for (size_t i = first; i < s->n; ++i) {
        const pb_row *r = &s->rows[i];
        if (!same_table(&s->rows[first], r, by_size))
            continue;
        device_rows += r->clock == PB_CLOCK_DEVICE;
        host_gpu_rows += r->clock == PB_CLOCK_HOST && ran_on_gpu(r);
    }
    return device_rows && host_gpu_rows ? "MIXED device/host clocks"
           : device_rows                ? "device clock for GPU rows, host clock for CPU rows"
                                        : "host clock";
}

/* A table's title line: the case, then the note in brackets; the note goes on a line
 * of its own when both do not fit the width (0: no limit). */
static void put_title(FILE *f, int max_width, const char *head, const char *note)
{
    int both = (int)(strlen(head) + strlen(note)) + 2;
    fprintf(f, "\n%s%s%s\n", head, max_width > 0 && both > max_width ? "\n  " : "  ", note);
}

/* Versions (or sizes) as rows, one column per backend and toolchain (and GPU or rank).
 * Columns that do not fit max_width (0: no limit) go on in further blocks, each with
 * the row labels again, so that every number is printed. */
static void print_one_table(FILE *f, const pb_rowset *s, size_t first, char *done, int max_width)
{
    const pb_row *head = &s->rows[first];
    const pb_bench *b = pb_bench_find(head->benchmark);
    const int by_size = sizes_as_rows(b);
    column cols[MAX_COLS];
    int ncols = 0;
    for (size_t i = first; i < s->n; ++i)
        if (same_table(head, &s->rows[i], by_size))
            column_of(cols, &ncols, &s->rows[i], by_size);
    qsort(cols, (size_t)ncols, sizeof *cols, column_cmp);
    static row_label labels[MAX_ROWS];
    int nlabels = row_labels(s, first, by_size, labels);
    const pb_row **grid = calloc((size_t)(nlabels ? nlabels : 1) * MAX_COLS, sizeof *grid);
    if (!grid)
        return;
    const char *size_name = b ? b->size_option + 2 : "size";
    char title[256], note[160], params[128];
    pb_params_shown(head->benchmark, head->params, by_size ? NAN : head->size, params, sizeof params);
    int len = snprintf(title, sizeof title, "%s  %s", head->benchmark, head->dtype);
    if (!by_size)
        len += snprintf(title + len, sizeof title - (size_t)len, "  %s=%.0f", size_name, head->size);
    if (params[0])
        snprintf(title + len, sizeof title - (size_t)len, "  %s", params);
    snprintf(note, sizeof note, "[%s; x = speedup vs library; %s]", pb_row_unit(head), clock_note(s, first, by_size));
    put_title(f, max_width, title, note);
    int width = 16, label_width = 10; /* columns as wide as the widest title ("omp(clang-19) best") */
    for (int c = 0; c < ncols; ++c)
        if ((int)strlen(cols[c].title) > width)
            width = (int)strlen(cols[c].title);
    int nshown = 0; /* labels with a cell, first in grid */
    for (int l = 0; l < nlabels; ++l) {
        const pb_row **cell = &grid[(size_t)nshown * MAX_COLS];
        int any = 0;
        for (size_t i = first; i < s->n; ++i) {
            const pb_row *r = &s->rows[i];
            if (!same_table(head, r, by_size) || !label_matches(&labels[l], r))
                continue;
            int c = column_of(cols, &ncols, r, by_size);
            if (c >= 0)
                cell[c] = r, any = 1;
            done[i] = 1;
        }
        if (!any)
            continue;
        labels[nshown++] = labels[l];
        if ((int)strlen(labels[l].text) > label_width)
            label_width = (int)strlen(labels[l].text);
    }
    /* the row labels, then the series; columns that do not fit go on in further blocks
     * of even size (4 + 3 columns, not 6 + 1), each with the labels again */
    int fallback = 0;
    pb_tab t;
    pb_tab_init(&t, ncols + 1);
    t.sep = " ";
    t.empty = "";
    t.even_blocks = 1;
    pb_tab_column(&t, 0, PB_ALIGN_LEFT, label_width, 1);
    pb_tab_put(&t, "%s", by_size ? size_name : "variant");
    for (int c = 0; c < ncols; ++c) {
        pb_tab_column(&t, c + 1, PB_ALIGN_RIGHT, width, 1);
        pb_tab_put(&t, "%s", cols[c].title);
    }
    for (int l = 0; l < nshown; ++l) {
        pb_tab_put(&t, "%s", labels[l].text);
        for (int c = 0; c < ncols; ++c) {
            char buf[48];
            format_cell(grid[(size_t)l * MAX_COLS + (size_t)c], buf, sizeof buf, &fallback);
            pb_tab_put(&t, "%s", buf);
        }
    }
    pb_tab_print_fit(f, &t, PB_FMT_TEXT, max_width, 1);
    pb_tab_free(&t);
    free(grid);
    if (fallback)
        fprintf(f, "  * OpenMP target code ran on the host (no GPU): not a GPU result\n");
}

/* A variant of the course's numbered ladder: k0, k1, ... */
static int is_step(const char *variant)
{
    return variant[0] == 'k' && variant[1] >= '0' && variant[1] <= '9';
}

static int ladder_row(const pb_row *head, const pb_row *r, const char *backend, const char *toolchain)
{
    return same_table(head, r, 0) && strcmp(r->backend, backend) == 0 && strcmp(r->toolchain, toolchain) == 0 &&
           r->verified == PB_VERIFIED_PASS;
}

/* The course's step table (reduce, gemm: any benchmark with steps_view), one ladder per
 * backend and toolchain: time, rate (GB/s, or GFLOP/s for gemm), step speedup (a numbered kernel over the one
 * above it), cumulative speedup over the ladder's own k1, and the speedup over CUDA's
 * k1, for every GPU row of one size. CUDA first, then the libraries, then OpenMP per
 * toolchain; within a ladder the benchmark's variant order, then the library. */
static void print_steps(FILE *f, const pb_rowset *s, size_t first, int max_width)
{
    const pb_row *head = &s->rows[first], *cuda_k1 = NULL;
    const pb_bench *b = pb_bench_find(head->benchmark);
    enum { MAX_LADDERS = 16 };
    const pb_row *ladder[MAX_LADDERS]; /* first row of each backend/toolchain */
    int nladders = 0, any_k1 = 0;
    for (int pass = 0; pass < 3; ++pass) /* cuda, libraries, omp (and any other) */
        for (size_t i = first; i < s->n && nladders < MAX_LADDERS; ++i) {
            const pb_row *r = &s->rows[i];
            if (!same_table(head, r, 0) || r->verified != PB_VERIFIED_PASS || r->offload == PB_OFFLOAD_CPU)
                continue;
            int kind = strcmp(r->backend, "cuda") == 0 ? 0 : strcmp(r->variant, "lib") == 0 ? 1 : 2;
            int known = 0;
            for (int k = 0; k < nladders; ++k)
                known |= strcmp(ladder[k]->backend, r->backend) == 0 && strcmp(ladder[k]->toolchain, r->toolchain) == 0;
            if (kind == pass && !known)
                ladder[nladders++] = r;
            if (kind == 0 && strcmp(r->variant, "k1") == 0)
                cuda_k1 = r;
            any_k1 |= strcmp(r->variant, "k1") == 0;
        }
    if (!b || !any_k1)
        return;
    char title[256], params[128];
    pb_params_shown(head->benchmark, head->params, head->size, params, sizeof params);
    snprintf(title, sizeof title, "%s  %s  %s=%.0f  %s:", head->benchmark, head->dtype, b->size_option + 2, head->size,
             params);
    put_title(f, max_width, title,
              "the course's ladder per backend (step: over the kernel above; cumulative: over the backend's own k1)");
    static const int step_width[] = {16, 9, 12, 10, 8, 11, 11};
    pb_tab t;
    pb_tab_init(&t, 7);
    t.sep = " ";
    t.empty = "";
    for (int c = 0; c < 7; ++c)
        pb_tab_column(&t, c, c < 2 ? PB_ALIGN_LEFT : PB_ALIGN_RIGHT, step_width[c], 1);
    pb_tab_put(&t, "backend");
    pb_tab_put(&t, "kernel");
    pb_tab_put(&t, "time (ms)");
    pb_tab_put(&t, "%s", pb_row_unit(head));
    pb_tab_put(&t, "step");
    pb_tab_put(&t, "cumulative");
    pb_tab_put(&t, "vs cuda k1");
    const char *names[64];
    int nnames = 0;
    for (int v = 0; b->variants[v] && nnames < 63; ++v)
        names[nnames++] = b->variants[v];
    names[nnames++] = "lib";
    for (int l = 0; l < nladders; ++l) {
        const pb_row *own_k1 = NULL, *prev = NULL;
        const char *be = ladder[l]->backend, *tc = ladder[l]->toolchain;
        for (size_t i = first; i < s->n; ++i)
            if (ladder_row(head, &s->rows[i], be, tc) && strcmp(s->rows[i].variant, "k1") == 0)
                own_k1 = &s->rows[i];
        char who[48];
        pb_series_title(be, tc, who, sizeof who);
        for (int v = 0; v < nnames; ++v)
            for (size_t i = first; i < s->n; ++i) {
                const pb_row *r = &s->rows[i];
                if (!ladder_row(head, r, be, tc) || strcmp(r->variant, names[v]) != 0)
                    continue;
                char step[16] = "", cum[16] = "", vs[16] = "", rate[32];
                const int numbered = is_step(r->variant);
                if (numbered && prev)
                    snprintf(step, sizeof step, "%.2fx", pb_row_time(prev) / pb_row_time(r));
                if (own_k1)
                    snprintf(cum, sizeof cum, "%.2fx", pb_row_time(own_k1) / pb_row_time(r));
                if (cuda_k1)
                    snprintf(vs, sizeof vs, "%.2fx", pb_row_time(cuda_k1) / pb_row_time(r));
                pb_tab_put(&t, "%s", who);
                pb_tab_put(&t, "%s", r->variant);
                pb_tab_put(&t, "%.4f", 1e3 * pb_row_time(r));
                pb_tab_put(&t, "%s", pb_rate_text(pb_row_rate(r), rate, sizeof rate));
                pb_tab_put(&t, "%s", step);
                pb_tab_put(&t, "%s", cum);
                pb_tab_put(&t, "%s", vs);
                if (numbered)
                    prev = r;
            }
    }
    pb_tab_print(f, &t, PB_FMT_TEXT);
    pb_tab_free(&t);
}

void pb_table_print(FILE *f, const pb_rowset *s) { pb_table_print_width(f, s, PB_TEXT_WIDTH); }

void pb_table_print_width(FILE *f, const pb_rowset *s, int max_width)
{
    instances = find_instances(s);
    char *done = calloc(s->n ? s->n : 1, 1);
    if (!done)
        return;
    for (size_t first = 0; first < s->n; ++first) {
        if (done[first])
            continue;
        print_one_table(f, s, first, done, max_width);
        const pb_bench *b = pb_bench_find(s->rows[first].benchmark);
        if (b && b->steps_view)
            print_steps(f, s, first, max_width);
    }
    free(done);
}

/* ---- the spread across GPUs or MPI ranks ---- */

typedef struct spread_item {
    const pb_row *r;
    double rate;
} spread_item;

static int by_rate(const void *x, const void *y)
{
    double a = ((const spread_item *)x)->rate, b = ((const spread_item *)y)->rate;
    return (a > b) - (a < b);
}

void pb_table_print_spread(FILE *f, const pb_rowset *s, int max_width)
{
    instances = find_instances(s);
    if (instances == BY_NONE) {
        pb_table_print_width(f, s, max_width);
        return;
    }
    const char *who = instances == BY_RANK ? "rank" : "gpu";
    char *done = calloc(s->n ? s->n : 1, 1);
    spread_item *items = malloc((s->n ? s->n : 1) * sizeof *items);
    if (!done || !items) {
        free(done);
        free(items);
        return;
    }
    for (size_t first = 0; first < s->n; ++first) {
        if (done[first])
            continue;
        const pb_row *head = &s->rows[first];
        const pb_bench *b = pb_bench_find(head->benchmark);
        const char *size_name = b ? b->size_option + 2 : "size";
        char title[256], note[128], params[128];
        pb_params_shown(head->benchmark, head->params, head->size, params, sizeof params);
        snprintf(title, sizeof title, "%s  %s  %s=%.0f%s%s", head->benchmark, head->dtype, size_name, head->size,
                 params[0] ? "  " : "", params);
        snprintf(note, sizeof note, "[%s across %ss: min / median / max and the slowest %s]", pb_row_unit(head), who,
                 who);
        put_title(f, max_width, title, note);
        static const int spread_width[] = {10, 18, 4, 10, 10, 10, 9, 7};
        static const char *const spread_head[] = {"variant", "series", "n",       "min",
                                                  "median",  "max",    "slowest", "spread"};
        pb_tab t;
        pb_tab_init(&t, 8);
        t.sep = " ";
        t.empty = "";
        for (int c = 0; c < 8; ++c) {
            pb_tab_column(&t, c, c < 2 ? PB_ALIGN_LEFT : PB_ALIGN_RIGHT, spread_width[c], 1);
            pb_tab_put(&t, "%s", spread_head[c]);
        }
        for (size_t i = first; i < s->n; ++i) {
            const pb_row *r = &s->rows[i];
            if (done[i] || !same_table(head, r, 0))
                continue;
            /* every instance of this variant and series */
            size_t n = 0, bad = 0;
            for (size_t j = i; j < s->n; ++j) {
                const pb_row *q = &s->rows[j];
                if (done[j] || !same_table(head, q, 0) || strcmp(q->variant, r->variant) ||
                    strcmp(q->backend, r->backend) || strcmp(q->toolchain, r->toolchain))
                    continue;
                done[j] = 1;
                if (q->verified == PB_VERIFIED_PASS)
                    items[n++] = (spread_item){q, pb_row_rate(q)};
                else
                    ++bad;
            }
            char series[48];
            pb_series_title(r->backend, r->toolchain, series, sizeof series);
            pb_tab_put(&t, "%s", r->variant);
            pb_tab_put(&t, "%s", series);
            pb_tab_put(&t, "%zu", n + bad);
            if (n == 0) {
                for (int c = 3; c < 7; ++c)
                    pb_tab_put(&t, "-");
                pb_tab_put(&t, "%s", r->verified == PB_VERIFIED_SKIP ? "skip" : "FAIL");
                continue;
            }
            qsort(items, n, sizeof *items, by_rate);
            double med = n % 2 ? items[n / 2].rate : 0.5 * (items[n / 2 - 1].rate + items[n / 2].rate);
            char slow[24], lo[32], mid[32], hi[32];
            snprintf(slow, sizeof slow, "%s %.0f", who, instance_of(items[0].r));
            pb_tab_put(&t, "%s", pb_rate_text(items[0].rate, lo, sizeof lo));
            pb_tab_put(&t, "%s", pb_rate_text(med, mid, sizeof mid));
            pb_tab_put(&t, "%s", pb_rate_text(items[n - 1].rate, hi, sizeof hi));
            pb_tab_put(&t, "%s", slow);
            pb_tab_put(&t, "%6.1f%%%s", med > 0 ? 100 * (items[n - 1].rate - items[0].rate) / med : 0,
                       bad ? " +FAIL/skip" : "");
        }
        pb_tab_print(f, &t, PB_FMT_TEXT);
        pb_tab_free(&t);
    }
    free(done);
    free(items);
}
