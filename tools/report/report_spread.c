/* report_spread.c - the spread across GPUs (report_spread.h). Rows of different GPUs are
 * never averaged: each GPU's row is one value of the min / median / max. */
#define _GNU_SOURCE
#include "report_spread.h"
#include "pb_bench.h"
#include "pb_match.h"
#include "pb_tab.h"
#include "report_plot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int gpu_qsort(const void *x, const void *y)
{
    return pb_row_gpu_cmp(*(const pb_row *const *)x, *(const pb_row *const *)y);
}

/* Distinct GPUs (or ranks) of rows[0..n), sorted by host, rank, index: one row of each
 * in out. Returns their number. */
static size_t distinct_gpus(const pb_row **rows, size_t n, unsigned inst, const pb_row **out)
{
    qsort(rows, n, sizeof *rows, gpu_qsort);
    size_t m = 0;
    for (size_t i = 0; i < n; ++i) {
        size_t k = 0;
        while (k < m && !pb_row_same_instance(out[k], rows[i], inst))
            ++k;
        if (k == m)
            out[m++] = rows[i];
    }
    return m;
}

static const char *who(unsigned inst) { return inst == PB_KEY_SLOT ? "MPI ranks" : "GPUs"; }

/* The GPUs of the rows: where each is, and how many of its rows passed or failed. */
static int write_gpu_list(pb_report_ctx *rep, const pb_rowset *s, size_t *ngpus)
{
    const pb_row **rows = calloc(s->n + 1, sizeof *rows), **g = calloc(s->n + 1, sizeof *g);
    if (!rows || !g) {
        free(rows);
        free(g);
        return -1;
    }
    for (size_t i = 0; i < s->n; ++i)
        rows[i] = &s->rows[i];
    *ngpus = distinct_gpus(rows, s->n, rep->instance, g);
    pb_tab t;
    pb_tab_init(&t, 9);
    static const char *const head[] = {"gpu", "host", "gpu_index", "gpu_uuid", "rank", "device", "passed", "failed", "skipped"};
    for (int c = 0; c < 9; ++c)
        pb_tab_put(&t, "%s", head[c]);
    for (size_t k = 0; k < *ngpus; ++k) {
        size_t pass = 0, fail = 0, skip = 0;
        const char *device = "";
        for (size_t i = 0; i < s->n; ++i) {
            const pb_row *r = &s->rows[i];
            if (!pb_row_same_instance(r, g[k], rep->instance))
                continue;
            pass += r->verified == PB_VERIFIED_PASS, fail += r->verified == PB_VERIFIED_FAIL;
            skip += r->verified == PB_VERIFIED_SKIP;
            if (!device[0] && r->offload == PB_OFFLOAD_DEVICE)
                device = r->device; /* the GPU's name: CPU and fallback rows say "host" */
        }
        char label[160], x[32];
        pb_row_gpu_label(g[k], label, sizeof label);
        pb_tab_put(&t, "%s", label);
        pb_tab_put(&t, "%s", g[k]->host);
        pb_tab_put(&t, "%s", pb_fmt_num(g[k]->gpu_index, "%.0f", PB_FMT_MD, x, sizeof x));
        pb_tab_put(&t, "%s", g[k]->gpu_uuid);
        pb_tab_put(&t, "%s", pb_fmt_num(g[k]->rank, "%.0f", PB_FMT_MD, x, sizeof x));
        pb_tab_put(&t, "%s", device);
        pb_tab_put(&t, "%zu", pass);
        pb_tab_put(&t, "%zu", fail);
        pb_tab_put(&t, "%zu", skip);
    }
    pb_tab_hide_empty(&t);
    int rc = pb_rep_put_table(rep, &t);
    free(rows);
    free(g);
    return rc;
}

/* One variant and series of a case at one size: its rows on every GPU. */
typedef struct item {
    const pb_row **rows;
    size_t n;
    pb_rep_spread_item out;
} item;

static int item_qsort(const void *x, const void *y)
{
    const pb_row *a = ((const item *)x)->rows[0], *b = ((const item *)y)->rows[0];
    int d = pb_rep_variant_cmp(a, b);
    return d ? d : pb_rep_group_cmp(a, b);
}

static void put_rate(pb_tab *t, double v)
{
    char x[32];
    pb_tab_put(t, "%s", pb_fmt_rate(v, PB_FMT_MD, x, sizeof x));
}

/* "FAIL on g1@node7; SKIP on g2@node7": the rows that are no value of the spread. */
static void put_note(pb_tab *t, const item *it)
{
    char note[512] = "";
    size_t len = 0;
    for (size_t i = 0; i < it->n && len < sizeof note; ++i) {
        const pb_row *r = it->rows[i];
        if (r->verified == PB_VERIFIED_PASS && pb_row_rate(r) > 0)
            continue;
        char where[160];
        pb_row_gpu_label(r, where, sizeof where);
        len += (size_t)snprintf(note + len, sizeof note - len, "%s%s on %s", len ? "; " : "",
                                r->verified == PB_VERIFIED_PASS ? "no rate" : pb_verified_name(r->verified), where);
    }
    pb_tab_put(t, "%s", note);
}

/* The table and the chart of one case (family f: benchmark, dtype, params) at one size. */
static int write_case(pb_report_ctx *rep, const pb_family *f, double size)
{
    item *it = calloc(f->n + 1, sizeof *it);
    const pb_row **pool = calloc(f->n + 1, sizeof *pool), **g = calloc(f->n + 1, sizeof *g);
    pb_rep_spread_item *out = calloc(f->n + 1, sizeof *out);
    size_t ni = 0, used = 0, np = 0;
    int rc = it && pool && g && out ? 0 : -1;
    /* the rows at this size, grouped by variant and series; pool holds them item by item */
    const pb_row **at = rc == 0 ? calloc(f->n + 1, sizeof *at) : NULL;
    rc = at ? rc : -1;
    for (size_t i = 0; rc == 0 && i < f->n; ++i)
        if (f->rows[i]->size == size && f->rows[i]->verified != PB_VERIFIED_SKIP)
            at[np++] = f->rows[i];
    for (size_t i = 0; rc == 0 && i < np; ++i) {
        size_t k = 0;
        while (k < ni && !(pb_rep_same_series(it[k].rows[0], at[i])))
            ++k;
        if (k < ni)
            continue; /* gathered with its item */
        it[ni].rows = pool + used;
        for (size_t j = i; j < np; ++j)
            if (pb_rep_same_series(at[j], at[i]))
                pool[used++] = at[j];
        it[ni].n = (size_t)(pool + used - it[ni].rows);
        ++ni;
    }
    size_t here = rc == 0 ? distinct_gpus(at, np, rep->instance, g) : 0;
    if (rc != 0 || here < 2) { /* measured on one GPU at this size: no spread */
        free(it), free(pool), free(g), free(out), free(at);
        return rc;
    }
    qsort(it, ni, sizeof *it, item_qsort);
    const pb_row *h = f->rows[0];
    char x[64], title[600], stem[600], raw[700], params[128];
    pb_params_shown(h->benchmark, h->params, size, params, sizeof params);
    fprintf(rep->md, "### %s %s%s%s, %s = %.0f\n\n", h->benchmark, h->dtype, params[0] ? " " : "", params,
            pb_rep_size_name(h), size);
    pb_tab t;
    pb_tab_init(&t, 9);
    static const char *const head[] = {"variant", "series", "n", "min", "median", "max", "spread", "slowest", "note"};
    for (int c = 0; c < 9; ++c)
        pb_tab_put(&t, c >= 3 && c <= 5 ? "%s %s" : "%s", head[c], pb_row_unit(h)); /* "min GB/s" */
    for (size_t k = 0; rc == 0 && k < ni; ++k) {
        item *m = &it[k];
        if (pb_spread_of(m->rows, m->n, &m->out.sp) != 0) {
            rc = -1;
            break;
        }
        m->out.row = m->rows[0];
        out[k] = m->out;
        char name[96], where[160] = "";
        pb_row_series(m->rows[0], name, sizeof name);
        if (m->out.sp.slowest)
            pb_row_gpu_label(m->out.sp.slowest, where, sizeof where);
        pb_tab_put(&t, "%s", m->rows[0]->variant);
        pb_tab_put(&t, "%s%s", name, pb_rep_fallback(m->rows[0]) ? " (host fallback)" : "");
        pb_tab_put(&t, "%zu of %zu", m->n, here);
        put_rate(&t, m->out.sp.min);
        put_rate(&t, m->out.sp.median);
        put_rate(&t, m->out.sp.max);
        double pct = pb_spread_pct(&m->out.sp);
        pb_tab_put(&t, "%s", m->out.sp.n > 1 ? pb_fmt_num(pct, "%.1f%%", PB_FMT_MD, x, sizeof x) : "");
        pb_tab_put(&t, "%s", m->out.sp.n > 1 ? where : "");
        put_note(&t, m);
    }
    if (rc == 0) {
        pb_tab_hide_empty(&t);
        rc = pb_tab_print(rep->md, &t, PB_FMT_MD);
        fputc('\n', rep->md);
    }
    pb_tab_free(&t);
    if (rc == 0) {
        snprintf(title, sizeof title, "%s %s%s%s, %s = %.0f: %s across %zu %s", h->benchmark, h->dtype,
                 params[0] ? " " : "", params, pb_rep_size_name(h), size, pb_rep_metric_name(h), here,
                 who(rep->instance));
        snprintf(raw, sizeof raw, "spread %s %.0f", f->stem, size);
        pb_rep_file_stem(raw, stem, sizeof stem);
        rc = pb_rep_plot_spread(rep, out, ni, title, stem);
    }
    free(it), free(pool), free(g), free(out), free(at);
    return rc;
}

int pb_rep_write_spread(pb_report_ctx *rep, const pb_rowset *s)
{
    size_t ngpus = 0, nf = 0;
    fprintf(rep->md, "## Spread across %s\n\n", who(rep->instance));
    fprintf(rep->md, "The rows come from several %s. Every chart and table below keeps them apart (the\n"
                     "sections after this one are per %s); here, per benchmark, dtype, parameters and size, each\n"
                     "variant and series' headline rate on every %s: n = the %s with a row, min / median / max\n"
                     "of the rates that passed, spread = (max - min) / median, and the slowest (its GPU index@host,\n"
                     "and MPI rank). The charts draw the median with a bar from the min to the max. Long size\n"
                     "sweeps show a few sizes.\n\n",
            who(rep->instance), rep->instance == PB_KEY_SLOT ? "rank" : "GPU",
            rep->instance == PB_KEY_SLOT ? "rank" : "GPU", who(rep->instance));
    if (write_gpu_list(rep, s, &ngpus) != 0)
        return -1;
    pb_family *f = pb_rep_case_families(s, &nf);
    int rc = f ? 0 : -1;
    for (size_t k = 0; k < nf && rc == 0; ++k) {
        double *all = calloc(2 * f[k].n + 1, sizeof *all);
        if (!all) {
            rc = -1;
            break;
        }
        size_t nall = pb_rep_family_sizes(&f[k], all), npick = pb_rep_pick_sizes(all, nall, all + f[k].n);
        for (size_t z = 0; z < npick && rc == 0; ++z)
            rc = write_case(rep, &f[k], all[f[k].n + z]);
        free(all);
    }
    pb_rep_families_free(f, nf);
    return rc;
}
