/* pb_report.c - `portbench report`: report.md with tables and gnuplot plots, from any
 * results CSV. Rows are grouped into families (benchmark, dtype, params); each family
 * gets a bandwidth-over-size plot when it has several sizes, a grouped bar chart of the
 * variants at its largest size, and tables. Failed rows are listed first and left out
 * of every plot and speedup; they show as FAIL in the tables. */
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
    char err[3 * PATH_MAX];
} report;

typedef struct family {
    const pb_row **rows; /* sorted by size, variant, backend/compiler */
    size_t n;
} family;

static int is(const pb_row *r, const char *status) { return strcmp(r->verified, status) == 0; }

/* ---- ordering: sizes, then variants in the benchmark's order, then backends ---- */

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
static int same_series(const pb_row *a, const pb_row *b) { return same_group(a, b) && !strcmp(a->variant, b->variant); }

static int row_cmp(const void *x, const void *y)
{
    const pb_row *a = *(const pb_row *const *)x, *b = *(const pb_row *const *)y;
    if (a->size != b->size)
        return a->size < b->size ? -1 : 1;
    int d = variant_cmp(a, b);
    return d ? d : group_cmp(a, b);
}

static int series_cmp(const void *x, const void *y)
{
    const pb_row *a = *(const pb_row *const *)x, *b = *(const pb_row *const *)y;
    int d = group_cmp(a, b);
    return d ? d : variant_cmp(a, b);
}

static int same_family(const pb_row *a, const pb_row *b)
{
    return !strcmp(a->benchmark, b->benchmark) && !strcmp(a->dtype, b->dtype) && !strcmp(a->params, b->params);
}

static void free_families(family *f, size_t n)
{
    for (size_t k = 0; f && k < n; ++k)
        free(f[k].rows);
    free(f);
}

static family *make_families(const pb_rowset *s, size_t *nf)
{
    family *f = calloc(s->n + 1, sizeof *f);
    *nf = 0;
    if (!f)
        return NULL;
    for (size_t i = 0; i < s->n; ++i) {
        size_t k = 0;
        while (k < *nf && !same_family(f[k].rows[0], &s->rows[i]))
            ++k;
        if (k == *nf) {
            f[k].rows = calloc(s->n, sizeof *f[k].rows);
            if (!f[k].rows) {
                free_families(f, *nf);
                return NULL;
            }
            ++*nf;
        }
        f[k].rows[f[k].n++] = &s->rows[i];
    }
    for (size_t k = 0; k < *nf; ++k)
        qsort(f[k].rows, f[k].n, sizeof *f[k].rows, row_cmp);
    return f;
}

static int plotted(const pb_row *r) { return is(r, "PASS") && r->gbs > 0 && isfinite(r->gbs); }

static double largest_size(const family *f)
{
    double m = NAN;
    for (size_t i = 0; i < f->n; ++i)
        if (plotted(f->rows[i]) && !(f->rows[i]->size <= m))
            m = f->rows[i]->size;
    return m;
}

static const char *size_name(const pb_row *r)
{
    const pb_bench *b = pb_bench_find(r->benchmark);
    return b && b->size_option ? b->size_option + 2 : "size";
}

static void family_title(const family *f, char *buf, size_t cap)
{
    const pb_row *h = f->rows[0];
    snprintf(buf, cap, "%s %s%s%s", h->benchmark, h->dtype, h->params[0] ? " " : "", h->params);
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

static FILE *gp_open(report *rep, const char *stem, const char *title, const char *xlabel, const char *ylabel)
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
        fprintf(g, "set terminal pngcairo size 1000,560 noenhanced font 'Sans,10'\n");
    else
        fprintf(g, "set terminal svg size 1000,560 dynamic noenhanced font 'Helvetica,13' background '#ffffff'\n");
    fprintf(g, "set output '%s.%s'\nset title ", stem, rep->ext);
    gp_str(g, title);
    fprintf(g, "\nset xlabel ");
    gp_str(g, xlabel);
    fprintf(g, "\nset ylabel ");
    gp_str(g, ylabel);
    fprintf(g, "\nset grid ytics\nset key outside right top vertical noreverse Left\nset yrange [0:*]\n");
    return g;
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

/* ---- plots ---- */

/* Distinct (variant, backend, compiler) series with at least one plotted point. */
static size_t family_series(const family *f, const pb_row **out)
{
    size_t n = 0;
    for (size_t i = 0; i < f->n; ++i) {
        if (!plotted(f->rows[i]))
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

static int is_reference(const pb_row *r) { return !strcmp(r->variant, "lib") || !strcmp(r->variant, "baseline"); }

/* Tics at powers of two, labelled as the command line spells sizes (512, 16Ki, 1Mi),
 * thinned out on wide sweeps. */
static void put_size_tics(FILE *g, double lo, double hi)
{
    int k0 = (int)floor(log2(lo)), k1 = (int)ceil(log2(hi));
    int step = k1 - k0 <= 12 ? 1 : k1 - k0 <= 24 ? 2 : 4;
    static const char *const unit[] = {"", "Ki", "Mi", "Gi", "Ti"};
    fprintf(g, "set xtics (");
    for (int k = k0; k <= k1; k += step) {
        int u = k < 10 ? 0 : k / 10 > 4 ? 4 : k / 10;
        fprintf(g, "%s'%.0f%s' %.17g", k == k0 ? "" : ", ", ldexp(1.0, k - 10 * u), unit[u], ldexp(1.0, k));
    }
    fprintf(g, ")\n");
}

/* One line plot of GB/s over size; group = NULL for all series, else that backend's
 * series plus the library and CPU baselines as dashed references. */
static int plot_lines(report *rep, const family *f, const pb_row **series, size_t ns, const pb_row *group,
                      const char *stem)
{
    char title[512], name[96], fam[160], xlabel[96];
    family_title(f, fam, sizeof fam);
    if (group)
        pb_series_name(group, name, sizeof name);
    snprintf(title, sizeof title, "%s: bandwidth over problem size%s%s", fam, group ? ", " : "", group ? name : "");
    double lo = INFINITY, hi = 0;
    for (size_t i = 0; i < f->n; ++i)
        if (plotted(f->rows[i]))
            lo = fmin(lo, f->rows[i]->size), hi = fmax(hi, f->rows[i]->size);
    snprintf(xlabel, sizeof xlabel, "problem size %s (log scale)", size_name(f->rows[0]));
    FILE *g = gp_open(rep, stem, title, xlabel, "bandwidth [GB/s]");
    if (!g)
        return -1;
    fprintf(g, "set logscale x 2\nset xrange [%g:%g]\n", lo / 1.2, hi * 1.2);
    put_size_tics(g, lo, hi);
    int k = 0, nref = 0;
    for (size_t s = 0; s < ns; ++s) {
        if (group && !same_group(series[s], group) && !is_reference(series[s]))
            continue;
        fprintf(g, "$s%zu << EOD\n", s);
        for (size_t i = 0; i < f->n; ++i)
            if (plotted(f->rows[i]) && same_series(f->rows[i], series[s]))
                fprintf(g, "%.17g %.6g\n", f->rows[i]->size, f->rows[i]->gbs);
        fprintf(g, "EOD\n");
    }
    fprintf(g, "plot ");
    for (size_t s = 0; s < ns; ++s) {
        const pb_row *r = series[s];
        if (group && !same_group(r, group) && !is_reference(r))
            continue;
        int ref = group && !same_group(r, group);
        char sname[64], label[128];
        pb_series_name(r, sname, sizeof sname);
        if (group && !ref)
            snprintf(label, sizeof label, "%s", r->variant);
        else
            snprintf(label, sizeof label, "%s %s", r->variant, sname);
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

static int write_size_plots(report *rep, const family *f, const char *stem)
{
    const pb_row **series = calloc(f->n + 1, sizeof *series);
    if (!series)
        return -1;
    size_t ns = family_series(f, series);
    int rc = 0;
    char title[160], img[256];
    family_title(f, title, sizeof title);
    if (ns <= NPALETTE) {
        snprintf(img, sizeof img, "%s_bw_size", stem);
        rc = plot_lines(rep, f, series, ns, NULL, img);
        if (rc == 0)
            fprintf(rep->md, "![%s: bandwidth over size](%s.%s)\n\n", title, img, rep->ext);
    } else { /* too many lines for one chart: one per backend, as the course draws them */
        for (size_t s = 0; s < ns && rc == 0; ++s) {
            if (is_reference(series[s]) || (s && same_group(series[s - 1], series[s])))
                continue;
            char name[64], gstem[64];
            pb_series_name(series[s], name, sizeof name);
            file_stem(name, gstem, sizeof gstem);
            snprintf(img, sizeof img, "%s_bw_size_%s", stem, gstem);
            rc = plot_lines(rep, f, series, ns, series[s], img);
            if (rc == 0)
                fprintf(rep->md, "![%s, %s: bandwidth over size](%s.%s)\n\n", title, name, img, rep->ext);
        }
    }
    free(series);
    return rc;
}

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

/* Grouped bars at the largest size: x = variant, one bar per backend/compiler. */
static int write_bar_plot(report *rep, const family *f, const char *stem)
{
    double size = largest_size(f);
    const pb_row **var = calloc(f->n + 1, sizeof *var), **grp = calloc(f->n + 1, sizeof *grp);
    size_t nv = 0, ng = 0;
    for (size_t i = 0; var && grp && i < f->n; ++i) {
        const pb_row *r = f->rows[i];
        if (r->size != size || !(plotted(r) || is(r, "FAIL")))
            continue;
        size_t k = 0;
        while (k < nv && strcmp(var[k]->variant, r->variant) != 0)
            ++k;
        if (k == nv)
            var[nv++] = r; /* rows are in variant order already */
        for (k = 0; k < ng && !same_group(grp[k], r); ++k)
            ;
        if (k == ng)
            grp[ng++] = r;
    }
    int rc = 0;
    if (nv > 0 && var && grp) {
        qsort(grp, ng, sizeof *grp, series_cmp);
        char title[256], fam[160], img[256];
        family_title(f, fam, sizeof fam);
        snprintf(title, sizeof title, "%s, %s = %.0f: bandwidth per variant and backend", fam, size_name(f->rows[0]),
                 size);
        snprintf(img, sizeof img, "%s_bars", stem);
        FILE *g = gp_open(rep, img, title, "variant", "bandwidth [GB/s]");
        rc = g ? 0 : -1;
        if (g) {
            fprintf(g, "set style data histograms\nset style histogram clustered gap 1\n"
                       "set style fill solid 0.85 border -1\nset boxwidth 0.9\nset xtics nomirror%s\n$d << EOD\n",
                    nv > 12 ? " rotate by -45" : "");
            for (size_t v = 0; v < nv; ++v) {
                fprintf(g, "\"%s\"", var[v]->variant);
                for (size_t k = 0; k < ng; ++k) {
                    const pb_row *cell = NULL;
                    for (size_t i = 0; i < f->n && !cell; ++i)
                        if (f->rows[i]->size == size && plotted(f->rows[i]) && same_group(f->rows[i], grp[k]) &&
                            !strcmp(f->rows[i]->variant, var[v]->variant))
                            cell = f->rows[i];
                    fprintf(g, cell ? " %.6g" : " NaN", cell ? cell->gbs : 0.0);
                }
                fputc('\n', g);
            }
            fprintf(g, "EOD\n");
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

/* Long table of rows (skipped rows left out); FAIL rows show no numbers. */
static int write_rows_table(report *rep, const pb_row *const *rows, size_t n, int with_size)
{
    static const char *const head[] = {"size",          "variant",     "backend",        "compiler",
                                       "time",          "GB/s",        "GFLOP/s",        "% peak BW",
                                       "% peak FLOP/s", "% meas. BW",  "% meas. FLOP/s", "vs lib",
                                       "status",        "note"};
    pb_tab t;
    pb_tab_init(&t, 14);
    for (int c = 0; c < 14; ++c)
        pb_tab_put(&t, "%s", c == 0 ? size_name(rows[0]) : head[c]);
    for (size_t i = 0; i < n; ++i) {
        const pb_row *r = rows[i];
        if (is(r, "SKIP"))
            continue;
        int pass = is(r, "PASS");
        char x[64];
        pb_tab_put(&t, "%.0f", r->size);
        pb_tab_put(&t, "%s", r->variant);
        pb_tab_put(&t, "%s", r->backend);
        pb_tab_put(&t, "%s", r->compiler);
        pb_tab_put(&t, "%s", pass ? pb_fmt_time(pb_row_time(r), PB_FMT_MD, x, sizeof x) : "");
        pb_tab_put(&t, "%s", pass ? pb_fmt_num(r->gbs, "%.1f", PB_FMT_MD, x, sizeof x) : "");
        pb_tab_put(&t, "%s", pass ? pb_fmt_num(r->gflops, "%.1f", PB_FMT_MD, x, sizeof x) : "");
        put_pct(&t, pass ? r->pct_peak_bw : NAN);
        put_pct(&t, pass ? r->pct_peak_flops : NAN);
        put_pct(&t, pass ? r->pct_measured_bw : NAN);
        put_pct(&t, pass ? r->pct_measured_flops : NAN);
        pb_tab_put(&t, "%s", pass && !isnan(r->speedup_vs_lib) ? pb_fmt_num(r->speedup_vs_lib, "%.2fx", PB_FMT_MD, x, sizeof x) : "");
        if (pass)
            pb_tab_put(&t, "PASS%s", strcmp(r->offload, "host-fallback") == 0 ? " (host fallback, not a GPU result)" : "");
        else
            pb_tab_put(&t, "**FAIL**");
        pb_tab_put(&t, "%s", r->note);
    }
    pb_tab_hide_empty(&t);
    t.hidden[0] = (char)!with_size;
    int rc = pb_tab_nrows(&t) ? pb_tab_print(rep->md, &t, PB_FMT_MD) : 0;
    pb_tab_free(&t);
    fputc('\n', rep->md);
    return rc;
}

static int is_k_variant(const char *v)
{
    return v[0] == 'k' && v[1] && strspn(v + 1, "0123456789") == strlen(v + 1);
}

/* Reduction ladder: kernels k1..kN of one backend at the largest size, each against the
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
    pb_tab_put(&t, "GB/s");
    pb_tab_put(&t, "step speedup");
    pb_tab_put(&t, "cumulative vs k1");
    pb_tab_put(&t, "status");
    for (size_t i = 0; i < nk; ++i) {
        const pb_row *r = k[i];
        int pass = is(r, "PASS") && pb_row_time(r) > 0, kv = is_k_variant(r->variant);
        char x[64];
        pb_tab_put(&t, "%s", r->variant);
        pb_tab_put(&t, "%s", pass ? pb_fmt_time(pb_row_time(r), PB_FMT_MD, x, sizeof x) : "");
        pb_tab_put(&t, "%s", pass ? pb_fmt_num(r->gbs, "%.1f", PB_FMT_MD, x, sizeof x) : "");
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
static int write_reduce_tables(report *rep, const family *f)
{
    double size = largest_size(f);
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

static int write_family(report *rep, const family *f)
{
    char title[160], stem[160];
    size_t measured = 0;
    for (size_t i = 0; i < f->n; ++i)
        measured += !is(f->rows[i], "SKIP");
    if (!measured)
        return 0; /* listed under "Skipped" already */
    family_title(f, title, sizeof title);
    file_stem(title, stem, sizeof stem);
    fprintf(rep->md, "## %s\n\n", title);
    double size = largest_size(f);
    size_t nsizes = 0, nfail = 0;
    for (size_t i = 0; i < f->n; ++i) {
        nsizes += plotted(f->rows[i]) && (i == 0 || f->rows[i]->size != f->rows[i - 1]->size);
        nfail += is(f->rows[i], "FAIL");
    }
    if (isnan(size)) {
        fprintf(rep->md, "No row of this family passed verification: nothing to plot.\n\n");
    } else {
        if (nsizes > 1 && write_size_plots(rep, f, stem) != 0)
            return -1;
        if (write_bar_plot(rep, f, stem) != 0)
            return -1;
    }
    if (nfail)
        fprintf(rep->md, "**%zu row(s) of this family FAILED verification** and are not plotted.\n\n", nfail);
    if (!isnan(size)) {
        fprintf(rep->md, "### At %s = %.0f\n\n", size_name(f->rows[0]), size);
        const pb_row **at = calloc(f->n + 1, sizeof *at);
        size_t n = 0;
        for (size_t i = 0; at && i < f->n; ++i)
            if (f->rows[i]->size == size)
                at[n++] = f->rows[i];
        int rc = at ? write_rows_table(rep, at, n, 0) : -1;
        free(at);
        if (rc != 0)
            return -1;
    }
    if (!strcmp(f->rows[0]->benchmark, "reduce") && !isnan(size) && write_reduce_tables(rep, f) != 0)
        return -1;
    if (nsizes > 1 || isnan(size)) {
        fprintf(rep->md, "<details><summary>All sizes (%zu rows)</summary>\n\n", f->n);
        if (write_rows_table(rep, f->rows, f->n, 1) != 0)
            return -1;
        fprintf(rep->md, "</details>\n\n");
    }
    return 0;
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

/* The cross-compiler table at the largest size of each family (all sizes are in the
 * family tables; `compare --by compiler` gives the full one). */
static int write_compilers(report *rep, const family *f, size_t nf)
{
    pb_rowset at = {0};
    for (size_t k = 0; k < nf; ++k) {
        double size = largest_size(&f[k]);
        for (size_t i = 0; i < f[k].n; ++i)
            if ((f[k].rows[i]->size == size || isnan(size)) && pb_rowset_push(&at, f[k].rows[i]) != 0) {
                pb_rowset_free(&at);
                return -1;
            }
    }
    pb_tab t;
    int rc = pb_by_compiler_table(&at, rep->threshold, PB_FMT_MD, &t);
    pb_rowset_free(&at);
    if (rc != 0)
        return -1;
    if (pb_tab_nrows(&t) > 0) {
        fprintf(rep->md, "## OpenMP compilers side by side\n\n"
                         "Times of each OpenMP variant per compiler, X/Y = time of X over time of Y (> 1: X is\n"
                         "slower), 'tie' when within max(%.3g%%, noise); the CUDA row of the same case is the\n"
                         "reference. Largest size of each benchmark and dtype; `portbench compare --by compiler`\n"
                         "shows every size.\n\n", 100 * rep->threshold);
        pb_tab_hide_empty(&t);
        pb_tab_print(rep->md, &t, PB_FMT_MD);
        fputc('\n', rep->md);
    }
    pb_tab_free(&t);
    return 0;
}

static void write_header(report *rep, char *const *files, int nfiles, const size_t *counts)
{
    char when[32];
    time_t now = time(NULL);
    strftime(when, sizeof when, "%Y-%m-%d %H:%M:%SZ", gmtime(&now));
    fprintf(rep->md, "# portbench report\n\nMade %s by portbench %s (%s) from:\n\n", when, pb_version, pb_git_sha);
    for (int i = 0; i < nfiles; ++i)
        fprintf(rep->md, "- `%s`: %zu row(s)\n", files[i], counts[i]);
    fprintf(rep->md, "\nTimes are medians of the row's clock column; GB/s and GFLOP/s follow the benchmark's\n"
                     "cost model (`portbench list`); %% peak is of the GPU profile's datasheet, %% meas. of the\n"
                     "measured ceilings. Plots show rows that passed verification only.\n\n");
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
               "  next to it), for any benchmark in the CSVs. Per benchmark and dtype: bandwidth over\n"
               "  size (log x; when there are several sizes), CUDA vs OpenMP bars per variant at the\n"
               "  largest size, tables with %% of peak and of measured ceilings; the reduction\n"
               "  benchmark (reduce) also gets the k1..kN speedup ladder. Failed rows are listed\n"
               "  first and never plotted. A configuration found in several files is taken from\n"
               "  the first.\n\n"
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
    for (int i = 0; i < argc; ++i)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
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
