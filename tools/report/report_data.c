/* report_data.c - families, order, sizes and series of the report. A benchmark run
 * over several parameter values with one kernel per backend (stream-strided,
 * fma-strided) becomes one sweep family per varying parameter, drawn as the course draws
 * it: one line per value, one panel per backend. */
#define _GNU_SOURCE
#include "report_data.h"
#include "pb_backends.h"
#include "pb_bench.h"
#include "pb_match.h"
#include "record.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- rows ---- */

int pb_rep_plotted(const pb_row *r)
{
    return r->verified == PB_VERIFIED_PASS && pb_row_rate(r) > 0 && isfinite(pb_row_rate(r));
}

int pb_rep_is_reference(const pb_row *r) { return !strcmp(r->variant, "lib") || !strcmp(r->variant, "baseline"); }

int pb_rep_fallback(const pb_row *r) { return r->offload == PB_OFFLOAD_HOST_FALLBACK; }

const char *pb_rep_metric_name(const pb_row *r)
{
    return pb_row_flops_headline(r) ? "FLOP rate" : pb_row_elems_headline(r) ? "element rate" : "bandwidth";
}

const char *pb_rep_size_name(const pb_row *r)
{
    const pb_bench *b = pb_bench_find(r->benchmark);
    return b && b->size_option ? b->size_option + 2 : "size";
}

int pb_rep_put_table(pb_report_ctx *rep, pb_tab *t)
{
    int rc = pb_tab_print(rep->md, t, PB_FMT_MD);
    fputc('\n', rep->md);
    pb_tab_free(t);
    return rc;
}

const char *pb_rep_run_of(const pb_report_ctx *rep, const pb_row *r, char *buf, size_t cap)
{
    char key[512];
    buf[0] = '\0';
    if (!rep->rows || !rep->src.key)
        return buf;
    pb_row_key(r, PB_KEY_ROW | PB_KEY_GPU, key, sizeof key); /* the report's rows are unique by it */
    long i = pb_index_first(&rep->src, key);
    int f = 0;
    while (i >= 0 && f < rep->nfiles && (size_t)i >= rep->file_end[f])
        ++f;
    if (i < 0 || f == rep->nfiles)
        return buf;
    const char *path = rep->files[f], *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (strcmp(base, PB_RECORD_CSV) == 0 && base > path) { /* a recorded run: its directory names it */
        const char *end = base - 1, *dir = end;
        while (dir > path && dir[-1] != '/')
            --dir;
        if (end > dir && strncmp(dir, ".", (size_t)(end - dir)) != 0 && strncmp(dir, "..", (size_t)(end - dir)) != 0) {
            snprintf(buf, cap, "%.*s", (int)(end - dir), dir);
            return buf;
        }
    }
    snprintf(buf, cap, "%s", base);
    return buf;
}

/* ---- params: "name=value;name=value" ---- */

enum { MAX_KEYS = 8 };

static int is_key(const char *item, size_t len, const char *key)
{
    size_t k = strlen(key);
    return len > k && item[k] == '=' && strncmp(item, key, k) == 0;
}

void pb_rep_param_get(const char *params, const char *key, char *out, size_t cap)
{
    out[0] = '\0';
    for (const char *p = params; *p;) {
        size_t len = strcspn(p, ";");
        if (is_key(p, len, key)) {
            snprintf(out, cap, "%.*s", (int)(len - strlen(key) - 1), p + strlen(key) + 1);
            return;
        }
        p += len + (p[len] == ';');
    }
}

/* params less key: "chain=1024;stride=4" less stride is "chain=1024". */
static void param_drop(const char *params, const char *key, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = '\0';
    for (const char *p = params; *p;) {
        size_t len = strcspn(p, ";");
        if (!is_key(p, len, key) && n + len + 2 < cap) {
            if (n)
                out[n++] = ';';
            memcpy(out + n, p, len);
            out[n += len] = '\0';
        }
        p += len + (p[len] == ';');
    }
}

/* The names in params, at most MAX_KEYS. */
static int param_keys(const char *params, char keys[][32])
{
    int n = 0;
    for (const char *p = params; *p && n < MAX_KEYS;) {
        size_t len = strcspn(p, ";"), k = strcspn(p, "=");
        if (k < len)
            snprintf(keys[n++], 32, "%.*s", (int)k, p);
        p += len + (p[len] == ';');
    }
    return n;
}

/* ---- order ---- */

int pb_rep_variant_rank(const pb_row *r)
{
    const pb_bench *b = pb_bench_find(r->benchmark);
    for (int v = 0; b && b->variants[v]; ++v)
        if (strcmp(b->variants[v], r->variant) == 0)
            return v;
    return strcmp(r->variant, "lib") == 0 ? 1000 : strcmp(r->variant, "baseline") == 0 ? 1001 : 500;
}

int pb_rep_variant_cmp(const pb_row *a, const pb_row *b)
{
    int d = pb_rep_variant_rank(a) - pb_rep_variant_rank(b);
    return d ? d : pb_natural_cmp(a->variant, b->variant);
}

int pb_rep_group_cmp(const pb_row *a, const pb_row *b)
{
    const char *ca, *cb;
    int ma, mb, ra, rb;
    pb_series_style(a->backend, a->toolchain, &ca, &ma, &ra);
    pb_series_style(b->backend, b->toolchain, &cb, &mb, &rb);
    if (ra != rb)
        return ra - rb;
    int d = strcmp(a->backend, b->backend);
    return d ? d : strcmp(a->toolchain, b->toolchain);
}

int pb_rep_same_group(const pb_row *a, const pb_row *b)
{
    return !strcmp(a->backend, b->backend) && !strcmp(a->toolchain, b->toolchain);
}

int pb_rep_same_series(const pb_row *a, const pb_row *b)
{
    return pb_rep_same_group(a, b) && !strcmp(a->variant, b->variant) && !strcmp(a->params, b->params);
}

/* Within a family only the swept parameter differs, and natural order compares its
 * value as a number (stride 2 before stride 16). */
static int row_qsort(const void *x, const void *y)
{
    const pb_row *a = *(const pb_row *const *)x, *b = *(const pb_row *const *)y;
    if (a->size != b->size)
        return a->size < b->size ? -1 : 1;
    int d = pb_natural_cmp(a->params, b->params);
    d = d ? d : pb_rep_variant_cmp(a, b);
    return d ? d : pb_rep_group_cmp(a, b);
}

int pb_rep_series_qsort(const void *x, const void *y)
{
    const pb_row *a = *(const pb_row *const *)x, *b = *(const pb_row *const *)y;
    int d = pb_rep_group_cmp(a, b);
    d = d ? d : pb_rep_variant_cmp(a, b);
    return d ? d : pb_natural_cmp(a->params, b->params);
}

int pb_rep_params_qsort(const void *x, const void *y)
{
    return pb_natural_cmp((*(const pb_row *const *)x)->params, (*(const pb_row *const *)y)->params);
}

/* ---- families ---- */

void pb_rep_families_free(pb_family *f, size_t n)
{
    for (size_t k = 0; f && k < n; ++k)
        free(f[k].rows);
    free(f);
}

/* One family per (benchmark, dtype, params) and GPU (inst: the key field that tells the
 * GPUs apart, or 0), in the order rows first show them. */
static pb_family *base_families(const pb_rowset *s, unsigned inst, size_t *nf)
{
    *nf = 0;
    pb_index ix;
    long *fam = malloc((s->n + 1) * sizeof *fam);
    pb_family *f = calloc(s->n + 1, sizeof *f);
    if (!fam || !f || pb_index_build(&ix, s, inst) != 0) {
        free(fam);
        free(f);
        return NULL;
    }
    /* the family key leaves the size out: one key per (benchmark, dtype, params) */
    int rc = 0;
    for (size_t i = 0; i < s->n && rc == 0; ++i) {
        const pb_row *h = &s->rows[i];
        size_t k = 0;
        long first = pb_index_first(&ix, ix.key[i]);
        if (first != (long)i) {
            fam[i] = fam[first]; /* same size and family as an earlier row */
        } else {
            while (k < *nf && !(strcmp(f[k].rows[0]->benchmark, h->benchmark) == 0 &&
                                strcmp(f[k].rows[0]->dtype, h->dtype) == 0 && strcmp(f[k].rows[0]->params, h->params) == 0 &&
                                pb_row_same_instance(f[k].rows[0], h, inst)))
                ++k;
            if (k == *nf) {
                if (!(f[k].rows = calloc(s->n, sizeof *f[k].rows))) {
                    rc = -1;
                    break;
                }
                if (inst)
                    pb_row_gpu_label(h, f[k].gpu, sizeof f[k].gpu);
                char shown[sizeof h->params];
                pb_params_shown(h->benchmark, h->params, NAN, shown, sizeof shown); /* gemm: m, n, k follow size */
                snprintf(f[k].stem, sizeof f[k].stem, "%s %s%s%s%s%s", h->benchmark, h->dtype, h->params[0] ? " " : "",
                         h->params, f[k].gpu[0] ? " on " : "", f[k].gpu);
                snprintf(f[k].title, sizeof f[k].title, "%s %s%s%s%s%s", h->benchmark, h->dtype, shown[0] ? " " : "",
                         shown, f[k].gpu[0] ? " on " : "", f[k].gpu);
                snprintf(f[k].name, sizeof f[k].name, "%s", f[k].title);
                ++*nf;
            }
            fam[i] = (long)k;
        }
        f[fam[i]].rows[f[fam[i]].n++] = h;
    }
    pb_index_free(&ix);
    free(fam);
    if (rc != 0) {
        pb_rep_families_free(f, *nf);
        return NULL;
    }
    return f;
}

/* A sweep reads as lines only when each backend runs one kernel; with several variants
 * (reduce's block sizes) the per-variant tables are the story. */
static int one_kernel(const pb_family *base, const size_t *sib, size_t m)
{
    const char *v = NULL;
    for (size_t i = 0; i < m; ++i)
        for (size_t j = 0; j < base[sib[i]].n; ++j) {
            const pb_row *r = base[sib[i]].rows[j];
            if (pb_rep_is_reference(r))
                continue;
            if (v && strcmp(v, r->variant) != 0)
                return 0;
            v = r->variant;
        }
    return 1;
}

static void sib_value(const pb_family *base, size_t k, const char *key, char *out)
{
    pb_rep_param_get(base[k].rows[0]->params, key, out, 32);
}

/* The most common value of key among the siblings (the smallest on ties): the value
 * the other sweeps hold it at, e.g. stride_write=1 while stride_read varies. */
static void mode_value(const pb_family *base, const size_t *sib, size_t m, const char *key, char *out)
{
    size_t best = 0;
    out[0] = '\0';
    for (size_t i = 0; i < m; ++i) {
        char v[32], w[32];
        sib_value(base, sib[i], key, v);
        size_t c = 0;
        for (size_t j = 0; j < m; ++j) {
            sib_value(base, sib[j], key, w);
            c += !strcmp(v, w);
        }
        if (c > best || (c == best && pb_natural_cmp(v, out) < 0)) {
            best = c;
            memcpy(out, v, sizeof v);
        }
    }
}

static int push_copy(pb_family *out, size_t *nout, const pb_family *from, size_t n, const char *sweep,
                     const char *title, const char *name)
{ /* from[0..n) are of one GPU */
    size_t total = 0;
    for (size_t i = 0; i < n; ++i)
        total += from[i].n;
    pb_family *f = &out[*nout];
    f->rows = calloc(total + 1, sizeof *f->rows);
    if (!f->rows)
        return -1;
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < from[i].n; ++j)
            f->rows[f->n++] = from[i].rows[j];
    snprintf(f->sweep, sizeof f->sweep, "%s", sweep);
    snprintf(f->title, sizeof f->title, "%s", title);
    snprintf(f->name, sizeof f->name, "%s", name);
    snprintf(f->stem, sizeof f->stem, "%s", sweep[0] ? title : from[0].stem); /* image names as before */
    snprintf(f->gpu, sizeof f->gpu, "%s", from[0].gpu);
    qsort(f->rows, f->n, sizeof *f->rows, row_qsort);
    ++*nout;
    return 0;
}

/* The families of base[sib[0..m)], one benchmark and dtype: per varying parameter a
 * sweep over the sets that hold every other varying parameter at its common value
 * (stream-strided: the stride_read sweep and the stride_write sweep, both with the
 * stride 1 rows); sets in no sweep stay families of their own. */
static int add_sweeps(const pb_family *base, const size_t *sib, size_t m, pb_family *out, size_t *nout)
{
    char keys[MAX_KEYS][32], mode[MAX_KEYS][32], v[32], w[32];
    int nk = param_keys(base[sib[0]].rows[0]->params, keys), vary[MAX_KEYS] = {0};
    for (int k = 0; k < nk; ++k) {
        sib_value(base, sib[0], keys[k], v);
        for (size_t i = 1; i < m && !vary[k]; ++i) {
            sib_value(base, sib[i], keys[k], w);
            vary[k] = strcmp(v, w) != 0;
        }
        mode_value(base, sib, m, keys[k], mode[k]);
    }
    char *taken = calloc(m, 1);
    pb_family *members = calloc(m, sizeof *members);
    int rc = taken && members ? 0 : -1;
    for (int k = 0; k < nk && rc == 0; ++k) {
        size_t nm = 0;
        for (size_t i = 0; vary[k] && i < m; ++i) {
            int in = 1;
            for (int j = 0; j < nk && in; ++j) {
                sib_value(base, sib[i], keys[j], v);
                in = j == k || !vary[j] || !strcmp(v, mode[j]);
            }
            if (in)
                members[nm++] = base[sib[i]], taken[i] = 1;
        }
        if (nm < 2)
            continue;
        const pb_row *h = members[0].rows[0];
        const char *gpu = members[0].gpu, *on = gpu[0] ? " on " : "";
        char fixed[96], title[320], name[320];
        param_drop(h->params, keys[k], fixed, sizeof fixed);
        snprintf(title, sizeof title, "%s %s: %s sweep%s%s%s%s%s", h->benchmark, h->dtype, keys[k],
                 fixed[0] ? " (" : "", fixed, fixed[0] ? ")" : "", on, gpu);
        snprintf(name, sizeof name, "%s %s%s%s%s%s", h->benchmark, h->dtype, fixed[0] ? " " : "", fixed, on, gpu);
        rc = push_copy(out, nout, members, nm, keys[k], title, name);
    }
    for (size_t i = 0; i < m && rc == 0; ++i)
        if (!taken[i])
            rc = push_copy(out, nout, &base[sib[i]], 1, "", base[sib[i]].title, base[sib[i]].title);
    free(taken);
    free(members);
    return rc;
}

pb_family *pb_rep_families(const pb_rowset *s, size_t *nf)
{
    size_t nb = 0;
    unsigned inst = pb_rows_instance_key(s);
    pb_family *base = base_families(s, inst, &nb);
    pb_family *out = base ? calloc(nb * (MAX_KEYS + 1) + 1, sizeof *out) : NULL;
    size_t *sib = out ? calloc(nb + 1, sizeof *sib) : NULL;
    char *done = sib ? calloc(nb + 1, 1) : NULL;
    int rc = done ? 0 : -1;
    *nf = 0;
    for (size_t k = 0; k < nb && rc == 0; ++k) {
        if (done[k])
            continue;
        size_t m = 0;
        for (size_t j = k; j < nb; ++j)
            if (!done[j] && !strcmp(base[j].rows[0]->benchmark, base[k].rows[0]->benchmark) &&
                !strcmp(base[j].rows[0]->dtype, base[k].rows[0]->dtype) &&
                pb_row_same_instance(base[j].rows[0], base[k].rows[0], inst))
                sib[m++] = j;
        if (m < 2 || !one_kernel(base, sib, m))
            m = 1; /* this parameter set alone; its siblings come in their turn */
        for (size_t i = 0; i < m; ++i)
            done[sib[i]] = 1;
        rc = m > 1 ? add_sweeps(base, sib, m, out, nf)
                   : push_copy(out, nf, &base[k], 1, "", base[k].title, base[k].title);
    }
    pb_rep_families_free(base, nb);
    free(sib);
    free(done);
    if (rc != 0) {
        pb_rep_families_free(out, *nf);
        return NULL;
    }
    return out;
}

pb_family *pb_rep_case_families(const pb_rowset *s, size_t *nf)
{
    pb_family *f = base_families(s, 0, nf);
    for (size_t k = 0; f && k < *nf; ++k)
        qsort(f[k].rows, f[k].n, sizeof *f[k].rows, row_qsort);
    return f;
}

/* ---- sizes ---- */

double pb_rep_headline_size(const pb_family *f)
{
    double best = NAN;
    size_t bestn = 0;
    for (size_t i = 0, j; i < f->n; i = j) {
        size_t c = 0, ok = 0;
        for (j = i; j < f->n && f->rows[j]->size == f->rows[i]->size; ++j) {
            c += f->rows[j]->verified != PB_VERIFIED_SKIP;
            ok += pb_rep_plotted(f->rows[j]);
        }
        if (ok && c >= bestn)
            best = f->rows[i]->size, bestn = c;
    }
    return best;
}

size_t pb_rep_family_sizes(const pb_family *f, double *out)
{
    size_t n = 0;
    for (size_t i = 0; i < f->n; ++i)
        if (f->rows[i]->verified != PB_VERIFIED_SKIP && (n == 0 || out[n - 1] != f->rows[i]->size))
            out[n++] = f->rows[i]->size;
    return n;
}

static int is_pow4(double v)
{
    int e;
    return v >= 1 && frexp(v, &e) == 0.5 && (e - 1) % 2 == 0;
}

size_t pb_rep_pick_sizes(const double *all, size_t n, double *out)
{
    size_t m = 0;
    if (n <= 8) {
        memcpy(out, all, n * sizeof *all);
        return n;
    }
    for (size_t i = 0; i < n; ++i)
        if (is_pow4(all[i]))
            out[m++] = all[i];
    if (m < 3) {
        for (m = 0; m < 8; ++m)
            out[m] = all[m * (n - 1) / 7];
        return m;
    }
    while (m > 10) {
        size_t k = 0;
        for (size_t i = 0; i < m; i += 2)
            out[k++] = out[i];
        m = k;
    }
    if (out[m - 1] != all[n - 1])
        out[m++] = all[n - 1];
    return m;
}

/* ---- series ---- */

size_t pb_rep_family_series(const pb_family *f, const pb_row **out, int with_fail)
{
    size_t n = 0;
    for (size_t i = 0; i < f->n; ++i) {
        if (!(pb_rep_plotted(f->rows[i]) || (with_fail && f->rows[i]->verified == PB_VERIFIED_FAIL)))
            continue;
        size_t k = 0;
        while (k < n && !pb_rep_same_series(out[k], f->rows[i]))
            ++k;
        if (k == n)
            out[n++] = f->rows[i];
    }
    qsort(out, n, sizeof *out, pb_rep_series_qsort);
    return n;
}

size_t pb_rep_kernels(const pb_row **series, size_t ns)
{
    size_t n = 0;
    for (size_t s = 0; s < ns; ++s) {
        int seen = 0;
        for (size_t t = 0; t < s && !seen; ++t)
            seen = !pb_rep_is_reference(series[t]) && !strcmp(series[t]->variant, series[s]->variant);
        n += !pb_rep_is_reference(series[s]) && !seen;
    }
    return n;
}

int pb_rep_spans_sizes(const pb_family *f, const pb_row **series, size_t ns)
{
    size_t multi = 0;
    for (size_t s = 0; s < ns; ++s) {
        size_t pts = 0;
        for (size_t i = 0; i < f->n; ++i)
            pts += pb_rep_plotted(f->rows[i]) && pb_rep_same_series(f->rows[i], series[s]);
        multi += pts >= 2;
    }
    return ns > 0 && 2 * multi >= ns;
}

int pb_rep_spans_family(const pb_family *f)
{
    const pb_row **series = calloc(f->n + 1, sizeof *series);
    int rc = series && pb_rep_spans_sizes(f, series, pb_rep_family_series(f, series, 0));
    free(series);
    return rc;
}

void pb_rep_sweep_axes(const pb_family *f, double size, const pb_row **grp, size_t *ng, const pb_row **val, size_t *nv)
{
    *ng = *nv = 0;
    for (size_t i = 0; i < f->n; ++i) {
        const pb_row *r = f->rows[i];
        if (isnan(size) ? !pb_rep_plotted(r) : r->size != size || r->verified == PB_VERIFIED_SKIP)
            continue;
        size_t k = 0;
        while (k < *ng && !pb_rep_same_group(grp[k], r))
            ++k;
        if (k == *ng)
            grp[(*ng)++] = r;
        for (k = 0; k < *nv && strcmp(val[k]->params, r->params) != 0;)
            ++k;
        if (k == *nv)
            val[(*nv)++] = r;
    }
    qsort(grp, *ng, sizeof *grp, pb_rep_series_qsort);
    qsort(val, *nv, sizeof *val, pb_rep_params_qsort);
}

void pb_rep_series_label(const pb_row *r, int one, char *buf, size_t cap)
{
    char name[80];
    pb_row_series(r, name, sizeof name);
    if (one)
        snprintf(buf, cap, "%s", name);
    else
        snprintf(buf, cap, "%s %s", r->variant, name);
}

void pb_rep_file_stem(const char *in, char *out, size_t cap)
{
    size_t n = 0;
    for (; *in && n + 1 < cap; ++in) {
        int ok = isalnum((unsigned char)*in) || *in == '-' || *in == '.';
        if (ok)
            out[n++] = *in;
        else if (n && out[n - 1] != '_')
            out[n++] = '_';
    }
    while (n && out[n - 1] == '_')
        --n;
    out[n] = '\0';
}
