/* matrix.c - the compiler matrix (matrix.h). */
#define _GNU_SOURCE
#include "matrix.h"
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

static int cmp_tc(const void *a, const void *b) { return pb_natural_cmp(a, b); } /* clang-16 < clang-19 < gcc-11 */

/* "clang" of "clang-19"; the whole id when it has no major. */
static size_t family_len(const char *tc)
{
    const char *dash = strrchr(tc, '-');
    return dash && dash[1] >= '0' && dash[1] <= '9' ? (size_t)(dash - tc) : strlen(tc);
}

static int same_family(const char *a, const char *b)
{
    size_t n = family_len(a);
    return n == family_len(b) && strncmp(a, b, n) == 0 && n < strlen(a) && n < strlen(b);
}

static void find_toolchains(pb_matrix *m, const pb_rowset *s)
{
    for (size_t i = 0; i < s->n; ++i) {
        const pb_row *r = &s->rows[i];
        if (strcmp(r->backend, "omp") == 0 && tc_index(m, r->toolchain) < 0 && m->ntc < PB_MATRIX_MAX_TC)
            pb_strlcpy(m->tc[m->ntc++], r->toolchain, sizeof m->tc[0]);
    }
    qsort(m->tc, (size_t)m->ntc, sizeof m->tc[0], cmp_tc);
    for (int k = 1; k < m->ntc && m->nsteps < PB_MATRIX_MAX_STEPS; ++k)
        if (same_family(m->tc[k - 1], m->tc[k])) {
            m->step_old[m->nsteps] = k - 1;
            m->step_new[m->nsteps++] = k;
        }
}

static pb_step judge(const pb_row *older, const pb_row *newer, double threshold, pb_cmp *c)
{
    memset(c, 0, sizeof *c);
    c->ratio = NAN;
    if (!older || !newer)
        return PB_STEP_NONE;
    pb_verdict v = pb_classify(older, newer, threshold, c);
    if (v == PB_FAILED || v == PB_SKIPPED)
        c->ratio = NAN; /* the time of a wrong result is no result */
    if (pb_row_is(newer, "FAIL") && pb_row_is(older, "PASS"))
        return PB_STEP_REGRESSION;
    if (pb_row_is(older, "FAIL") && pb_row_is(newer, "PASS"))
        return PB_STEP_IMPROVED;
    return v == PB_SLOWER ? PB_STEP_REGRESSION : v == PB_FASTER ? PB_STEP_IMPROVED : v == PB_SAME ? PB_STEP_SAME
                                                                                                 : PB_STEP_UNKNOWN;
}

int pb_matrix_build(pb_matrix *m, const pb_rowset *s, double threshold)
{
    memset(m, 0, sizeof *m);
    m->threshold = threshold;
    find_toolchains(m, s);
    m->instance = pb_rows_instance_key(s);
    unsigned fields = PB_KEY_VARIANT | m->instance;
    pb_index ix;
    m->g = calloc(s->n + 1, sizeof *m->g);
    if (!m->g || pb_index_build(&ix, s, fields) != 0) {
        free(m->g);
        m->g = NULL;
        return -1;
    }
    for (size_t i = 0; i < s->n; ++i) {
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
        for (long j = first; j >= 0; j = pb_index_next(&ix, j)) {
            const pb_row *q = &s->rows[j];
            int k = strcmp(q->backend, "omp") == 0 ? tc_index(m, q->toolchain) : -1;
            if (k >= 0 && !g->tc[k])
                g->tc[k] = q;
            else if (strcmp(q->backend, "cuda") == 0 && !g->cuda)
                g->cuda = q;
        }
        for (int k = 0; k < m->nsteps; ++k) {
            g->step[k] = judge(g->tc[m->step_old[k]], g->tc[m->step_new[k]], threshold, &g->step_cmp[k]);
            m->nregressions += g->step[k] == PB_STEP_REGRESSION;
            m->nimprovements += g->step[k] == PB_STEP_IMPROVED;
        }
    }
    pb_index_free(&ix);
    return 0;
}

void pb_matrix_free(pb_matrix *m)
{
    free(m->g);
    memset(m, 0, sizeof *m);
}

const char *pb_step_name(pb_step s)
{
    static const char *const names[] = {"", "SAME", "REGRESSION", "IMPROVED", "-"};
    return (unsigned)s < sizeof names / sizeof *names ? names[s] : "?";
}

static double passed_time(const pb_row *r)
{
    return r && pb_row_is(r, "PASS") && pb_row_time(r) > 0 ? pb_row_time(r) : NAN;
}

/* Time and rate of a row; text and markdown show FAIL/skip in their place, CSV leaves
 * them empty and adds the row's status in a column of its own. */
static void put_time_rate(pb_tab *t, const pb_row *r, pb_fmt fmt)
{
    char x[64];
    const char *s = !r ? "" : pb_row_is(r, "FAIL") ? "FAIL" : pb_row_is(r, "SKIP") ? "skip" : NULL;
    if (s && fmt == PB_FMT_CSV)
        s = "";
    pb_tab_put(t, "%s", s ? s : pb_fmt_time(pb_row_time(r), fmt, x, sizeof x));
    pb_tab_put(t, "%s", s ? s : pb_fmt_rate(pb_row_rate(r), fmt, x, sizeof x));
    if (fmt == PB_FMT_CSV)
        pb_tab_put(t, "%s", r ? r->verified : "");
}

/* The fastest passing toolchain, or "tie: a, b" naming every one within the noise
 * rule of the fastest. */
static void fastest(const pb_matrix *m, const pb_matrix_group *g, char *buf, size_t cap)
{
    int best = -1, passed = 0;
    for (int k = 0; k < m->ntc; ++k)
        if (!isnan(passed_time(g->tc[k]))) {
            ++passed;
            if (best < 0 || passed_time(g->tc[k]) < passed_time(g->tc[best]))
                best = k;
        }
    buf[0] = '\0';
    if (passed < 2)
        return;
    size_t len = (size_t)snprintf(buf, cap, "tie: %s", m->tc[best]);
    int ties = 0;
    for (int k = 0; k < m->ntc && len < cap; ++k)
        if (k != best && !isnan(passed_time(g->tc[k])) &&
            pb_classify(g->tc[best], g->tc[k], m->threshold, NULL) != PB_SLOWER) {
            len += (size_t)snprintf(buf + len, cap - len, ", %s", m->tc[k]);
            ++ties;
        }
    if (!ties)
        snprintf(buf, cap, "%s", m->tc[best]);
}

static void put_header(const pb_matrix *m, pb_fmt fmt, pb_tab *t)
{
    int csv = fmt == PB_FMT_CSV;
    static const char *const key[] = {"benchmark", "variant", "dtype", "size", "params", "gpu", "unit"};
    for (int c = 0; c < 7; ++c)
        if (m->instance || c != 5)
            pb_tab_put(t, "%s", key[c]);
    for (int k = 0; k < m->ntc; ++k) {
        pb_tab_put(t, csv ? "%s_time_s" : "%s time", m->tc[k]);
        pb_tab_put(t, csv ? "%s_rate" : "%s rate", m->tc[k]);
        if (csv)
            pb_tab_put(t, "%s_status", m->tc[k]);
    }
    for (int k = 0; k < m->nsteps; ++k) {
        const char *o = m->tc[m->step_old[k]], *n = m->tc[m->step_new[k]];
        pb_tab_put(t, csv ? "%s_over_%s" : "%s/%s", n, o);
        if (csv)
            pb_tab_put(t, "%s_vs_%s", n, o);
    }
    if (m->ntc > 1)
        pb_tab_put(t, "fastest");
    pb_tab_put(t, csv ? "cuda_time_s" : "cuda time");
    pb_tab_put(t, csv ? "cuda_rate" : "cuda rate");
    if (csv)
        pb_tab_put(t, "cuda_status");
    for (int k = 0; k < m->ntc; ++k)
        pb_tab_put(t, csv ? "%s_over_cuda" : "%s/cuda", m->tc[k]);
}

static void put_group(const pb_matrix *m, const pb_matrix_group *g, pb_fmt fmt, pb_tab *t)
{
    char x[96];
    pb_tab_put(t, "%s", g->head->benchmark);
    pb_tab_put(t, "%s", g->head->variant);
    pb_tab_put(t, "%s", g->head->dtype);
    pb_tab_put(t, "%.0f", g->head->size);
    pb_tab_put(t, "%s", g->head->params);
    if (m->instance) {
        pb_row_gpu_label(g->head, x, sizeof x);
        pb_tab_put(t, "%s", x);
    }
    pb_tab_put(t, "%s", pb_row_unit(g->head));
    for (int k = 0; k < m->ntc; ++k)
        put_time_rate(t, g->tc[k], fmt);
    for (int k = 0; k < m->nsteps; ++k) {
        const pb_cmp *c = &g->step_cmp[k];
        double ratio = g->step[k] == PB_STEP_NONE || g->step[k] == PB_STEP_UNKNOWN ? NAN : c->ratio;
        const char *name = pb_step_name(g->step[k]);
        if (fmt == PB_FMT_CSV) {
            pb_tab_put(t, "%s", pb_fmt_num(ratio, "%.3f", fmt, x, sizeof x));
            pb_tab_put(t, "%s", name);
        } else if (isnan(ratio)) { /* a regression to FAIL has no ratio */
            pb_tab_put(t, "%s", g->step[k] == PB_STEP_REGRESSION || g->step[k] == PB_STEP_IMPROVED ? name : "");
        } else {
            pb_tab_put(t, "%.2f %s", ratio, name);
        }
    }
    if (m->ntc > 1) {
        fastest(m, g, x, sizeof x);
        pb_tab_put(t, "%s", x);
    }
    put_time_rate(t, g->cuda, fmt);
    for (int k = 0; k < m->ntc; ++k) {
        pb_cmp c;
        double r = NAN;
        if (!isnan(passed_time(g->tc[k])) && !isnan(passed_time(g->cuda)) &&
            pb_classify(g->cuda, g->tc[k], m->threshold, &c) != PB_NOTIME)
            r = c.ratio;
        pb_tab_put(t, "%s", pb_fmt_num(r, "%.2f", fmt, x, sizeof x));
    }
}

int pb_matrix_table(const pb_matrix *m, pb_fmt fmt, pb_tab *t)
{
    int per = fmt == PB_FMT_CSV ? 3 : 2;
    int ncols = 6 + (m->instance != 0) + per * m->ntc + (fmt == PB_FMT_CSV ? 2 : 1) * m->nsteps + (m->ntc > 1) + per + m->ntc;
    if (pb_tab_init(t, ncols) != 0)
        return -1;
    put_header(m, fmt, t);
    for (size_t i = 0; i < m->ng; ++i)
        put_group(m, &m->g[i], fmt, t);
    return t->oom ? -1 : 0;
}

