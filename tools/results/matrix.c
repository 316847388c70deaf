/* matrix.c - the compiler matrix (matrix.h). */
#define _GNU_SOURCE
#include "matrix.h"
#include "pb_bench.h"
#include "pb_common.h"
#include "pb_table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tc_index(const pb_matrix *m, const char *tc)
{
    for (int i = 0; i < m->ntc; ++i)
        if (strcmp(m->tc[i], tc) == 0)
            return i;
    return -1;
}

int pb_matrix_tc_suffixed(const pb_matrix_tc *t)
{
    size_t n = strlen(t->compiler);
    const char *p = t->id + n;
    if (strncmp(t->id, t->compiler, n) != 0 || *p != '-')
        return 1;
    p += 1 + strspn(p + 1, "0123456789");
    return *p != '\0';
}

/* Older first: by compiler, then version (16.0.6 < 19.1.7), then the plain id before a
 * suffixed one of the same version (clang-19 < clang-19-nightly), then the id. */
static int cmp_tc(const void *a, const void *b)
{
    const pb_matrix_tc *x = a, *y = b;
    int d = strcmp(x->compiler, y->compiler);
    d = d ? d : pb_natural_cmp(x->version, y->version);
    d = d ? d : pb_matrix_tc_suffixed(x) - pb_matrix_tc_suffixed(y);
    return d ? d : pb_natural_cmp(x->id, y->id);
}

static void find_toolchains(pb_matrix *m, const pb_rowset *s)
{
    for (size_t i = 0; i < s->n; ++i) {
        const pb_row *r = &s->rows[i];
        if (strcmp(r->backend, "omp") != 0 || m->ntc == PB_MATRIX_MAX_TC)
            continue;
        int k;
        for (k = 0; k < m->ntc && strcmp(m->info[k].id, r->toolchain) != 0; ++k)
            ;
        if (k < m->ntc)
            continue;
        pb_matrix_tc *t = &m->info[m->ntc++];
        pb_strlcpy(t->id, r->toolchain, sizeof t->id);
        pb_strlcpy(t->compiler, r->compiler, sizeof t->compiler);
        pb_strlcpy(t->version, r->compiler_version, sizeof t->version);
    }
    qsort(m->info, (size_t)m->ntc, sizeof m->info[0], cmp_tc);
    for (int k = 0; k < m->ntc; ++k)
        pb_strlcpy(m->tc[k], m->info[k].id, sizeof m->tc[0]);
}

/* Each toolchain's reference: the baseline of its compiler, else the next older one. */
static int find_steps(pb_matrix *m, const char *baselines, char *err, size_t cap)
{
    int base_of[PB_MATRIX_MAX_TC], is_base[PB_MATRIX_MAX_TC] = {0}, any = 0;
    for (const char *p = baselines ? baselines : ""; *p;) {
        size_t len = strcspn(p, ",");
        char id[32];
        snprintf(id, sizeof id, "%.*s", (int)len, p);
        p += len + (p[len] == ',');
        if (!id[0])
            continue;
        int k = tc_index(m, id);
        if (k < 0) {
            char list[400] = "";
            for (int j = 0; j < m->ntc; ++j)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", j ? ", " : "", m->tc[j]);
            snprintf(err, cap, "--baseline %s: no OpenMP rows of toolchain %s in the input (toolchains: %s)", id, id,
                     list[0] ? list : "none");
            return -2;
        }
        for (int j = 0; j < m->ntc; ++j)
            if (j != k && is_base[j] && strcmp(m->info[j].compiler, m->info[k].compiler) == 0) {
                snprintf(err, cap, "--baseline names two toolchains of %s (%s and %s): give one per compiler",
                         m->info[k].compiler, m->tc[j], m->tc[k]);
                return -2;
            }
        is_base[k] = any = 1;
    }
    for (int k = 0; k < m->ntc; ++k) {
        base_of[k] = -1;
        for (int j = 0; j < m->ntc; ++j)
            if (j != k && strcmp(m->info[j].compiler, m->info[k].compiler) == 0 &&
                (any ? is_base[j] : j < k)) /* sorted: j < k is older */
                base_of[k] = j;
        if (any && is_base[k])
            continue; /* a baseline is the reference, not judged */
        if (base_of[k] >= 0 && m->nsteps < PB_MATRIX_MAX_STEPS) {
            m->step_old[m->nsteps] = base_of[k];
            m->step_new[m->nsteps++] = k;
        }
    }
    /* unjudged: neither judged nor the reference of one that is (the oldest of a compiler
     * is the reference of the next) */
    for (int k = 0; k < m->ntc; ++k) {
        int used = 0;
        for (int j = 0; j < m->nsteps; ++j)
            used |= m->step_new[j] == k || m->step_old[j] == k;
        if (!used)
            m->unjudged[m->nunjudged++] = k;
    }
    return 0;
}

static int all_pass(const pb_matrix_cell *c)
{
    for (size_t i = 0; i < c->n; ++i)
        if (c->row[i]->verified != PB_VERIFIED_PASS)
            return 0;
    return c->n > 0;
}

static int any_is(const pb_matrix_cell *c, pb_verified verified)
{
    for (size_t i = 0; i < c->n; ++i)
        if (c->row[i]->verified == verified)
            return 1;
    return 0;
}

static pb_matrix_step judge(const pb_matrix_cell *older, const pb_matrix_cell *newer, double threshold, pb_cmp *c)
{
    memset(c, 0, sizeof *c);
    c->ratio = NAN;
    if (!older->n || !newer->n)
        return PB_STEP_NONE;
    pb_side b = {older->row, older->n}, n = {newer->row, newer->n};
    pb_verdict v = pb_classify_sides(&b, &n, threshold, c);
    if (v == PB_FAILED || v == PB_SKIPPED)
        c->ratio = NAN; /* the time of a wrong result is no result */
    if (any_is(newer, PB_VERIFIED_FAIL) && all_pass(older))
        return PB_STEP_REGRESSION;
    if (any_is(older, PB_VERIFIED_FAIL) && all_pass(newer))
        return PB_STEP_IMPROVED;
    switch (v) {
    case PB_SLOWER:
        return PB_STEP_REGRESSION;
    case PB_FASTER:
        return PB_STEP_IMPROVED;
    case PB_SAME:
        return PB_STEP_SAME;
    case PB_AMBIGUOUS:
        return PB_STEP_AMBIGUOUS;
    default:
        return PB_STEP_UNKNOWN;
    }
}

/* The cell of row q in group g: a toolchain's, CUDA's, or NULL. */
static pb_matrix_cell *cell_of(const pb_matrix *m, pb_matrix_group *g, const pb_row *q)
{
    if (strcmp(q->backend, "omp") == 0) {
        int k = tc_index(m, q->toolchain);
        return k >= 0 ? &g->runs[k] : NULL;
    }
    return strcmp(q->backend, "cuda") == 0 ? &g->cuda_runs : NULL;
}

int pb_matrix_build(pb_matrix *m, const pb_rowset *s, const size_t *file_of, double threshold, const char *baselines,
                    char *err, size_t cap)
{
    memset(m, 0, sizeof *m);
    m->threshold = threshold;
    find_toolchains(m, s);
    int rc = find_steps(m, baselines, err, cap);
    if (rc != 0)
        return rc;
    m->instance = pb_rows_instance_key(s);
    unsigned fields = PB_KEY_VARIANT | m->instance;
    pb_index ix;
    m->g = calloc(s->n + 1, sizeof *m->g);
    m->cellrows = calloc(s->n + 1, sizeof *m->cellrows);
    if (!m->g || !m->cellrows || pb_index_build(&ix, s, fields) != 0) {
        pb_matrix_free(m);
        return -1;
    }
    size_t used = 0;
    for (size_t i = 0; i < s->n && rc == 0; ++i) {
        const pb_row *r = &s->rows[i];
        if (strcmp(r->backend, "omp") != 0)
            continue;
        long first = pb_index_first(&ix, ix.key[i]), lead = first;
        while (lead >= 0 && strcmp(s->rows[lead].backend, "omp") != 0)
            lead = pb_index_next(&ix, lead);
        if (lead != (long)i)
            continue; /* the group was made at its first OpenMP row */
        pb_matrix_group *g = &m->g[m->ng++];
        g->head = r;
        /* count each cell's runs, give the cells their places in cellrows, then fill them */
        for (long j = first; j >= 0; j = pb_index_next(&ix, j)) {
            pb_matrix_cell *c = cell_of(m, g, &s->rows[j]);
            if (c)
                c->n++;
        }
        for (int k = -1; k < m->ntc; ++k) { /* the cells' places in cellrows, then refilled */
            pb_matrix_cell *c = k < 0 ? &g->cuda_runs : &g->runs[k];
            c->row = m->cellrows + used;
            used += c->n;
            c->n = 0;
        }
        for (long j = first; j >= 0 && rc == 0; j = pb_index_next(&ix, j)) {
            pb_matrix_cell *c = cell_of(m, g, &s->rows[j]);
            for (size_t k = 0; c && k < c->n; ++k)
                if (!file_of || file_of[c->row[k] - s->rows] == file_of[j]) {
                    char key[300];
                    pb_row_key_str(&s->rows[j], key, sizeof key);
                    snprintf(err, cap, "%s is in the input twice%s: a run holds each configuration once", key,
                             file_of ? " (in one file)" : " (give the runs as files of their own)");
                    rc = -2;
                    break;
                }
            if (c && rc == 0)
                c->row[c->n++] = &s->rows[j];
        }
        for (int k = 0; k < m->ntc; ++k) {
            g->tc[k] = g->runs[k].n ? g->runs[k].row[0] : NULL;
            m->nruns = g->runs[k].n > m->nruns ? g->runs[k].n : m->nruns;
        }
        g->cuda = g->cuda_runs.n ? g->cuda_runs.row[0] : NULL;
    }
    pb_index_free(&ix);
    if (rc == 0 && m->nsteps && !(m->cmps = calloc(m->ng * (size_t)m->nsteps + 1, sizeof *m->cmps)))
        rc = -1;
    for (size_t i = 0; i < m->ng && rc == 0; ++i) {
        pb_matrix_group *g = &m->g[i];
        g->step_cmp = m->cmps + i * (size_t)m->nsteps;
        for (int k = 0; k < m->nsteps; ++k) {
            g->step[k] = judge(&g->runs[m->step_old[k]], &g->runs[m->step_new[k]], threshold, &g->step_cmp[k]);
            m->nregressions += g->step[k] == PB_STEP_REGRESSION;
            m->nimprovements += g->step[k] == PB_STEP_IMPROVED;
            m->nambiguous += g->step[k] == PB_STEP_AMBIGUOUS;
        }
    }
    if (rc != 0)
        pb_matrix_free(m);
    return rc;
}

void pb_matrix_free(pb_matrix *m)
{
    free(m->g);
    free(m->cellrows);
    free(m->cmps);
    memset(m, 0, sizeof *m);
}

const char *pb_matrix_step_name(pb_matrix_step s)
{
    static const char *const names[] = {"", "SAME", "REGRESSION", "IMPROVED", "-", "AMBIGUOUS"};
    return (unsigned)s < sizeof names / sizeof *names ? names[s] : "?";
}

static double passed_time(const pb_row *r)
{
    return r && r->verified == PB_VERIFIED_PASS && pb_row_time(r) > 0 ? pb_row_time(r) : NAN;
}

/* A cell's time and rate: the median of its runs (the first run's row with one run). */
static double cell_time(const pb_matrix_cell *c)
{
    double t[64];
    size_t n = 0;
    for (size_t i = 0; i < c->n && n < 64; ++i)
        if (!isnan(t[n] = passed_time(c->row[i])))
            ++n;
    if (n != c->n || !n)
        return NAN;
    for (size_t i = 1; i < n; ++i) /* insertion sort: a handful of runs */
        for (size_t j = i; j > 0 && t[j] < t[j - 1]; --j) {
            double x = t[j];
            t[j] = t[j - 1], t[j - 1] = x;
        }
    return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

static double cell_rate(const pb_matrix_cell *c)
{
    double t = cell_time(c), own = c->n ? pb_row_time(c->row[0]) : NAN;
    return t > 0 && own > 0 ? pb_row_rate(c->row[0]) * own / t : NAN;
}

/* Time and rate of a cell; text and markdown show FAIL/skip in their place, CSV leaves
 * them empty and adds the status in a column of its own. */
static void put_time_rate(pb_tab *t, const pb_matrix_cell *c, pb_fmt fmt, int with_time)
{
    char x[64];
    const char *s = !c->n ? "" : any_is(c, PB_VERIFIED_FAIL) ? "FAIL" : any_is(c, PB_VERIFIED_SKIP) ? "skip" : NULL;
    if (s && fmt == PB_FMT_CSV)
        s = "";
    if (with_time)
        pb_tab_put(t, "%s", s ? s : pb_fmt_time(cell_time(c), fmt, x, sizeof x));
    pb_tab_put(t, "%s", s ? s : pb_fmt_rate(cell_rate(c), fmt, x, sizeof x));
    if (fmt == PB_FMT_CSV)
        pb_tab_put(t, "%s",
                   c->n ? (any_is(c, PB_VERIFIED_FAIL)   ? "FAIL"
                           : any_is(c, PB_VERIFIED_SKIP) ? "SKIP"
                                                         : "PASS")
                        : "");
}

/* The fastest passing toolchain, or "tie: a, b" naming every one within the threshold
 * (not told apart by the rule) of the fastest. */
static void fastest(const pb_matrix *m, const pb_matrix_group *g, char *buf, size_t cap)
{
    int best = -1, passed = 0;
    for (int k = 0; k < m->ntc; ++k)
        if (!isnan(cell_time(&g->runs[k]))) {
            ++passed;
            if (best < 0 || cell_time(&g->runs[k]) < cell_time(&g->runs[best]))
                best = k;
        }
    buf[0] = '\0';
    if (passed < 2)
        return;
    size_t len = (size_t)snprintf(buf, cap, "tie: %s", m->tc[best]);
    int ties = 0;
    for (int k = 0; k < m->ntc && len < cap; ++k) {
        if (k == best || isnan(cell_time(&g->runs[k])))
            continue;
        pb_side b = {g->runs[best].row, g->runs[best].n}, n = {g->runs[k].row, g->runs[k].n};
        if (pb_classify_sides(&b, &n, m->threshold, NULL) != PB_SLOWER) {
            len += (size_t)snprintf(buf + len, cap - len, ", %s", m->tc[k]);
            ++ties;
        }
    }
    if (!ties)
        snprintf(buf, cap, "%s", m->tc[best]);
}

/* Columns: the case; each toolchain (time, rate; CSV: status); then, full: each verdict,
 * the fastest, CUDA, each toolchain over CUDA (the layout scripts read); text without wide:
 * the rates, CUDA's, then the verdicts. */
static void put_steps_header(const pb_matrix *m, int csv, int full, pb_tab *t)
{
    for (int k = 0; k < m->nsteps; ++k) {
        const char *o = m->tc[m->step_old[k]], *n = m->tc[m->step_new[k]];
        pb_tab_put(t, csv ? "%s_over_%s" : full ? "%s/%s" : "%s/ref", n, o);
        if (csv)
            pb_tab_put(t, "%s_vs_%s", n, o);
    }
}

static void put_header(const pb_matrix *m, pb_fmt fmt, int wide, pb_tab *t)
{
    int csv = fmt == PB_FMT_CSV, full = wide || fmt != PB_FMT_TEXT;
    static const char *const key[] = {"benchmark", "variant", "dtype", "size", "params", "gpu", "unit"};
    for (int c = 0; c < 7; ++c)
        if (m->instance || c != 5)
            pb_tab_put(t, "%s", key[c]);
    for (int k = 0; k < m->ntc; ++k) {
        if (full)
            pb_tab_put(t, csv ? "%s_time_s" : "%s time", m->tc[k]);
        pb_tab_put(t, csv ? "%s_rate" : full ? "%s rate" : "%s", m->tc[k]);
        if (csv)
            pb_tab_put(t, "%s_status", m->tc[k]);
    }
    if (full) {
        put_steps_header(m, csv, full, t);
        if (m->ntc > 1)
            pb_tab_put(t, "fastest");
        pb_tab_put(t, csv ? "cuda_time_s" : "cuda time");
    }
    pb_tab_put(t, csv ? "cuda_rate" : full ? "cuda rate" : "cuda");
    if (csv)
        pb_tab_put(t, "cuda_status");
    if (!full)
        put_steps_header(m, csv, full, t);
    else
        for (int k = 0; k < m->ntc; ++k)
            pb_tab_put(t, csv ? "%s_over_cuda" : "%s/cuda", m->tc[k]);
}

static void put_steps(const pb_matrix *m, const pb_matrix_group *g, pb_fmt fmt, pb_tab *t)
{
    char x[96];
    for (int k = 0; k < m->nsteps; ++k) {
        const pb_cmp *c = &g->step_cmp[k];
        double ratio = g->step[k] == PB_STEP_NONE || g->step[k] == PB_STEP_UNKNOWN ? NAN : c->ratio;
        const char *name = pb_matrix_step_name(g->step[k]);
        if (fmt == PB_FMT_CSV) {
            pb_tab_put(t, "%s", pb_fmt_num(ratio, "%.3f", fmt, x, sizeof x));
            pb_tab_put(t, "%s", name);
        } else if (isnan(ratio)) { /* a regression to FAIL has no ratio */
            pb_tab_put(t, "%s", g->step[k] == PB_STEP_REGRESSION || g->step[k] == PB_STEP_IMPROVED ? name : "");
        } else {
            pb_tab_put(t, "%.2f %s", ratio, name);
        }
    }
}

static void put_group(const pb_matrix *m, const pb_matrix_group *g, pb_fmt fmt, int wide, pb_tab *t)
{
    char x[96];
    int full = wide || fmt != PB_FMT_TEXT;
    pb_tab_put(t, "%s", g->head->benchmark);
    pb_tab_put(t, "%s", g->head->variant);
    pb_tab_put(t, "%s", g->head->dtype);
    if (fmt == PB_FMT_CSV)
        pb_tab_put(t, "%.0f", g->head->size);
    else
        pb_tab_put(t, "%s", pb_fmt_size(g->head->size, x, sizeof x));
    if (fmt == PB_FMT_CSV) {
        pb_tab_put(t, "%s", g->head->params);
    } else { /* gemm's m=0 (= the size) as the value it stands for */
        char shown[160];
        pb_params_shown(g->head->benchmark, g->head->params, g->head->size, shown, sizeof shown);
        pb_tab_put(t, "%s", shown);
    }
    if (m->instance) {
        pb_row_gpu_label(g->head, x, sizeof x);
        pb_tab_put(t, "%s", x);
    }
    pb_tab_put(t, "%s", pb_row_unit(g->head));
    for (int k = 0; k < m->ntc; ++k)
        put_time_rate(t, &g->runs[k], fmt, full);
    if (!full) {
        put_time_rate(t, &g->cuda_runs, fmt, full);
        put_steps(m, g, fmt, t);
        return;
    }
    put_steps(m, g, fmt, t);
    if (m->ntc > 1) {
        fastest(m, g, x, sizeof x);
        pb_tab_put(t, "%s", x);
    }
    put_time_rate(t, &g->cuda_runs, fmt, full);
    for (int k = 0; k < m->ntc; ++k) {
        pb_cmp c;
        double r = NAN;
        if (!isnan(cell_time(&g->runs[k])) && !isnan(cell_time(&g->cuda_runs))) {
            pb_side b = {g->cuda_runs.row, g->cuda_runs.n}, n = {g->runs[k].row, g->runs[k].n};
            if (pb_classify_sides(&b, &n, m->threshold, &c) != PB_NOTIME)
                r = c.ratio;
        }
        pb_tab_put(t, "%s", pb_fmt_num(r, "%.2f", fmt, x, sizeof x));
    }
}

int pb_matrix_table(const pb_matrix *m, pb_fmt fmt, int wide, pb_tab *t)
{
    int full = wide || fmt != PB_FMT_TEXT, csv = fmt == PB_FMT_CSV;
    int per = (full ? 2 : 1) + csv;
    int ncols = 6 + (m->instance != 0) + per * (m->ntc + 1) + (csv ? 2 : 1) * m->nsteps;
    if (full)
        ncols += (m->ntc > 1) + m->ntc;
    if (pb_tab_init(t, ncols) != 0)
        return -1;
    put_header(m, fmt, wide, t);
    for (size_t i = 0; i < m->ng; ++i)
        put_group(m, &m->g[i], fmt, wide, t);
    return t->oom ? -1 : 0;
}
