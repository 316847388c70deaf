/* report.c - `portbench report`: report.md opens with the summary (the best of each
 * model), then per family (report_data.h) its charts (report_plot.h) and tables, and
 * closes with the compiler matrix. Every rate is the benchmark's headline unit. Failed
 * rows are listed first and left out of every chart and speedup; they show as FAIL in
 * the tables. */
#define _GNU_SOURCE
#include "report.h"
#include "matrix.h"
#include "pb_bench.h"
#include "pb_common.h"
#include "pb_match.h"
#include "pb_output.h"
#include "pb_tab.h"
#include "pb_table.h"
#include "pb_version.h"
#include "record.h"
#include "report_data.h"
#include "report_plot.h"
#include "report_spread.h"
#include "summary.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *rate_md(double v, char *buf, size_t cap) { return pb_fmt_rate(v, PB_FMT_MD, buf, cap); }

/* ---- tables ---- */

static void put_pct(pb_tab *t, double v)
{
    char x[32];
    pb_tab_put(t, "%s", isnan(v) ? "" : pb_fmt_num(v, "%.1f", PB_FMT_MD, x, sizeof x));
}

/* Long table of rows (skipped rows left out); FAIL rows show no numbers. The headline
 * rate comes first with its % of datasheet peak and of the measured ceiling; the other
 * rate is shown bare (dMVM's GFLOP/s), or not at all when the cost model has none.
 * sweep: name of the swept parameter, shown as the first column; NULL for none. */
static int write_rows_table(pb_report_ctx *rep, const pb_row *const *rows, size_t n, int with_size, const char *sweep)
{
    /* the other rate: GB/s beside GFLOP/s and Melem/s, GFLOP/s beside GB/s */
    int fl = pb_row_flops_headline(rows[0]), other_gbs = fl || pb_row_elems_headline(rows[0]);
    const char *head[] = {pb_rep_size_name(rows[0]), sweep ? sweep : "", "variant", "backend", "toolchain", "time",
                          pb_row_unit(rows[0]), other_gbs ? "GB/s" : "GFLOP/s", fl ? "% peak FLOP/s" : "% peak BW",
                          fl ? "% meas. FLOP/s" : "% meas. BW", "vs lib", "status", "note"};
    enum { NCOL = sizeof head / sizeof *head };
    pb_tab t;
    pb_tab_init(&t, NCOL);
    for (int c = 0; c < NCOL; ++c)
        pb_tab_put(&t, "%s", head[c]);
    for (size_t i = 0; i < n; ++i) {
        const pb_row *r = rows[i];
        if (r->verified == PB_VERIFIED_SKIP)
            continue;
        int pass = r->verified == PB_VERIFIED_PASS;
        double other = other_gbs ? r->gbs : r->gflops;
        char x[64], v[32];
        pb_rep_param_get(r->params, sweep ? sweep : "", v, sizeof v);
        pb_tab_put(&t, "%.0f", r->size);
        pb_tab_put(&t, "%s", v);
        pb_tab_put(&t, "%s", r->variant);
        pb_tab_put(&t, "%s", r->backend);
        pb_tab_put(&t, "%s", r->toolchain);
        pb_tab_put(&t, "%s", pass ? pb_fmt_time(pb_row_time(r), PB_FMT_MD, x, sizeof x) : "");
        pb_tab_put(&t, "%s", pass ? rate_md(pb_row_rate(r), x, sizeof x) : "");
        pb_tab_put(&t, "%s", pass && other > 0 ? rate_md(other, x, sizeof x) : "");
        put_pct(&t, pass ? (fl ? r->pct_peak_flops : r->pct_peak_bw) : NAN);
        put_pct(&t, pass ? (fl ? r->pct_measured_flops : r->pct_measured_bw) : NAN);
        pb_tab_put(&t, "%s",
                   pass && !isnan(r->speedup_vs_lib) ? pb_fmt_num(r->speedup_vs_lib, "%.2fx", PB_FMT_MD, x, sizeof x) : "");
        if (pass)
            pb_tab_put(&t, "PASS%s", pb_rep_fallback(r) ? " (host fallback, not a GPU result)" : "");
        else
            pb_tab_put(&t, "**FAIL**");
        pb_tab_put(&t, "%s", r->note);
    }
    pb_tab_hide_empty(&t);
    t.hidden[0] = (char)!with_size;
    t.hidden[1] = (char)!sweep;
    int rc = pb_tab_nrows(&t) ? pb_tab_print(rep->md, &t, PB_FMT_MD) : 0;
    pb_tab_free(&t);
    fputc('\n', rep->md);
    return rc;
}

/* The row of series s at size, or NULL. */
static const pb_row *cell_of(const pb_family *f, const pb_row *s, double size)
{
    for (size_t i = 0; i < f->n; ++i)
        if (f->rows[i]->size == size && pb_rep_same_series(f->rows[i], s) && f->rows[i]->verified != PB_VERIFIED_SKIP)
            return f->rows[i];
    return NULL;
}

static void put_cell(pb_tab *t, const pb_row *r)
{
    char x[32];
    pb_tab_put(t, "%s", !r ? "" : r->verified == PB_VERIFIED_FAIL ? "**FAIL**" : rate_md(pb_row_rate(r), x, sizeof x));
}

/* The headline rate by size: sizes as rows and series as columns when the series are
 * few (stream: cuda, omp(clang-19), omp(gcc-12), cpu), else series as rows (dMVM). */
static int write_size_table(pb_report_ctx *rep, const pb_family *f, const double *sizes, size_t nsizes, size_t nall)
{
    const pb_row **series = calloc(f->n + 1, sizeof *series);
    if (!series)
        return -1;
    size_t ns = pb_rep_family_series(f, series, 1);
    int one = pb_rep_kernels(series, ns) <= 1, across = ns <= 6;
    const pb_row *h = f->rows[0];
    char x[128];
    fprintf(rep->md, "### %s by %s\n\n%s of every kernel and backend", pb_row_unit(h), pb_rep_size_name(h),
            pb_row_unit(h));
    if (nsizes < nall)
        fprintf(rep->md, " at %zu of the %zu sizes (the chart has all of them)", nsizes, nall);
    fprintf(rep->md, ":\n\n");
    pb_tab t;
    pb_tab_init(&t, across ? (int)ns + 1 : (int)nsizes + 2);
    if (across) {
        pb_tab_put(&t, "%s", pb_rep_size_name(h));
        for (size_t s = 0; s < ns; ++s) {
            pb_rep_series_label(series[s], one, x, sizeof x);
            pb_tab_put(&t, "%s", x);
        }
        for (size_t z = 0; z < nsizes; ++z) {
            pb_tab_put(&t, "%s", pb_fmt_size(sizes[z], x, sizeof x));
            for (size_t s = 0; s < ns; ++s)
                put_cell(&t, cell_of(f, series[s], sizes[z]));
        }
    } else {
        pb_tab_put(&t, "variant");
        pb_tab_put(&t, "backend");
        for (size_t z = 0; z < nsizes; ++z)
            pb_tab_put(&t, "%s = %s", pb_rep_size_name(h), pb_fmt_size(sizes[z], x, sizeof x));
        for (size_t s = 0; s < ns; ++s) {
            pb_tab_put(&t, "%s", series[s]->variant);
            pb_row_series(series[s], x, sizeof x);
            pb_tab_put(&t, "%s", x);
            for (size_t z = 0; z < nsizes; ++z)
                put_cell(&t, cell_of(f, series[s], sizes[z]));
        }
    }
    int rc = pb_rep_put_table(rep, &t);
    free(series);
    return rc;
}

static int is_k_variant(const char *v) { return v[0] == 'k' && v[1] && strspn(v + 1, "0123456789") == strlen(v + 1); }

/* Reduction ladder: kernels k1..kN of one series at one size, each against the previous
 * kernel (step) and against k1 (cumulative). Failed kernels break no chain: their cells
 * stay empty and the next kernel is compared with the last one that passed. */
static int write_speedup_table(pb_report_ctx *rep, const pb_family *f, const pb_row *group, double size)
{
    const pb_row **k = calloc(f->n + 1, sizeof *k);
    size_t nk = 0;
    for (size_t i = 0; k && i < f->n; ++i)
        if (f->rows[i]->size == size && pb_rep_same_group(f->rows[i], group) &&
            f->rows[i]->verified != PB_VERIFIED_SKIP)
            k[nk++] = f->rows[i];
    if (!k)
        return -1;
    const pb_row *k1 = NULL, *prev = NULL;
    for (size_t i = 0; i < nk; ++i)
        if (!strcmp(k[i]->variant, "k1") && k[i]->verified == PB_VERIFIED_PASS)
            k1 = k[i];
    char name[80];
    pb_row_series(group, name, sizeof name);
    fprintf(rep->md, "Speedup ladder, %s, %s = %.0f (step: over the previous kernel; cumulative: over k1):\n\n", name,
            pb_rep_size_name(group), size);
    pb_tab t;
    pb_tab_init(&t, 6);
    static const char *const head[] = {"variant", "time", "", "step speedup", "cumulative vs k1", "status"};
    for (int c = 0; c < 6; ++c)
        pb_tab_put(&t, "%s", c == 2 ? pb_row_unit(group) : head[c]);
    for (size_t i = 0; i < nk; ++i) {
        const pb_row *r = k[i];
        int pass = r->verified == PB_VERIFIED_PASS && pb_row_time(r) > 0, kv = is_k_variant(r->variant);
        char x[64];
        pb_tab_put(&t, "%s", r->variant);
        pb_tab_put(&t, "%s", pass ? pb_fmt_time(pb_row_time(r), PB_FMT_MD, x, sizeof x) : "");
        pb_tab_put(&t, "%s", pass ? rate_md(pb_row_rate(r), x, sizeof x) : "");
        pb_tab_put(&t, "%s",
                   pass && kv && prev ? pb_fmt_num(pb_row_time(prev) / pb_row_time(r), "%.2fx", PB_FMT_MD, x, sizeof x)
                                      : "");
        pb_tab_put(&t, "%s",
                   pass && k1 ? pb_fmt_num(pb_row_time(k1) / pb_row_time(r), "%.2fx", PB_FMT_MD, x, sizeof x) : "");
        pb_tab_put(&t, "%s", pass ? "PASS" : "**FAIL**");
        if (pass && kv)
            prev = r;
    }
    int rc = pb_rep_put_table(rep, &t);
    free(k);
    return rc;
}

/* The reduction benchmark's k-ladder for every series with k-kernels, CUDA first. */
static int write_reduce_tables(pb_report_ctx *rep, const pb_family *f, double size)
{
    int rc = 0;
    for (size_t i = 0; i < f->n && rc == 0; ++i) {
        const pb_row *r = f->rows[i];
        if (r->size != size || !is_k_variant(r->variant))
            continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; ++j)
            seen = f->rows[j]->size == size && is_k_variant(f->rows[j]->variant) && pb_rep_same_group(f->rows[j], r);
        if (!seen)
            rc = write_speedup_table(rep, f, r, size);
    }
    return rc;
}

/* A sweep at one size: parameter values as rows, series as columns (the right edge of
 * the sweep chart), each rate with its % of the measured ceiling, or of the datasheet
 * peak when no ceiling was measured. */
static int write_sweep_table(pb_report_ctx *rep, const pb_family *f, double size)
{
    const pb_row **grp = calloc(f->n + 1, sizeof *grp), **val = calloc(f->n + 1, sizeof *val);
    size_t ng = 0, nv = 0;
    int meas = 0, peak = 0;
    if (!grp || !val) {
        free(grp);
        free(val);
        return -1;
    }
    pb_rep_sweep_axes(f, size, grp, &ng, val, &nv);
    for (size_t i = 0; i < f->n; ++i) {
        const pb_row *r = f->rows[i];
        int fl = pb_row_flops_headline(r), at = r->size == size && pb_rep_plotted(r);
        meas |= at && (fl ? r->pct_measured_flops : r->pct_measured_bw) > 0;
        peak |= at && (fl ? r->pct_peak_flops : r->pct_peak_bw) > 0;
    }
    const pb_row *h = f->rows[0];
    fprintf(rep->md, "### At %s = %.0f\n\n%s per %s and backend%s%s%s:\n\n", pb_rep_size_name(h), size, pb_row_unit(h),
            f->sweep, meas || peak ? " (in parentheses: % of the " : "",
            meas ? "measured ceiling" : peak ? "datasheet peak" : "", meas || peak ? ")" : "");
    pb_tab t;
    pb_tab_init(&t, (int)ng + 1);
    pb_tab_put(&t, "%s", f->sweep);
    for (size_t k = 0; k < ng; ++k) {
        char name[80];
        pb_row_series(grp[k], name, sizeof name);
        pb_tab_put(&t, "%s", name);
    }
    for (size_t v = 0; v < nv; ++v) {
        char x[64], pc[32];
        pb_rep_param_get(val[v]->params, f->sweep, x, sizeof x);
        pb_tab_put(&t, "%s", x);
        for (size_t k = 0; k < ng; ++k) {
            const pb_row *r = NULL;
            for (size_t i = 0; i < f->n && !r; ++i)
                if (f->rows[i]->size == size && pb_rep_same_group(f->rows[i], grp[k]) &&
                    f->rows[i]->verified != PB_VERIFIED_SKIP && !strcmp(f->rows[i]->params, val[v]->params))
                    r = f->rows[i];
            int fl = r && pb_row_flops_headline(r);
            double pct = !r ? NAN : fl ? (meas ? r->pct_measured_flops : r->pct_peak_flops)
                                       : (meas ? r->pct_measured_bw : r->pct_peak_bw);
            snprintf(pc, sizeof pc, isnan(pct) ? "" : pct < 9.95 ? " (%.1f%%)" : " (%.0f%%)", pct);
            if (!r)
                pb_tab_put(&t, "%s", "");
            else if (r->verified == PB_VERIFIED_FAIL)
                pb_tab_put(&t, "**FAIL**");
            else
                pb_tab_put(&t, "%s%s", rate_md(pb_row_rate(r), x, sizeof x), pc);
        }
    }
    int rc = pb_rep_put_table(rep, &t);
    free(grp);
    free(val);
    return rc;
}

static int sweep_row_qsort(const void *x, const void *y)
{
    const pb_row *a = *(const pb_row *const *)x, *b = *(const pb_row *const *)y;
    int d = pb_rep_series_qsort(x, y);
    return d ? d : (a->size > b->size) - (a->size < b->size);
}

/* The rows at one size; sweeps read best series by series, value by value. */
static int write_at_table(pb_report_ctx *rep, const pb_family *f, double size)
{
    const pb_row **at = calloc(f->n + 1, sizeof *at);
    size_t n = 0;
    for (size_t i = 0; at && i < f->n; ++i)
        if (f->rows[i]->size == size)
            at[n++] = f->rows[i];
    if (!at)
        return -1;
    if (f->sweep[0])
        qsort(at, n, sizeof *at, sweep_row_qsort);
    fprintf(rep->md, "### At %s = %.0f\n\n", pb_rep_size_name(f->rows[0]), size);
    int rc = write_rows_table(rep, at, n, 0, f->sweep[0] ? f->sweep : NULL);
    free(at);
    return rc;
}

/* Rows off the headline size that no by-size table shows (reduce's lone atomic probe
 * at 2^28): listed in full, so that no measured row is missing from the report. */
static int write_other_sizes(pb_report_ctx *rep, const pb_family *f, double size)
{
    const pb_row **o = calloc(f->n + 1, sizeof *o);
    size_t n = 0;
    for (size_t i = 0; o && i < f->n; ++i)
        if (f->rows[i]->size != size && f->rows[i]->verified != PB_VERIFIED_SKIP)
            o[n++] = f->rows[i];
    if (!o)
        return -1;
    int rc = 0;
    if (n) {
        fprintf(rep->md, "### Other sizes\n\n");
        rc = write_rows_table(rep, o, n, 1, NULL);
    }
    free(o);
    return rc;
}

/* Energy to solution (rows measured with --energy) at the headline size: a row per
 * variant, a column per backend and toolchain (CUDA beside OpenMP, as the course's
 * energy-efficiency table), each cell the energy of one repetition and the mean power. */
static int write_energy_table(pb_report_ctx *rep, const pb_family *f, double size)
{
    const pb_row **at = calloc(f->n + 1, sizeof *at);
    if (!at)
        return -1;
    size_t n = 0;
    for (size_t i = 0; i < f->n; ++i)
        if (f->rows[i]->size == size && pb_rep_plotted(f->rows[i]) && f->rows[i]->energy_j_per_rep > 0)
            at[n++] = f->rows[i];
    if (!n) {
        free(at);
        return 0;
    }
    /* the columns: each series once, in the order of the rows; the lines: each variant once;
     * then each row's cell, found once (cell[line * ncol + column]) */
    char (*col)[128] = calloc(n, sizeof *col), (*var)[64] = calloc(n, sizeof *var);
    size_t *at_col = calloc(n, sizeof *at_col), *at_var = calloc(n, sizeof *at_var);
    size_t ncol = 0, nvar = 0;
    for (size_t i = 0; col && var && at_col && at_var && i < n; ++i) {
        char x[128];
        pb_row_series(at[i], x, sizeof x);
        size_t c = 0, v = 0;
        while (c < ncol && strcmp(col[c], x))
            ++c;
        if (c == ncol)
            pb_strlcpy(col[ncol++], x, sizeof col[0]);
        while (v < nvar && strcmp(var[v], at[i]->variant))
            ++v;
        if (v == nvar)
            pb_strlcpy(var[nvar++], at[i]->variant, sizeof var[0]);
        at_col[i] = c, at_var[i] = v;
    }
    const pb_row **cell = ncol && nvar ? calloc(nvar * ncol, sizeof *cell) : NULL;
    for (size_t i = n; cell && i-- > 0;) /* the first row of a configuration, as every table of the report */
        cell[at_var[i] * ncol + at_col[i]] = at[i];
    free(at_col);
    free(at_var);
    int rc = -1;
    if (col && var && cell) {
        fprintf(rep->md, "### Energy to solution at %s = %.0f\n\n"
                         "Energy of one repetition (NVML's counter over a window of at least --energy-window;\n"
                         "docs/methodology.md) and the mean power in it:\n\n",
                pb_rep_size_name(f->rows[0]), size);
        pb_tab t;
        pb_tab_init(&t, (int)ncol + 1);
        pb_tab_put(&t, "variant");
        for (size_t c = 0; c < ncol; ++c)
            pb_tab_put(&t, "%s", col[c]);
        for (size_t v = 0; v < nvar; ++v) {
            pb_tab_put(&t, "%s", var[v]);
            for (size_t c = 0; c < ncol; ++c) {
                const pb_row *r = cell[v * ncol + c];
                if (r)
                    pb_tab_put(&t, "%.4g J, %.0f W", r->energy_j_per_rep, r->power_w);
                else
                    pb_tab_put(&t, "-");
            }
        }
        rc = pb_rep_put_table(rep, &t);
    }
    free(cell);
    free(col);
    free(var);
    free(at);
    return rc;
}

/* The benchmark's cost model, once: what its GB/s and GFLOP/s count. */
static void write_cost_model(pb_report_ctx *rep, const pb_row *h)
{
    const pb_bench *b = pb_bench_find(h->benchmark);
    if (!b || !strcmp(rep->last_bench, h->benchmark))
        return;
    snprintf(rep->last_bench, sizeof rep->last_bench, "%s", h->benchmark);
    fprintf(rep->md, "Cost model of %s: %s. Headline rate: %s.\n\n", b->name, b->cost_model, pb_row_unit(h));
}

static int write_family(pb_report_ctx *rep, const pb_family *f)
{
    size_t measured = 0, nfail = 0;
    for (size_t i = 0; i < f->n; ++i) {
        measured += f->rows[i]->verified != PB_VERIFIED_SKIP;
        nfail += f->rows[i]->verified == PB_VERIFIED_FAIL;
    }
    if (!measured)
        return 0; /* listed under "Skipped" already */
    char stem[320];
    pb_rep_file_stem(f->stem, stem, sizeof stem);
    fprintf(rep->md, "## %s\n\n", f->title);
    write_cost_model(rep, f->rows[0]);
    double size = pb_rep_headline_size(f);
    if (isnan(size)) {
        fprintf(rep->md, "No row of this family passed verification: nothing to plot.\n\n");
        return write_rows_table(rep, f->rows, f->n, 1, f->sweep[0] ? f->sweep : NULL);
    }
    if (pb_rep_plot_family(rep, f, stem, size) != 0)
        return -1;
    if (nfail)
        fprintf(rep->md, "**%zu row(s) of this family FAILED verification** and are not plotted.\n\n", nfail);
    double *all = calloc(2 * f->n + 1, sizeof *all);
    if (!all)
        return -1;
    size_t nall = pb_rep_family_sizes(f, all), npick = pb_rep_pick_sizes(all, nall, all + f->n);
    int rc = 0, by_size = !f->sweep[0] && nall > 1 && pb_rep_spans_family(f);
    if (by_size)
        rc = write_size_table(rep, f, all + f->n, npick, nall);
    free(all);
    if (rc == 0)
        rc = f->sweep[0] ? write_sweep_table(rep, f, size) : write_at_table(rep, f, size);
    if (rc == 0 && !strcmp(f->rows[0]->benchmark, "reduce"))
        rc = write_reduce_tables(rep, f, size);
    if (rc == 0)
        rc = write_energy_table(rep, f, size);
    if (rc == 0 && !by_size && !f->sweep[0])
        rc = write_other_sizes(rep, f, size);
    return rc;
}

/* ---- header, environment, failures, summary ---- */

static int same_build(const pb_row *q, const pb_row *r)
{
    return !strcmp(q->device, r->device) && !strcmp(q->gpu_profile, r->gpu_profile) && !strcmp(q->backend, r->backend) &&
           !strcmp(q->toolchain, r->toolchain) && !strcmp(q->compiler_version, r->compiler_version) &&
           !strcmp(q->git_sha, r->git_sha);
}

static void write_environment(pb_report_ctx *rep, const pb_rowset *s)
{
    pb_tab t;
    pb_tab_init(&t, 9);
    static const char *const head[] = {"device", "GPU profile", "backend", "toolchain", "version",
                                       "git_sha", "rows", "first measured", "last measured"};
    for (int c = 0; c < 9; ++c)
        pb_tab_put(&t, "%s", head[c]);
    for (size_t i = 0; i < s->n; ++i) {
        const pb_row *r = &s->rows[i];
        int seen = 0;
        for (size_t j = 0; j < i && !seen; ++j)
            seen = same_build(&s->rows[j], r);
        if (seen)
            continue;
        size_t n = 0;
        const char *first = "", *last = "";
        for (size_t j = i; j < s->n; ++j) {
            const pb_row *q = &s->rows[j];
            if (!same_build(q, r))
                continue;
            ++n;
            if (q->timestamp[0] && (!first[0] || strcmp(q->timestamp, first) < 0))
                first = q->timestamp;
            if (strcmp(q->timestamp, last) > 0)
                last = q->timestamp;
        }
        pb_tab_put(&t, "%s", r->device);
        pb_tab_put(&t, "%s", r->gpu_profile);
        pb_tab_put(&t, "%s", r->backend);
        pb_tab_put(&t, "%s", r->toolchain);
        pb_tab_put(&t, "%s", r->compiler_version);
        pb_tab_put(&t, "%s", r->git_sha);
        pb_tab_put(&t, "%zu", n);
        pb_tab_put(&t, "%s", first);
        pb_tab_put(&t, "%s", last);
    }
    pb_tab_hide_empty(&t);
    pb_rep_put_table(rep, &t);
}

static void write_failures(pb_report_ctx *rep, const pb_rowset *s)
{
    size_t nfail = 0, nskip = 0;
    for (size_t i = 0; i < s->n; ++i) {
        nfail += s->rows[i].verified == PB_VERIFIED_FAIL;
        nskip += s->rows[i].verified == PB_VERIFIED_SKIP;
    }
    if (!nfail) {
        fprintf(rep->md, "Every measured row passed verification (%zu row(s) skipped).\n\n", nskip);
    } else {
        fprintf(rep->md, "## FAILED verification: %zu row(s)\n\n"
                         "These rows computed a wrong result. They are not results: no chart, speedup or\n"
                         "rate in this report uses them.\n\n",
                nfail);
        pb_tab t;
        pb_tab_init(&t, 11);
        static const char *const head[] = {"benchmark", "variant", "backend",   "toolchain", "dtype", "size",
                                           "params",    "gpu",     "error",     "tolerance", "note"};
        for (int c = 0; c < 11; ++c)
            pb_tab_put(&t, "%s", head[c]);
        for (size_t i = 0; i < s->n; ++i) {
            const pb_row *r = &s->rows[i];
            if (r->verified != PB_VERIFIED_FAIL)
                continue;
            char x[160];
            pb_tab_put(&t, "%s", r->benchmark);
            pb_tab_put(&t, "%s", r->variant);
            pb_tab_put(&t, "%s", r->backend);
            pb_tab_put(&t, "%s", r->toolchain);
            pb_tab_put(&t, "%s", r->dtype);
            pb_tab_put(&t, "%.0f", r->size);
            pb_params_shown(r->benchmark, r->params, r->size, x, sizeof x);
            pb_tab_put(&t, "%s", x);
            if (rep->instance)
                pb_row_gpu_label(r, x, sizeof x);
            pb_tab_put(&t, "%s", rep->instance ? x : "");
            pb_tab_put(&t, "%s", pb_fmt_num(r->max_rel_err, "%.3g", PB_FMT_MD, x, sizeof x));
            pb_tab_put(&t, "%s", pb_fmt_num(r->tolerance, "%.3g", PB_FMT_MD, x, sizeof x));
            pb_tab_put(&t, "%s", r->note);
        }
        pb_tab_hide_empty(&t);
        pb_rep_put_table(rep, &t);
    }
    if (!nskip)
        return;
    fprintf(rep->md, "Skipped (not measured):\n\n");
    for (size_t i = 0; i < s->n; ++i) {
        const pb_row *r = &s->rows[i];
        int seen = 0;
        for (size_t j = 0; j < i && !seen; ++j)
            seen = s->rows[j].verified == PB_VERIFIED_SKIP && pb_rep_same_group(&s->rows[j], r) &&
                   !strcmp(s->rows[j].note, r->note);
        if (r->verified != PB_VERIFIED_SKIP || seen)
            continue;
        size_t n = 0;
        for (size_t j = i; j < s->n; ++j)
            n += s->rows[j].verified == PB_VERIFIED_SKIP && pb_rep_same_group(&s->rows[j], r) &&
                 !strcmp(s->rows[j].note, r->note);
        char name[80];
        pb_row_series(r, name, sizeof name);
        fprintf(rep->md, "- %s: %zu row(s): %s\n", name, n, r->note[0] ? r->note : "(no reason given)");
    }
    fputc('\n', rep->md);
}

static int write_summary(pb_report_ctx *rep, const pb_rowset *s)
{
    pb_tab t;
    size_t n;
    if (pb_summary_table(s, PB_FMT_MD, &t, &n) != 0)
        return -1;
    fprintf(rep->md, "## Summary: the best of each model\n\n");
    if (n == 0) {
        fprintf(rep->md, "No library, CUDA or OpenMP row passed verification.\n\n");
    } else {
        fprintf(rep->md, "Per case, the library's rate and the best variant of CUDA and of every OpenMP toolchain;\n"
                         "in parentheses the fraction of the library's rate, or of the best CUDA rate where there is\n"
                         "no library (`portbench summary`). '*': OpenMP target code that ran on the host.\n\n");
        pb_tab_print(rep->md, &t, PB_FMT_MD);
        fputc('\n', rep->md);
    }
    pb_tab_free(&t);
    if (pb_summary_why_table(s, PB_FMT_MD, &t, &n) != 0)
        return -1;
    if (n > 0) {
        fprintf(rep->md, "### Why: the launch of each best\n\n"
                         "The kernel that took most of each best's time, as CUPTI recorded it: registers per\n"
                         "thread, local memory per thread (spills, as the driver reports it), block and grid,\n"
                         "and the theoretical occupancy it allows (warps per SM, and what limits it). Facts\n"
                         "only: achieved occupancy and stalls need a profiler (docs/methodology.md).\n\n");
        pb_tab_print(rep->md, &t, PB_FMT_MD);
        fputc('\n', rep->md);
    }
    pb_tab_free(&t);
    return 0;
}

static void write_header(pb_report_ctx *rep, char *const *files, int nfiles, const size_t *counts)
{
    char when[32], flops[256] = "", elems[256] = "";
    time_t now = time(NULL);
    struct tm tm;
    strftime(when, sizeof when, "%Y-%m-%d %H:%M:%SZ", gmtime_r(&now, &tm));
    fprintf(rep->md, "# portbench report\n\nMade %s by portbench %s (%s) from:\n\n", when, pb_version, pb_git_sha);
    for (int i = 0; i < nfiles; ++i)
        fprintf(rep->md, "- `%s`: %zu row(s)\n", files[i], counts[i]);
    for (size_t b = 0; b < pb_nbenches; ++b) {
        char *list = pb_benches[b]->flops_headline ? flops : pb_benches[b]->elems ? elems : NULL;
        if (list)
            snprintf(list + strlen(list), sizeof flops - strlen(list), "%s%s", list[0] ? ", " : "",
                     pb_benches[b]->name);
    }
    fprintf(rep->md, "\nTimes are medians of the row's clock column; GB/s and GFLOP/s follow the benchmark's\n"
                     "cost model (`portbench list`). Each benchmark is rated in its headline unit, GB/s,\n"
                     "or GFLOP/s for the FLOP-bound ones (%s), or Melem/s for those that count elements\n"
                     "(%s). %% peak is of the GPU profile's datasheet, %% meas. of the measured ceilings;\n"
                     "charts draw both as dashed lines (not on element rates: they are not bandwidths).\n"
                     "Charts show rows that passed verification only, sizes on a log axis (stream-type\n"
                     "benchmarks over the working set in bytes, with the GPU's L2 size marked); every\n"
                     "backend and toolchain has one colour in every chart. Long sweeps list a few sizes in\n"
                     "the tables: the charts have every point, the CSVs every column.\n\n",
            flops[0] ? flops : "none", elems[0] ? elems : "none");
}

/* ---- the compiler matrix ---- */

/* The rows of each family at its headline size, each key once (sweeps share rows). */
static int headline_rows(const pb_family *f, size_t nf, unsigned inst, pb_rowset *at)
{
    pb_rowset all = {0};
    for (size_t k = 0; k < nf; ++k) {
        double size = pb_rep_headline_size(&f[k]);
        for (size_t i = 0; i < f[k].n; ++i)
            if ((f[k].rows[i]->size == size || isnan(size)) && pb_rowset_push(&all, f[k].rows[i]) != 0) {
                pb_rowset_free(&all);
                return -1;
            }
    }
    pb_index ix;
    int rc = pb_index_build(&ix, &all, PB_KEY_ROW | PB_KEY_GPU | inst);
    for (size_t i = 0; i < all.n && rc == 0; ++i)
        if (pb_index_first(&ix, ix.key[i]) == (long)i)
            rc = pb_rowset_push(at, &all.rows[i]);
    pb_index_free(&ix);
    pb_rowset_free(&all);
    return rc;
}

static int same_case(const pb_row *a, const pb_row *b, unsigned inst)
{
    return !strcmp(a->benchmark, b->benchmark) && !strcmp(a->dtype, b->dtype) && a->size == b->size &&
           !strcmp(a->params, b->params) && pb_row_same_instance(a, b, inst);
}

static int group_variant_qsort(const void *x, const void *y)
{
    return pb_rep_variant_cmp((*(const pb_matrix_group *const *)x)->head, (*(const pb_matrix_group *const *)y)->head);
}

/* One chart per case with several OpenMP variants: variants on x, a series per toolchain. */
static int matrix_plots(pb_report_ctx *rep, const pb_matrix *m)
{
    const pb_matrix_group **g = calloc(m->ng + 1, sizeof *g);
    char *done = calloc(m->ng + 1, 1);
    int rc = g && done ? 0 : -1;
    for (size_t i = 0; i < m->ng && rc == 0; ++i) {
        if (done[i])
            continue;
        size_t n = 0;
        for (size_t j = i; j < m->ng; ++j)
            if (!done[j] && same_case(m->g[j].head, m->g[i].head, m->instance))
                g[n++] = &m->g[j], done[j] = 1;
        if (n < 2 || (m->ntc < 2 && !g[0]->cuda))
            continue;
        qsort(g, n, sizeof *g, group_variant_qsort);
        const pb_row *h = g[0]->head;
        char title[500], stem[500], raw[500], gpu[160] = "", params[128];
        if (m->instance)
            pb_row_gpu_label(h, gpu, sizeof gpu);
        pb_params_shown(h->benchmark, h->params, h->size, params, sizeof params);
        snprintf(title, sizeof title, "%s %s, %s = %.0f%s%s%s%s: %s per variant and toolchain", h->benchmark, h->dtype,
                 pb_rep_size_name(h), h->size, params[0] ? ", " : "", params, gpu[0] ? " on " : "", gpu,
                 pb_rep_metric_name(h));
        snprintf(raw, sizeof raw, "compilers %s %s %.0f %s %s", h->benchmark, h->dtype, h->size, h->params, gpu);
        pb_rep_file_stem(raw, stem, sizeof stem);
        rc = pb_rep_plot_matrix(rep, m, g, n, title, stem);
    }
    free(g);
    free(done);
    return rc;
}

static int write_compilers(pb_report_ctx *rep, const pb_family *f, size_t nf)
{
    pb_rowset at = {0};
    pb_matrix m;
    pb_tab t;
    if (headline_rows(f, nf, rep->instance, &at) != 0 || pb_matrix_build(&m, &at, NULL, rep->threshold, NULL, NULL, 0) != 0) {
        pb_rowset_free(&at);
        return -1;
    }
    int rc = 0;
    if (m.ng > 0 && (rc = pb_matrix_table(&m, PB_FMT_MD, 1, &t)) == 0) {
        fprintf(rep->md, "## OpenMP toolchains side by side\n\n"
                         "The compiler matrix (`portbench compare --by compiler`, which gives every size) at the\n"
                         "headline size of each family: time and rate of each OpenMP variant per toolchain; X/Y =\n"
                         "time of X over time of Y (> 1: X is slower); each toolchain against the next older\n"
                         "version of its compiler (REGRESSION, IMPROVED, AMBIGUOUS, SAME by the verdict rule of\n"
                         "`portbench compare`, threshold %.3g%%); 'tie' when the rule cannot tell toolchains apart;\n"
                         "the CUDA row of the same case as reference.\n\n",
                100 * rep->threshold);
        pb_tab_hide_empty(&t);
        pb_rep_put_table(rep, &t);
        if (m.nsteps > 0)
            fprintf(rep->md, "%zu regression(s) and %zu improvement(s) between compiler versions.\n\n", m.nregressions,
                    m.nimprovements);
        rc = matrix_plots(rep, &m);
    }
    pb_matrix_free(&m);
    pb_rowset_free(&at);
    return rc;
}

/* ---- command ---- */

enum { O_OUTPUT, O_FORMAT, O_THRESHOLD };

static const pb_optdef report_opts[] = {
    {"output", PB_OPT_VALUE, "DIR", "output directory (created): report.md, the images and their .gp scripts",
     O_OUTPUT, 'o'},
    {"format", PB_OPT_VALUE, "svg|png", "image format (default svg)", O_FORMAT, 0},
    {"threshold", PB_OPT_VALUE, "X", "noise-rule threshold of the compiler matrix: 5% or 0.05 (default 5%)",
     O_THRESHOLD, 0},
    {NULL, 0, NULL, NULL, 0, 0},
};

static const char report_details[] =
    "Writes DIR/report.md for any benchmark in the CSVs, rated in its headline unit (GFLOP/s\n"
    "for FLOP-bound benchmarks such as fma, Melem/s for those that count elements: histogram,\n"
    "ranksort; else GB/s). It opens with the summary (the best of each model per case, as\n"
    "'portbench summary'), the environment and the failed and skipped rows. Per benchmark and\n"
    "dtype: the rate over size (log x; stream-type benchmarks over the working set in bytes\n"
    "with the GPU's L2 size marked; one chart, or one per backend when backends run several\n"
    "kernels), bars of every variant and backend at the headline size (the size with the\n"
    "most measured rows; log y when rates span more than 30x), a by-size table (a few sizes\n"
    "of long sweeps) and the rows at the headline size with % of the datasheet peak and of\n"
    "the measured ceilings; reduce also gets the k1..kN speedup ladder; rows measured with\n"
    "--energy get the energy to solution (J per repetition and W, a line per variant).\n"
    "A benchmark run over several parameter values with one kernel per backend (stream-strided,\n"
    "fma-strided) gets, per varying parameter, one line per value and one panel per backend.\n"
    "The summary ends with why: the launch facts of each best (registers, local memory,\n"
    "block, grid, theoretical occupancy and its limit) where the rows have them. A roofline\n"
    "per GPU and dtype draws every row with FLOPs and bytes at its benchmark's intensity under\n"
    "the measured ceilings and the datasheet; rows measured with --energy get an energy\n"
    "roofline (GFLOP/J).\n"
    "It closes with the compiler matrix (as 'portbench compare --by compiler', at the headline\n"
    "sizes) and a chart per case: variants on x, one series per toolchain, log y from a 10x\n"
    "span on (linear below). Log axes are labelled at 1, 2 and 5 of every decade. Every chart's\n"
    "title names, on its second line, the GPU, the date measured and the run (a recorded run's\n"
    "directory, else the file). Every backend and toolchain keeps one colour and marker in\n"
    "every chart; host-fallback results are marked in titles and legends. Failed rows are\n"
    "listed first and never plotted. A configuration found in several files is taken from the\n"
    "first (of the same GPU).\n"
    "\n"
    "Rows of several GPUs (distinct gpu_uuid; or of several MPI ranks without GPUs) are never\n"
    "averaged and never share a line or bar: every section above is drawn per GPU ('on g1@node7':\n"
    "GPU index@host, and MPI rank), the summary and the compiler matrix per GPU, and a section\n"
    "'Spread across GPUs' lists the GPUs and, per benchmark, dtype, params and size (a few sizes\n"
    "of long sweeps), each variant and series across them: n, min, median, max, spread\n"
    "((max - min) / median) and the slowest GPU, with a chart of the median and a min-max bar\n"
    "(log y when the values span more than 100x).\n"
    "\n"
    "needs gnuplot (Debian: gnuplot-nox; scripts/setup.sh installs it); PORTBENCH_GNUPLOT names\n"
    "another executable. The charts are gnuplot templates (share/portbench/report/*.gp):\n"
    "PORTBENCH_REPORT_TEMPLATES names a directory whose templates are used instead (restyle a\n"
    "chart by editing a copy; no rebuild). Each chart's script (.gp) is written beside it.\n"
    "exit status: 0 written; 2 usage or input error, gnuplot missing or failing.\n";

const pb_cmdspec pb_report_spec = {
    "report", "RESULTS.csv... -o DIR", "a markdown report with tables and charts (gnuplot) from results CSVs",
    {report_opts}, 1, -1, report_details,
};

typedef struct rep_args {
    const char *dir, *format;
    double threshold;
} rep_args;

static int on_option(void *ctx, const pb_optdef *d, const char *val, char *err, size_t cap)
{
    rep_args *a = ctx;
    if (d->id == O_OUTPUT)
        a->dir = val;
    else if (d->id == O_FORMAT)
        a->format = val;
    else
        return pb_parse_threshold(val, &a->threshold, err, cap) == 0 ? PB_OK : PB_ERR;
    return PB_OK;
}

/* All rows of the inputs; a key seen in an earlier file is dropped (one point per key). */
static int read_unique(char *const *files, int nfiles, pb_rowset *s, size_t *counts, size_t *ends, char *err,
                       size_t cap)
{
    for (int f = 0; f < nfiles; ++f) {
        pb_rowset one = {0};
        pb_index ix;
        if (pb_results_read(files[f], &one, err, cap) != 0) {
            pb_rowset_free(&one);
            return -1;
        }
        if (pb_index_build(&ix, s, PB_KEY_ROW | PB_KEY_GPU) != 0) {
            snprintf(err, cap, "out of memory");
            pb_rowset_free(&one);
            return -1;
        }
        size_t dropped = 0;
        for (size_t i = 0; i < one.n; ++i) {
            char key[512];
            pb_row_key(&one.rows[i], PB_KEY_ROW | PB_KEY_GPU, key, sizeof key);
            if (pb_index_first(&ix, key) >= 0) {
                ++dropped;
            } else if (pb_rowset_push(s, &one.rows[i]) != 0) {
                snprintf(err, cap, "out of memory");
                pb_index_free(&ix);
                pb_rowset_free(&one);
                return -1;
            }
        }
        pb_index_free(&ix);
        counts[f] = one.n;
        ends[f] = s->n; /* the rows kept from file f end here */
        if (dropped)
            pb_errorf("warning: %s: %zu row(s) repeat a configuration of an earlier file and are left out", files[f],
                      dropped);
        pb_rowset_free(&one);
    }
    return 0;
}

static int write_report(pb_report_ctx *rep, const pb_rowset *s, char *const *files, int nfiles, const size_t *counts)
{
    char p[PATH_MAX + 16];
    snprintf(p, sizeof p, "%s/report.md", rep->dir);
    rep->md = fopen(p, "w");
    if (!rep->md) {
        snprintf(rep->err, sizeof rep->err, "cannot write %s: %s", p, strerror(errno));
        return -1;
    }
    rep->instance = pb_rows_instance_key(s);
    write_header(rep, files, nfiles, counts);
    int rc = write_summary(rep, s);
    write_environment(rep, s);
    write_failures(rep, s);
    if (rc == 0 && rep->instance)
        rc = pb_rep_write_spread(rep, s);
    size_t nf = 0;
    pb_family *f = rc == 0 ? pb_rep_families(s, &nf) : NULL;
    rc = f ? 0 : -1;
    for (size_t k = 0; k < nf && rc == 0; ++k)
        rc = write_family(rep, &f[k]);
    if (rc == 0)
        rc = pb_rep_write_roofline(rep, f, nf);
    if (rc == 0)
        rc = write_compilers(rep, f, nf);
    pb_rep_families_free(f, nf);
    if (pb_output_close(rep->md, p, rep->err, sizeof rep->err) != PB_OK && rc == 0)
        rc = -1;
    if (rc != 0 && !rep->err[0])
        snprintf(rep->err, sizeof rep->err, "out of memory");
    return rc;
}

int pb_cmd_report(int argc, char **argv)
{
    static pb_report_ctx rep;
    memset(&rep, 0, sizeof rep);
    rep_args a = {NULL, "svg", PB_DEFAULT_THRESHOLD};
    char **files = calloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0;
    if (!files) {
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    int rc = pb_opt_parse(&pb_report_spec, argc, argv, on_option, &a, files, &nfiles, rep.err, sizeof rep.err);
    if (rc == PB_OPT_HELP) {
        pb_opt_help(stdout, &pb_report_spec);
        free(files);
        return PB_EXIT_OK;
    }
    if (rc == PB_OK && (!a.dir || !a.dir[0])) {
        snprintf(rep.err, sizeof rep.err, "report needs an output directory: portbench report RESULTS.csv... -o DIR");
        rc = PB_ERR;
    }
    if (rc == PB_OK && strcmp(a.format, "svg") != 0 && strcmp(a.format, "png") != 0) {
        snprintf(rep.err, sizeof rep.err, "--format '%s': use svg or png", a.format);
        rc = PB_ERR;
    }
    if (rc != PB_OK) {
        pb_errorf("%s", rep.err);
        free(files);
        return PB_EXIT_USAGE;
    }
    if (pb_rep_find_gnuplot(rep.gnuplot, sizeof rep.gnuplot) != 0) {
        const char *env = getenv("PORTBENCH_GNUPLOT");
        pb_errorf("report: gnuplot not found (%s): install it (Debian: apt-get install gnuplot-nox; "
                  "scripts/setup.sh does) or set PORTBENCH_GNUPLOT",
                  env && *env ? env : "not in PATH");
        free(files);
        return PB_EXIT_USAGE;
    }
    if (pb_rep_load_templates(&rep) != 0) {
        pb_errorf("%s", rep.err);
        pb_rep_free_templates(&rep);
        free(files);
        return PB_EXIT_USAGE;
    }
    rep.dir = a.dir;
    rep.ext = a.format;
    rep.threshold = a.threshold;
    pb_rowset s = {0};
    size_t *counts = calloc(2 * (size_t)nfiles + 1, sizeof *counts), *ends = counts ? counts + nfiles : NULL;
    rc = !counts || read_unique(files, nfiles, &s, counts, ends, rep.err, sizeof rep.err) != 0 ||
                 pb_mkdir_p(a.dir, rep.err, sizeof rep.err) != 0
             ? -1
             : 0;
    if (rc == 0) { /* the chart titles name the run of their rows */
        rep.rows = &s, rep.files = files, rep.file_end = ends, rep.nfiles = nfiles;
        rc = pb_index_build(&rep.src, &s, PB_KEY_ROW | PB_KEY_GPU);
        if (rc != 0)
            snprintf(rep.err, sizeof rep.err, "out of memory");
    }
    if (rc == 0) {
        rc = write_report(&rep, &s, files, nfiles, counts);
        pb_index_free(&rep.src);
    }
    pb_rowset_free(&s);
    pb_rep_free_templates(&rep);
    free(counts);
    free(files);
    if (rc != 0) {
        pb_errorf("%s", rep.err[0] ? rep.err : "out of memory");
        return PB_EXIT_USAGE;
    }
    printf("wrote %s/report.md and %d chart(s)\n", a.dir, rep.nplots);
    return PB_EXIT_OK;
}
