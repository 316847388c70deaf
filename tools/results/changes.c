/* changes.c - the change points of a stored series (changes.h). */
#include "changes.h"
#include "pb_infer.h"
#include "pb_match.h"
#include "pb_rate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The mean of speedup_vs_lib over points [b, e): the library's time over this row's. */
static double mean_vs_lib(const pb_row *const *r, size_t b, size_t e)
{
    double sum = 0;
    size_t n = 0;
    for (size_t i = b; i < e; ++i)
        if (isfinite(r[i]->speedup_vs_lib) && r[i]->speedup_vs_lib > 0)
            sum += r[i]->speedup_vs_lib, ++n;
    return n ? sum / (double)n : NAN;
}

void pb_changes_free(pb_changes *c)
{
    free(c->pt);
    free(c->c);
    memset(c, 0, sizeof *c);
}

int pb_changes_find(const pb_row *rows, size_t n, int by_time, double alpha, double threshold, pb_changes *out)
{
    memset(out, 0, sizeof *out);
    if (isnan(threshold))
        threshold = PB_DEFAULT_THRESHOLD;
    const pb_row **r = malloc((n ? n : 1) * sizeof *r);
    double *y = malloc((n ? n : 1) * sizeof *y);
    if (!r || !y) {
        free(r);
        free(y);
        return -1;
    }
    size_t m = 0;
    for (size_t i = 0; i < n; ++i)
        if (rows[i].verified == PB_VERIFIED_PASS && pb_row_time(&rows[i]) > 0)
            r[m++] = &rows[i];
    int device = 1;
    for (size_t i = 0; i < m; ++i) /* one clock for the whole series: device when every point has it */
        device &= pb_common_clock(r[0], r[i]);
    for (size_t i = 0; i < m; ++i)
        y[i] = log(pb_row_clock_time(r[i], device));
    out->pt = r;
    out->n = m;
    out->device = device;
    out->fitted = m >= 3;
    pb_steps st;
    memset(&st, 0, sizeof st);
    int rc = 0;
    if (out->fitted && pb_steps_detect(y, NULL, m, NULL, &st) == 0) {
        if (st.nseg > 1 && !(out->c = calloc(st.nseg - 1, sizeof *out->c)))
            rc = -1;
        for (size_t k = 0; rc == 0 && k + 1 < st.nseg; ++k) {
            const pb_step *p = &st.step[k];
            double pct = expm1(p->shift);
            if (!(p->p < alpha) || fabs(pct) < threshold)
                continue;
            pb_change *c = &out->c[out->nc++];
            const pb_row *b = r[p->at - 1], *a = r[p->at];
            if (by_time)
                snprintf(c->between, sizeof c->between, "between the runs of %s and %s", b->timestamp, a->timestamp);
            else if (strcmp(b->compiler_version, a->compiler_version) != 0)
                snprintf(c->between, sizeof c->between, "between %s %s and %s", a->compiler, b->compiler_version,
                         a->compiler_version);
            else
                snprintf(c->between, sizeof c->between, "at %s %s (runs of %s and %s)", a->compiler,
                         a->compiler_version, b->timestamp, a->timestamp);
            c->at = p->at;
            c->seg_begin = st.begin[k];
            c->seg_end = k + 2 < st.nseg ? st.begin[k + 2] : m;
            c->pct = pct;
            c->p = p->p;
            c->n_before = p->n_before;
            c->n_after = p->n_after;
            c->lib_before = mean_vs_lib(r, c->seg_begin, p->at);
            c->lib_after = mean_vs_lib(r, p->at, c->seg_end);
            c->slower = pct > 0;
            c->latest = p->at == m - 1;
        }
        pb_steps_free(&st);
    }
    free(y);
    if (rc != 0)
        pb_changes_free(out);
    return rc;
}

void pb_series_where(const pb_row *r, char *buf, size_t cap)
{
    char idx[24] = "";
    if (!isnan(r->gpu_index))
        snprintf(idx, sizeof idx, " g%.0f", r->gpu_index);
    snprintf(buf, cap, "%s%s%s%s", r->gpu_profile[0] ? r->gpu_profile : r->device[0] ? r->device : "?",
             r->host[0] ? "@" : "", r->host, idx);
}

void pb_series_name(const pb_row *r, char *buf, size_t cap)
{
    char family[64];
    pb_toolchain_line(r->toolchain, r->compiler[0] ? r->compiler : r->toolchain, family, sizeof family);
    snprintf(buf, cap, "%s %s %s(%s) %s %.0f%s%s", r->benchmark, r->variant, r->backend, family, r->dtype, r->size,
             r->params[0] ? " " : "", r->params);
}

void pb_change_p(const pb_change *c, char *buf, size_t cap)
{
    snprintf(buf, cap, "p %s %.2g", c->p < 0.001 ? "<" : "=", c->p < 0.001 ? 0.001 : c->p);
}

void pb_change_text(const pb_change *c, char *buf, size_t cap)
{
    char p[32];
    pb_change_p(c, p, sizeof p);
    snprintf(buf, cap, "%+.1f%% %s (%s)", 100 * c->pct, c->between, p);
}
