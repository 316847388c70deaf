/* dashboard.c - `portbench dashboard --db FILE --out DIR`: the results store as a static site
 * that works from a file:// URL, without a network or a server (docs/dashboard.md):
 *   index.html    per benchmark the latest ratio to the library (or to CUDA best) of each
 *                 kernel and toolchain, and every change point, slower first;
 *   b/BENCH.html  every case of one benchmark the same way;
 *   s/ID.html     one page per series of the store (pb_store_series): an SVG chart over
 *                 compiler versions (or time) with its change points (changes.h, the rule of
 *                 `history --db`), the reference beside it, and its points;
 *   r/ID.html     one page per run: its meta.json and rows; runs.html lists the runs;
 *   style.css, pb.js  (sorting and filtering tables; reports a file that failed to load).
 * Charts are SVG written here: no charting library, no JavaScript needed to see them.
 * Every file is written under a temporary name and renamed into place. */
#define _GNU_SOURCE
#include "dashboard.h"
#include "changes.h"
#include "pb_backends.h"
#include "pb_common.h"
#include "pb_match.h"
#include "pb_rate.h"
#include "pb_sha256.h"
#include "pb_tab.h"
#include "record.h"
#include "report_data.h"
#include "store.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- options ---- */

enum { O_DB, O_OUT, O_BY, O_ALPHA, O_THRESHOLD, O_FORCE };

static const pb_optdef dash_opts[] = {
    {"db", PB_OPT_VALUE, "FILE", "the store (default ./" PB_STORE_DEFAULT ")", O_DB, 0},
    {"out", PB_OPT_VALUE, "DIR", "the site's directory (made when missing): DIR/index.html and its pages", O_OUT, 'o'},
    {"by", PB_OPT_VALUE, "version|time", "order each series by compiler version (default) or by time", O_BY, 0},
    {"alpha", PB_OPT_VALUE, "P", "a change point is shown when its p is below P (default 0.01)", O_ALPHA, 0},
    {"threshold", PB_OPT_VALUE, "X", "smallest change point shown: 5% or 0.05 (default 5%)", O_THRESHOLD, 0},
    {"force", PB_OPT_NONE, NULL, "write into a non-empty DIR that portbench did not make (files of the site's\n"
                                 "names are replaced, no other file is touched)",
     O_FORCE, 0},
    {NULL, 0, NULL, NULL, 0, 0},
};

static const char dash_details[] =
    "Writes a static HTML site from the store (portbench db import) that opens from a file:// URL:\n"
    "no network, no server. index.html: per benchmark, the latest ratio to the library\n"
    "(speedup_vs_lib; where the benchmark has no library, to CUDA best: the fastest CUDA kernel of\n"
    "the same run and case, as summary's fraction) of each kernel and toolchain at the benchmark's\n"
    "headline case, and every change point (slower first);\n"
    "b/BENCH.html: every case of a benchmark; s/ID.html: one page per series (a configuration with\n"
    "its compiler, not its version, on one GPU model, host and GPU index): an SVG chart over compiler\n"
    "versions (or time) with its change points (the rule of history --db: docs/statistics.md), the\n"
    "library's time beside it and the points; r/ID.html: one page per run; runs.html lists them.\n"
    "DIR is made when missing. A directory that holds files and no " PB_DASHBOARD_MARKER " (the mark\n"
    "of a site portbench wrote) is refused unless --force; no file but the site's is ever written,\n"
    "and none is removed. docs/dashboard.md shows the site.\n"
    "\n"
    "exit status: 0 written; 2 usage or input error (a store that is missing, not SQLite, another\n"
    "program's database, of a newer schema or without runs; DIR a file, or not the site's; a page\n"
    "that cannot be written, which is named).\n";

const pb_cmdspec pb_dashboard_spec = {
    "dashboard", "-o DIR", "a static HTML site of the store: ratios, series with change points, runs",
    {dash_opts}, 0, 0, dash_details,
};

typedef struct dash_args {
    const char *db, *out;
    int by_time, force;
    double alpha, threshold;
} dash_args;

static int on_option(void *ctx, const pb_optdef *d, const char *val, char *err, size_t cap)
{
    dash_args *a = ctx;
    if (d->id == O_DB) {
        a->db = val;
    } else if (d->id == O_OUT) {
        a->out = val;
    } else if (d->id == O_BY) {
        return pb_parse_by(val, &a->by_time, err, cap) == 0 ? PB_OK : PB_ERR;
    } else if (d->id == O_ALPHA) {
        return pb_parse_alpha(val, &a->alpha, err, cap) == 0 ? PB_OK : PB_ERR;
    } else if (d->id == O_THRESHOLD) {
        return pb_parse_threshold(val, &a->threshold, err, cap) == 0 ? PB_OK : PB_ERR;
    } else {
        a->force = 1;
    }
    return PB_OK;
}

/* ---- the site ---- */

typedef struct cuda_ref { /* CUDA best: the fastest CUDA row of a run and case, the reference without a library */
    char key[400];
    pb_row row;
} cuda_ref;

typedef struct cell { /* the latest point of one toolchain of one series */
    char bench[32], variant[32], col[64], dtype[8], params[96], where[128], page[32], version[64], status[8];
    char when[24];
    double size, ratio;
    int kind;             /* 0 no ratio, 1 to the library, 2 to CUDA best */
    int vrank, rank;      /* the variant's teaching order; the series' display rank */
    size_t points;        /* points of the series */
} cell;

typedef struct step_line { /* a change point, for the index */
    char name[300], where[160], between[256], p[32], vs[64], page[32];
    double pct;
    int slower, latest;
} step_line;

typedef struct run_line { /* runs.html */
    long long id;
    char *html; /* its row of the table */
} run_line;

typedef struct sbuf { /* the series being read */
    char key[600];
    pb_rowset rows;
    long long *run;
    double *started;
    char **label;
    size_t cap;
} sbuf;

typedef struct site {
    const dash_args *a;
    pb_store *st;
    char err[PATH_MAX + 512];
    int failed;
    size_t nfiles;
    long long bytes;
    cuda_ref *ref;
    size_t nref, capref;
    cell *cell;
    size_t ncell, capcell;
    step_line *step;
    size_t nstep, capstep;
    run_line *runs;
    size_t nruns;
    unsigned long long *names; /* the series pages' ids, to find a collision */
    size_t nnames, capnames;
    size_t nseries, npoints, nslower, nfaster, nlatest;
    sbuf cur;
    int oom;
} site;

static void fail(site *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(site *s, const char *fmt, ...)
{
    if (s->failed)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err, sizeof s->err, fmt, ap);
    va_end(ap);
    s->failed = 1;
}

static void *grow(site *s, void *v, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return v;
    size_t c = *cap ? 2 * *cap : 64;
    void *p = realloc(v, c * size);
    if (!p) {
        fail(s, "out of memory");
        return NULL;
    }
    *cap = c;
    return p;
}

/* ---- files: written under a temporary name, renamed into place ---- */

typedef struct page {
    FILE *f;
    char path[PATH_MAX], tmp[PATH_MAX + 16];
} page;

static FILE *page_open(site *s, page *p, const char *rel)
{
    p->f = NULL;
    if (s->failed)
        return NULL;
    if (snprintf(p->path, sizeof p->path, "%s/%s", s->a->out, rel) >= (int)sizeof p->path) {
        fail(s, "%s/%s: the path is too long", s->a->out, rel);
        return NULL;
    }
    snprintf(p->tmp, sizeof p->tmp, "%s.tmp", p->path);
    if (!(p->f = fopen(p->tmp, "w")))
        fail(s, "cannot write %s: %s", p->tmp, strerror(errno));
    return p->f;
}

static void page_close(site *s, page *p)
{
    if (!p->f)
        return;
    long size = ftell(p->f);
    int bad = ferror(p->f) | fflush(p->f);
    int e = errno;
    if (fclose(p->f) != 0 && !bad)
        bad = 1, e = errno;
    p->f = NULL;
    if (!bad && rename(p->tmp, p->path) != 0)
        bad = 1, e = errno;
    if (bad) {
        unlink(p->tmp);
        fail(s, "cannot write %s: %s", p->path, strerror(e));
        return;
    }
    ++s->nfiles;
    s->bytes += size > 0 ? size : 0;
}

/* Text into HTML (element content and quoted attribute values). */
static void esc(FILE *f, const char *t)
{
    for (; *t; ++t) {
        unsigned char c = (unsigned char)*t;
        if (c == '&')
            fputs("&amp;", f);
        else if (c == '<')
            fputs("&lt;", f);
        else if (c == '>')
            fputs("&gt;", f);
        else if (c == '"')
            fputs("&quot;", f);
        else if (c == '\'')
            fputs("&#39;", f);
        else if (c < 0x20 && c != '\n' && c != '\t')
            fputc(' ', f);
        else
            fputc(c, f);
    }
}

/* The last cells of a table row of rows: the verdict (red when FAIL) and the note; the row ends. */
static void verdict_note_cells(FILE *f, const pb_row *r)
{
    fprintf(f, "<td class=\"l%s\">", r->verified == PB_VERIFIED_FAIL ? " fail" : "");
    esc(f, pb_verified_name(r->verified));
    fputs("</td><td class=\"l n\">", f);
    esc(f, r->note);
    fputs("</td></tr>\n", f);
}

static void head(FILE *f, const char *root, const char *title)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>", f);
    esc(f, title);
    /* pb.js first: it reports a file after it that fails to load */
    fprintf(f, "</title><script src=\"%spb.js\"></script><link rel=\"stylesheet\" href=\"%sstyle.css\"></head>\n<body>\n",
            root, root);
    fprintf(f, "<nav><a href=\"%sindex.html\">overview</a> &middot; <a href=\"%sruns.html\">runs</a></nav>\n", root, root);
}

static void tail(FILE *f, const site *s)
{
    fputs("<footer>portbench dashboard of the store ", f);
    esc(f, s->a->db);
    fputs("</footer>\n</body></html>\n", f);
}

/* "2026-11-22 09:47Z" of a Unix time; "" when unknown. */
static void utc_text(double t, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (!isfinite(t))
        return;
    time_t tt = (time_t)t;
    struct tm tm;
    if (gmtime_r(&tt, &tm))
        strftime(buf, cap, "%Y-%m-%d %H:%MZ", &tm);
}

/* ---- the reference: the library (speedup_vs_lib), else CUDA best of the same run ---- */

static void ref_key(long long run, const pb_row *r, char *buf, size_t cap)
{
    snprintf(buf, cap, "%lld|%s|%s|%.0f|%s|%s|%g", run, r->benchmark, r->dtype, r->size, r->params, r->host,
             r->gpu_index);
}

static int cmp_ref(const void *a, const void *b) { return strcmp(((const cuda_ref *)a)->key, ((const cuda_ref *)b)->key); }

static int on_cuda(const pb_store_point *p, void *ctx)
{
    site *s = ctx;
    if (p->row->verified != PB_VERIFIED_PASS || !(pb_row_time(p->row) > 0))
        return 0;
    cuda_ref *v = grow(s, s->ref, &s->capref, s->nref, sizeof *v);
    if (!v)
        return 1;
    s->ref = v;
    ref_key(p->run_id, p->row, v[s->nref].key, sizeof v[s->nref].key);
    v[s->nref++].row = *p->row;
    return 0;
}

/* Sorted by key, the fastest CUDA row of each run and case first; the others go. */
static int cmp_ref_time(const void *a, const void *b)
{
    const cuda_ref *x = a, *y = b;
    int d = strcmp(x->key, y->key);
    if (d)
        return d;
    double tx = pb_row_time(&x->row), ty = pb_row_time(&y->row);
    return tx < ty ? -1 : tx > ty;
}

static void keep_fastest(site *s)
{
    qsort(s->ref, s->nref, sizeof *s->ref, cmp_ref_time);
    size_t m = 0;
    for (size_t i = 0; i < s->nref; ++i)
        if (!m || strcmp(s->ref[m - 1].key, s->ref[i].key))
            s->ref[m++] = s->ref[i];
    s->nref = m;
}

static const pb_row *cuda_best(const site *s, long long run, const pb_row *r)
{
    cuda_ref k;
    ref_key(run, r, k.key, sizeof k.key);
    const cuda_ref *c = bsearch(&k, s->ref, s->nref, sizeof *s->ref, cmp_ref);
    return c ? &c->row : NULL;
}

static int is_library(const pb_row *r) { return strcmp(r->variant, "lib") == 0; }

/* The row's ratio to its reference (> 1: faster than it); kind 1 the library, 2 CUDA best. */
static double point_ratio(const site *s, const pb_row *r, long long run, int *kind)
{
    *kind = 0;
    if (r->verified != PB_VERIFIED_PASS || !(pb_row_time(r) > 0))
        return NAN;
    if (isfinite(r->speedup_vs_lib) && r->speedup_vs_lib > 0) {
        *kind = 1;
        return r->speedup_vs_lib;
    }
    const pb_row *c = is_library(r) ? NULL : cuda_best(s, run, r);
    if (!c)
        return NAN;
    int dev = pb_common_clock(c, r);
    *kind = 2;
    return pb_row_clock_time(c, dev) / pb_row_clock_time(r, dev);
}

/* The reference's time in the run of point i on the chart's clock, NaN when unknown. */
static double ref_time(const site *s, const sbuf *b, size_t i, int device, int *kind)
{
    const pb_row *r = &b->rows.rows[i];
    *kind = 0;
    if (r->verified != PB_VERIFIED_PASS || !(pb_row_time(r) > 0) || is_library(r))
        return NAN;
    int own_device = r->clock == PB_CLOCK_DEVICE && !isnan(r->device_time_median_s);
    if (isfinite(r->speedup_vs_lib) && r->speedup_vs_lib > 0) {
        *kind = 1; /* speedup_vs_lib is on the row's clock column */
        return own_device == device ? pb_row_time(r) * r->speedup_vs_lib : NAN;
    }
    const pb_row *c = cuda_best(s, b->run[i], r);
    if (!c || (device && !pb_common_clock(c, r)))
        return NAN;
    *kind = 2;
    return pb_row_clock_time(c, device);
}

/* ---- a series page ---- */

void pb_dashboard_series_page(const char *key, char *buf, size_t cap)
{
    pb_sha256 h;
    char hex[65];
    pb_sha256_init(&h);
    pb_sha256_update(&h, key, strlen(key));
    pb_sha256_hex(&h, hex);
    snprintf(buf, cap, "s/%.16s.html", hex);
}

static const char *row_color(const pb_row *r)
{
    const char *color;
    int marker, rank;
    pb_series_style(r->backend, r->toolchain, &color, &marker, &rank);
    return color;
}

/* The axis label of point i: its compiler version, or its run's day by time. */
static void x_label(const site *s, const sbuf *b, size_t i, char *buf, size_t cap)
{
    const pb_row *r = &b->rows.rows[i];
    if (!s->a->by_time) {
        snprintf(buf, cap, "%s", r->compiler_version[0] ? r->compiler_version : "?");
        return;
    }
    char t[24];
    utc_text(b->started[i], t, sizeof t);
    snprintf(buf, cap, "%.10s", t[0] ? t : r->timestamp);
}

/* Time in a unit that suits hi (the largest value): the factor and its name. */
static double time_unit(double hi, const char **name)
{
    if (hi >= 1)
        return *name = "s", 1;
    if (hi >= 1e-3)
        return *name = "ms", 1e3;
    if (hi >= 1e-6)
        return *name = "us", 1e6;
    return *name = "ns", 1e9;
}

enum { CW = 880, CH_PLOT = 230, C_LEFT = 74, C_RIGHT = 18, C_BOTTOM = 78, C_STEP_LINE = 15 };

typedef struct axis {
    double lo, hi;
    int log;
    double top, bottom; /* pixels */
} axis;

static double y_px(const axis *ax, double v)
{
    double f = ax->log ? (log(v) - log(ax->lo)) / (log(ax->hi) - log(ax->lo)) : (v - ax->lo) / (ax->hi - ax->lo);
    return ax->bottom - f * (ax->bottom - ax->top);
}

static void y_ticks(FILE *f, const axis *ax, double x0, double x1)
{
    const char *unit;
    double k = time_unit(ax->hi, &unit);
    double ticks[64];
    int n = 0;
    if (ax->log) {
        int e0 = (int)floor(log10(ax->lo)), e1 = (int)ceil(log10(ax->hi));
        static const double all[] = {1, 2, 5}, one[] = {1};
        const double *m = e1 - e0 <= 2 ? all : one;
        int nm = e1 - e0 <= 2 ? 3 : 1;
        for (int e = e0; e <= e1 && n < 60; ++e)
            for (int j = 0; j < nm && n < 60; ++j) {
                double v = m[j] * pow(10, e);
                if (v >= ax->lo && v <= ax->hi)
                    ticks[n++] = v;
            }
    } else {
        double raw = (ax->hi - ax->lo) / 5, p = pow(10, floor(log10(raw))), step = p;
        if (raw / p > 5)
            step = 10 * p;
        else if (raw / p > 2)
            step = 5 * p;
        else if (raw / p > 1)
            step = 2 * p;
        for (double v = ceil(ax->lo / step) * step; v <= ax->hi && n < 60; v += step)
            ticks[n++] = fabs(v) < step * 1e-9 ? 0 : v;
    }
    for (int i = 0; i < n; ++i) {
        double y = y_px(ax, ticks[i]);
        fprintf(f, "<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>", x0, x1, y, y);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.4g</text>\n", x0 - 5, y + 4, ticks[i] * k);
    }
    fprintf(f, "<text x=\"14\" y=\"%.1f\" transform=\"rotate(-90 14 %.1f)\" text-anchor=\"middle\">time (%s)%s</text>\n",
            (ax->top + ax->bottom) / 2, (ax->top + ax->bottom) / 2, unit, ax->log ? ", log scale" : "");
}

/* The chart of one series: every point in its slot (several runs of one version side by
 * side), the reference's time in the same runs, the change points. */
static void chart(FILE *f, const site *s, const sbuf *b, const pb_changes *ch)
{
    size_t n = b->rows.n;
    const pb_row *rows = b->rows.rows;
    double *ref = calloc(n, sizeof *ref);
    int kind = 0;
    double lo = INFINITY, hi = 0;
    for (size_t i = 0; ref && i < n; ++i) {
        int k;
        ref[i] = ref_time(s, b, i, ch->device, &k);
        kind = kind ? kind : k;
        if (ref[i] > 0)
            lo = fmin(lo, ref[i]), hi = fmax(hi, ref[i]);
    }
    for (size_t i = 0; i < ch->n; ++i) {
        double t = pb_row_clock_time(ch->pt[i], ch->device);
        lo = fmin(lo, t), hi = fmax(hi, t);
    }
    axis ax;
    memset(&ax, 0, sizeof ax);
    if (!(hi > 0)) /* nothing passed: an empty frame that says so */
        lo = 1e-3, hi = 2e-3;
    ax.log = hi / lo > 10;
    if (ax.log) {
        ax.lo = lo / 1.15, ax.hi = hi * 1.15;
    } else if (hi > lo) {
        ax.lo = fmax(0, lo - 0.08 * (hi - lo)), ax.hi = hi + 0.08 * (hi - lo);
    } else {
        ax.lo = lo * 0.9, ax.hi = hi * 1.1;
    }
    size_t nsteps = ch->nc;
    ax.top = 16 + (double)C_STEP_LINE * (double)nsteps;
    ax.bottom = ax.top + CH_PLOT;
    /* the x axis' labels: one per group of points of one version (or day), turned when crowded */
    size_t ngroups = 0, longest = 0;
    for (size_t i = 0; i < n; ++i) {
        char l[80], p[80];
        x_label(s, b, i, l, sizeof l);
        if (i)
            x_label(s, b, i - 1, p, sizeof p);
        if (!i || strcmp(l, p))
            ++ngroups, longest = strlen(l) > longest ? strlen(l) : longest;
    }
    double gw_min = (double)(CW - C_LEFT - C_RIGHT) / (double)(ngroups ? ngroups : 1);
    int turn = (double)longest * 6.5 > gw_min - 4;
    double height = ax.bottom + (turn ? C_BOTTOM : 44), x0 = C_LEFT, x1 = CW - C_RIGHT, sw = (x1 - x0) / (double)(n ? n : 1);
    fprintf(f, "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %.0f\" width=\"%d\" "
               "height=\"%.0f\" role=\"img\" data-series=\"",
            CW, height, CW, height);
    esc(f, b->key);
    fprintf(f, "\" data-points=\"%zu\" data-passing=\"%zu\" data-steps=\"%zu\" data-clock=\"%s\" data-scale=\"%s\">\n", n,
            ch->n, nsteps, pb_clock_name(ch->device), ax.log ? "log" : "linear");
    fprintf(f, "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n", x0, ax.top, x1 - x0,
            ax.bottom - ax.top);
    y_ticks(f, &ax, x0, x1);
    /* the x axis: one label per group of points of one version (or day) */
    for (size_t i = 0; i < n;) {
        char l[80], m[80];
        x_label(s, b, i, l, sizeof l);
        size_t j = i + 1;
        for (; j < n; ++j) {
            x_label(s, b, j, m, sizeof m);
            if (strcmp(l, m))
                break;
        }
        double xl = x0 + sw * (double)i, xr = x0 + sw * (double)j, xm = (xl + xr) / 2;
        if (i)
            fprintf(f, "<line class=\"sep\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>", xl, xl, ax.top,
                    ax.bottom);
        if (turn)
            fprintf(f, "<text class=\"xl\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" transform=\"rotate(-35 %.1f %.1f)\">",
                    xm, ax.bottom + 14, xm, ax.bottom + 14);
        else
            fprintf(f, "<text class=\"xl\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", xm, ax.bottom + 16);
        esc(f, l);
        fputs("</text>\n", f);
        i = j;
    }
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", (x0 + x1) / 2, height - 6,
            s->a->by_time ? "runs in time order (day of each)" : "compiler version (its runs side by side, in time order)");
    /* the reference, dashed grey */
    if (ref && kind) {
        fputs("<polyline class=\"ref\" points=\"", f);
        for (size_t i = 0; i < n; ++i)
            if (ref[i] > 0)
                fprintf(f, "%.1f,%.1f ", x0 + sw * ((double)i + 0.5), y_px(&ax, ref[i]));
        fputs("\"/>\n", f);
        for (size_t i = 0; i < n; ++i)
            if (ref[i] > 0) {
                double x = x0 + sw * ((double)i + 0.5), y = y_px(&ax, ref[i]);
                fprintf(f, "<rect class=\"refpt\" x=\"%.1f\" y=\"%.1f\" width=\"6\" height=\"6\" data-i=\"%zu\" "
                           "data-t=\"%.6g\"><title>%s %.4g s</title></rect>\n",
                        x - 3, y - 3, i, ref[i], kind == 1 ? "library" : "CUDA best", ref[i]);
            }
    }
    /* the series */
    if (ch->n) {
        fputs("<polyline class=\"line\" points=\"", f);
        for (size_t k = 0; k < ch->n; ++k) {
            size_t i = (size_t)(ch->pt[k] - rows);
            fprintf(f, "%.1f,%.1f ", x0 + sw * ((double)i + 0.5), y_px(&ax, pb_row_clock_time(ch->pt[k], ch->device)));
        }
        fputs("\"/>\n", f);
    }
    double rad = fmax(2, fmin(4.5, sw / 3));
    size_t k = 0;
    for (size_t i = 0; i < n; ++i) {
        const pb_row *r = &rows[i];
        double x = x0 + sw * ((double)i + 0.5);
        char when[24];
        utc_text(b->started[i], when, sizeof when);
        if (k < ch->n && ch->pt[k] == r) {
            double t = pb_row_clock_time(r, ch->device);
            fprintf(f, "<circle class=\"pt\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" data-i=\"%zu\" data-version=\"",
                    x, y_px(&ax, t), rad, row_color(r), i);
            esc(f, r->compiler_version);
            fprintf(f, "\" data-toolchain=\"");
            esc(f, r->toolchain);
            fprintf(f, "\" data-run=\"%lld\" data-t=\"%.6g\"><title>", b->run[i], t);
            esc(f, r->toolchain[0] ? r->toolchain : r->compiler);
            fprintf(f, " %s, run %lld %s: %.4g s</title></circle>\n", r->compiler_version, b->run[i], when, t);
            ++k;
        } else { /* FAIL, SKIP or no time: a cross on the axis */
            fprintf(f, "<text class=\"bad\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" data-i=\"%zu\" data-status=\"",
                    x, ax.bottom - 4, i);
            esc(f, pb_verified_name(r->verified));
            fputs("\">&#215;<title>", f);
            esc(f, pb_verified_name(r->verified));
            fprintf(f, ", run %lld %s</title></text>\n", b->run[i], when);
        }
    }
    /* change points: a line between the two points, the levels around it, the text on top */
    for (size_t c = 0; c < nsteps; ++c) {
        const pb_change *st = &ch->c[c];
        size_t ia = (size_t)(ch->pt[st->at] - rows), ib = (size_t)(ch->pt[st->at - 1] - rows);
        double x = x0 + sw * (((double)ia + (double)ib) / 2 + 0.5);
        char text[400];
        pb_change_text(st, text, sizeof text);
        fprintf(f, "<g class=\"step %s\" data-at=\"%zu\" data-pct=\"%+.1f\" data-p=\"%.3g\">", st->slower ? "slower" : "faster",
                ia, 100 * st->pct, st->p);
        fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>", x, x,
                16 + (double)C_STEP_LINE * (double)c - 10, ax.bottom);
        for (int side = 0; side < 2; ++side) { /* each segment's level: the geometric mean of its points */
            size_t from = side ? st->at : st->seg_begin, to = side ? st->seg_end : st->at;
            double sum = 0;
            for (size_t q = from; q < to; ++q)
                sum += log(pb_row_clock_time(ch->pt[q], ch->device));
            double level = exp(sum / (double)(to - from));
            double xa = x0 + sw * (double)(ch->pt[from] - rows), xb = x0 + sw * (double)(ch->pt[to - 1] - rows + 1);
            fprintf(f, "<line class=\"level\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>", xa, xb,
                    y_px(&ax, level), y_px(&ax, level));
        }
        int right = x > (x0 + x1) / 2;
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">", right ? x - 4 : x + 4,
                16 + (double)C_STEP_LINE * (double)c, right ? "end" : "start");
        esc(f, text);
        fputs("</text></g>\n", f);
    }
    fputs("</svg>\n", f);
    free(ref);
}

static void ratio_class(double r, char *buf, size_t cap)
{
    static const double edge[] = {0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9}; /* q0 .. q7 */
    int q = 0;
    while (q < 7 && r >= edge[q])
        ++q;
    snprintf(buf, cap, "q%d", q);
}

static void ratio_text(double r, char *buf, size_t cap)
{
    if (!isfinite(r))
        snprintf(buf, cap, "-");
    else
        snprintf(buf, cap, r < 0.1 ? "%.2g" : "%.2f", r);
}

/* The latest point of each toolchain of the finished series, for the tables. */
static void add_cells(site *s, const sbuf *b, const char *pg)
{
    const pb_row *rows = b->rows.rows;
    size_t n = b->rows.n;
    for (size_t i = 0; i < n && !s->failed; ++i) {
        const pb_row *r = &rows[i];
        int seen = 0;
        for (size_t j = 0; j < i && !seen; ++j)
            seen = !strcmp(rows[j].toolchain, r->toolchain);
        if (seen)
            continue;
        /* the latest passing point with a ratio to the library, else to CUDA best (a run
         * without the library, e.g. a gate run of one toolchain, does not turn a cell into
         * a ratio to CUDA), else the latest passing one, else the latest */
        long lib = -1, cuda = -1, pass = -1, any = -1;
        for (size_t j = i; j < n; ++j) {
            if (strcmp(rows[j].toolchain, r->toolchain))
                continue;
            int kind;
            double q = point_ratio(s, &rows[j], b->run[j], &kind);
#define LATER(x) ((x) < 0 || b->started[j] > b->started[x] || (b->started[j] == b->started[x] && b->run[j] >= b->run[x]) || \
                  (isnan(b->started[x]) && !isnan(b->started[j])))
            if (LATER(any))
                any = (long)j;
            if (rows[j].verified == PB_VERIFIED_PASS && LATER(pass))
                pass = (long)j;
            if (isfinite(q) && kind == 1 && LATER(lib))
                lib = (long)j;
            if (isfinite(q) && kind == 2 && LATER(cuda))
                cuda = (long)j;
#undef LATER
        }
        /* a failure at the latest run is what the cell says, not an older ratio */
        long pick = rows[any].verified == PB_VERIFIED_FAIL ? any
                    : lib >= 0                             ? lib
                    : cuda >= 0                            ? cuda
                    : pass >= 0                            ? pass
                                                           : any;
        const pb_row *p = &rows[pick];
        cell *v = grow(s, s->cell, &s->capcell, s->ncell, sizeof *v);
        if (!v)
            return;
        s->cell = v;
        cell *c = &v[s->ncell++];
        memset(c, 0, sizeof *c);
        pb_strlcpy(c->bench, p->benchmark, sizeof c->bench);
        pb_strlcpy(c->variant, p->variant, sizeof c->variant);
        pb_series_title(p->backend, p->toolchain, c->col, sizeof c->col);
        pb_strlcpy(c->dtype, p->dtype, sizeof c->dtype);
        pb_strlcpy(c->params, p->params, sizeof c->params);
        pb_series_where(p, c->where, sizeof c->where);
        pb_strlcpy(c->page, pg, sizeof c->page);
        pb_strlcpy(c->version, p->compiler_version, sizeof c->version);
        pb_strlcpy(c->status, pb_verified_name(p->verified), sizeof c->status);
        utc_text(b->started[pick], c->when, sizeof c->when);
        c->size = p->size;
        c->ratio = point_ratio(s, p, b->run[pick], &c->kind);
        c->vrank = pb_rep_variant_rank(p);
        const char *color;
        int marker;
        pb_series_style(p->backend, p->toolchain, &color, &marker, &c->rank);
        c->points = n;
    }
}

static void add_step(site *s, const pb_change *c, const char *name, const char *where, const char *pg)
{
    step_line *v = grow(s, s->step, &s->capstep, s->nstep, sizeof *v);
    if (!v)
        return;
    s->step = v;
    step_line *l = &v[s->nstep++];
    pb_strlcpy(l->name, name, sizeof l->name);
    pb_strlcpy(l->where, where, sizeof l->where);
    pb_strlcpy(l->between, c->between, sizeof l->between);
    pb_change_p(c, l->p, sizeof l->p);
    l->vs[0] = '\0';
    if (!isnan(c->lib_before) && !isnan(c->lib_after))
        snprintf(l->vs, sizeof l->vs, "%.2f -> %.2f", c->lib_before, c->lib_after);
    pb_strlcpy(l->page, pg, sizeof l->page);
    l->pct = c->pct;
    l->slower = c->slower, l->latest = c->latest;
}

static void series_page(site *s)
{
    sbuf *b = &s->cur;
    if (!b->rows.n || s->failed)
        return;
    const pb_row *r0 = &b->rows.rows[0];
    char pg[64], name[300], where[160];
    pb_dashboard_series_page(b->key, pg, sizeof pg);
    pb_series_name(r0, name, sizeof name);
    pb_series_where(r0, where, sizeof where);
    unsigned long long *names = grow(s, s->names, &s->capnames, s->nnames, sizeof *names);
    if (!names)
        return;
    s->names = names;
    names[s->nnames++] = strtoull(pg + 2, NULL, 16);
    ++s->nseries;
    s->npoints += b->rows.n;
    pb_changes ch;
    if (pb_changes_find(b->rows.rows, b->rows.n, s->a->by_time, s->a->alpha, s->a->threshold, &ch) != 0) {
        fail(s, "out of memory");
        return;
    }
    page p;
    FILE *f = page_open(s, &p, pg);
    char title[500];
    snprintf(title, sizeof title, "%s [%s]", name, where);
    if (f) {
        head(f, "../", title);
        fputs("<h1>", f);
        esc(f, name);
        fputs(" <span class=\"where\">", f);
        esc(f, where);
        fputs("</span></h1>\n<p>", f);
        fprintf(f, "%zu point(s), ordered by %s; %zu passed, fitted on the %s clock%s. ", b->rows.n,
                s->a->by_time ? "time" : "compiler version", ch.n, pb_clock_name(ch.device),
                ch.fitted ? "" : " (fewer than 3: no change points are looked for)");
        fputs("</p>\n", f);
    }
    for (size_t k = 0; k < ch.nc; ++k) {
        const pb_change *c = &ch.c[k];
        char text[400], vs[120] = "", *line;
        pb_change_text(c, text, sizeof text);
        if (!isnan(c->lib_before) && !isnan(c->lib_after))
            snprintf(vs, sizeof vs, ", ratio to the library %.2f -> %.2f", c->lib_before, c->lib_after);
        s->nslower += c->slower, s->nfaster += !c->slower, s->nlatest += c->slower && c->latest;
        if (asprintf(&line, "%s %s [%s]: %s%s%s", c->slower ? "SLOWER" : "FASTER", name, where, text, vs,
                     c->latest ? "; at the latest point" : "") < 0) {
            fail(s, "out of memory");
            break;
        }
        if (f) {
            fprintf(f, "<p class=\"%s\">", c->slower ? "slower" : "faster");
            esc(f, line);
            fputs("</p>\n", f);
        }
        free(line);
        add_step(s, c, name, where, pg);
    }
    if (f) {
        const char *color;
        int marker, rank;
        fputs("<p class=\"legend\">", f);
        for (size_t i = 0; i < b->rows.n; ++i) {
            const pb_row *r = &b->rows.rows[i];
            int seen = 0;
            for (size_t j = 0; j < i && !seen; ++j)
                seen = !strcmp(b->rows.rows[j].toolchain, r->toolchain);
            if (seen)
                continue;
            char t[80];
            pb_series_style(r->backend, r->toolchain, &color, &marker, &rank);
            pb_series_title(r->backend, r->toolchain, t, sizeof t);
            fprintf(f, "<span style=\"color:%s\">&#9679;</span> ", color);
            esc(f, t);
            fputs(" &nbsp; ", f);
        }
        fputs("<span class=\"refkey\">&#9632; - -</span> the reference in the same run (library, or CUDA best where "
              "there is none) &nbsp; <span class=\"slower\">|</span> change point</p>\n",
              f);
        chart(f, s, b, &ch);
        fputs("<table class=\"sort\"><thead><tr><th>#</th><th class=\"l\">version</th><th class=\"l\">toolchain</th>"
              "<th class=\"l\">run</th><th class=\"l\">started</th><th>time</th><th>rate</th><th>vs ref</th>"
              "<th class=\"l\">verified</th><th class=\"l\">note</th></tr></thead><tbody>\n",
              f);
        for (size_t i = 0; i < b->rows.n; ++i) {
            const pb_row *r = &b->rows.rows[i];
            char t[64], rate[64], when[24], q[32];
            int kind;
            double ratio = point_ratio(s, r, b->run[i], &kind);
            utc_text(b->started[i], when, sizeof when);
            ratio_text(ratio, q, sizeof q);
            double tt = r->verified == PB_VERIFIED_PASS ? pb_row_clock_time(r, ch.device) : NAN;
            fprintf(f, "<tr><td>%zu</td><td class=\"l\">", i);
            esc(f, r->compiler_version);
            fputs("</td><td class=\"l\">", f);
            esc(f, r->toolchain);
            fprintf(f, "</td><td class=\"l\"><a href=\"../r/%lld.html\">%lld ", b->run[i], b->run[i]);
            esc(f, b->label[i] ? b->label[i] : "");
            fprintf(f, "</a></td><td class=\"l\">%s</td><td data-v=\"%.6g\">%s</td><td>%s %s</td><td>%s%s</td>", when,
                    tt, pb_fmt_time(tt, PB_FMT_TEXT, t, sizeof t),
                    pb_fmt_rate(isnan(tt) ? NAN : pb_row_rate_on(r, ch.device), PB_FMT_TEXT, rate, sizeof rate),
                    isnan(tt) ? "" : pb_row_unit(r), q, kind == 2 ? " (CUDA)" : "");
            verdict_note_cells(f, r);
        }
        fputs("</tbody></table>\n", f);
        tail(f, s);
    }
    page_close(s, &p);
    add_cells(s, b, pg);
    pb_changes_free(&ch);
}

static void sbuf_reset(sbuf *b)
{
    for (size_t i = 0; i < b->rows.n; ++i)
        free(b->label[i]);
    pb_rowset_free(&b->rows);
}

static void sbuf_free(sbuf *b)
{
    sbuf_reset(b);
    free(b->run);
    free(b->started);
    free(b->label);
}

static int on_point(const pb_store_point *p, void *ctx)
{
    site *s = ctx;
    sbuf *b = &s->cur;
    if (strcmp(b->key, p->series) != 0) {
        series_page(s);
        sbuf_reset(b);
        pb_strlcpy(b->key, p->series, sizeof b->key);
    }
    if (s->failed)
        return 1;
    size_t n = b->rows.n;
    if (n == b->cap) {
        size_t c = b->cap ? 2 * b->cap : 64;
        long long *run = realloc(b->run, c * sizeof *run);
        if (run)
            b->run = run;
        double *st = realloc(b->started, c * sizeof *st);
        if (st)
            b->started = st;
        char **l = realloc(b->label, c * sizeof *l);
        if (l)
            b->label = l;
        if (!run || !st || !l) {
            fail(s, "out of memory");
            return 1;
        }
        b->cap = c;
    }
    if (pb_rowset_push(&b->rows, p->row) != 0) {
        fail(s, "out of memory");
        return 1;
    }
    b->run[n] = p->run_id;
    b->started[n] = p->started_unix;
    b->label[n] = strdup(p->run_label ? p->run_label : "");
    return 0;
}

/* ---- tables of ratios: index.html (each benchmark's headline case) and b/BENCH.html ---- */

static int cmp_cell(const void *x, const void *y)
{
    const cell *a = x, *b = y;
    int d;
    if ((d = strcmp(a->bench, b->bench)) || (d = strcmp(a->dtype, b->dtype)))
        return d;
    if (a->size != b->size)
        return a->size < b->size ? -1 : 1;
    if ((d = pb_natural_cmp(a->params, b->params)) || (d = pb_natural_cmp(a->where, b->where)))
        return d;
    if (a->vrank != b->vrank)
        return a->vrank - b->vrank;
    if ((d = pb_natural_cmp(a->variant, b->variant)))
        return d;
    return a->rank != b->rank ? a->rank - b->rank : strcmp(a->col, b->col);
}

static int same_case(const cell *a, const cell *b)
{
    return !strcmp(a->bench, b->bench) && !strcmp(a->dtype, b->dtype) && a->size == b->size &&
           !strcmp(a->params, b->params) && !strcmp(a->where, b->where);
}

static void case_text(const cell *c, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s %s %.0f%s%s [%s]", c->bench, c->dtype, c->size, c->params[0] ? " " : "", c->params, c->where);
}

/* One table: the kernels of cells [b, e) (one case) down, their series across. */
static void ratio_table(FILE *f, const cell *v, size_t b, size_t e, const char *root)
{
    const cell *col[64];
    size_t ncol = 0;
    for (size_t i = b; i < e; ++i) {
        size_t k = 0;
        while (k < ncol && strcmp(col[k]->col, v[i].col))
            ++k;
        if (k == ncol && ncol < 64) {
            size_t at = ncol++;
            while (at && (col[at - 1]->rank > v[i].rank ||
                          (col[at - 1]->rank == v[i].rank && strcmp(col[at - 1]->col, v[i].col) > 0))) {
                col[at] = col[at - 1];
                --at;
            }
            col[at] = &v[i];
        }
    }
    fputs("<table class=\"sort ratios\"><thead><tr><th class=\"l\">kernel</th>", f);
    for (size_t k = 0; k < ncol; ++k) {
        fputs("<th>", f);
        esc(f, col[k]->col);
        fputs("</th>", f);
    }
    fputs("</tr></thead><tbody>\n", f);
    for (size_t i = b; i < e;) {
        size_t j = i;
        while (j < e && !strcmp(v[j].variant, v[i].variant))
            ++j;
        fputs("<tr><td class=\"l\">", f);
        esc(f, v[i].variant);
        fputs("</td>", f);
        for (size_t k = 0; k < ncol; ++k) {
            const cell *c = NULL;
            for (size_t q = i; q < j && !c; ++q)
                if (!strcmp(v[q].col, col[k]->col))
                    c = &v[q];
            if (!c) {
                fputs("<td></td>", f);
                continue;
            }
            char cls[8], q[32];
            ratio_class(c->ratio, cls, sizeof cls);
            ratio_text(c->ratio, q, sizeof q);
            int bad = strcmp(c->status, "PASS") != 0;
            fprintf(f, "<td class=\"%s\" data-v=\"%.4g\" title=\"", bad ? "fail" : isfinite(c->ratio) ? cls : "none",
                    isfinite(c->ratio) ? c->ratio : -1.0);
            esc(f, c->col);
            fputs(" ", f);
            esc(f, c->variant);
            fputs(" ", f);
            esc(f, c->version);
            fprintf(f, ", run of %s: ", c->when);
            if (bad)
                esc(f, c->status);
            else if (isfinite(c->ratio))
                fprintf(f, "%s x %s", q, c->kind == 2 ? "CUDA best" : "the library");
            else
                fputs("no reference in its run", f);
            fprintf(f, "\"><a href=\"%s%s\">", root, c->page);
            if (bad)
                esc(f, c->status);
            else
                fprintf(f, "%s%s", q, c->kind == 2 ? "*" : "");
            fputs("</a></td>", f);
        }
        fputs("</tr>\n", f);
        i = j;
    }
    fputs("</tbody></table>\n", f);
}

static void ratio_legend(FILE *f)
{
    fputs("<p class=\"legend\">Each cell: the kernel's time relative to the library in the same run "
          "(speedup_vs_lib: 1 = as fast as cuBLAS, CUB or cudaMemcpy, 0.25 = four times slower), from the latest run "
          "of that toolchain; * marks a ratio to CUDA best (the fastest CUDA kernel of the run), where the benchmark has "
          "no library. "
          "<span class=\"q0\">&lt; 0.05</span><span class=\"q1\">0.05</span><span class=\"q2\">0.1</span>"
          "<span class=\"q3\">0.2</span><span class=\"q4\">0.3</span><span class=\"q5\">0.5</span>"
          "<span class=\"q6\">0.7</span><span class=\"q7\">&ge; 0.9</span> "
          "A cell links to its series over compiler versions.</p>\n",
          f);
}

/* Benchmark pages' names: b/<safe name>.html, unique. */
typedef struct bench_page {
    char bench[32], file[80];
    size_t b, e;      /* its cells */
    size_t hb, he;    /* the headline case's cells */
    size_t ncases, nseries;
} bench_page;

static void bench_pages(site *s, bench_page **out, size_t *nout)
{
    *out = NULL;
    *nout = 0;
    bench_page *bp = NULL;
    size_t n = 0, cap = 0;
    cell *v = s->cell;
    for (size_t i = 0; i < s->ncell && !s->failed;) {
        size_t j = i;
        while (j < s->ncell && !strcmp(v[j].bench, v[i].bench))
            ++j;
        bench_page *q = grow(s, bp, &cap, n, sizeof *bp);
        if (!q)
            break;
        bp = q;
        bench_page *p = &bp[n++];
        memset(p, 0, sizeof *p);
        pb_strlcpy(p->bench, v[i].bench, sizeof p->bench);
        char safe[64];
        pb_record_safe_name(v[i].bench, 0, safe, sizeof safe);
        snprintf(p->file, sizeof p->file, "b/%s.html", safe[0] ? safe : "bench");
        for (size_t k = 0, clash = 1; k + 1 < n; ++k)
            if (!strcmp(bp[k].file, p->file)) {
                snprintf(p->file, sizeof p->file, "b/%s_%zu.html", safe, ++clash);
                k = (size_t)-1;
            }
        p->b = i, p->e = j;
        /* the headline case: most cells with a ratio, then most points, then the largest size */
        size_t best_r = 0, best_pts = 0;
        double best_size = -1;
        for (size_t c = i; c < j;) {
            size_t d = c, nr = 0, pts = 0;
            while (d < j && same_case(&v[d], &v[c])) {
                nr += isfinite(v[d].ratio);
                pts += v[d].points;
                ++d;
            }
            for (size_t q2 = c; q2 < d; ++q2) /* distinct series: a page once */
                p->nseries += q2 == c || strcmp(v[q2].page, v[q2 - 1].page) != 0;
            ++p->ncases;
            if (p->he == 0 || nr > best_r || (nr == best_r && (pts > best_pts || (pts == best_pts && v[c].size > best_size))))
                p->hb = c, p->he = d, best_r = nr, best_pts = pts, best_size = v[c].size;
            c = d;
        }
        i = j;
    }
    *out = bp;
    *nout = n;
}

static void write_bench_page(site *s, const bench_page *bp)
{
    page p;
    FILE *f = page_open(s, &p, bp->file);
    if (!f)
        return;
    char title[128];
    snprintf(title, sizeof title, "%s: every case", bp->bench);
    head(f, "../", title);
    fputs("<h1>", f);
    esc(f, bp->bench);
    fprintf(f, "</h1>\n<p>%zu case(s): dtype, size, parameters and GPU (model@host gN).</p>\n", bp->ncases);
    ratio_legend(f);
    fputs("<p><input class=\"filter\" data-target=\"h2\" placeholder=\"filter the cases (e.g. double, g0)\"></p>\n", f);
    const cell *v = s->cell;
    for (size_t c = bp->b; c < bp->e;) {
        size_t d = c;
        while (d < bp->e && same_case(&v[d], &v[c]))
            ++d;
        char t[400];
        case_text(&v[c], t, sizeof t);
        fputs("<section class=\"case\"><h2>", f);
        esc(f, t);
        fputs("</h2>\n", f);
        ratio_table(f, v, c, d, "../");
        fputs("</section>\n", f);
        c = d;
    }
    tail(f, s);
    page_close(s, &p);
}

/* ---- run pages ---- */

static const char *jtext(const cJSON *o, const char *key, char *buf, size_t cap)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (cJSON_IsString(v) && v->valuestring)
        return v->valuestring;
    if (cJSON_IsNumber(v)) {
        snprintf(buf, cap, "%.15g", v->valuedouble);
        return buf;
    }
    if (cJSON_IsBool(v))
        return cJSON_IsTrue(v) ? "yes" : "no";
    return NULL;
}

static void meta_line(FILE *f, const char *name, const char *value)
{
    if (!value || !*value)
        return;
    fputs("<tr><th class=\"l\">", f);
    esc(f, name);
    fputs("</th><td class=\"l\">", f);
    esc(f, value);
    fputs("</td></tr>\n", f);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void run_page(site *s, long long id)
{
    pb_store_run r;
    char err[1024];
    if (pb_store_load_run(s->st, id, &r, err, sizeof err) != 0) {
        fail(s, "%s", err);
        return;
    }
    const cJSON *m = r.meta;
    char b1[64], b2[64], b3[64], rel[64], title[300];
    const char *started = jtext(m, "started_utc", b1, sizeof b1);
    if (!started && r.rows.n)
        started = r.rows.rows[0].timestamp;
    const char *host = jtext(m, "hostname", b2, sizeof b2);
    if (!host && r.rows.n)
        host = r.rows.rows[0].host;
    const char *complete = jtext(m, "complete", b3, sizeof b3);
    size_t npass = 0, nfail = 0, nskip = 0;
    for (size_t i = 0; i < r.rows.n; ++i)
        npass += r.rows.rows[i].verified == PB_VERIFIED_PASS, nfail += r.rows.rows[i].verified == PB_VERIFIED_FAIL,
            nskip += r.rows.rows[i].verified == PB_VERIFIED_SKIP;
    /* the toolchains and GPUs of its rows, each once */
    char **tcs = calloc(r.rows.n + 1, sizeof *tcs), **gpus = calloc(r.rows.n + 1, sizeof *gpus);
    size_t ntc = 0, ngpu = 0;
    for (size_t i = 0; tcs && gpus && i < r.rows.n; ++i) {
        const pb_row *w = &r.rows.rows[i];
        char t[300], g[300];
        const char *gn = pb_store_row_gpu_name(r.meta, w);
        snprintf(t, sizeof t, "%s|%s|%s|%s", w->backend, w->toolchain, w->compiler, w->compiler_version);
        if (isnan(w->gpu_index))
            snprintf(g, sizeof g, "%s", gn ? gn : w->device);
        else
            snprintf(g, sizeof g, "g%.0f %s", w->gpu_index, gn ? gn : w->device);
        int seen = 0;
        for (size_t k = 0; k < ntc && !seen; ++k)
            seen = !strcmp(tcs[k], t);
        if (!seen)
            tcs[ntc++] = strdup(t);
        seen = 0;
        for (size_t k = 0; k < ngpu && !seen; ++k)
            seen = !strcmp(gpus[k], g);
        if (!seen && w->offload != PB_OFFLOAD_CPU)
            gpus[ngpu++] = strdup(g);
    }
    if (tcs)
        qsort(tcs, ntc, sizeof *tcs, cmp_str);
    char gpu_text[1024] = "", tc_text[1024] = "";
    for (size_t k = 0; gpus && k < ngpu; ++k)
        if (gpus[k])
            snprintf(gpu_text + strlen(gpu_text), sizeof gpu_text - strlen(gpu_text), "%s%s", k ? ", " : "", gpus[k]);
    /* "clang-19 19.1.7, cublas 13.1.0": a compiler by its toolchain, a library by its name */
    for (size_t k = 0; tcs && k < ntc; ++k) {
        char t[300], fam[64], entry[200];
        if (!tcs[k])
            continue;
        pb_strlcpy(t, tcs[k], sizeof t);
        char *tc = strchr(t, '|') + 1, *comp = strchr(tc, '|'), *ver;
        *comp++ = '\0';
        ver = strchr(comp, '|');
        *ver++ = '\0';
        pb_toolchain_family(tc, fam, sizeof fam);
        snprintf(entry, sizeof entry, "%s %s", tc[0] && !strcmp(fam, comp) ? tc : comp, ver);
        size_t len = strlen(entry);
        int seen = 0;
        for (const char *p = tc_text; !seen && (p = strstr(p, entry)) != NULL; p += len)
            seen = (p == tc_text || p[-1] == ' ') && (p[len] == '\0' || p[len] == ',');
        if (!seen)
            snprintf(tc_text + strlen(tc_text), sizeof tc_text - strlen(tc_text), "%s%s", tc_text[0] ? ", " : "", entry);
    }
    /* runs.html's line */
    char *line = NULL;
    size_t len = 0;
    FILE *lf = open_memstream(&line, &len);
    if (lf) {
        fprintf(lf, "<tr><td data-v=\"%lld\"><a href=\"r/%lld.html\">%lld</a></td><td class=\"l\">", id, id, id);
        esc(lf, started ? started : "");
        fputs("</td><td class=\"l\">", lf);
        esc(lf, r.label);
        fputs("</td><td class=\"l\">", lf);
        esc(lf, host ? host : "");
        fputs("</td><td class=\"l\">", lf);
        esc(lf, gpu_text);
        fputs("</td><td class=\"l\">", lf);
        esc(lf, tc_text);
        fprintf(lf, "</td><td>%zu</td><td>%zu</td><td%s>%zu</td><td class=\"l\">%s</td></tr>\n", r.rows.n, npass,
                nfail ? " class=\"fail\"" : "", nfail, complete ? complete : "?");
        fclose(lf);
    }
    s->runs[s->nruns].id = id;
    s->runs[s->nruns++].html = line;
    snprintf(rel, sizeof rel, "r/%lld.html", id);
    snprintf(title, sizeof title, "run %lld %s", id, r.label);
    page p;
    FILE *f = page_open(s, &p, rel);
    if (f) {
        head(f, "../", title);
        fprintf(f, "<h1>run %lld <span class=\"where\">", id);
        esc(f, r.label);
        fputs("</span></h1>\n<table class=\"meta\">\n", f);
        char b4[64], b5[64], b6[64], b7[64], rows_text[128];
        meta_line(f, "started", started);
        meta_line(f, "finished", jtext(m, "finished_utc", b4, sizeof b4));
        meta_line(f, "host", host);
        meta_line(f, "GPUs", gpu_text);
        meta_line(f, "toolchains", tc_text);
        meta_line(f, "git revision", jtext(m, "git_sha", b5, sizeof b5));
        meta_line(f, "portbench", jtext(m, "portbench_version", b6, sizeof b6));
        meta_line(f, "complete", complete ? complete : "unknown (no meta.json says)");
        meta_line(f, "command line", jtext(m, "command_line", b7, sizeof b7));
        meta_line(f, "imported from", r.source);
        snprintf(rows_text, sizeof rows_text, "%zu: %zu PASS, %zu FAIL, %zu SKIP", r.rows.n, npass, nfail, nskip);
        meta_line(f, "rows", rows_text);
        fputs("</table>\n", f);
        /* the toolchains: backend, compiler, version, worker, build flags */
        fputs("<h2>Toolchains</h2>\n<table><thead><tr><th class=\"l\">backend</th><th class=\"l\">toolchain</th>"
              "<th class=\"l\">compiler</th><th class=\"l\">version</th><th class=\"l\">worker</th>"
              "<th class=\"l\">build flags</th></tr></thead><tbody>\n",
              f);
        for (size_t k = 0; tcs && k < ntc; ++k) {
            const pb_row *w = NULL;
            for (size_t i = 0; i < r.rows.n && !w; ++i) {
                char t[300];
                const pb_row *x = &r.rows.rows[i];
                snprintf(t, sizeof t, "%s|%s|%s|%s", x->backend, x->toolchain, x->compiler, x->compiler_version);
                if (tcs[k] && !strcmp(t, tcs[k]))
                    w = x;
            }
            if (!w)
                continue;
            const char *worker = NULL, *flags = NULL, *sha = NULL;
            pb_store_row_worker(r.meta, w, &worker, &flags, &sha);
            const char *cols[] = {w->backend, w->toolchain, w->compiler, w->compiler_version, worker, flags};
            fputs("<tr>", f);
            for (int c = 0; c < 6; ++c) {
                fputs("<td class=\"l\">", f);
                esc(f, cols[c] ? cols[c] : "");
                fputs("</td>", f);
            }
            fputs("</tr>\n", f);
        }
        fputs("</tbody></table>\n<h2>Rows</h2>\n", f);
        fputs("<p><input class=\"filter\" data-target=\"#rows tbody tr\" placeholder=\"filter the rows\"></p>\n", f);
        fputs("<table class=\"sort\" id=\"rows\"><thead><tr><th class=\"l\">benchmark</th><th class=\"l\">kernel</th>"
              "<th class=\"l\">series</th><th class=\"l\">dtype</th><th>size</th><th class=\"l\">params</th>"
              "<th class=\"l\">GPU</th><th>time</th><th class=\"l\">clock</th><th>rate</th><th>vs ref</th>"
              "<th class=\"l\">verified</th><th class=\"l\">note</th></tr></thead><tbody>\n",
              f);
        for (size_t i = 0; i < r.rows.n; ++i) {
            const pb_row *w = &r.rows.rows[i];
            char key[600], pg[64], series[80], where[160], t[64], rate[64], q[32];
            pb_store_series_key(w, key, sizeof key);
            pb_dashboard_series_page(key, pg, sizeof pg);
            pb_series_title(w->backend, w->toolchain, series, sizeof series);
            pb_series_where(w, where, sizeof where);
            int kind;
            double ratio = point_ratio(s, w, id, &kind);
            ratio_text(ratio, q, sizeof q);
            fprintf(f, "<tr><td class=\"l\"><a href=\"../%s\">", pg);
            esc(f, w->benchmark);
            fputs("</a></td><td class=\"l\">", f);
            esc(f, w->variant);
            fputs("</td><td class=\"l\">", f);
            esc(f, series);
            fputs("</td><td class=\"l\">", f);
            esc(f, w->dtype);
            fprintf(f, "</td><td>%.0f</td><td class=\"l\">", w->size);
            esc(f, w->params);
            fputs("</td><td class=\"l\">", f);
            esc(f, where);
            double tt = w->verified == PB_VERIFIED_PASS ? pb_row_time(w) : NAN;
            fprintf(f, "</td><td data-v=\"%.6g\">%s</td><td class=\"l\">", tt, pb_fmt_time(tt, PB_FMT_TEXT, t, sizeof t));
            esc(f, pb_rate_clock_name(w->clock));
            fprintf(f, "</td><td>%s %s</td><td>%s%s</td>",
                    pb_fmt_rate(isnan(tt) ? NAN : pb_row_rate(w), PB_FMT_TEXT, rate, sizeof rate),
                    isnan(tt) ? "" : pb_row_unit(w), q, kind == 2 ? "*" : "");
            verdict_note_cells(f, w);
        }
        fputs("</tbody></table>\n<p class=\"legend\">vs ref: speedup_vs_lib (the library's time over the row's); * "
              "CUDA best's time over the row's, where the benchmark has no library. A benchmark links to the row's "
              "series.</p>\n",
              f);
        tail(f, s);
    }
    page_close(s, &p);
    for (size_t k = 0; tcs && k < ntc; ++k)
        free(tcs[k]);
    for (size_t k = 0; gpus && k < ngpu; ++k)
        free(gpus[k]);
    free(tcs);
    free(gpus);
    pb_store_run_free(&r);
}

/* ---- the static files ---- */

static const char style_css[] =
    ":root { --pb-css: 1; }\n"
    "body { font: 14px/1.4 system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 1em 2em; color: #222; }\n"
    "nav { margin-bottom: .8em; } footer { margin-top: 2em; color: #777; font-size: 12px; }\n"
    "h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.4em; } .where { color: #666; font-weight: normal; }\n"
    "table { border-collapse: collapse; margin: .4em 0 1.2em; }\n"
    "th, td { border: 1px solid #d0d0d0; padding: 2px 7px; text-align: right; vertical-align: top; white-space: nowrap; }\n"
    "td.n, table.meta td { white-space: normal; }\n"
    "thead th { background: #f2f2f2; cursor: pointer; user-select: none; }\n"
    "thead th[data-dir=asc]::after { content: ' \\25B2'; } thead th[data-dir=desc]::after { content: ' \\25BC'; }\n"
    ".l { text-align: left; } td a { color: inherit; } table.meta th { background: #f2f2f2; cursor: default; }\n"
    ".q0 { background: #f4a6a6; } .q1 { background: #f7bfa0; } .q2 { background: #fad6a0; } .q3 { background: #fbe8a6; }\n"
    ".q4 { background: #eef0a8; } .q5 { background: #d6ecaa; } .q6 { background: #bfe5b0; } .q7 { background: #a3d9a5; }\n"
    ".legend span[class^=q] { padding: 0 .5em; margin-right: 1px; white-space: nowrap; }\n"
    "td.none { color: #999; } .fail, td.fail a { color: #b00; font-weight: bold; }\n"
    ".slower, li.slower a { color: #b00; } .faster, li.faster a { color: #060; }\n"
    "tr.slower td:first-child { color: #b00; } tr.faster td:first-child { color: #060; }\n"
    ".refkey { color: #888; } input.filter { width: 22em; padding: 2px 4px; }\n"
    "svg.chart { display: block; margin: .5em 0 1em; max-width: 100%; height: auto; }\n"
    "svg.chart text { font: 11px sans-serif; fill: #333; }\n"
    "svg.chart .frame { fill: #fff; stroke: #888; } svg.chart .grid { stroke: #eee; } svg.chart .sep { stroke: #ccc; "
    "stroke-dasharray: 2 3; }\n"
    "svg.chart .line { fill: none; stroke: #555; stroke-width: 1.2; opacity: .5; }\n"
    "svg.chart .ref { fill: none; stroke: #888; stroke-width: 1.2; stroke-dasharray: 5 4; } svg.chart .refpt { fill: #888; }\n"
    "svg.chart .pt { stroke: #fff; stroke-width: .8; } svg.chart text.bad { fill: #b00; font-size: 14px; }\n"
    "svg.chart .step line { stroke-width: 1.4; stroke-dasharray: 6 3; } svg.chart .step .level { stroke-dasharray: none; "
    "stroke-width: 2; opacity: .5; }\n"
    "svg.chart .slower line { stroke: #d62728; } svg.chart .slower text { fill: #b00; }\n"
    "svg.chart .faster line { stroke: #2ca02c; } svg.chart .faster text { fill: #060; }\n";

static const char pb_js[] =
    "/* portbench dashboard: sorting and filtering of tables. Pages read without it; it reports a\n"
    "   file of the site that failed to load on the console (the browser test fails on that). */\n"
    "\"use strict\";\n"
    "window.addEventListener(\"error\", function (e) {\n"
    "  var t = e.target;\n"
    "  if (t && t !== window && (t.src || t.href)) console.error(\"portbench: failed to load \" + (t.src || t.href));\n"
    "}, true);\n"
    "function pbKey(td) {\n"
    "  var v = td ? (td.dataset.v !== undefined ? td.dataset.v : td.textContent) : \"\", x = parseFloat(v);\n"
    "  return isNaN(x) || String(x) !== v.trim() && td.dataset.v === undefined ? v.toLowerCase() : x;\n"
    "}\n"
    "function pbSort(table, col, th) {\n"
    "  var asc = th.dataset.dir !== \"asc\", body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);\n"
    "  table.querySelectorAll(\"thead th\").forEach(function (h) { delete h.dataset.dir; });\n"
    "  th.dataset.dir = asc ? \"asc\" : \"desc\";\n"
    "  rows.sort(function (a, b) {\n"
    "    var x = pbKey(a.cells[col]), y = pbKey(b.cells[col]);\n"
    "    if (typeof x !== typeof y) { x = String(x); y = String(y); }\n"
    "    return (x < y ? -1 : x > y ? 1 : 0) * (asc ? 1 : -1);\n"
    "  });\n"
    "  rows.forEach(function (r) { body.appendChild(r); });\n"
    "}\n"
    "document.addEventListener(\"DOMContentLoaded\", function () {\n"
    "  document.querySelectorAll(\"table.sort\").forEach(function (table) {\n"
    "    table.querySelectorAll(\"thead th\").forEach(function (th, col) {\n"
    "      th.addEventListener(\"click\", function () { pbSort(table, col, th); });\n"
    "    });\n"
    "  });\n"
    "  document.querySelectorAll(\"input.filter\").forEach(function (input) {\n"
    "    input.addEventListener(\"input\", function () {\n"
    "      var q = input.value.toLowerCase(), sel = input.dataset.target;\n"
    "      document.querySelectorAll(sel === \"h2\" ? \"section.case\" : sel).forEach(function (el) {\n"
    "        el.hidden = q !== \"\" && el.textContent.toLowerCase().indexOf(q) < 0;\n"
    "      });\n"
    "    });\n"
    "  });\n"
    "  document.documentElement.dataset.js = \"ok\";\n"
    "});\n"
    "window.addEventListener(\"load\", function () {\n"
    "  if (!getComputedStyle(document.documentElement).getPropertyValue(\"--pb-css\").trim())\n"
    "    console.error(\"portbench: style.css did not load\");\n"
    "  else document.documentElement.dataset.css = \"ok\";\n"
    "});\n";

static void write_text(site *s, const char *rel, const char *text)
{
    page p;
    FILE *f = page_open(s, &p, rel);
    if (f)
        fputs(text, f);
    page_close(s, &p);
}

static int cmp_step(const void *x, const void *y)
{
    const step_line *a = x, *b = y;
    if (a->slower != b->slower)
        return b->slower - a->slower; /* slower first */
    if (a->latest != b->latest)
        return b->latest - a->latest; /* then those at the latest point */
    return 0;
}

static int cmp_u64(const void *x, const void *y)
{
    unsigned long long a = *(const unsigned long long *)x, b = *(const unsigned long long *)y;
    return a < b ? -1 : a > b;
}

/* The change points [b, e) of s->step as a table. */
static void steps_table(FILE *f, const site *s, size_t b, size_t e, const char *id)
{
    fprintf(f, "<table class=\"sort\" id=\"%s\"><thead><tr><th class=\"l\">change</th><th>time</th>"
               "<th class=\"l\">series</th><th class=\"l\">GPU</th><th class=\"l\">where</th><th class=\"l\">p</th>"
               "<th class=\"l\">ratio to the library</th></tr></thead><tbody>\n",
            id);
    for (size_t i = b; i < e; ++i) {
        const step_line *l = &s->step[i];
        fprintf(f, "<tr class=\"%s\"><td class=\"l\">%s%s</td><td data-v=\"%.4g\">%+.1f%%</td><td class=\"l n\"><a href=\"%s\">",
                l->slower ? "slower" : "faster", l->slower ? "SLOWER" : "FASTER", l->latest ? ", latest" : "",
                100 * l->pct, 100 * l->pct, l->page);
        esc(f, l->name);
        fputs("</a></td><td class=\"l\">", f);
        esc(f, l->where);
        fputs("</td><td class=\"l n\">", f);
        esc(f, l->between);
        fputs("</td><td class=\"l\">", f);
        esc(f, l->p);
        fputs("</td><td class=\"l\">", f);
        esc(f, l->vs);
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
}

static void write_index(site *s, const bench_page *bp, size_t nb, const pb_store_counts *cnt)
{
    page p;
    FILE *f = page_open(s, &p, "index.html");
    if (!f)
        return;
    head(f, "", "portbench dashboard");
    fputs("<h1>portbench dashboard</h1>\n<p>Store ", f);
    esc(f, s->a->db);
    fprintf(f, ": %lld run(s), %lld row(s), %zu series over %s (<a href=\"runs.html\">the runs</a>). "
               "<a href=\"#changes\">%zu change point(s)</a>: %zu slower, %zu faster.</p>\n",
            cnt->runs, cnt->rows, s->nseries, s->a->by_time ? "time" : "compiler versions", s->nstep, s->nslower,
            s->nfaster);
    /* slower first, those at a series' latest point before the others */
    qsort(s->step, s->nstep, sizeof *s->step, cmp_step);
    size_t nlatest = 0;
    while (nlatest < s->nstep && s->step[nlatest].slower && s->step[nlatest].latest)
        ++nlatest;
    fprintf(f, "<h2 id=\"latest\">Slower at a series' latest point: %zu</h2>\n", nlatest);
    if (nlatest)
        steps_table(f, s, 0, nlatest, "latest-steps");
    else
        fputs("<p>None: no series got slower at its latest point.</p>\n", f);
    fputs("<h2>Latest ratio to the library, per kernel and toolchain</h2>\n", f);
    ratio_legend(f);
    for (size_t i = 0; i < nb; ++i) {
        char t[400];
        case_text(&s->cell[bp[i].hb], t, sizeof t);
        fputs("<h3>", f);
        esc(f, t);
        fprintf(f, "</h3>\n<p><a href=\"%s\">every case of ", bp[i].file);
        esc(f, bp[i].bench);
        fprintf(f, "</a>: %zu case(s), %zu series</p>\n", bp[i].ncases, bp[i].nseries);
        ratio_table(f, s->cell, bp[i].hb, bp[i].he, "");
    }
    fprintf(f, "<h2 id=\"changes\">Change points: %zu slower, %zu faster</h2>\n", s->nslower, s->nfaster);
    fprintf(f, "<p class=\"legend\">A penalised piecewise-constant fit of each series' log time (PELT, MBIC penalty; "
               "docs/statistics.md), the rule of <code>portbench history --db</code>: a step is shown when its p is "
               "below %g and it moves the time by %.3g%% or more; slower first.</p>\n",
            s->a->alpha, 100 * (isnan(s->a->threshold) ? PB_DEFAULT_THRESHOLD : s->a->threshold));
    if (s->nstep) {
        fputs("<p><input class=\"filter\" data-target=\"#steps tbody tr\" placeholder=\"filter the change points\"></p>\n",
              f);
        steps_table(f, s, 0, s->nstep, "steps");
    } else {
        fputs("<p>None.</p>\n", f);
    }
    tail(f, s);
    page_close(s, &p);
}

static void write_runs(site *s)
{
    page p;
    FILE *f = page_open(s, &p, "runs.html");
    if (!f)
        return;
    head(f, "", "portbench runs");
    fprintf(f, "<h1>Runs</h1>\n<p>%zu run(s) of the store, in the order they started.</p>\n", s->nruns);
    fputs("<p><input class=\"filter\" data-target=\"#runs tbody tr\" placeholder=\"filter the runs\"></p>\n", f);
    fputs("<table class=\"sort\" id=\"runs\"><thead><tr><th>run</th><th class=\"l\">started</th><th class=\"l\">label</th>"
          "<th class=\"l\">host</th><th class=\"l\">GPUs</th><th class=\"l\">toolchains</th><th>rows</th><th>PASS</th>"
          "<th>FAIL</th><th class=\"l\">complete</th></tr></thead><tbody>\n",
          f);
    for (size_t i = 0; i < s->nruns; ++i)
        if (s->runs[i].html)
            fputs(s->runs[i].html, f);
    fputs("</tbody></table>\n", f);
    tail(f, s);
    page_close(s, &p);
}

/* ---- the output directory ---- */

/* DIR may be written: missing (made), empty, holding the marker, or --force. 0, or -1 with
 * one line in err. */
static int check_out(const dash_args *a, char *err, size_t cap)
{
    struct stat st;
    if (stat(a->out, &st) != 0) {
        if (errno != ENOENT) {
            snprintf(err, cap, "dashboard: %s: %s", a->out, strerror(errno));
            return -1;
        }
        return 0;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, cap, "dashboard: %s exists and is not a directory: --out names the site's directory", a->out);
        return -1;
    }
    char marker[PATH_MAX];
    if (snprintf(marker, sizeof marker, "%s/%s", a->out, PB_DASHBOARD_MARKER) >= (int)sizeof marker) {
        snprintf(err, cap, "dashboard: %.200s...: the path is too long", a->out);
        return -1;
    }
    if (access(marker, F_OK) == 0 || a->force)
        return 0;
    DIR *d = opendir(a->out);
    if (!d) {
        snprintf(err, cap, "dashboard: cannot read %s: %s", a->out, strerror(errno));
        return -1;
    }
    struct dirent *e;
    int empty = 1;
    while (empty && (e = readdir(d)) != NULL)
        empty = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
    closedir(d);
    if (!empty) {
        snprintf(err, cap,
                 "dashboard: %s holds files and is not a site portbench wrote (no %s): name a new or empty directory, "
                 "or add --force to write the site's files into it",
                 a->out, PB_DASHBOARD_MARKER);
        return -1;
    }
    return 0;
}

static int make_dirs(site *s)
{
    static const char *const sub[] = {"", "/s", "/r", "/b"};
    for (int i = 0; i < 4; ++i) {
        char d[PATH_MAX];
        if (snprintf(d, sizeof d, "%s%s", s->a->out, sub[i]) >= (int)sizeof d) {
            fail(s, "%.200s...: the path is too long", s->a->out);
            return -1;
        }
        char why[PATH_MAX + 128];
        if (pb_mkdir_p(d, why, sizeof why) != 0) {
            fail(s, "%s", why);
            return -1;
        }
    }
    write_text(s, PB_DASHBOARD_MARKER,
               "This directory is a site written by `portbench dashboard` (docs/dashboard.md): it writes here again.\n");
    return s->failed ? -1 : 0;
}

int pb_cmd_dashboard(int argc, char **argv)
{
    dash_args a;
    memset(&a, 0, sizeof a);
    a.db = PB_STORE_DEFAULT;
    a.alpha = 0.01;
    a.threshold = NAN;
    char err[PATH_MAX + 512], *pos[1];
    int npos = 0;
    int rc = pb_opt_parse(&pb_dashboard_spec, argc, argv, on_option, &a, pos, &npos, err, sizeof err);
    if (rc == PB_OPT_HELP) {
        pb_opt_help(stdout, &pb_dashboard_spec);
        return PB_EXIT_OK;
    }
    if (rc == PB_OK && (!a.out || !a.out[0])) {
        snprintf(err, sizeof err, "dashboard needs its output directory: portbench dashboard --db FILE --out DIR");
        rc = PB_ERR;
    }
    if (rc != PB_OK) {
        pb_errorf("%s", err);
        return PB_EXIT_USAGE;
    }
    double t0 = pb_now();
    site s;
    memset(&s, 0, sizeof s);
    s.a = &a;
    pb_store_counts cnt;
    /* the store first: nothing is made for a store that cannot be read */
    if (pb_store_open(a.db, PB_STORE_READ, &s.st, err, sizeof err) != 0) {
        pb_errorf("dashboard: %s", err);
        return PB_EXIT_USAGE;
    }
    if (pb_store_count(s.st, &cnt, err, sizeof err) != 0) {
        pb_errorf("dashboard: %s", err);
        pb_store_close(s.st);
        return PB_EXIT_USAGE;
    }
    if (cnt.runs == 0) {
        pb_errorf("dashboard: store %s holds no runs: nothing to show (portbench db import adds them)", a.db);
        pb_store_close(s.st);
        return PB_EXIT_USAGE;
    }
    if (check_out(&a, err, sizeof err) != 0) {
        pb_errorf("%s", err);
        pb_store_close(s.st);
        return PB_EXIT_USAGE;
    }
    make_dirs(&s);
    /* the fastest CUDA row of every run and case: the reference of benchmarks without a
     * library (as summary's "fraction of the best CUDA rate") */
    pb_store_query q = {NULL, NULL, "cuda", NULL, NULL, NULL, NULL, PB_STORE_BY_TIME};
    if (!s.failed && pb_store_series(s.st, &q, on_cuda, &s, err, sizeof err) != 0)
        fail(&s, "%s", err);
    if (!s.failed)
        keep_fastest(&s);
    /* every series, a page each */
    pb_store_query all = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, a.by_time ? PB_STORE_BY_TIME : PB_STORE_BY_VERSION};
    if (!s.failed && pb_store_series(s.st, &all, on_point, &s, err, sizeof err) != 0)
        fail(&s, "%s", err);
    series_page(&s);
    if (!s.failed && s.nnames) { /* two series on one page would hide one of them */
        qsort(s.names, s.nnames, sizeof *s.names, cmp_u64);
        for (size_t i = 1; i < s.nnames; ++i)
            if (s.names[i] == s.names[i - 1])
                fail(&s, "two series share the page s/%016llx.html", s.names[i]);
    }
    /* every run */
    long long *ids = NULL;
    size_t nids = 0;
    if (!s.failed && pb_store_run_ids(s.st, &ids, &nids, err, sizeof err) != 0)
        fail(&s, "%s", err);
    if (!s.failed && !(s.runs = calloc(nids + 1, sizeof *s.runs)))
        fail(&s, "out of memory");
    for (size_t i = 0; i < nids && !s.failed; ++i)
        run_page(&s, ids[i]);
    free(ids);
    /* the tables, the index */
    bench_page *bp = NULL;
    size_t nb = 0;
    if (!s.failed) {
        qsort(s.cell, s.ncell, sizeof *s.cell, cmp_cell);
        bench_pages(&s, &bp, &nb);
    }
    for (size_t i = 0; i < nb && !s.failed; ++i)
        write_bench_page(&s, &bp[i]);
    write_runs(&s);
    write_text(&s, "style.css", style_css);
    write_text(&s, "pb.js", pb_js);
    write_index(&s, bp, nb, &cnt);
    pb_store_close(s.st);
    free(bp);
    sbuf_free(&s.cur);
    free(s.ref);
    free(s.cell);
    free(s.step);
    for (size_t i = 0; i < s.nruns; ++i)
        free(s.runs[i].html);
    free(s.runs);
    free(s.names);
    if (s.failed) {
        pb_errorf("dashboard: %s", s.err);
        return PB_EXIT_USAGE;
    }
    printf("dashboard: wrote %s/index.html: %zu series, %zu runs, %zu benchmarks, %zu change points (%zu slower); "
           "%zu files, %.1f MB in %.1f s\n",
           a.out, s.nseries, s.nruns, nb, s.nstep, s.nslower, s.nfiles, (double)s.bytes / 1e6, pb_now() - t0);
    return PB_EXIT_OK;
}
