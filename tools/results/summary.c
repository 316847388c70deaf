/* summary.c - the best of each programming model per case, as a fraction of the
 * library (or of the best CUDA where there is none). Rows of several GPUs (or of several
 * MPI ranks without GPUs) make one case per GPU, and a line per case with the spread
 * of each model's best across them. */
#define _GNU_SOURCE
#include "summary.h"
#include "pb_bench.h"
#include "pb_common.h"
#include "pb_match.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_TC = 16 };

/* One case: benchmark, dtype, size, params on one GPU model (and one GPU, or rank, when
 * the rows hold several). */
typedef struct scase {
    const pb_row *head;
    const pb_row *lib, *cuda, *omp[MAX_TC]; /* the best passing row of each */
    int clocks;                             /* 1: a counted row used the host clock, 2: the device clock */
} scase;

typedef struct summary {
    int ntc;
    char tc[MAX_TC][32];
    scase *c;
    size_t n;
    int profiles;      /* more than one GPU profile in the rows */
    unsigned instance; /* PB_KEY_GPU or PB_KEY_SLOT: a case per GPU (or rank); 0: one per case */
} summary;

static int counted(const pb_row *r) { return r->verified == PB_VERIFIED_PASS && pb_row_rate(r) > 0; }

static void keep_best(const pb_row **best, const pb_row *r)
{
    if (!*best || pb_row_rate(r) > pb_row_rate(*best))
        *best = r;
}

static int tc_index(summary *s, const char *tc, int add)
{
    for (int i = 0; i < s->ntc; ++i)
        if (strcmp(s->tc[i], tc) == 0)
            return i;
    if (!add || s->ntc == MAX_TC)
        return -1;
    pb_strlcpy(s->tc[s->ntc], tc, sizeof s->tc[0]);
    return s->ntc++;
}

static int bench_rank(const char *name)
{
    for (size_t i = 0; i < pb_nbenches; ++i)
        if (strcmp(pb_benches[i]->name, name) == 0)
            return (int)i;
    return (int)pb_nbenches;
}

/* Benchmark, dtype, params and GPU model: the cases of one paragraph line. */
static int same_group(const pb_row *a, const pb_row *b)
{
    return !strcmp(a->benchmark, b->benchmark) && !strcmp(a->dtype, b->dtype) && !strcmp(a->params, b->params) &&
           !strcmp(a->gpu_profile, b->gpu_profile);
}

/* And the size: the cases of one spread line (they differ by GPU only). */
static int same_case(const pb_row *a, const pb_row *b) { return same_group(a, b) && a->size == b->size; }

static int case_cmp(const void *x, const void *y)
{
    const pb_row *a = ((const scase *)x)->head, *b = ((const scase *)y)->head;
    int d = bench_rank(a->benchmark) - bench_rank(b->benchmark);
    d = d ? d : strcmp(a->benchmark, b->benchmark);
    d = d ? d : strcmp(a->gpu_profile, b->gpu_profile);
    d = d ? d : strcmp(a->dtype, b->dtype);
    d = d ? d : pb_natural_cmp(a->params, b->params);
    d = d ? d : (a->size > b->size) - (a->size < b->size);
    return d ? d : pb_row_gpu_cmp(a, b);
}

static int cmp_tc(const void *a, const void *b) { return pb_natural_cmp(a, b); }

static void add_row(summary *s, scase *c, const pb_row *r)
{
    if (!counted(r))
        return;
    int k;
    if (strcmp(r->variant, "lib") == 0)
        keep_best(&c->lib, r);
    else if (strcmp(r->backend, "cuda") == 0)
        keep_best(&c->cuda, r);
    else if (strcmp(r->backend, "omp") == 0 && (k = tc_index(s, r->toolchain, 0)) >= 0)
        keep_best(&c->omp[k], r);
    else
        return;
    c->clocks |= r->clock == PB_CLOCK_DEVICE ? 2 : 1;
}

static int build(summary *s, const pb_rowset *rows)
{
    memset(s, 0, sizeof *s);
    const char *first = NULL;
    for (size_t i = 0; i < rows->n; ++i) {
        const pb_row *r = &rows->rows[i];
        if (strcmp(r->backend, "omp") == 0)
            tc_index(s, r->toolchain, 1);
        if (r->gpu_profile[0] && counted(r)) {
            s->profiles |= first && strcmp(first, r->gpu_profile) != 0;
            first = r->gpu_profile;
        }
    }
    qsort(s->tc, (size_t)s->ntc, sizeof s->tc[0], cmp_tc);
    s->instance = pb_rows_instance_key(rows);
    pb_index ix;
    s->c = calloc(rows->n + 1, sizeof *s->c);
    if (!s->c || pb_index_build(&ix, rows, PB_KEY_PROFILE | s->instance) != 0) {
        free(s->c);
        s->c = NULL;
        return -1;
    }
    for (size_t i = 0; i < rows->n; ++i) {
        if (pb_index_first(&ix, ix.key[i]) != (long)i)
            continue;
        scase *c = &s->c[s->n];
        c->head = &rows->rows[i];
        for (long j = (long)i; j >= 0; j = pb_index_next(&ix, j))
            add_row(s, c, &rows->rows[j]);
        int any = c->lib || c->cuda;
        for (int k = 0; k < s->ntc; ++k)
            any |= c->omp[k] != NULL;
        s->n += any;
        if (!any)
            memset(c, 0, sizeof *c);
    }
    pb_index_free(&ix);
    qsort(s->c, s->n, sizeof *s->c, case_cmp);
    return 0;
}

/* The models of a case: 0 the library, 1 CUDA, 2 + k OpenMP toolchain k. */
static int nmodels(const summary *s) { return 2 + s->ntc; }

static const pb_row *model_row(const scase *c, int m) { return m == 0 ? c->lib : m == 1 ? c->cuda : c->omp[m - 2]; }

static const pb_row *reference(const scase *c) { return c->lib ? c->lib : c->cuda; }

static double fraction(const scase *c, const pb_row *r)
{
    const pb_row *ref = reference(c);
    return r && ref ? pb_row_rate(r) / pb_row_rate(ref) : NAN;
}

static const char *clock_name(int clocks) { return clocks == 3 ? "mixed" : clocks == 2 ? "device" : "host"; }
static const char *clock_of(const scase *c) { return clock_name(c->clocks); }

static int fallback(const pb_row *r) { return r && r->offload == PB_OFFLOAD_HOST_FALLBACK; }

static const char *size_name(const pb_row *r)
{
    const pb_bench *b = pb_bench_find(r->benchmark);
    return b && b->size_option ? b->size_option + 2 : "size";
}

static const char *instances_name(const summary *s) { return s->instance == PB_KEY_SLOT ? "ranks" : "GPUs"; }

/* "v8 4301.6 (0.96)": variant, rate, fraction of the reference; '*' marks host fallback. */
static void cell(const scase *c, const pb_row *r, int with_variant, char *buf, size_t cap)
{
    char rate[32], frac[32] = "";
    if (!r) {
        buf[0] = '\0';
        return;
    }
    pb_fmt_rate(pb_row_rate(r), PB_FMT_TEXT, rate, sizeof rate);
    if (r != c->lib && reference(c)) /* two significant digits below 0.1: 0.0037, not 0.00 */
        snprintf(frac, sizeof frac, fraction(c, r) < 0.095 ? " (%.2g)" : " (%.2f)", fraction(c, r));
    snprintf(buf, cap, "%s%s%s%s%s", with_variant ? r->variant : r->backend, " ", rate, frac, fallback(r) ? "*" : "");
}

/* The gpu column: the model when the rows hold several, which GPU when several. */
static void gpu_cell(const summary *s, const pb_row *h, const char *which, char *buf, size_t cap)
{
    char where[160] = "";
    if (which)
        pb_strlcpy(where, which, sizeof where);
    else if (s->instance)
        pb_row_gpu_label(h, where, sizeof where);
    const char *model = s->profiles ? h->gpu_profile : "";
    snprintf(buf, cap, "%s%s%s", model, model[0] && where[0] ? " " : "", where);
}

/* ---- the spread across GPUs: cases c[0..n) of one benchmark, dtype, size, params ---- */

typedef struct model_spread {
    pb_spread sp;
    int fb; /* a counted row ran on the host */
} model_spread;

static int spread_of(const scase *c, size_t n, int m, model_spread *out)
{
    const pb_row **r = calloc(n + 1, sizeof *r);
    size_t k = 0;
    out->fb = 0;
    if (!r)
        return -1;
    for (size_t i = 0; i < n; ++i)
        if (model_row(&c[i], m)) {
            r[k] = model_row(&c[i], m);
            out->fb |= fallback(r[k++]);
        }
    int rc = pb_spread_of(r, k, &out->sp);
    free(r);
    return rc;
}

/* "2.0 / 9.9 / 17.8, slowest g1@node7": min / median / max of each GPU's best; "(1 of 2)"
 * when not every GPU has one. */
static void spread_cell(const model_spread *ms, size_t ngpus, char *buf, size_t cap)
{
    char a[32], b[32], c[32], who[160] = "", part[64] = "";
    const pb_spread *sp = &ms->sp;
    if (!sp->n) {
        buf[0] = '\0';
        return;
    }
    pb_row_gpu_label(sp->slowest, who, sizeof who);
    if (sp->n < ngpus)
        snprintf(part, sizeof part, " (%zu of %zu)", sp->n, ngpus);
    snprintf(buf, cap, "%s / %s / %s%s, slowest %s%s", pb_fmt_rate(sp->min, PB_FMT_TEXT, a, sizeof a),
             pb_fmt_rate(sp->median, PB_FMT_TEXT, b, sizeof b), pb_fmt_rate(sp->max, PB_FMT_TEXT, c, sizeof c),
             ms->fb ? "*" : "", who, part);
}

static int clocks_of(const scase *c, size_t n)
{
    int k = 0;
    for (size_t i = 0; i < n; ++i)
        k |= c[i].clocks;
    return k;
}

/* ---- tables ---- */

static void put_case_start(const summary *s, const scase *c, const char *which, const char *clock, pb_tab *t)
{
    const pb_row *h = c->head;
    char x[256];
    pb_tab_put(t, "%s", h->benchmark);
    pb_tab_put(t, "%s", h->dtype);
    pb_tab_put(t, "%s=%s", size_name(h), pb_fmt_size(h->size, x, sizeof x));
    pb_params_shown(h->benchmark, h->params, h->size, x, sizeof x);
    pb_tab_put(t, "%s", x);
    gpu_cell(s, h, which, x, sizeof x);
    pb_tab_put(t, "%s", x);
    pb_tab_put(t, "%s", pb_row_unit(h));
    pb_tab_put(t, "%s", clock);
}

static void put_case_wide(const summary *s, const scase *c, pb_tab *t)
{
    char x[128];
    put_case_start(s, c, NULL, clock_of(c), t);
    cell(c, c->lib, 0, x, sizeof x);
    pb_tab_put(t, "%s", x);
    cell(c, c->cuda, 1, x, sizeof x);
    pb_tab_put(t, "%s", x);
    for (int k = 0; k < s->ntc; ++k) {
        cell(c, c->omp[k], 1, x, sizeof x);
        pb_tab_put(t, "%s", x);
    }
}

/* The line under a case's GPUs: the spread of each model's best across them. */
static int put_spread_wide(const summary *s, const scase *c, size_t n, pb_tab *t)
{
    char which[64], x[320];
    snprintf(which, sizeof which, "spread of %zu %s", n, instances_name(s));
    put_case_start(s, c, which, clock_name(clocks_of(c, n)), t);
    for (int m = 0; m < nmodels(s); ++m) {
        model_spread ms;
        if (spread_of(c, n, m, &ms) != 0)
            return -1;
        spread_cell(&ms, n, x, sizeof x);
        pb_tab_put(t, "%s", x);
    }
    return 0;
}

static void put_long_row(const summary *s, const scase *c, const pb_row *r, const char *role, pb_tab *t)
{
    char series[80], x[64], ref[80] = "";
    const pb_row *rf = reference(c);
    pb_row_series(r, series, sizeof series);
    if (rf)
        snprintf(ref, sizeof ref, "%s%s%s", rf == c->lib ? rf->backend : "cuda", rf == c->lib ? "" : " ",
                 rf == c->lib ? "" : rf->variant);
    pb_tab_put(t, "%s", c->head->benchmark);
    pb_tab_put(t, "%s", c->head->dtype);
    pb_tab_put(t, "%.0f", c->head->size);
    pb_tab_put(t, "%s", c->head->params);
    pb_tab_put(t, "%s", c->head->gpu_profile);
    pb_tab_put(t, "%s", pb_row_unit(r));
    pb_tab_put(t, "%s", clock_of(c));
    pb_tab_put(t, "%s", role);
    pb_tab_put(t, "%s", series);
    pb_tab_put(t, "%s", r->toolchain);
    pb_tab_put(t, "%s", r->variant);
    pb_tab_put(t, "%s", pb_fmt_rate(pb_row_rate(r), PB_FMT_CSV, x, sizeof x));
    pb_tab_put(t, "%s", ref);
    pb_tab_put(t, "%s", pb_fmt_num(fraction(c, r), "%.4g", PB_FMT_CSV, x, sizeof x));
    pb_tab_put(t, "%s", pb_offload_name(r->offload));
    if (s->instance) { /* where the case ran: its GPU (or rank) */
        const pb_row *h = c->head;
        pb_tab_put(t, "%s", h->host);
        pb_tab_put(t, "%s", pb_fmt_num(h->gpu_index, "%.0f", PB_FMT_CSV, x, sizeof x));
        pb_tab_put(t, "%s", h->gpu_uuid);
        pb_tab_put(t, "%s", pb_fmt_num(h->rank, "%.0f", PB_FMT_CSV, x, sizeof x));
    }
}

int pb_summary_table(const pb_rowset *rows, pb_fmt fmt, pb_tab *t, size_t *ncases)
{
    summary s;
    if (build(&s, rows) != 0)
        return -1;
    *ncases = s.n;
    int rc;
    if (fmt == PB_FMT_CSV) {
        static const char *const head[] = {"benchmark", "dtype",   "size",     "params",   "gpu",      "unit",  "clock",
                                           "role",      "series",  "toolchain", "variant", "rate",     "reference",
                                           "fraction",  "offload", "host",      "gpu_index", "gpu_uuid", "rank"};
        int ncol = s.instance ? 19 : 15;
        rc = pb_tab_init(t, ncol);
        for (int i = 0; rc == 0 && i < ncol; ++i)
            pb_tab_put(t, "%s", head[i]);
        for (size_t i = 0; rc == 0 && i < s.n; ++i) {
            const scase *c = &s.c[i];
            if (c->lib)
                put_long_row(&s, c, c->lib, "library", t);
            if (c->cuda)
                put_long_row(&s, c, c->cuda, "cuda", t);
            for (int k = 0; k < s.ntc; ++k)
                if (c->omp[k])
                    put_long_row(&s, c, c->omp[k], "openmp", t);
        }
    } else {
        rc = pb_tab_init(t, 9 + s.ntc);
        static const char *const head[] = {"benchmark", "dtype", "size", "params", "gpu", "unit", "clock",
                                           "library", "best CUDA"};
        for (int i = 0; rc == 0 && i < 9; ++i)
            pb_tab_put(t, "%s", head[i]);
        for (int k = 0; rc == 0 && k < s.ntc; ++k)
            pb_tab_put(t, "best omp(%s)", s.tc[k]);
        for (size_t i = 0, j; rc == 0 && i < s.n; i = j) {
            for (j = i; j < s.n && same_case(s.c[j].head, s.c[i].head); ++j)
                put_case_wide(&s, &s.c[j], t);
            if (s.instance && j - i > 1)
                rc = put_spread_wide(&s, &s.c[i], j - i, t);
        }
        if (rc == 0) {
            pb_tab_hide_empty(t);
            t->hidden[4] = (char)(!s.profiles && !s.instance); /* the GPU column only when several were measured */
        }
    }
    free(s.c);
    return rc == 0 && !t->oom ? 0 : -1;
}

/* ---- the paragraph ---- */

/* The paragraph's lines, wrapped before an item that would pass the width (0: never),
 * one column short of it: the separator ("; " ends a line as ";") must still fit.
 * Continuation lines are indented by four. */
typedef struct wrap {
    FILE *f;
    int width, col;
} wrap;

static void wrap_item(wrap *w, const char *sep, const char *item)
{
    int n = (int)(strlen(sep) + strlen(item));
    if (w->width > 0 && w->col > 4 && w->col + n > w->width - 1) {
        size_t keep = strlen(sep);
        while (keep && sep[keep - 1] == ' ')
            --keep; /* "; " ends the line as ";" */
        fprintf(w->f, "%.*s\n    %s", (int)keep, sep, item);
        w->col = 4 + (int)strlen(item);
    } else {
        fprintf(w->f, "%s%s", sep, item);
        w->col += n;
    }
}

static void paragraph_head(wrap *w, const scase *c, const char *clock)
{
    const pb_row *h = c->head;
    char size[32], params[128], head[320];
    pb_params_shown(h->benchmark, h->params, h->size, params, sizeof params);
    snprintf(head, sizeof head, "  %s %s %s=%s%s%s [%s, %s clock]", h->benchmark, h->dtype, size_name(h),
             pb_fmt_size(h->size, size, sizeof size), params[0] ? " " : "", params, pb_row_unit(h), clock);
    w->col = 0;
    wrap_item(w, "", head);
}

static const char *model_name(const summary *s, int m, char *buf, size_t cap)
{
    if (m == 0)
        return "library";
    if (m == 1)
        return "CUDA";
    snprintf(buf, cap, "omp(%s)", s->tc[m - 2]);
    return buf;
}

static void paragraph_line(wrap *w, const summary *s, const scase *c)
{
    char x[128], name[48], item[192];
    paragraph_head(w, c, clock_of(c));
    const char *sep = ": ";
    for (int m = 0; m < nmodels(s); ++m) {
        const pb_row *r = model_row(c, m);
        if (!r)
            continue;
        cell(c, r, m != 0, x, sizeof x);
        snprintf(item, sizeof item, "%s %s", model_name(s, m, name, sizeof name), x);
        wrap_item(w, sep, item);
        sep = "; ";
    }
    fputc('\n', w->f);
}

/* Several GPUs: one line per case with min / median / max of each model's best. */
static int paragraph_spread(wrap *w, const summary *s, const scase *c, size_t n)
{
    char x[320], name[48], item[384];
    paragraph_head(w, c, clock_name(clocks_of(c, n)));
    snprintf(item, sizeof item, "across %zu %s", n, instances_name(s));
    wrap_item(w, " ", item);
    const char *sep = ": ";
    for (int m = 0; m < nmodels(s); ++m) {
        model_spread ms;
        if (spread_of(c, n, m, &ms) != 0)
            return -1;
        if (!ms.sp.n)
            continue;
        spread_cell(&ms, n, x, sizeof x);
        snprintf(item, sizeof item, "%s %s", model_name(s, m, name, sizeof name), x);
        wrap_item(w, sep, item);
        sep = "; ";
    }
    fputc('\n', w->f);
    return 0;
}

void pb_summary_paragraph(FILE *f, const pb_rowset *rows) { pb_summary_paragraph_width(f, rows, PB_TEXT_WIDTH); }

void pb_summary_paragraph_width(FILE *f, const pb_rowset *rows, int max_width)
{
    wrap w = {f, max_width, 0};
    enum { MAX_LINES = 12 };
    summary s;
    if (build(&s, rows) != 0 || s.n == 0) {
        free(s.c);
        return;
    }
    size_t groups = 0, shown = 0;
    int fb = 0, any_ref = 0;
    for (size_t i = 0; i < s.n; ++i)
        any_ref |= reference(&s.c[i]) != NULL;
    for (size_t i = 0, j; i < s.n; i = j) {
        for (j = i + 1; j < s.n && same_group(s.c[j].head, s.c[i].head);)
            ++j;
        ++groups;
        size_t last = j; /* cases are sorted by size within a group: the last size is the largest */
        while (last > i && same_case(s.c[last - 1].head, s.c[j - 1].head))
            --last;
        for (size_t k = last; k < j; ++k)
            for (int m = 0; m < nmodels(&s); ++m)
                fb |= fallback(model_row(&s.c[k], m));
        if (shown == 0) {
            fprintf(f, "\nbest of each model (largest size; %s):\n",
                    any_ref ? "in parentheses: fraction of the library's rate, or of the best CUDA without one"
                            : "no library or CUDA row to compare with");
            if (s.instance)
                fprintf(f, "  (several %s: min / median / max of each %s's best and the slowest; portbench "
                           "summary shows each)\n",
                        instances_name(&s), s.instance == PB_KEY_SLOT ? "rank" : "GPU");
        }
        if (shown < MAX_LINES) {
            if (s.instance && j - last > 1)
                paragraph_spread(&w, &s, &s.c[last], j - last);
            else
                paragraph_line(&w, &s, &s.c[last]);
            ++shown;
        }
    }
    if (groups > shown)
        fprintf(f, "  ... and %zu more: portbench summary FILE.csv shows every case\n", groups - shown);
    if (fb)
        fprintf(f, "  * OpenMP target code ran on the host (no GPU): not a GPU result\n");
    free(s.c);
}

/* ---- why: the launch facts of each best ---- */

/* "v8: 32 regs, block 256x1x1, grid 132x1x1 -> 64 warps/SM (100%)": facts only, as CUPTI
 * recorded them for the kernel that took most of the row's time; "" without them. */
static void why_item(const pb_row *r, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (!r || !(r->regs_per_thread > 0))
        return;
    char local[48] = "", occ[96] = "";
    if (r->local_bytes_per_thread > 0)
        snprintf(local, sizeof local, ", %.0f B local (spills)", r->local_bytes_per_thread);
    if (r->warps_per_sm > 0)
        snprintf(occ, sizeof occ, " -> %.0f warps/SM (%.1f%%%s%s)", r->warps_per_sm, r->occupancy_pct,
                 r->occupancy_limit[0] ? ", by " : "", r->occupancy_limit);
    snprintf(buf, cap, "%s: %.0f regs%s, block %s, grid %s%s", r->variant, r->regs_per_thread, local, r->block, r->grid,
             occ);
}

/* One line per case whose bests carry launch facts (GPU rows traced with CUPTI). */
static void print_why(FILE *f, const summary *s)
{
    int any = 0;
    for (size_t i = 0; i < s->n; ++i) {
        const scase *c = &s->c[i];
        wrap w = {f, PB_TEXT_WIDTH, 0};
        const char *sep = ": ";
        int items = 0;
        for (int m = 0; m < nmodels(s); ++m) {
            char fact[256], name[48], item[320];
            why_item(model_row(c, m), fact, sizeof fact);
            if (!fact[0])
                continue;
            if (!items++) {
                if (!any++)
                    fprintf(f, "\nwhy: the launch of each best (the kernel that took most of its time, as CUPTI "
                               "recorded it; occupancy is theoretical):\n");
                paragraph_head(&w, c, clock_of(c));
            }
            snprintf(item, sizeof item, "%s %s", model_name(s, m, name, sizeof name), fact);
            wrap_item(&w, sep, item);
            sep = "; ";
        }
        if (items)
            fputc('\n', f);
    }
}

/* The same facts as a table (the report's "Why" section): one row per case and model. */
int pb_summary_why_table(const pb_rowset *rows, pb_fmt fmt, pb_tab *t, size_t *nrows)
{
    summary s;
    if (build(&s, rows) != 0)
        return -1;
    if (pb_tab_init(t, 12) != 0) {
        free(s.c);
        return -1;
    }
    const char *head[] = {"benchmark", "dtype", "size", "model", "variant", "regs", "local B", "block", "grid",
                          "warps/SM", "occupancy %", "limit"};
    for (size_t k = 0; k < sizeof head / sizeof *head; ++k)
        pb_tab_put(t, "%s", head[k]);
    *nrows = 0;
    for (size_t i = 0; i < s.n; ++i) {
        const scase *c = &s.c[i];
        for (int m = 0; m < nmodels(&s); ++m) {
            const pb_row *r = model_row(c, m);
            char x[64], name[48];
            if (!r || !(r->regs_per_thread > 0))
                continue;
            pb_tab_put(t, "%s", c->head->benchmark);
            pb_tab_put(t, "%s", c->head->dtype);
            pb_tab_put(t, "%s", pb_fmt_size(c->head->size, x, sizeof x));
            pb_tab_put(t, "%s", model_name(&s, m, name, sizeof name));
            pb_tab_put(t, "%s", r->variant);
            pb_tab_put(t, "%s", pb_fmt_num(r->regs_per_thread, "%.0f", fmt, x, sizeof x));
            pb_tab_put(t, "%s", pb_fmt_num(r->local_bytes_per_thread, "%.0f", fmt, x, sizeof x));
            pb_tab_put(t, "%s", r->block);
            pb_tab_put(t, "%s", r->grid);
            pb_tab_put(t, "%s", pb_fmt_num(r->warps_per_sm, "%.0f", fmt, x, sizeof x));
            pb_tab_put(t, "%s", pb_fmt_num(r->occupancy_pct, "%.1f", fmt, x, sizeof x));
            pb_tab_put(t, "%s", r->occupancy_limit);
            ++*nrows;
        }
    }
    free(s.c);
    return t->oom ? -1 : 0;
}

/* ---- command ---- */

enum { O_MD, O_CSV, O_WIDE };

static const pb_optdef summary_opts[] = {
    {"md", PB_OPT_NONE, NULL, "markdown table", O_MD, 0},
    {"csv", PB_OPT_NONE, NULL, "CSV on standard output: one row per case and model (and GPU)", O_CSV, 0},
    {"wide", PB_OPT_NONE, NULL, "text: one line per case however wide (default: fit 120 columns)", O_WIDE, 0},
    {NULL, 0, NULL, NULL, 0, 0},
};

/* The text table's key: benchmark, dtype, size, params, gpu, unit, clock lead every block. */
enum { SUMMARY_KEYS = 7 };

static const char summary_details[] =
    "Per benchmark, dtype, size and params (and GPU model, when the files hold several): the\n"
    "library's rate (cuBLAS, CUB, cudaMemcpy), the best CUDA variant and its rate, and the best\n"
    "OpenMP variant and its rate for every toolchain, each followed by its fraction of the\n"
    "library's rate, or of the best CUDA rate where there is no library. Rates are the\n"
    "benchmark's headline unit (GFLOP/s for FLOP-bound benchmarks, Melem/s for histogram and\n"
    "ranksort, else GB/s) on each row's clock; the clock column says which (mixed: rows of the\n"
    "case differ). Only rows that passed verification count; '*' marks OpenMP target code that\n"
    "ran on the host.\n"
    "\n"
    "Rows of several GPUs (distinct gpu_uuid; or of several MPI ranks without GPUs) are never\n"
    "mixed: each case is shown per GPU (the gpu column: GPU index@host, and MPI rank), followed\n"
    "by a line 'spread of N GPUs' with, for each model, the min / median / max across the GPUs\n"
    "of that GPU's best rate and the slowest GPU. --csv gives the per-GPU rows with host,\n"
    "gpu_index, gpu_uuid and rank columns (no spread lines).\n"
    "\n"
    "The text table fits 120 columns: when the models do not fit beside the case, they go on\n"
    "in further blocks, each led by the case columns again (every number is kept); --wide\n"
    "prints one line per case however wide. Parameters that stand for the size when 0 (gemm's\n"
    "m, n, k; transpose's cols) show the size they take; --csv keeps the params as measured.\n"
    "\n"
    "exit status: 0; 2 usage or input error (a malformed CSV names its file and line).\n";

const pb_cmdspec pb_summary_spec = {
    "summary", "RESULTS.csv...", "the best of each programming model per case, as a fraction of the library",
    {summary_opts}, 1, -1, summary_details,
};

typedef struct summary_args {
    pb_fmt fmt;
    int wide;
} summary_args;

static int on_option(void *ctx, const pb_optdef *d, const char *val, char *err, size_t cap)
{
    (void)val, (void)err, (void)cap;
    summary_args *a = ctx;
    if (d->id == O_WIDE)
        a->wide = 1;
    else
        a->fmt = d->id == O_MD ? PB_FMT_MD : PB_FMT_CSV;
    return PB_OK;
}

int pb_cmd_summary(int argc, char **argv)
{
    summary_args a = {PB_FMT_TEXT, 0};
    char err[2 * PATH_MAX];
    char **files = calloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0;
    if (!files) {
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    int rc = pb_opt_parse(&pb_summary_spec, argc, argv, on_option, &a, files, &nfiles, err, sizeof err);
    const pb_fmt fmt = a.fmt;
    if (rc == PB_OPT_HELP) {
        pb_opt_help(stdout, &pb_summary_spec);
        free(files);
        return PB_EXIT_OK;
    }
    if (rc != PB_OK) {
        pb_errorf("%s", err);
        free(files);
        return PB_EXIT_USAGE;
    }
    pb_rowset rows = {0};
    for (int i = 0; i < nfiles && rc == PB_OK; ++i)
        if (pb_results_read(files[i], &rows, err, sizeof err) != 0)
            rc = PB_ERR;
    free(files);
    if (rc != PB_OK) {
        pb_errorf("%s", err);
        pb_rowset_free(&rows);
        return PB_EXIT_USAGE;
    }
    pb_tab t;
    size_t n = 0;
    if (pb_summary_table(&rows, fmt, &t, &n) != 0) {
        pb_errorf("out of memory");
        pb_rowset_free(&rows);
        return PB_EXIT_USAGE;
    }
    if (n == 0) {
        pb_errorf("summary: no library, CUDA or OpenMP row passed verification in the input");
    } else {
        if (fmt != PB_FMT_CSV) {
            printf("Best of each model per case; in parentheses: fraction of the library's rate, or of the best\n"
                   "CUDA rate where there is no library.\n");
            unsigned inst = pb_rows_instance_key(&rows);
            if (inst)
                printf("Rows of several %s: each case per %s (gpu: %s), then its spread: min / median / max\n"
                       "across them of each model's best, and the slowest.\n",
                       inst == PB_KEY_GPU ? "GPUs" : "MPI ranks", inst == PB_KEY_GPU ? "GPU" : "rank",
                       inst == PB_KEY_GPU ? "GPU index@host, MPI rank" : "rank@host");
            putchar('\n');
        }
        pb_tab_print_fit(stdout, &t, fmt, a.wide ? 0 : PB_TEXT_WIDTH, SUMMARY_KEYS);
        int fb = 0;
        for (size_t i = 0; i < rows.n && fmt != PB_FMT_CSV; ++i)
            fb |= counted(&rows.rows[i]) && fallback(&rows.rows[i]);
        if (fb)
            printf("\n* OpenMP target code ran on the host (no GPU): not a GPU result\n");
        if (fmt != PB_FMT_CSV) {
            summary why;
            if (build(&why, &rows) == 0)
                print_why(stdout, &why);
            free(why.c);
        }
    }
    pb_tab_free(&t);
    pb_rowset_free(&rows);
    return PB_EXIT_OK;
}
