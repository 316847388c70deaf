/* pb_report.c - `portbench report`: report.md with tables and gnuplot plots, from any
 * results CSV. Rows are grouped into families (benchmark, dtype, params). A benchmark
 * run over several parameter values with one kernel per backend (stream-strided,
 * fma-strided) becomes one sweep family per varying parameter, drawn as the course
 * draws it: one line per value, one panel per backend. Every rate is the benchmark's
 * headline unit: GFLOP/s for FLOP-bound kernels (pb_bench.flops_headline), else GB/s.
 * Failed rows are listed first and left out of every plot and speedup; they show as
 * FAIL in the tables. */
#define _GNU_SOURCE
#include "pb_report.h"
#include "pb_bench.h"
#include "pb_common.h"
#include "pb_compare.h"
#include "pb_record.h"
#include "pb_table.h"
#include "pb_version.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct report {
    const char *dir;
    char gnuplot[PATH_MAX];
    const char *ext; /* svg or png */
    double threshold;
    FILE *md;
    int nplots;
    char last_bench[32]; /* the cost model is printed once per benchmark */
    char err[3 * PATH_MAX];
} report;

typedef struct family {
    const pb_row **rows; /* sorted by size, params, variant, backend/compiler */
    size_t n;
    char sweep[32];  /* parameter drawn as one line per value; "" when none */
    char title[192]; /* section title, also the stem of the image names */
    char name[192];  /* for plot titles: benchmark, dtype and the parameters held fixed */
} family;

static int is(const pb_row *r, const char *status) { return strcmp(r->verified, status) == 0; }
static int is_reference(const pb_row *r) { return !strcmp(r->variant, "lib") || !strcmp(r->variant, "baseline"); }

/* ---- the headline rate: what the benchmark's own table shows first ---- */

static int flops_first(const pb_row *r)
{
    const pb_bench *b = pb_bench_find(r->benchmark);
    return b && b->flops_headline;
}

static double metric(const pb_row *r) { return flops_first(r) ? r->gflops : r->gbs; }
static const char *unit(const pb_row *r) { return flops_first(r) ? "GFLOP/s" : "GB/s"; }
static const char *metric_name(const pb_row *r) { return flops_first(r) ? "FLOP rate" : "bandwidth"; }


static int plotted(const pb_row *r) { return is(r, "PASS") && metric(r) > 0 && isfinite(metric(r)); }

/* Rates in tables: one decimal as elsewhere, but launch-bound values below 1 keep two
 * significant digits instead of printing as 0.0. */
static const char *fmt_rate(double v, char *buf, size_t cap)
{
    return pb_fmt_num(v, fabs(v) < 1 && v != 0 ? "%.2g" : "%.1f", PB_FMT_MD, buf, cap);
}

/* ---- params: "name=value;name=value" ---- */

enum { MAX_KEYS = 8 };

static int is_key(const char *item, size_t len, const char *key)
{
    size_t k = strlen(key);
    return len > k && item[k] == '=' && strncmp(item, key, k) == 0;
}

/* The value of key in params, "" when absent. */
static void param_get(const char *params, const char *key, char *out, size_t cap)
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

/* ---- ordering: sizes, parameter values, variants in the benchmark's order, backends ---- */

/* Known benchmarks list their variants in teaching order; lib and baseline go last. */
static int variant_rank(const pb_row *r)
{
    const pb_bench *b = pb_bench_find(r->benchmark);
    for (int v = 0; b && b->variants[v]; ++v)
        if (strcmp(b->variants[v], r->variant) == 0)
            return v;
    return strcmp(r->variant, "lib") == 0 ? 1000 : strcmp(r->variant, "baseline") == 0 ? 1001 : 500;
}

static int variant_cmp(const pb_row *a, const pb_row *b)
{
    int d = variant_rank(a) - variant_rank(b);
    return d ? d : pb_natural_cmp(a->variant, b->variant);
}

static int backend_rank(const char *b)
{
    static const char *const order[] = {"cuda", "omp", "cublas", "cub", "cpu"};
    for (int i = 0; i < 5; ++i)
        if (strcmp(order[i], b) == 0)
            return i;
    return 5;
}

static int group_cmp(const pb_row *a, const pb_row *b)
{
    int d = backend_rank(a->backend) - backend_rank(b->backend);
    if (d)
        return d;
    d = strcmp(a->backend, b->backend);
    return d ? d : strcmp(a->compiler, b->compiler);
}

static int same_group(const pb_row *a, const pb_row *b) { return group_cmp(a, b) == 0; }

/* One line of a plot: a kernel of one backend/compiler at one parameter set. */
static int same_series(const pb_row *a, const pb_row *b)
{
    return same_group(a, b) && !strcmp(a->variant, b->variant) && !strcmp(a->params, b->params);
}

/* Within a family only the swept parameter differs, and natural order compares its
 * value as a number (stride 2 before stride 16). */
static int row_cmp(const void *x, const void *y)
{
    const pb_row *a = *(const pb_row *const *)x, *b = *(const pb_row *const *)y;
    if (a->size != b->size)
        return a->size < b->size ? -1 : 1;
    int d = pb_natural_cmp(a->params, b->params);
    d = d ? d : variant_cmp(a, b);
    return d ? d : group_cmp(a, b);
}

static int series_cmp(const void *x, const void *y)
{
    const pb_row *a = *(const pb_row *const *)x, *b = *(const pb_row *const *)y;
    int d = group_cmp(a, b);
    d = d ? d : variant_cmp(a, b);
    return d ? d : pb_natural_cmp(a->params, b->params);
}

/* ---- families ---- */

static int same_base(const pb_row *a, const pb_row *b)
{
    return !strcmp(a->benchmark, b->benchmark) && !strcmp(a->dtype, b->dtype) && !strcmp(a->params, b->params);
}

static void free_families(family *f, size_t n)
{
    for (size_t k = 0; f && k < n; ++k)
        free(f[k].rows);
    free(f);
}

/* One family per (benchmark, dtype, params), in the order rows first show them. */
static family *base_families(const pb_rowset *s, size_t *nf)
{
    family *f = calloc(s->n + 1, sizeof *f);
    *nf = 0;
    for (size_t i = 0; f && i < s->n; ++i) {
        size_t k = 0;
        while (k < *nf && !same_base(f[k].rows[0], &s->rows[i]))
            ++k;
        if (k == *nf) {
            f[k].rows = calloc(s->n, sizeof *f[k].rows);
            if (!f[k].rows) {
                free_families(f, *nf);
                return NULL;
            }
            const pb_row *h = &s->rows[i];
            snprintf(f[k].title, sizeof f[k].title, "%s %s%s%s", h->benchmark, h->dtype, h->params[0] ? " " : "",
                     h->params);
            ++*nf;
        }
        f[k].rows[f[k].n++] = &s->rows[i];
    }
    return f;
}

/* A sweep reads as lines only when each backend runs one kernel; with several variants
 * (reduce's block sizes) the per-variant tables are the story. */
static int one_kernel(const family *base, const size_t *sib, size_t m)
{
    const char *v = NULL;
    for (size_t i = 0; i < m; ++i)
        for (size_t j = 0; j < base[sib[i]].n; ++j) {
            const pb_row *r = base[sib[i]].rows[j];
            if (is_reference(r))
                continue;
            if (v && strcmp(v, r->variant) != 0)
                return 0;
            v = r->variant;
        }
    return 1;
}

static void sib_value(const family *base, size_t k, const char *key, char *out)
{
    param_get(base[k].rows[0]->params, key, out, 32);
}

/* The most common value of key among the siblings (the smallest on ties): the value
 * the other sweeps hold it at, e.g. stride_write=1 while stride_read varies. */
static void mode_value(const family *base, const size_t *sib, size_t m, const char *key, char *out)
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

static int push_copy(family *out, size_t *nout, const family *from, size_t n, const char *sweep, const char *title,
                     const char *name)
{
    size_t total = 0;
    for (size_t i = 0; i < n; ++i)
        total += from[i].n;
    family *f = &out[*nout];
    f->rows = calloc(total + 1, sizeof *f->rows);
    if (!f->rows)
        return -1;
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < from[i].n; ++j)
            f->rows[f->n++] = from[i].rows[j];
    snprintf(f->sweep, sizeof f->sweep, "%s", sweep);
    snprintf(f->title, sizeof f->title, "%s", title);
    snprintf(f->name, sizeof f->name, "%s", name);
    qsort(f->rows, f->n, sizeof *f->rows, row_cmp);
    ++*nout;
    return 0;
}

/* The families of base[sib[0..m)], one benchmark and dtype: per varying parameter a
 * sweep over the sets that hold every other varying parameter at its common value
 * (stream-strided: the stride_read sweep and the stride_write sweep, both with the
 * stride 1 rows); sets in no sweep stay families of their own. */
static int add_sweeps(const family *base, const size_t *sib, size_t m, family *out, size_t *nout)
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
    family *members = calloc(m, sizeof *members);
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
        char fixed[96], title[192], name[192];
        param_drop(h->params, keys[k], fixed, sizeof fixed);
        snprintf(title, sizeof title, "%s %s: %s sweep%s%s%s", h->benchmark, h->dtype, keys[k], fixed[0] ? " (" : "",
                 fixed, fixed[0] ? ")" : "");
        snprintf(name, sizeof name, "%s %s%s%s", h->benchmark, h->dtype, fixed[0] ? " " : "", fixed);
        rc = push_copy(out, nout, members, nm, keys[k], title, name);
    }
    for (size_t i = 0; i < m && rc == 0; ++i)
        if (!taken[i])
            rc = push_copy(out, nout, &base[sib[i]], 1, "", base[sib[i]].title, base[sib[i]].title);
    free(taken);
    free(members);
    return rc;
}

static family *make_families(const pb_rowset *s, size_t *nf)
{
    size_t nb;
    family *base = base_families(s, &nb);
    family *out = base ? calloc(nb * (MAX_KEYS + 1) + 1, sizeof *out) : NULL;
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
                !strcmp(base[j].rows[0]->dtype, base[k].rows[0]->dtype))
                sib[m++] = j;
        if (m < 2 || !one_kernel(base, sib, m))
            m = 1; /* this parameter set alone; its siblings come in their turn */
        for (size_t i = 0; i < m; ++i)
            done[sib[i]] = 1;
        rc = m > 1 ? add_sweeps(base, sib, m, out, nf) : push_copy(out, nf, &base[k], 1, "", base[k].title, base[k].title);
    }
    free_families(base, nb);
    free(sib);
    free(done);
    if (rc != 0) {
        free_families(out, *nf);
        return NULL;
    }
    return out;
}

/* ---- sizes ---- */

static const char *size_name(const pb_row *r)
{
    const pb_bench *b = pb_bench_find(r->benchmark);
    return b && b->size_option ? b->size_option + 2 : "size";
}

/* The size of the headline table and the bars: the one with the most measured rows,
 * the largest on ties, so that a lone probe at a larger size (reduce atomic at 2^28)
 * does not hide the run that measured every variant. NaN when nothing passed. */
static double headline_size(const family *f)
{
    double best = NAN;
    size_t bestn = 0;
    for (size_t i = 0, j; i < f->n; i = j) {
        size_t c = 0, ok = 0;
        for (j = i; j < f->n && f->rows[j]->size == f->rows[i]->size; ++j) {
            c += !is(f->rows[j], "SKIP");
            ok += plotted(f->rows[j]);
        }
        if (ok && c >= bestn)
            best = f->rows[i]->size, bestn = c;
    }
    return best;
}

/* Distinct sizes of measured rows, ascending (rows are sorted by size). */
static size_t family_sizes(const family *f, double *out)
{
    size_t n = 0;
    for (size_t i = 0; i < f->n; ++i)
        if (!is(f->rows[i], "SKIP") && (n == 0 || out[n - 1] != f->rows[i]->size))
            out[n++] = f->rows[i]->size;
    return n;
}

static int is_pow4(double v)
{
    int e;
    return v >= 1 && frexp(v, &e) == 0.5 && (e - 1) % 2 == 0;
}

/* Sizes of the by-size table: all when few; on a long sweep the powers of 4 plus the
 * largest, at most about ten rows (the plot has every point); sweeps that are not
 * powers of two get eight sizes evenly spread. */
static size_t pick_sizes(const double *all, size_t n, double *out)
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

/* Large sizes as the command line writes sweeps (4Mi, 1Gi); smaller ones as numbers. */
static const char *size_label(double v, char *buf, size_t cap)
{
    if (v >= 0x1p30 && fmod(v, 0x1p30) == 0)
        snprintf(buf, cap, "%.0fGi", v / 0x1p30);
    else if (v >= 0x1p20 && fmod(v, 0x1p20) == 0)
        snprintf(buf, cap, "%.0fMi", v / 0x1p20);
    else
        snprintf(buf, cap, "%.0f", v);
    return buf;
}

/* A file name from a title: other characters become one '_' ("omp(clang)" -> "omp_clang"). */
static void file_stem(const char *in, char *out, size_t cap)
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

/* ---- gnuplot ---- */

static int find_gnuplot(char *path, size_t cap)
{
    const char *env = getenv("PORTBENCH_GNUPLOT");
    if (env && *env) {
        pb_strlcpy(path, env, cap);
        return access(path, X_OK) == 0 ? 0 : -1;
    }
    const char *p = getenv("PATH");
    for (p = p ? p : "/usr/bin:/bin"; *p;) {
        size_t len = strcspn(p, ":");
        snprintf(path, cap, "%.*s/gnuplot", (int)len, p);
        if (len && access(path, X_OK) == 0)
            return 0;
        p += len + (p[len] == ':');
    }
    return -1;
}

/* A gnuplot single-quoted string: '' stands for one quote. */
static void gp_str(FILE *g, const char *s)
{
    fputc('\'', g);
    for (; *s; ++s) {
        if (*s == '\'')
            fputc('\'', g);
        fputc(*s, g);
    }
    fputc('\'', g);
}

static const char *const palette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
                                      "#e377c2", "#17becf", "#bcbd22", "#7f7f7f", "#000080", "#808000"};
enum { NPALETTE = sizeof palette / sizeof *palette };

/* The script's header: terminal of w x h pixels and the output file. */
static FILE *gp_open(report *rep, const char *stem, int w, int h)
{
    char p[PATH_MAX + 64];
    snprintf(p, sizeof p, "%s/%s.gp", rep->dir, stem);
    FILE *g = fopen(p, "w");
    if (!g) {
        snprintf(rep->err, sizeof rep->err, "cannot write %s: %s", p, strerror(errno));
        return NULL;
    }
    fprintf(g, "# %s: made by portbench report; run 'gnuplot %s.gp' in this directory to redraw\n", stem, stem);
    if (strcmp(rep->ext, "png") == 0)
        fprintf(g, "set terminal pngcairo size %d,%d noenhanced font 'Sans,10'\n", w, h);
    else
        fprintf(g, "set terminal svg size %d,%d dynamic noenhanced font 'Helvetica,13' background '#ffffff'\n", w, h);
    fprintf(g, "set output '%s.%s'\nset grid xtics ytics lt 1 lw 1 lc rgb '#e4e4e4'\nset yrange [0:*]\n", stem, rep->ext);
    return g;
}

/* Title and x label; put_y_axis writes the y label, which names the axis' scale. */
static void gp_labels(FILE *g, const char *title, const char *xlabel)
{
    fprintf(g, "set title ");
    gp_str(g, title);
    fprintf(g, "\nset xlabel ");
    gp_str(g, xlabel);
    fputc('\n', g);
}

/* Close the script, run gnuplot on it in the report directory, check the image. */
static int gp_run(report *rep, FILE *g, const char *stem)
{
    if (fclose(g) != 0) {
        snprintf(rep->err, sizeof rep->err, "cannot write %s/%s.gp", rep->dir, stem);
        return -1;
    }
    char script[PATH_MAX], image[PATH_MAX + 64];
    snprintf(script, sizeof script, "%s.gp", stem);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(rep->err, sizeof rep->err, "cannot start gnuplot: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (chdir(rep->dir) != 0 || null < 0 || dup2(null, STDOUT_FILENO) < 0)
            _exit(126);
        execl(rep->gnuplot, "gnuplot", script, (char *)NULL);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            snprintf(rep->err, sizeof rep->err, "waiting for gnuplot: %s", strerror(errno));
            return -1;
        }
    snprintf(image, sizeof image, "%s/%s.%s", rep->dir, stem, rep->ext);
    struct stat sb;
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || stat(image, &sb) != 0 || sb.st_size == 0) {
        snprintf(rep->err, sizeof rep->err, "gnuplot failed on %s/%s (%s %d)", rep->dir, script,
                 WIFEXITED(st) ? "exit status" : "signal", WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
        return -1;
    }
    ++rep->nplots;
    return 0;
}

/* Tics at powers of two, labelled as the command line spells sizes (512, 16Ki, 1Mi),
 * thinned out so that at most about max_tics labels fit. */
static void put_size_tics(FILE *g, double lo, double hi, int max_tics)
{
    int k0 = (int)floor(log2(lo)), k1 = (int)ceil(log2(hi));
    int step = 1;
    while ((k1 - k0) / step + 1 > max_tics)
        step *= 2;
    static const char *const unit_name[] = {"", "Ki", "Mi", "Gi", "Ti"};
    fprintf(g, "set xtics (");
    for (int k = k0; k <= k1; k += step) {
        int u = k < 10 ? 0 : k / 10 > 4 ? 4 : k / 10;
        fprintf(g, "%s'%.0f%s' %.17g", k == k0 ? "" : ", ", ldexp(1.0, k - 10 * u), unit_name[u], ldexp(1.0, k));
    }
    fprintf(g, ")\n");
}

/* y axis of values in [lo, hi]: linear from 0, or logarithmic with 1-2-5 tics when the
 * values span more than 30x (panels that share one axis across CUDA, OpenMP and the
 * CPU, or rates that fall as 1/stride), so that the slow lines do not sit on zero. */
static void put_y_axis(FILE *g, const pb_row *h, double lo, double hi, int may_log)
{
    int logy = may_log && lo > 0 && hi / lo > 30;
    fprintf(g, "set ylabel '%s [%s]%s'\n", metric_name(h), unit(h), logy ? " (log scale)" : "");
    if (!logy) {
        fprintf(g, "set yrange [0:%.6g]\n", hi * 1.08);
        return;
    }
    int many = log10(hi / lo) > 3.5;
    /* room above the top line for the ceiling labels */
    double bot = lo / 1.5, top = hi * 2.2;
    fprintf(g, "set logscale y 10\nset yrange [%.6g:%.6g]\nset ytics (", bot, top);
    int first = 1;
    for (int e = (int)floor(log10(bot)); e <= (int)ceil(log10(top)); ++e)
        for (int m = 1; m <= 5; m += m == 1 ? 1 : 3) {
            double v = m * pow(10, e);
            if ((many && m != 1) || v < bot || v > top)
                continue;
            fprintf(g, "%s'%g' %g", first ? "" : ", ", v, v);
            first = 0;
        }
    fprintf(g, ")\n");
}

/* The datasheet peak and the measured ceiling of the family's headline rate, as the
 * rows' percentages imply them (rate / (% / 100)); NaN when no row has them or when
 * rows disagree (a family that mixes GPUs). */
static void family_ceilings(const family *f, double *peak, double *meas, const char **gpu)
{
    int bad_peak = 0, bad_meas = 0;
    *peak = *meas = NAN;
    *gpu = "";
    for (size_t i = 0; i < f->n; ++i) {
        const pb_row *r = f->rows[i];
        double pp = flops_first(r) ? r->pct_peak_flops : r->pct_peak_bw;
        double pm = flops_first(r) ? r->pct_measured_flops : r->pct_measured_bw;
        double vp = metric(r) * 100 / pp, vm = metric(r) * 100 / pm;
        if (!plotted(r))
            continue;
        if (pp > 0 && isfinite(vp)) {
            bad_peak |= !isnan(*peak) && fabs(vp / *peak - 1) > 0.01;
            *peak = vp;
            *gpu = r->gpu_profile;
        }
        if (pm > 0 && isfinite(vm)) {
            bad_meas |= !isnan(*meas) && fabs(vm / *meas - 1) > 0.01;
            *meas = vm;
        }
    }
    if (bad_peak)
        *peak = NAN;
    if (bad_meas)
        *meas = NAN;
}

/* Dashed lines at the datasheet peak and the measured ceiling, so that a curve reads
 * as a fraction of what the GPU can do. Returns the higher one (NaN when none) for the
 * y range. Both labels sit above the higher line, where curves rarely go, the peak's
 * on the left and the ceiling's on the right: the two lines are often too close for
 * a label between them. Short texts (the unit is on the axis) fit a narrow panel. */
static double put_ceilings(FILE *g, const family *f)
{
    double peak, meas;
    const char *gpu;
    family_ceilings(f, &peak, &meas, &gpu);
    double top = fmax(peak, meas);
    if (peak > 0)
        fprintf(g, "set arrow from graph 0, first %.6g to graph 1, first %.6g nohead dt 2 lw 1.5 lc rgb '#505050' front\n"
                   "set label '%s peak %.0f (dashed)' at graph 0.01, first %.6g left offset 0,0.7 "
                   "textcolor rgb '#505050' front\n", peak, peak, gpu, peak, top);
    if (meas > 0)
        fprintf(g, "set arrow from graph 0, first %.6g to graph 1, first %.6g nohead dt 3 lw 1.5 lc rgb '#a05000' front\n"
                   "set label 'measured ceiling %.0f (dotted)' at graph 0.99, first %.6g right offset 0,0.7 "
                   "textcolor rgb '#a05000' front\n", meas, meas, meas, top);
    return top;
}

static void plotted_range(const family *f, double *lo, double *hi, double *ylo, double *yhi)
{
    *lo = *ylo = INFINITY;
    *hi = *yhi = 0;
    for (size_t i = 0; i < f->n; ++i)
        if (plotted(f->rows[i])) {
            *lo = fmin(*lo, f->rows[i]->size), *hi = fmax(*hi, f->rows[i]->size);
            *ylo = fmin(*ylo, metric(f->rows[i])), *yhi = fmax(*yhi, metric(f->rows[i]));
        }
}

/* ---- plots over size, one line per kernel and backend ---- */

/* Distinct (variant, backend, compiler, params) series with a plotted point, or with
 * any measured row when with_fail. */
static size_t family_series(const family *f, const pb_row **out, int with_fail)
{
    size_t n = 0;
    for (size_t i = 0; i < f->n; ++i) {
        if (!(plotted(f->rows[i]) || (with_fail && is(f->rows[i], "FAIL"))))
            continue;
        size_t k = 0;
        while (k < n && !same_series(out[k], f->rows[i]))
            ++k;
        if (k == n)
            out[n++] = f->rows[i];
    }
    qsort(out, n, sizeof *out, series_cmp);
    return n;
}

static size_t kernels(const pb_row **series, size_t ns)
{
    size_t n = 0;
    for (size_t s = 0; s < ns; ++s) {
        int seen = 0;
        for (size_t t = 0; t < s && !seen; ++t)
            seen = !is_reference(series[t]) && !strcmp(series[t]->variant, series[s]->variant);
        n += !is_reference(series[s]) && !seen;
    }
    return n;
}

/* A series' name in a legend or table: the backend alone when each backend runs one
 * kernel (stream: cuda, omp(clang), cpu), else the kernel first. */
static void series_label(const pb_row *r, int one, char *buf, size_t cap)
{
    char name[64];
    pb_series_name(r, name, sizeof name);
    if (one)
        snprintf(buf, cap, "%s", name);
    else
        snprintf(buf, cap, "%s %s", r->variant, name);
}

/* One line plot of the headline rate over size; group = NULL for all series, else that
 * backend's series plus the library and CPU baselines as dashed references. */
static int plot_lines(report *rep, const family *f, const pb_row **series, size_t ns, const pb_row *group,
                      const char *stem)
{
    const pb_row *h = f->rows[0];
    char title[512], name[96], xlabel[96];
    if (group)
        pb_series_name(group, name, sizeof name);
    snprintf(title, sizeof title, "%s: %s over problem size%s%s", f->title, metric_name(h), group ? ", " : "",
             group ? name : "");
    double lo, hi, ylo, yhi;
    plotted_range(f, &lo, &hi, &ylo, &yhi);
    snprintf(xlabel, sizeof xlabel, "problem size %s (log scale)", size_name(h));
    FILE *g = gp_open(rep, stem, 1000, 560);
    if (!g)
        return -1;
    gp_labels(g, title, xlabel);
    fprintf(g, "set key outside right top vertical noreverse Left\nset logscale x 2\nset xrange [%g:%g]\n", lo / 1.2,
            hi * 1.2);
    put_size_tics(g, lo, hi, 14);
    /* a backend far below its references (omp(gcc) under cuBLAS) gets a log axis,
     * else its lines lie flat on zero */
    double own = 0, top = fmax(yhi, put_ceilings(g, f));
    for (size_t i = 0; group && i < f->n; ++i)
        if (plotted(f->rows[i]) && same_group(f->rows[i], group))
            own = fmax(own, metric(f->rows[i]));
    put_y_axis(g, h, ylo, top, group && own < top / 5);
    int k = 0, nref = 0, one = kernels(series, ns) <= 1;
    for (size_t s = 0; s < ns; ++s) {
        if (group && !same_group(series[s], group) && !is_reference(series[s]))
            continue;
        fprintf(g, "$s%zu << EOD\n", s);
        for (size_t i = 0; i < f->n; ++i)
            if (plotted(f->rows[i]) && same_series(f->rows[i], series[s]))
                fprintf(g, "%.17g %.6g\n", f->rows[i]->size, metric(f->rows[i]));
        fprintf(g, "EOD\n");
    }
    fprintf(g, "plot ");
    for (size_t s = 0; s < ns; ++s) {
        const pb_row *r = series[s];
        if (group && !same_group(r, group) && !is_reference(r))
            continue;
        int ref = group && !same_group(r, group);
        char label[128];
        if (group && !ref)
            snprintf(label, sizeof label, "%s", r->variant);
        else
            series_label(r, one, label, sizeof label);
        /* references: grey, each with its own dash pattern and point */
        fprintf(g, "%s$s%zu using 1:2 with linespoints lw 2 pt %d ps 0.8 lc rgb '%s' dt %d title ", k ? ", \\\n     " : "",
                s, ref ? 4 + 2 * (nref % 3) : 1 + k % 13, ref ? "#404040" : palette[k % NPALETTE],
                ref ? 2 + nref % 3 : 1 + k / NPALETTE);
        nref += ref;
        gp_str(g, label);
        ++k;
    }
    fputc('\n', g);
    return gp_run(rep, g, stem);
}

/* A plot over size says something when most series were measured at several sizes;
 * reduce's lone large-size atomic probe is not a curve. */
static int spans_sizes(const family *f, const pb_row **series, size_t ns)
{
    size_t multi = 0;
    for (size_t s = 0; s < ns; ++s) {
        size_t pts = 0;
        for (size_t i = 0; i < f->n; ++i)
            pts += plotted(f->rows[i]) && same_series(f->rows[i], series[s]);
        multi += pts >= 2;
    }
    return ns > 0 && 2 * multi >= ns;
}

/* spans_sizes over the family's series: a by-size table has something to show. */
static int spans_family(const family *f)
{
    const pb_row **series = calloc(f->n + 1, sizeof *series);
    int rc = series && spans_sizes(f, series, family_series(f, series, 0));
    free(series);
    return rc;
}

static int write_size_plots(report *rep, const family *f, const char *stem)
{
    const pb_row **series = calloc(f->n + 1, sizeof *series);
    if (!series)
        return -1;
    size_t ns = family_series(f, series, 0);
    int rc = 0;
    char img[320];
    if (!spans_sizes(f, series, ns)) {
        /* nothing to draw over size */
    } else if (ns <= NPALETTE) {
        snprintf(img, sizeof img, "%s_size", stem);
        rc = plot_lines(rep, f, series, ns, NULL, img);
        if (rc == 0)
            fprintf(rep->md, "![%s: %s over size](%s.%s)\n\n", f->title, metric_name(f->rows[0]), img, rep->ext);
    } else { /* too many lines for one chart: one per backend, as the course draws them */
        for (size_t s = 0; s < ns && rc == 0; ++s) {
            if (is_reference(series[s]) || (s && same_group(series[s - 1], series[s])))
                continue;
            char name[64], gstem[64];
            pb_series_name(series[s], name, sizeof name);
            file_stem(name, gstem, sizeof gstem);
            snprintf(img, sizeof img, "%s_size_%s", stem, gstem);
            rc = plot_lines(rep, f, series, ns, series[s], img);
            if (rc == 0)
                fprintf(rep->md, "![%s, %s: %s over size](%s.%s)\n\n", f->title, name, metric_name(f->rows[0]), img,
                        rep->ext);
        }
    }
    free(series);
    return rc;
}

/* ---- sweeps: one line per parameter value ---- */

static int params_cmp(const void *x, const void *y)
{
    return pb_natural_cmp((*(const pb_row *const *)x)->params, (*(const pb_row *const *)y)->params);
}

/* Distinct backend groups (grp) and parameter sets (val, by params), each in report
 * order: of the plotted rows when size is NaN, else of the measured rows at size. */
static void sweep_axes(const family *f, double size, const pb_row **grp, size_t *ng, const pb_row **val, size_t *nv)
{
    *ng = *nv = 0;
    for (size_t i = 0; i < f->n; ++i) {
        const pb_row *r = f->rows[i];
        if (isnan(size) ? !plotted(r) : r->size != size || is(r, "SKIP"))
            continue;
        size_t k = 0;
        while (k < *ng && !same_group(grp[k], r))
            ++k;
        if (k == *ng)
            grp[(*ng)++] = r;
        for (k = 0; k < *nv && strcmp(val[k]->params, r->params) != 0;)
            ++k;
        if (k == *nv)
            val[(*nv)++] = r;
    }
    qsort(grp, *ng, sizeof *grp, series_cmp);
    qsort(val, *nv, sizeof *val, params_cmp);
}

static void put_points(FILE *g, const family *f, const pb_row *grp, const pb_row *val, double size, const char *name)
{
    fprintf(g, "%s << EOD\n", name);
    for (size_t i = 0; i < f->n; ++i) {
        const pb_row *r = f->rows[i];
        if (!plotted(r) || !same_group(r, grp) || strcmp(r->params, val->params) != 0)
            continue;
        if (isnan(size))
            fprintf(g, "%.17g %.6g\n", r->size, metric(r));
        else if (r->size == size) {
            char v[32];
            param_get(r->params, f->sweep, v, sizeof v);
            fprintf(g, "%s %.6g\n", v, metric(r));
        }
    }
    fprintf(g, "EOD\n");
}

static int has_points(const family *f, const pb_row *grp, const pb_row *val)
{
    for (size_t i = 0; i < f->n; ++i)
        if (plotted(f->rows[i]) && same_group(f->rows[i], grp) && !strcmp(f->rows[i]->params, val->params))
            return 1;
    return 0;
}

/* Over size: one panel per backend/compiler (CUDA first, as the course puts CUDA left
 * and OpenMP right), one line per parameter value in the same colour on every panel,
 * one y axis shared by all panels so that they compare at a glance. */
static int plot_sweep_sizes(report *rep, const family *f, const pb_row **grp, size_t ng, const pb_row **val,
                            size_t nv, const char *stem)
{
    const pb_row *h = f->rows[0];
    int cols = ng <= 3 ? (int)ng : (int)(ng + 1) / 2, rows = ng <= 3 ? 1 : 2;
    FILE *g = gp_open(rep, stem, cols == 1 ? 1000 : 560 * cols, rows == 1 ? 600 : 1000);
    if (!g)
        return -1;
    double lo, hi, ylo, yhi;
    plotted_range(f, &lo, &hi, &ylo, &yhi);
    char title[320], xlabel[96];
    snprintf(title, sizeof title, "%s: %s over problem size, one line per %s", f->name, metric_name(h), f->sweep);
    snprintf(xlabel, sizeof xlabel, "problem size %s (log scale)", size_name(h));
    for (size_t k = 0; k < ng; ++k)
        for (size_t v = 0; v < nv; ++v) {
            char name[48];
            snprintf(name, sizeof name, "$d%zu_%zu", k, v);
            put_points(g, f, grp[k], val[v], NAN, name);
        }
    fprintf(g, "set multiplot layout %d,%d title ", rows, cols);
    gp_str(g, title);
    fprintf(g, " font ',12'\nset logscale x 2\nset xrange [%g:%g]\n", lo / 1.2, hi * 1.2);
    put_size_tics(g, lo, hi, cols == 1 ? 14 : 7);
    put_y_axis(g, h, ylo, fmax(yhi, put_ceilings(g, f)), 1);
    fprintf(g, "set xlabel ");
    gp_str(g, xlabel);
    /* rates rise with size: the bottom right corner is the empty one */
    fprintf(g, "\nset key bottom right Left reverse box opaque samplen 2 title ");
    gp_str(g, f->sweep);
    fputc('\n', g);
    for (size_t k = 0; k < ng; ++k) {
        char name[64];
        pb_series_name(grp[k], name, sizeof name);
        if (!strcmp(grp[k]->backend, "cpu"))
            fprintf(g, "unset arrow\nunset label\n"); /* the GPU's ceilings say nothing of the host */
        fprintf(g, "set title ");
        gp_str(g, name);
        fprintf(g, "\nplot ");
        int first = 1;
        for (size_t v = 0; v < nv; ++v) {
            if (!has_points(f, grp[k], val[v]))
                continue;
            char value[32];
            param_get(val[v]->params, f->sweep, value, sizeof value);
            fprintf(g, "%s$d%zu_%zu using 1:2 with linespoints lw 2 pt %zu ps 0.7 lc rgb '%s' title ",
                    first ? "" : ", \\\n     ", k, v, 5 + 2 * (v % 4), palette[v % NPALETTE]);
            gp_str(g, value);
            first = 0;
        }
        fputc('\n', g);
    }
    fprintf(g, "unset multiplot\n");
    return gp_run(rep, g, stem);
}

/* At one size: the rate over the parameter value, one line per backend/compiler. */
static int plot_sweep_values(report *rep, const family *f, const pb_row **grp, size_t ng, const pb_row **val,
                             size_t nv, double size, const char *stem)
{
    const pb_row *h = f->rows[0];
    FILE *g = gp_open(rep, stem, 1000, 560);
    if (!g)
        return -1;
    char title[320], v0[32], v1[32];
    snprintf(title, sizeof title, "%s, %s = %.0f: %s over %s", f->name, size_name(h), size, metric_name(h), f->sweep);
    double lo, hi, ylo, yhi;
    plotted_range(f, &lo, &hi, &ylo, &yhi);
    param_get(val[0]->params, f->sweep, v0, sizeof v0);
    param_get(val[nv - 1]->params, f->sweep, v1, sizeof v1);
    double a = strtod(v0, NULL), b = strtod(v1, NULL);
    /* strides and chain lengths grow geometrically: log x when they do */
    int logx = a > 0 && b / a >= 4;
    char xlabel[64];
    snprintf(xlabel, sizeof xlabel, "%s%s", f->sweep, logx ? " (log scale)" : "");
    gp_labels(g, title, xlabel);
    if (logx)
        fprintf(g, "set logscale x 2\nset xrange [%g:%g]\n", a / 1.3, b * 1.3);
    fprintf(g, "set key outside right top vertical noreverse Left\nset xtics (");
    for (size_t v = 0; v < nv; ++v) {
        char value[32];
        param_get(val[v]->params, f->sweep, value, sizeof value);
        fprintf(g, "%s'%s' %s", v ? ", " : "", value, value);
    }
    fprintf(g, ")\n");
    put_y_axis(g, h, ylo, fmax(yhi, put_ceilings(g, f)), 1);
    for (size_t k = 0; k < ng; ++k) {
        char name[32];
        snprintf(name, sizeof name, "$g%zu", k);
        fprintf(g, "%s << EOD\n", name);
        for (size_t v = 0; v < nv; ++v)
            for (size_t i = 0; i < f->n; ++i) {
                const pb_row *r = f->rows[i];
                char value[32];
                param_get(r->params, f->sweep, value, sizeof value);
                if (plotted(r) && r->size == size && same_group(r, grp[k]) && !strcmp(r->params, val[v]->params))
                    fprintf(g, "%s %.6g\n", value, metric(r));
            }
        fprintf(g, "EOD\n");
    }
    fprintf(g, "plot ");
    for (size_t k = 0; k < ng; ++k) {
        char name[64];
        pb_series_name(grp[k], name, sizeof name);
        fprintf(g, "%s$g%zu using 1:2 with linespoints lw 2 pt %zu ps 0.9 lc rgb '%s' title ", k ? ", \\\n     " : "",
                k, 1 + k % 13, palette[k % NPALETTE]);
        gp_str(g, name);
    }
    fputc('\n', g);
    return gp_run(rep, g, stem);
}

/* Parameter values become x coordinates: only numbers can (portbench's are integers;
 * a CSV from elsewhere may hold names). */
static int numeric_values(const family *f, const pb_row **val, size_t nv)
{
    for (size_t v = 0; v < nv; ++v) {
        char x[32], *end;
        param_get(val[v]->params, f->sweep, x, sizeof x);
        if (!x[0] || (strtod(x, &end), *end != '\0'))
            return 0;
    }
    return 1;
}

static int write_sweep_plot(report *rep, const family *f, const char *stem, double size)
{
    const pb_row **grp = calloc(f->n + 1, sizeof *grp), **val = calloc(f->n + 1, sizeof *val);
    size_t ng = 0, nv = 0;
    int rc = grp && val ? 0 : -1;
    if (rc == 0)
        sweep_axes(f, NAN, grp, &ng, val, &nv);
    double *sizes = rc == 0 ? calloc(f->n + 1, sizeof *sizes) : NULL;
    size_t nsizes = sizes ? family_sizes(f, sizes) : 0;
    char img[256];
    if (!sizes) {
        rc = -1;
    } else if (ng && nv && nsizes > 1) {
        snprintf(img, sizeof img, "%s_size", stem);
        rc = plot_sweep_sizes(rep, f, grp, ng, val, nv, img);
        if (rc == 0)
            fprintf(rep->md, "![%s: %s over size per %s and backend](%s.%s)\n\n", f->title, metric_name(f->rows[0]),
                    f->sweep, img, rep->ext);
    } else if (ng && nv > 1 && numeric_values(f, val, nv)) {
        snprintf(img, sizeof img, "%s_values", stem);
        rc = plot_sweep_values(rep, f, grp, ng, val, nv, size, img);
        if (rc == 0)
            fprintf(rep->md, "![%s: %s over %s per backend](%s.%s)\n\n", f->title, metric_name(f->rows[0]), f->sweep,
                    img, rep->ext);
    }
    free(sizes);
    free(grp);
    free(val);
    return rc;
}

/* ---- bars: the variants at one size ---- */

/* A failed row leaves a gap in the bars: say why, in the gap. In a clustered
 * histogram (gap 1) bar k of cluster v is centred at v + (k - (ng-1)/2) / (ng+1). */
static void put_fail_labels(FILE *g, const family *f, double size, const pb_row **var, size_t nv,
                            const pb_row **grp, size_t ng)
{
    for (size_t v = 0; v < nv; ++v)
        for (size_t k = 0; k < ng; ++k)
            for (size_t i = 0; i < f->n; ++i) {
                const pb_row *r = f->rows[i];
                if (r->size == size && is(r, "FAIL") && same_group(r, grp[k]) && !strcmp(r->variant, var[v]->variant))
                    fprintf(g, "set label 'FAIL' at first %g, graph 0.02 left rotate by 90 textcolor rgb '#d62728'\n",
                            (double)v + ((double)k - (double)(ng - 1) / 2) / (double)(ng + 1));
            }
}

static void put_bar_data(FILE *g, const family *f, double size, const pb_row **var, size_t nv, const pb_row **grp,
                         size_t ng)
{
    fprintf(g, "$d << EOD\n");
    for (size_t v = 0; v < nv; ++v) {
        fprintf(g, "\"%s\"", var[v]->variant);
        for (size_t k = 0; k < ng; ++k) {
            const pb_row *cell = NULL;
            for (size_t i = 0; i < f->n && !cell; ++i)
                if (f->rows[i]->size == size && plotted(f->rows[i]) && same_group(f->rows[i], grp[k]) &&
                    !strcmp(f->rows[i]->variant, var[v]->variant))
                    cell = f->rows[i];
            fprintf(g, cell ? " %.6g" : " NaN", cell ? metric(cell) : 0.0);
        }
        fputc('\n', g);
    }
    fprintf(g, "EOD\n");
}

/* Grouped bars at the headline size: x = variant, one bar per backend/compiler; only
 * when there are several kernels to compare (one kernel is a point of the size plot). */
static int write_bar_plot(report *rep, const family *f, const char *stem, double size)
{
    const pb_row **var = calloc(f->n + 1, sizeof *var), **grp = calloc(f->n + 1, sizeof *grp);
    size_t nv = 0, ng = 0, nk = 0;
    for (size_t i = 0; var && grp && i < f->n; ++i) {
        const pb_row *r = f->rows[i];
        if (r->size != size || !(plotted(r) || is(r, "FAIL")))
            continue;
        size_t k = 0;
        while (k < nv && strcmp(var[k]->variant, r->variant) != 0)
            ++k;
        if (k == nv)
            var[nv++] = r, nk += !is_reference(r); /* rows are in variant order already */
        for (k = 0; k < ng && !same_group(grp[k], r); ++k)
            ;
        if (k == ng)
            grp[ng++] = r;
    }
    int rc = var && grp ? 0 : -1;
    if (nk > 1 && var && grp) {
        qsort(grp, ng, sizeof *grp, series_cmp);
        const pb_row *h = f->rows[0];
        char title[320], img[256];
        snprintf(title, sizeof title, "%s, %s = %.0f: %s per variant and backend", f->title, size_name(h), size,
                 metric_name(h));
        snprintf(img, sizeof img, "%s_bars", stem);
        FILE *g = gp_open(rep, img, 1000, 560);
        rc = g ? 0 : -1;
        if (g) {
            gp_labels(g, title, "variant");
            double lo, hi, ylo, yhi;
            plotted_range(f, &lo, &hi, &ylo, &yhi);
            put_y_axis(g, h, ylo, fmax(yhi, put_ceilings(g, f)), 0);
            fprintf(g, "set key outside right top vertical noreverse Left\nset grid noxtics\n"
                       "set style data histograms\nset style histogram clustered gap 1\n"
                       "set style fill solid 0.85 border -1\nset boxwidth 0.9\nset xtics nomirror%s\n",
                    nv > 12 ? " rotate by -45" : "");
            put_bar_data(g, f, size, var, nv, grp, ng);
            put_fail_labels(g, f, size, var, nv, grp, ng);
            fprintf(g, "plot ");
            for (size_t k = 0; k < ng; ++k) {
                char name[64];
                pb_series_name(grp[k], name, sizeof name);
                fprintf(g, "%s$d using %zu%s lc rgb '%s' title ", k ? ", " : "", k + 2, k ? "" : ":xtic(1)",
                        palette[k % NPALETTE]);
                gp_str(g, name);
            }
            fputc('\n', g);
            rc = gp_run(rep, g, img);
            if (rc == 0)
                fprintf(rep->md, "![%s](%s.%s)\n\n", title, img, rep->ext);
        }
    }
    free(var);
    free(grp);
    return rc;
}

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
static int write_rows_table(report *rep, const pb_row *const *rows, size_t n, int with_size, const char *sweep)
{
    int fl = flops_first(rows[0]);
    const char *head[] = {size_name(rows[0]), sweep ? sweep : "", "variant", "backend", "compiler", "time",
                          fl ? "GFLOP/s" : "GB/s", fl ? "GB/s" : "GFLOP/s", fl ? "% peak FLOP/s" : "% peak BW",
                          fl ? "% meas. FLOP/s" : "% meas. BW", "vs lib", "status", "note"};
    enum { NCOL = sizeof head / sizeof *head };
    pb_tab t;
    pb_tab_init(&t, NCOL);
    for (int c = 0; c < NCOL; ++c)
        pb_tab_put(&t, "%s", head[c]);
    for (size_t i = 0; i < n; ++i) {
        const pb_row *r = rows[i];
        if (is(r, "SKIP"))
            continue;
        int pass = is(r, "PASS");
        double other = fl ? r->gbs : r->gflops;
        char x[64], v[32];
        param_get(r->params, sweep ? sweep : "", v, sizeof v);
        pb_tab_put(&t, "%.0f", r->size);
        pb_tab_put(&t, "%s", v);
        pb_tab_put(&t, "%s", r->variant);
        pb_tab_put(&t, "%s", r->backend);
        pb_tab_put(&t, "%s", r->compiler);
        pb_tab_put(&t, "%s", pass ? pb_fmt_time(pb_row_time(r), PB_FMT_MD, x, sizeof x) : "");
        pb_tab_put(&t, "%s", pass ? fmt_rate(metric(r), x, sizeof x) : "");
        pb_tab_put(&t, "%s", pass && other > 0 ? fmt_rate(other, x, sizeof x) : "");
        put_pct(&t, pass ? (fl ? r->pct_peak_flops : r->pct_peak_bw) : NAN);
        put_pct(&t, pass ? (fl ? r->pct_measured_flops : r->pct_measured_bw) : NAN);
        pb_tab_put(&t, "%s", pass && !isnan(r->speedup_vs_lib) ? pb_fmt_num(r->speedup_vs_lib, "%.2fx", PB_FMT_MD, x, sizeof x) : "");
        if (pass)
            pb_tab_put(&t, "PASS%s", strcmp(r->offload, "host-fallback") == 0 ? " (host fallback, not a GPU result)" : "");
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
static const pb_row *cell_of(const family *f, const pb_row *s, double size)
{
    for (size_t i = 0; i < f->n; ++i)
        if (f->rows[i]->size == size && same_series(f->rows[i], s) && !is(f->rows[i], "SKIP"))
            return f->rows[i];
    return NULL;
}

static void put_cell(pb_tab *t, const pb_row *r)
{
    char x[32];
    pb_tab_put(t, "%s", !r ? "" : is(r, "FAIL") ? "**FAIL**" : fmt_rate(metric(r), x, sizeof x));
}

/* The headline rate by size: sizes as rows and series as columns when the series are
 * few (stream: cuda, omp(clang), omp(gcc), cpu), else series as rows (dMVM's variants). */
static int write_size_table(report *rep, const family *f, const double *sizes, size_t nsizes, size_t nall)
{
    const pb_row **series = calloc(f->n + 1, sizeof *series);
    if (!series)
        return -1;
    size_t ns = family_series(f, series, 1);
    int one = kernels(series, ns) <= 1, across = ns <= 6;
    const pb_row *h = f->rows[0];
    char x[128];
    fprintf(rep->md, "### %s by %s\n\n%s of every kernel and backend", unit(h), size_name(h), unit(h));
    if (nsizes < nall)
        fprintf(rep->md, " at %zu of the %zu sizes (the plot has all of them)", nsizes, nall);
    fprintf(rep->md, ":\n\n");
    pb_tab t;
    pb_tab_init(&t, across ? (int)ns + 1 : (int)nsizes + 2);
    if (across) {
        pb_tab_put(&t, "%s", size_name(h));
        for (size_t s = 0; s < ns; ++s) {
            series_label(series[s], one, x, sizeof x);
            pb_tab_put(&t, "%s", x);
        }
        for (size_t z = 0; z < nsizes; ++z) {
            pb_tab_put(&t, "%s", size_label(sizes[z], x, sizeof x));
            for (size_t s = 0; s < ns; ++s)
                put_cell(&t, cell_of(f, series[s], sizes[z]));
        }
    } else {
        pb_tab_put(&t, "variant");
        pb_tab_put(&t, "backend");
        for (size_t z = 0; z < nsizes; ++z)
            pb_tab_put(&t, "%s = %s", size_name(h), size_label(sizes[z], x, sizeof x));
        for (size_t s = 0; s < ns; ++s) {
            pb_tab_put(&t, "%s", series[s]->variant);
            pb_series_name(series[s], x, sizeof x);
            pb_tab_put(&t, "%s", x);
            for (size_t z = 0; z < nsizes; ++z)
                put_cell(&t, cell_of(f, series[s], sizes[z]));
        }
    }
    int rc = pb_tab_print(rep->md, &t, PB_FMT_MD);
    fputc('\n', rep->md);
    pb_tab_free(&t);
    free(series);
    return rc;
}

static int is_k_variant(const char *v)
{
    return v[0] == 'k' && v[1] && strspn(v + 1, "0123456789") == strlen(v + 1);
}

/* Reduction ladder: kernels k1..kN of one backend at one size, each against the
 * previous kernel (step) and against k1 (cumulative). Failed kernels break no chain:
 * their cells stay empty and the next kernel is compared with the last one that passed. */
static int write_speedup_table(report *rep, const family *f, const pb_row *group, double size)
{
    const pb_row **k = calloc(f->n + 1, sizeof *k);
    size_t nk = 0;
    for (size_t i = 0; k && i < f->n; ++i)
        if (f->rows[i]->size == size && same_group(f->rows[i], group) && !is(f->rows[i], "SKIP"))
            k[nk++] = f->rows[i];
    if (!k)
        return -1;
    const pb_row *k1 = NULL, *prev = NULL;
    for (size_t i = 0; i < nk; ++i)
        if (!strcmp(k[i]->variant, "k1") && is(k[i], "PASS"))
            k1 = k[i];
    char name[64];
    pb_series_name(group, name, sizeof name);
    fprintf(rep->md, "Speedup ladder, %s, %s = %.0f (step: over the previous kernel; cumulative: over k1):\n\n", name,
            size_name(group), size);
    pb_tab t;
    pb_tab_init(&t, 6);
    pb_tab_put(&t, "variant");
    pb_tab_put(&t, "time");
    pb_tab_put(&t, "%s", unit(group));
    pb_tab_put(&t, "step speedup");
    pb_tab_put(&t, "cumulative vs k1");
    pb_tab_put(&t, "status");
    for (size_t i = 0; i < nk; ++i) {
        const pb_row *r = k[i];
        int pass = is(r, "PASS") && pb_row_time(r) > 0, kv = is_k_variant(r->variant);
        char x[64];
        pb_tab_put(&t, "%s", r->variant);
        pb_tab_put(&t, "%s", pass ? pb_fmt_time(pb_row_time(r), PB_FMT_MD, x, sizeof x) : "");
        pb_tab_put(&t, "%s", pass ? fmt_rate(metric(r), x, sizeof x) : "");
        pb_tab_put(&t, "%s", pass && kv && prev ? pb_fmt_num(pb_row_time(prev) / pb_row_time(r), "%.2fx", PB_FMT_MD, x, sizeof x) : "");
        pb_tab_put(&t, "%s", pass && k1 ? pb_fmt_num(pb_row_time(k1) / pb_row_time(r), "%.2fx", PB_FMT_MD, x, sizeof x) : "");
        pb_tab_put(&t, "%s", pass ? "PASS" : "**FAIL**");
        if (pass && kv)
            prev = r;
    }
    int rc = pb_tab_print(rep->md, &t, PB_FMT_MD);
    fputc('\n', rep->md);
    pb_tab_free(&t);
    free(k);
    return rc;
}

/* The reduction benchmark's k-ladder for every backend with k-kernels, CUDA first. */
static int write_reduce_tables(report *rep, const family *f, double size)
{
    int rc = 0;
    for (size_t i = 0; i < f->n && rc == 0; ++i) {
        const pb_row *r = f->rows[i];
        if (r->size != size || !is_k_variant(r->variant))
            continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; ++j)
            seen = f->rows[j]->size == size && is_k_variant(f->rows[j]->variant) && same_group(f->rows[j], r);
        if (!seen)
            rc = write_speedup_table(rep, f, r, size);
    }
    return rc;
}

/* A sweep at one size: parameter values as rows, backends as columns (the right edge
 * of the sweep plot), each rate with its % of the measured ceiling, or of the datasheet
 * peak when no ceiling was measured. */
static int write_sweep_table(report *rep, const family *f, double size)
{
    const pb_row **grp = calloc(f->n + 1, sizeof *grp), **val = calloc(f->n + 1, sizeof *val);
    size_t ng = 0, nv = 0;
    int meas = 0, peak = 0;
    if (!grp || !val) {
        free(grp);
        free(val);
        return -1;
    }
    sweep_axes(f, size, grp, &ng, val, &nv);
    for (size_t i = 0; i < f->n; ++i) {
        const pb_row *r = f->rows[i];
        meas |= r->size == size && plotted(r) && (flops_first(r) ? r->pct_measured_flops : r->pct_measured_bw) > 0;
        peak |= r->size == size && plotted(r) && (flops_first(r) ? r->pct_peak_flops : r->pct_peak_bw) > 0;
    }
    const pb_row *h = f->rows[0];
    fprintf(rep->md, "### At %s = %.0f\n\n%s per %s and backend%s%s%s:\n\n", size_name(h), size, unit(h), f->sweep,
            meas || peak ? " (in parentheses: % of the " : "", meas ? "measured ceiling" : peak ? "datasheet peak" : "",
            meas || peak ? ")" : "");
    pb_tab t;
    pb_tab_init(&t, (int)ng + 1);
    pb_tab_put(&t, "%s", f->sweep);
    for (size_t k = 0; k < ng; ++k) {
        char name[64];
        pb_series_name(grp[k], name, sizeof name);
        pb_tab_put(&t, "%s", name);
    }
    for (size_t v = 0; v < nv; ++v) {
        char x[64], pc[32];
        param_get(val[v]->params, f->sweep, x, sizeof x);
        pb_tab_put(&t, "%s", x);
        for (size_t k = 0; k < ng; ++k) {
            const pb_row *r = NULL;
            for (size_t i = 0; i < f->n && !r; ++i)
                if (f->rows[i]->size == size && same_group(f->rows[i], grp[k]) && !is(f->rows[i], "SKIP") &&
                    !strcmp(f->rows[i]->params, val[v]->params))
                    r = f->rows[i];
            double pct = !r ? NAN : flops_first(r) ? (meas ? r->pct_measured_flops : r->pct_peak_flops)
                                                   : (meas ? r->pct_measured_bw : r->pct_peak_bw);
            snprintf(pc, sizeof pc, isnan(pct) ? "" : pct < 9.95 ? " (%.1f%%)" : " (%.0f%%)", pct);
            if (!r)
                pb_tab_put(&t, "%s", "");
            else if (is(r, "FAIL"))
                pb_tab_put(&t, "**FAIL**");
            else
                pb_tab_put(&t, "%s%s", fmt_rate(metric(r), x, sizeof x), pc);
        }
    }
    int rc = pb_tab_print(rep->md, &t, PB_FMT_MD);
    fputc('\n', rep->md);
    pb_tab_free(&t);
    free(grp);
    free(val);
    return rc;
}

/* ---- one family ---- */

static int sweep_row_cmp(const void *x, const void *y)
{
    const pb_row *a = *(const pb_row *const *)x, *b = *(const pb_row *const *)y;
    int d = series_cmp(x, y);
    return d ? d : (a->size > b->size) - (a->size < b->size);
}

/* The rows at one size; sweeps read best backend by backend, value by value. */
static int write_at_table(report *rep, const family *f, double size)
{
    const pb_row **at = calloc(f->n + 1, sizeof *at);
    size_t n = 0;
    for (size_t i = 0; at && i < f->n; ++i)
        if (f->rows[i]->size == size)
            at[n++] = f->rows[i];
    if (!at)
        return -1;
    if (f->sweep[0])
        qsort(at, n, sizeof *at, sweep_row_cmp);
    fprintf(rep->md, "### At %s = %.0f\n\n", size_name(f->rows[0]), size);
    int rc = write_rows_table(rep, at, n, 0, f->sweep[0] ? f->sweep : NULL);
    free(at);
    return rc;
}

/* Rows off the headline size that no by-size table shows (reduce's lone atomic probe
 * at 2^28): listed in full, so that no measured row is missing from the report. */
static int write_other_sizes(report *rep, const family *f, double size)
{
    const pb_row **o = calloc(f->n + 1, sizeof *o);
    size_t n = 0;
    for (size_t i = 0; o && i < f->n; ++i)
        if (f->rows[i]->size != size && !is(f->rows[i], "SKIP"))
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

/* The benchmark's cost model, once: what its GB/s and GFLOP/s count. */
static void write_cost_model(report *rep, const pb_row *h)
{
    const pb_bench *b = pb_bench_find(h->benchmark);
    if (!b || !strcmp(rep->last_bench, h->benchmark))
        return;
    snprintf(rep->last_bench, sizeof rep->last_bench, "%s", h->benchmark);
    fprintf(rep->md, "Cost model of %s: %s. Headline rate: %s.\n\n", b->name, b->cost_model, unit(h));
}

static int write_plots(report *rep, const family *f, const char *stem, double size)
{
    if (f->sweep[0])
        return write_sweep_plot(rep, f, stem, size);
    if (write_size_plots(rep, f, stem) != 0)
        return -1;
    return write_bar_plot(rep, f, stem, size);
}

static int write_family(report *rep, const family *f)
{
    size_t measured = 0, nfail = 0;
    for (size_t i = 0; i < f->n; ++i) {
        measured += !is(f->rows[i], "SKIP");
        nfail += is(f->rows[i], "FAIL");
    }
    if (!measured)
        return 0; /* listed under "Skipped" already */
    char stem[192];
    file_stem(f->title, stem, sizeof stem);
    fprintf(rep->md, "## %s\n\n", f->title);
    write_cost_model(rep, f->rows[0]);
    double size = headline_size(f);
    if (isnan(size)) {
        fprintf(rep->md, "No row of this family passed verification: nothing to plot.\n\n");
        return write_rows_table(rep, f->rows, f->n, 1, f->sweep[0] ? f->sweep : NULL);
    }
    if (write_plots(rep, f, stem, size) != 0)
        return -1;
    if (nfail)
        fprintf(rep->md, "**%zu row(s) of this family FAILED verification** and are not plotted.\n\n", nfail);
    double *all = calloc(2 * f->n + 1, sizeof *all);
    if (!all)
        return -1;
    size_t nall = family_sizes(f, all), npick = pick_sizes(all, nall, all + f->n);
    int rc = 0, by_size = !f->sweep[0] && nall > 1 && spans_family(f);
    if (by_size)
        rc = write_size_table(rep, f, all + f->n, npick, nall);
    free(all);
    if (rc == 0)
        rc = f->sweep[0] ? write_sweep_table(rep, f, size) : write_at_table(rep, f, size);
    if (rc == 0 && !strcmp(f->rows[0]->benchmark, "reduce"))
        rc = write_reduce_tables(rep, f, size);
    if (rc == 0 && !by_size && !f->sweep[0])
        rc = write_other_sizes(rep, f, size);
    return rc;
}

/* ---- header, failures, compilers ---- */

static void write_environment(report *rep, const pb_rowset *s)
{
    pb_tab t;
    pb_tab_init(&t, 9);
    static const char *const head[] = {"device", "GPU profile", "backend", "compiler", "version",
                                       "git_sha", "rows", "first measured", "last measured"};
    for (int c = 0; c < 9; ++c)
        pb_tab_put(&t, "%s", head[c]);
    for (size_t i = 0; i < s->n; ++i) {
        const pb_row *r = &s->rows[i];
        int seen = 0;
        for (size_t j = 0; j < i && !seen; ++j) {
            const pb_row *q = &s->rows[j];
            seen = !strcmp(q->device, r->device) && !strcmp(q->gpu_profile, r->gpu_profile) &&
                   !strcmp(q->backend, r->backend) && !strcmp(q->compiler, r->compiler) &&
                   !strcmp(q->compiler_version, r->compiler_version) && !strcmp(q->git_sha, r->git_sha);
        }
        if (seen)
            continue;
        size_t n = 0;
        const char *first = "", *last = "";
        for (size_t j = i; j < s->n; ++j) {
            const pb_row *q = &s->rows[j];
            if (strcmp(q->device, r->device) || strcmp(q->gpu_profile, r->gpu_profile) || strcmp(q->backend, r->backend) ||
                strcmp(q->compiler, r->compiler) || strcmp(q->compiler_version, r->compiler_version) ||
                strcmp(q->git_sha, r->git_sha))
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
        pb_tab_put(&t, "%s", r->compiler);
        pb_tab_put(&t, "%s", r->compiler_version);
        pb_tab_put(&t, "%s", r->git_sha);
        pb_tab_put(&t, "%zu", n);
        pb_tab_put(&t, "%s", first);
        pb_tab_put(&t, "%s", last);
    }
    pb_tab_hide_empty(&t);
    pb_tab_print(rep->md, &t, PB_FMT_MD);
    pb_tab_free(&t);
    fputc('\n', rep->md);
}

static void write_failures(report *rep, const pb_rowset *s)
{
    size_t nfail = 0, nskip = 0;
    for (size_t i = 0; i < s->n; ++i) {
        nfail += is(&s->rows[i], "FAIL");
        nskip += is(&s->rows[i], "SKIP");
    }
    if (!nfail) {
        fprintf(rep->md, "Every measured row passed verification (%zu row(s) skipped).\n\n", nskip);
    } else {
        fprintf(rep->md, "## FAILED verification: %zu row(s)\n\n"
                         "These rows computed a wrong result. They are not results: no plot, speedup or\n"
                         "bandwidth in this report uses them.\n\n", nfail);
        pb_tab t;
        pb_tab_init(&t, 10);
        static const char *const head[] = {"benchmark", "variant", "backend", "compiler", "dtype",
                                           "size", "params", "error", "tolerance", "note"};
        for (int c = 0; c < 10; ++c)
            pb_tab_put(&t, "%s", head[c]);
        for (size_t i = 0; i < s->n; ++i) {
            const pb_row *r = &s->rows[i];
            if (!is(r, "FAIL"))
                continue;
            char x[32];
            pb_tab_put(&t, "%s", r->benchmark);
            pb_tab_put(&t, "%s", r->variant);
            pb_tab_put(&t, "%s", r->backend);
            pb_tab_put(&t, "%s", r->compiler);
            pb_tab_put(&t, "%s", r->dtype);
            pb_tab_put(&t, "%.0f", r->size);
            pb_tab_put(&t, "%s", r->params);
            pb_tab_put(&t, "%s", pb_fmt_num(r->max_rel_err, "%.3g", PB_FMT_MD, x, sizeof x));
            pb_tab_put(&t, "%s", pb_fmt_num(r->tolerance, "%.3g", PB_FMT_MD, x, sizeof x));
            pb_tab_put(&t, "%s", r->note);
        }
        pb_tab_hide_empty(&t);
        pb_tab_print(rep->md, &t, PB_FMT_MD);
        pb_tab_free(&t);
        fputc('\n', rep->md);
    }
    if (!nskip)
        return;
    fprintf(rep->md, "Skipped (not measured):\n\n");
    for (size_t i = 0; i < s->n; ++i) {
        const pb_row *r = &s->rows[i];
        int seen = 0;
        for (size_t j = 0; j < i && !seen; ++j)
            seen = is(&s->rows[j], "SKIP") && same_group(&s->rows[j], r) && !strcmp(s->rows[j].note, r->note);
        if (!is(r, "SKIP") || seen)
            continue;
        size_t n = 0;
        for (size_t j = i; j < s->n; ++j)
            n += is(&s->rows[j], "SKIP") && same_group(&s->rows[j], r) && !strcmp(s->rows[j].note, r->note);
        char name[64];
        pb_series_name(r, name, sizeof name);
        fprintf(rep->md, "- %s: %zu row(s): %s\n", name, n, r->note[0] ? r->note : "(no reason given)");
    }
    fputc('\n', rep->md);
}

/* pb_by_compiler_table names its rate column GB/s; for FLOP-bound rows it was handed
 * GFLOP/s (see compiler_rows), so the header says so. Cells are malloc'ed strings. */
static void rename_rate_columns(pb_tab *t)
{
    for (int c = 0; c < t->ncols && (size_t)c < t->n; ++c) {
        char *s = t->cell[c], *p = strstr(s, "GB/s"), *r;
        if (p && asprintf(&r, "%.*sGFLOP/s%s", (int)(p - s), s, p + 4) >= 0) {
            free(s);
            t->cell[c] = r;
        }
    }
}

/* The rows of the compiler table with the given headline: each family's headline
 * size, each row once (sweeps share their stride 1 rows). FLOP-bound rows carry their
 * GFLOP/s in gbs, the one rate column the table has. */
static int compiler_rows(const family *f, size_t nf, int flops, pb_rowset *at)
{
    for (size_t k = 0; k < nf; ++k) {
        double size = headline_size(&f[k]);
        for (size_t i = 0; i < f[k].n; ++i) {
            const pb_row *r = f[k].rows[i];
            int dup = 0;
            for (size_t j = 0; j < at->n && !dup; ++j)
                dup = pb_row_same_key(&at->rows[j], r);
            if (dup || flops_first(r) != flops || !(r->size == size || isnan(size)))
                continue;
            pb_row c = *r;
            c.gbs = flops ? r->gflops : r->gbs;
            if (pb_rowset_push(at, &c) != 0)
                return -1;
        }
    }
    return 0;
}

/* The cross-compiler table at the headline size of each family, bandwidth-bound and
 * FLOP-bound benchmarks apart so that each rate column has one unit
 * (`compare --by compiler` gives every size). */
static int write_compilers(report *rep, const family *f, size_t nf)
{
    int said = 0;
    for (int flops = 0; flops <= 1; ++flops) {
        pb_rowset at = {0};
        pb_tab t;
        if (compiler_rows(f, nf, flops, &at) != 0 || pb_by_compiler_table(&at, rep->threshold, PB_FMT_MD, &t) != 0) {
            pb_rowset_free(&at);
            return -1;
        }
        pb_rowset_free(&at);
        if (pb_tab_nrows(&t) > 0) {
            if (!said)
                fprintf(rep->md, "## OpenMP compilers side by side\n\n"
                                 "Times of each OpenMP variant per compiler, X/Y = time of X over time of Y (> 1: X is\n"
                                 "slower), 'tie' when within max(%.3g%%, noise); the CUDA row of the same case is the\n"
                                 "reference. Headline size of each family (the size of its table above);\n"
                                 "`portbench compare --by compiler` shows every size.\n\n", 100 * rep->threshold);
            said = 1;
            fprintf(rep->md, "%s:\n\n", flops ? "FLOP-bound benchmarks, in GFLOP/s" : "Bandwidth-bound benchmarks, in GB/s");
            if (flops)
                rename_rate_columns(&t);
            pb_tab_hide_empty(&t);
            pb_tab_print(rep->md, &t, PB_FMT_MD);
            fputc('\n', rep->md);
        }
        pb_tab_free(&t);
    }
    return 0;
}

static void write_header(report *rep, char *const *files, int nfiles, const size_t *counts)
{
    char when[32], flops[256] = "";
    time_t now = time(NULL);
    strftime(when, sizeof when, "%Y-%m-%d %H:%M:%SZ", gmtime(&now));
    fprintf(rep->md, "# portbench report\n\nMade %s by portbench %s (%s) from:\n\n", when, pb_version, pb_git_sha);
    for (int i = 0; i < nfiles; ++i)
        fprintf(rep->md, "- `%s`: %zu row(s)\n", files[i], counts[i]);
    for (size_t b = 0; b < pb_nbenches; ++b)
        if (pb_benches[b]->flops_headline)
            snprintf(flops + strlen(flops), sizeof flops - strlen(flops), "%s%s", flops[0] ? ", " : "",
                     pb_benches[b]->name);
    fprintf(rep->md, "\nTimes are medians of the row's clock column; GB/s and GFLOP/s follow the benchmark's\n"
                     "cost model (`portbench list`). Each benchmark is rated in its headline unit, GB/s,\n"
                     "or GFLOP/s for the FLOP-bound ones: %s. %% peak is of the GPU profile's\n"
                     "datasheet, %% meas. of the measured ceilings; plots draw both as dashed lines.\n"
                     "Plots show rows that passed verification only, sizes on a log axis. Long sweeps\n"
                     "list a few sizes in the tables: the plots have every point, the CSVs every column.\n\n",
            flops[0] ? flops : "none");
}

/* ---- command ---- */

typedef struct rep_args {
    char *files[256];
    int nfiles;
    const char *dir, *format;
    double threshold;
} rep_args;

/* OPT VALUE or OPT=VALUE: 1 if argv[*i] is opt (value in *val), 0 if not, -1 if missing. */
static int opt_value(int argc, char **argv, int *i, const char *opt, const char **val)
{
    size_t len = strlen(opt);
    if (strncmp(argv[*i], opt, len) != 0 || (argv[*i][len] && argv[*i][len] != '='))
        return 0;
    *val = argv[*i][len] ? argv[*i] + len + 1 : *i + 1 < argc ? argv[++*i] : NULL;
    return *val ? 1 : -1;
}

static int parse_report_args(int argc, char **argv, rep_args *a, char *err, size_t cap)
{
    memset(a, 0, sizeof *a);
    a->format = "svg";
    a->threshold = PB_DEFAULT_THRESHOLD;
    static const char *const opts[] = {"-o", "--output", "--format", "--threshold"};
    for (int i = 0; i < argc; ++i) {
        const char *v = NULL;
        int k = 0, o;
        for (o = 0; o < 4 && k == 0; ++o)
            k = opt_value(argc, argv, &i, opts[o], &v);
        if (k < 0) {
            snprintf(err, cap, "option %s needs a value", opts[o - 1]);
            return -1;
        }
        if (k > 0 && o <= 2)
            a->dir = v;
        else if (k > 0 && o == 3)
            a->format = v;
        else if (k > 0 && pb_parse_threshold(v, &a->threshold, err, cap) != 0)
            return -1;
        else if (k == 0 && argv[i][0] == '-') {
            snprintf(err, cap, "report: unknown option '%s' (see portbench help report)", argv[i]);
            return -1;
        } else if (k == 0 && a->nfiles < 256)
            a->files[a->nfiles++] = argv[i];
    }
    if (a->nfiles == 0 || !a->dir || !a->dir[0]) {
        snprintf(err, cap, "usage: portbench report RESULTS.csv... -o DIR (see portbench help report)");
        return -1;
    }
    if (strcmp(a->format, "svg") != 0 && strcmp(a->format, "png") != 0) {
        snprintf(err, cap, "--format '%s': use svg or png", a->format);
        return -1;
    }
    return 0;
}

/* All rows of the inputs; a key seen in an earlier file is dropped (one point per key). */
static int read_unique(const rep_args *a, pb_rowset *s, size_t *counts, char *err, size_t cap)
{
    for (int f = 0; f < a->nfiles; ++f) {
        pb_rowset one = {0};
        if (pb_csv_read(a->files[f], &one, err, cap) != 0) {
            pb_rowset_free(&one);
            return -1;
        }
        size_t before = s->n, dropped = 0;
        for (size_t i = 0; i < one.n; ++i) {
            int dup = 0;
            for (size_t j = 0; j < before && !dup; ++j)
                dup = pb_row_same_key(&s->rows[j], &one.rows[i]);
            if (dup)
                ++dropped;
            else if (pb_rowset_push(s, &one.rows[i]) != 0) {
                snprintf(err, cap, "out of memory");
                pb_rowset_free(&one);
                return -1;
            }
        }
        counts[f] = one.n;
        if (dropped)
            pb_errorf("warning: %s: %zu row(s) repeat a configuration of an earlier file and are left out",
                      a->files[f], dropped);
        pb_rowset_free(&one);
    }
    return 0;
}

void pb_report_help(FILE *f)
{
    fprintf(f, "usage: portbench report RESULTS.csv... -o DIR [--format svg|png] [--threshold X]\n\n"
               "  Writes DIR/report.md with tables and plots (gnuplot; images and their .gp scripts\n"
               "  next to it), for any benchmark in the CSVs, rated in its headline unit (GFLOP/s for\n"
               "  FLOP-bound benchmarks such as fma, else GB/s). Per benchmark and dtype: the rate\n"
               "  over size (log x), CUDA vs OpenMP bars per variant, a by-size table (a few sizes of\n"
               "  long sweeps) and the rows at the headline size with %% of peak and of measured\n"
               "  ceilings; reduce also gets the k1..kN speedup ladder. A benchmark run over several\n"
               "  parameter values with one kernel per backend (stream-strided, fma-strided) gets,\n"
               "  per varying parameter, one line per value and one panel per backend. Failed rows\n"
               "  are listed first and never plotted. A configuration found in several files is\n"
               "  taken from the first.\n\n"
               "  -o DIR          output directory (created)\n"
               "  --format F      svg (default) or png\n"
               "  --threshold X   'tie' limit of the compiler table: 5%% or 0.05 (default 5%%)\n\n"
               "  needs gnuplot (Debian: gnuplot-nox; scripts/setup.sh installs it);\n"
               "  PORTBENCH_GNUPLOT names another executable.\n"
               "  exit status: 0 written; 2 usage or input error, gnuplot missing or failing\n");
}

static int write_report(report *rep, const pb_rowset *s, const rep_args *a, const size_t *counts)
{
    char p[PATH_MAX + 16];
    snprintf(p, sizeof p, "%s/report.md", rep->dir);
    rep->md = fopen(p, "w");
    if (!rep->md) {
        snprintf(rep->err, sizeof rep->err, "cannot write %s: %s", p, strerror(errno));
        return -1;
    }
    write_header(rep, a->files, a->nfiles, counts);
    write_environment(rep, s);
    write_failures(rep, s);
    size_t nf;
    family *f = make_families(s, &nf);
    int rc = f ? 0 : -1;
    for (size_t k = 0; k < nf && rc == 0; ++k)
        rc = write_family(rep, &f[k]);
    if (rc == 0)
        rc = write_compilers(rep, f, nf);
    free_families(f, nf);
    if ((ferror(rep->md) | (fclose(rep->md) != 0)) && rc == 0) {
        snprintf(rep->err, sizeof rep->err, "cannot write %s", p);
        rc = -1;
    }
    if (rc != 0 && !rep->err[0])
        snprintf(rep->err, sizeof rep->err, "out of memory");
    return rc;
}

int pb_cmd_report(int argc, char **argv, FILE *out)
{
    if (pb_wants_help(argc, argv)) {
        pb_report_help(out);
        return PB_EXIT_OK;
    }
    static rep_args a;
    static report rep;
    memset(&rep, 0, sizeof rep);
    if (parse_report_args(argc, argv, &a, rep.err, sizeof rep.err) != 0) {
        pb_errorf("%s", rep.err);
        return PB_EXIT_USAGE;
    }
    if (find_gnuplot(rep.gnuplot, sizeof rep.gnuplot) != 0) {
        pb_errorf("report: gnuplot not found (%s): install it (Debian: apt-get install gnuplot-nox; "
                  "scripts/setup.sh does) or set PORTBENCH_GNUPLOT",
                  getenv("PORTBENCH_GNUPLOT") && *getenv("PORTBENCH_GNUPLOT") ? getenv("PORTBENCH_GNUPLOT") : "not in PATH");
        return PB_EXIT_USAGE;
    }
    rep.dir = a.dir;
    rep.ext = a.format;
    rep.threshold = a.threshold;
    pb_rowset s = {0};
    size_t counts[256] = {0};
    int rc = read_unique(&a, &s, counts, rep.err, sizeof rep.err) != 0 || pb_mkdir_p(a.dir, rep.err, sizeof rep.err) != 0
                 ? -1
                 : write_report(&rep, &s, &a, counts);
    pb_rowset_free(&s);
    if (rc != 0) {
        pb_errorf("%s", rep.err);
        return PB_EXIT_USAGE;
    }
    fprintf(out, "wrote %s/report.md and %d plot(s)\n", a.dir, rep.nplots);
    return PB_EXIT_OK;
}
