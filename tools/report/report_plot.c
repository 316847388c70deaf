/* report_plot.c - gnuplot scripts for the report, run in the report directory. The
 * scripts stay next to the images, so a chart can be redrawn or restyled by hand. */
#define _GNU_SOURCE
#include "report_plot.h"
#include "pb_backends.h"
#include "pb_bench.h"
#include "pb_common.h"
#include "pb_gpu.h"
#include "pb_match.h"
#include "pb_output.h"
#include "pb_tab.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- gnuplot ---- */

int pb_rep_find_gnuplot(char *path, size_t cap)
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

/* gp_str into buf. */
static void gp_quote(const char *s, char *buf, size_t cap)
{
    size_t n = 0;
    for (buf[n++] = '\''; *s && n + 3 < cap; ++s) {
        if (*s == '\'')
            buf[n++] = '\'';
        buf[n++] = *s;
    }
    buf[n++] = '\'';
    buf[n] = '\0';
}

/* ---- templates: the gnuplot programs, filled with each chart's data ---- */

/* Each template and the pieces ("#@NAME text" lines) the report writes from it. */
enum { T_COMMON, T_SIZE, T_SWEEP_SIZES, T_SWEEP_VALUES, T_BARS, T_MATRIX, T_SPREAD, T_ROOFLINE };
static const struct {
    const char *name, *pieces;
} templates[PB_REP_NTPL] = {
    {"common", "terminal_svg terminal_png l2 peak measured rotate"},
    {"size", "line"},
    {"sweep_sizes", "panel_host panel line"},
    {"sweep_values", "line"},
    {"bars", "fail bar"},
    {"matrix", "line"},
    {"spread", "point"},
    {"roofline", "bench energy_roof measured_roof peak_roof point"},
};

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    char chunk[4096];
    size_t got;
    while (m && (got = fread(chunk, 1, sizeof chunk, f)) > 0)
        fwrite(chunk, 1, got, m);
    int bad = ferror(f) || !m;
    fclose(f);
    if (m)
        fclose(m);
    if (bad) {
        free(buf);
        errno = bad && !m ? ENOMEM : EIO;
        return NULL;
    }
    return buf;
}

/* The line of text that starts "#@<piece> ", or NULL. */
static const char *find_piece(const char *text, const char *piece)
{
    size_t n = strlen(piece);
    for (const char *s = text; s; s = strchr(s, '\n'), s = s ? s + 1 : NULL)
        if (s[0] == '#' && s[1] == '@' && strncmp(s + 2, piece, n) == 0 && s[2 + n] == ' ')
            return s;
    return NULL;
}

int pb_rep_load_templates(pb_report_ctx *rep)
{
    char dir[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
    dir[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0'; /* the bin/ of the running portbench */
    const char *own = getenv("PORTBENCH_REPORT_TEMPLATES");
    struct stat sb;
    if (own && *own && (stat(own, &sb) != 0 || !S_ISDIR(sb.st_mode))) {
        snprintf(rep->err, sizeof rep->err, "report: PORTBENCH_REPORT_TEMPLATES=%s: not a directory", own);
        return -1;
    }
    rep->sink = fopen("/dev/null", "w");
    if (!rep->sink) {
        snprintf(rep->err, sizeof rep->err, "report: cannot open /dev/null: %s", strerror(errno));
        return -1;
    }
    for (int t = 0; t < PB_REP_NTPL; ++t) {
        char p[2 * PATH_MAX];
        snprintf(p, sizeof p, "%s/%s.gp", own ? own : "", templates[t].name);
        if (!own || !*own || access(p, F_OK) != 0)
            snprintf(p, sizeof p, "%s/../share/portbench/report/%s.gp", dir, templates[t].name);
        rep->tpl[t] = read_text(p);
        if (!rep->tpl[t]) {
            snprintf(rep->err, sizeof rep->err,
                     "report: cannot read the chart template %s: %s (install portbench again, or set "
                     "PORTBENCH_REPORT_TEMPLATES to a directory of templates)",
                     p, strerror(errno));
            return -1;
        }
        char piece[32];
        for (const char *s = templates[t].pieces; *s; s += strspn(s, " ")) {
            size_t len = strcspn(s, " ");
            snprintf(piece, sizeof piece, "%.*s", (int)len, s);
            s += len;
            if (!find_piece(rep->tpl[t], piece)) {
                snprintf(rep->err, sizeof rep->err,
                         "report: chart template %s has no line '#@%s ...' (a piece the "
                         "report writes; see the installed %s.gp)",
                         p, piece, templates[t].name);
                return -1;
            }
        }
    }
    return 0;
}

void pb_rep_free_templates(pb_report_ctx *rep)
{
    for (int t = 0; t < PB_REP_NTPL; ++t)
        free(rep->tpl[t]), rep->tpl[t] = NULL;
    if (rep->sink)
        fclose(rep->sink);
    rep->sink = NULL;
}

/* The one filling of a template: text to g with each @KEY@ of key[0..n) replaced by its
 * value (any other @...@ is left as it is). Lines that start with "#@" are the template's
 * own and not written, except, when piece is not NULL, the lines "#@<piece> " (the piece's
 * text follows the space), which alone are written, joined by newlines with none after the
 * last. A line that is one @KEY@ alone is a block: left out when its value is empty, else
 * its value (complete lines). */
static void gp_expand(FILE *g, const char *text, const char *piece, const char *const *key, const char *const *val,
                      int n)
{
    size_t plen = piece ? strlen(piece) : 0;
    int lines = 0;
    for (const char *s = text; *s;) {
        size_t len = strcspn(s, "\n");
        const char *b = s, *e = s + len, *next = s + len + (s[len] == '\n');
        int own = len >= 2 && s[0] == '#' && s[1] == '@';
        s = next;
        if (piece && (!own || len < 3 + plen || strncmp(b + 2, piece, plen) != 0 || b[2 + plen] != ' '))
            continue;
        if (!piece && own)
            continue;
        b += piece ? 3 + plen : 0;
        int k = -1;
        for (int j = 0; j < n && k < 0; ++j)
            if (!piece && (size_t)(e - b) == strlen(key[j]) + 2 && b[0] == '@' && e[-1] == '@' &&
                strncmp(b + 1, key[j], strlen(key[j])) == 0)
                k = j;
        if (k >= 0) { /* a block */
            size_t vlen = strlen(val[k]);
            if (vlen)
                fprintf(g, "%s%s", val[k], val[k][vlen - 1] == '\n' ? "" : "\n");
            continue;
        }
        if (piece && lines)
            fputc('\n', g);
        for (const char *p = b; p < e;) {
            const char *q = p + 1;
            while (*p == '@' && q < e && (isupper((unsigned char)*q) || isdigit((unsigned char)*q) || *q == '_'))
                ++q;
            k = -1;
            for (int j = 0; *p == '@' && q < e && *q == '@' && j < n && k < 0; ++j)
                if ((size_t)(q - p - 1) == strlen(key[j]) && strncmp(p + 1, key[j], (size_t)(q - p - 1)) == 0)
                    k = j;
            if (k >= 0) {
                fputs(val[k], g);
                p = q + 1;
            } else {
                fputc(*p++, g);
            }
        }
        if (!piece)
            fputc('\n', g);
        ++lines;
    }
}

/* Piece `piece` of template t to g, filled with the pairs (KEY, value) that follow, up to a
 * NULL key. */
static void gp_piece(FILE *g, const pb_report_ctx *rep, int t, const char *piece, ...)
{
    enum { MAXKV = 12 };
    const char *key[MAXKV], *val[MAXKV];
    int n = 0;
    va_list ap;
    va_start(ap, piece);
    for (const char *k; n < MAXKV && (k = va_arg(ap, const char *)) != NULL; ++n)
        key[n] = k, val[n] = va_arg(ap, const char *);
    va_end(ap);
    gp_expand(g, rep->tpl[t], piece, key, val, n);
}

/* The values a chart's template is filled with: strings of the caller's, or blocks of text
 * written to the stream gv_open returns, until gp_chart writes the script. */
enum { GV_MAX = 16 };
typedef struct gpvals {
    int n, oom;
    const char *key[GV_MAX], *val[GV_MAX];
    char *buf[GV_MAX];
    size_t len[GV_MAX];
    FILE *f[GV_MAX];
} gpvals;

static FILE *gv_open(const pb_report_ctx *rep, gpvals *v, const char *key)
{
    if (v->n == GV_MAX) {
        v->oom = 1;
        return rep->sink;
    }
    int i = v->n++;
    v->key[i] = key, v->val[i] = "", v->buf[i] = NULL;
    v->f[i] = open_memstream(&v->buf[i], &v->len[i]);
    v->oom |= !v->f[i];
    return v->f[i] ? v->f[i] : rep->sink;
}

static void gv_fmt(const pb_report_ctx *rep, gpvals *v, const char *key, const char *fmt, ...)
{
    FILE *f = gv_open(rep, v, key);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
}

/* The chart's script, STEM.gp in the report directory: common.gp with a terminal of w x h
 * pixels, then template t filled with v; then gnuplot draws it. */
static int gp_run(pb_report_ctx *rep, FILE *g, const char *stem);
static int gp_chart(pb_report_ctx *rep, const char *stem, int w, int h, int t, gpvals *v)
{
    for (int i = 0; i < v->n; ++i)
        if (v->f[i]) {
            v->oom |= fclose(v->f[i]) != 0 || !v->buf[i];
            v->f[i] = NULL;
            v->val[i] = v->buf[i] ? v->buf[i] : "";
        }
    int rc = -1;
    char p[PATH_MAX + 64];
    snprintf(p, sizeof p, "%s/%s.gp", rep->dir, stem);
    FILE *g = v->oom ? NULL : fopen(p, "w");
    if (v->oom)
        snprintf(rep->err, sizeof rep->err, "out of memory");
    else if (!g)
        snprintf(rep->err, sizeof rep->err, "cannot write %s: %s", p, strerror(errno));
    if (g) {
        char width[16], height[16], *term = NULL;
        size_t tlen = 0;
        snprintf(width, sizeof width, "%d", w);
        snprintf(height, sizeof height, "%d", h);
        FILE *m = open_memstream(&term, &tlen);
        if (m) {
            gp_piece(m, rep, T_COMMON, strcmp(rep->ext, "png") == 0 ? "terminal_png" : "terminal_svg", "WIDTH", width,
                     "HEIGHT", height, (const char *)NULL);
            fclose(m);
        }
        const char *hkey[] = {"STEM", "EXT", "TERMINAL"}, *hval[] = {stem, rep->ext, term ? term : ""};
        gp_expand(g, rep->tpl[T_COMMON], NULL, hkey, hval, 3);
        gp_expand(g, rep->tpl[t], NULL, v->key, v->val, v->n);
        free(term);
        rc = gp_run(rep, g, stem);
    }
    for (int i = 0; i < v->n; ++i)
        free(v->buf[i]);
    v->n = 0;
    return rc;
}

/* @ROTATE@: common.gp's piece rotate after a space, when x tics (variant names) would touch. */
static void gv_rotate(const pb_report_ctx *rep, gpvals *v, int crowded)
{
    FILE *g = gv_open(rep, v, "ROTATE");
    if (crowded) {
        fputc(' ', g);
        gp_piece(g, rep, T_COMMON, "rotate", (const char *)NULL);
    }
}

/* A quoted gnuplot string as a value. */
static void gv_str(const pb_report_ctx *rep, gpvals *v, const char *key, const char *text)
{
    gp_str(gv_open(rep, v, key), text);
}

static void gp_set(FILE *g, const char *what, const char *text)
{
    fprintf(g, "set %s ", what);
    gp_str(g, text);
    fputc('\n', g);
}

/* ---- titles: what, then where, when and which run ---- */

static void add_distinct(char (*seen)[128], size_t *n, size_t max, size_t *more, const char *v)
{
    if (!v[0])
        return;
    for (size_t i = 0; i < *n; ++i)
        if (strcmp(seen[i], v) == 0)
            return;
    if (*n < max)
        pb_strlcpy(seen[(*n)++], v, sizeof seen[0]);
    else
        ++*more;
}

static int cmp_name(const void *a, const void *b) { return strcmp(a, b); }

/* "a", "a + b", "a, b and 3 more" */
static void join_list(char (*v)[128], size_t n, size_t more, const char *sep, char *buf, size_t cap)
{
    buf[0] = '\0';
    for (size_t i = 0; i < n; ++i)
        snprintf(buf + strlen(buf), cap - strlen(buf), "%s%s", i ? sep : "", v[i]);
    if (more)
        snprintf(buf + strlen(buf), cap - strlen(buf), " and %zu more", more);
}

/* The second title line of a chart of rows[0..n) (those drawn: passed, at size unless
 * NaN): the GPU (the device of the rows that ran on one, else where they ran), the
 * dates measured and the runs read, e.g.
 * "NVIDIA H200; measured 2026-11-22; run 20261122T173515Z_dmvm_nx16384_t". */
static void chart_caption(const pb_report_ctx *rep, const pb_row *const *rows, size_t n, double size, char *buf,
                          size_t cap)
{
    enum { MAX = 3 };
    char gpu[MAX][128], host[MAX][128], run[MAX][128], first[16] = "", last[16] = "";
    size_t ngpu = 0, nhost = 0, nrun = 0, mgpu = 0, mhost = 0, mrun = 0;
    for (size_t i = 0; i < n; ++i) {
        const pb_row *r = rows[i];
        if (!r || !pb_rep_plotted(r) || (!isnan(size) && r->size != size))
            continue;
        const char *where = r->device[0] ? r->device : r->gpu_profile;
        if (r->offload == PB_OFFLOAD_DEVICE)
            add_distinct(gpu, &ngpu, MAX - 1, &mgpu, where);
        else
            add_distinct(host, &nhost, MAX - 1, &mhost, where);
        char day[16], name[128];
        snprintf(day, sizeof day, "%.10s", r->timestamp);
        if (day[0] && (!first[0] || strcmp(day, first) < 0))
            memcpy(first, day, sizeof day);
        if (strcmp(day, last) > 0)
            memcpy(last, day, sizeof day);
        add_distinct(run, &nrun, 2, &mrun, pb_rep_run_of(rep, r, name, sizeof name));
    }
    char who[400], runs[400];
    qsort(run, nrun, sizeof run[0], cmp_name); /* recorded runs' names start with their UTC time */
    if (ngpu)
        join_list(gpu, ngpu, mgpu, " + ", who, sizeof who);
    else if (nhost)
        join_list(host, nhost, mhost, " + ", who, sizeof who);
    else
        snprintf(who, sizeof who, "no device named");
    join_list(run, nrun, mrun, ", ", runs, sizeof runs);
    int span = strcmp(first, last) != 0;
    snprintf(buf, cap, "%s%s%s%s%s%s%s", who, first[0] ? "; measured " : "", first, span ? " to " : "",
             span ? last : "", !runs[0] ? "" : nrun + mrun > 1 ? "; runs " : "; run ", runs);
}

/* @TITLE@: "'title' . "\n" . 'caption'": the chart's subject on the first line; where,
 * when and which run on the second. */
static void gv_title(const pb_report_ctx *rep, gpvals *v, const char *title, const char *caption)
{
    FILE *g = gv_open(rep, v, "TITLE");
    gp_str(g, title);
    if (caption[0]) {
        fputs(" . \"\\n\" . ", g);
        gp_str(g, caption);
    }
}

/* Close the script, run gnuplot on it in the report directory, check the image. */
static int gp_run(pb_report_ctx *rep, FILE *g, const char *stem)
{
    char script[PATH_MAX], image[PATH_MAX + 64];
    snprintf(script, sizeof script, "%s/%s.gp", rep->dir, stem);
    if (pb_output_close(g, script, rep->err, sizeof rep->err) != PB_OK)
        return -1;
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

/* ---- styles: fixed per series, kernel and parameter value ---- */

static void series_style(const pb_row *r, const char **color, int *marker)
{
    int rank;
    pb_series_style(r->backend, r->toolchain, color, marker, &rank);
}

/* Kernels of one series (a chart per backend) by their place in the benchmark's
 * teaching order: v5 has one colour in every report. */
static const char *const kernel_palette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
                                             "#e377c2", "#17becf", "#bcbd22", "#393b79", "#000080", "#808000"};
enum { NKPAL = sizeof kernel_palette / sizeof *kernel_palette };

static int kernel_index(const pb_row *r) { return pb_rep_variant_rank(r) % NKPAL; }

/* Parameter values (strides) by log2 of the value: stride 4 is one colour everywhere. */
static int value_index(const char *v)
{
    double x = strtod(v, NULL);
    return x >= 1 ? (int)lround(log2(x)) % NKPAL : 0;
}

static int family_fallback(const pb_family *f)
{
    for (size_t i = 0; i < f->n; ++i)
        if (pb_rep_plotted(f->rows[i]) && pb_rep_fallback(f->rows[i]))
            return 1;
    return 0;
}

static const char *fallback_title(int fb) { return fb ? " [host fallback: not GPU results]" : ""; }
static const char *fallback_legend(const pb_row *r) { return pb_rep_fallback(r) ? " (host fallback)" : ""; }

/* A series' legend: its name (backend and toolchain), marked when it ran on the host. */
static void series_legend(const pb_row *r, char *name, size_t cap)
{
    pb_row_series(r, name, cap);
    strncat(name, fallback_legend(r), cap - strlen(name) - 1);
}

/* ---- axes ---- */

/* x over size: the working set in bytes (the cost model's bytes) for stream-type
 * benchmarks, whose size is an element count, else the benchmark's size (dMVM's nx). */
typedef struct xaxis {
    int bytes;
    double lo, hi; /* of the plotted rows */
    double l2;     /* the GPU's L2 in bytes, NaN when unknown or off the axis */
    char gpu[32];
} xaxis;

static double xval(const xaxis *x, const pb_row *r) { return x->bytes ? r->bytes : r->size; }

static void x_axis(const pb_family *f, xaxis *x)
{
    const pb_bench *b = pb_bench_find(f->rows[0]->benchmark);
    x->bytes = b && b->size_option && strcmp(b->size_option, "--n") == 0;
    for (size_t i = 0; i < f->n && x->bytes; ++i)
        if (pb_rep_plotted(f->rows[i]) && !(f->rows[i]->bytes > 0))
            x->bytes = 0;
    x->lo = INFINITY, x->hi = 0, x->l2 = NAN, x->gpu[0] = '\0';
    int mixed = 0;
    for (size_t i = 0; i < f->n; ++i) {
        const pb_row *r = f->rows[i];
        if (!pb_rep_plotted(r))
            continue;
        x->lo = fmin(x->lo, xval(x, r)), x->hi = fmax(x->hi, xval(x, r));
        if (r->offload != PB_OFFLOAD_DEVICE || !r->gpu_profile[0])
            continue;
        mixed |= x->gpu[0] && strcmp(x->gpu, r->gpu_profile) != 0;
        pb_strlcpy(x->gpu, r->gpu_profile, sizeof x->gpu);
    }
    const pb_gpu_profile *p = x->gpu[0] && !mixed ? pb_gpu_profile_by_id(x->gpu) : NULL;
    double l2 = p && p->l2_mib > 0 ? p->l2_mib * 1048576.0 : NAN;
    if (x->bytes && l2 >= x->lo / 1.2 && l2 <= x->hi * 1.2)
        x->l2 = l2;
}

/* Tics at powers of two, labelled as the command line spells sizes (512, 16Ki, 1Mi; with
 * a B for bytes), thinned out so that at most about max_tics labels fit. */
static void put_x_tics(FILE *g, const xaxis *x, int max_tics)
{
    int k0 = (int)floor(log2(x->lo)), k1 = (int)ceil(log2(x->hi));
    int step = 1;
    while ((k1 - k0) / step + 1 > max_tics)
        step *= 2;
    static const char *const unit_name[] = {"", "Ki", "Mi", "Gi", "Ti"};
    fprintf(g, "set xtics (");
    for (int k = k0; k <= k1; k += step) {
        int u = k < 10 ? 0 : k / 10 > 4 ? 4 : k / 10;
        fprintf(g, "%s'%.0f%s%s' %.17g", k == k0 ? "" : ", ", ldexp(1.0, k - 10 * u), unit_name[u],
                x->bytes ? "B" : "", ldexp(1.0, k));
    }
    fprintf(g, ")\n");
}

static void put_x_axis(FILE *g, const xaxis *x, int max_tics, const pb_row *h)
{
    char label[128];
    if (x->bytes)
        snprintf(label, sizeof label, "working set: bytes moved per repetition (log scale)");
    else
        snprintf(label, sizeof label, "problem size %s (log scale)", pb_rep_size_name(h));
    gp_set(g, "xlabel", label);
    fprintf(g, "set logscale x 2\nset xrange [%g:%g]\n", x->lo / 1.2, x->hi * 1.2);
    put_x_tics(g, x, max_tics);
}

/* @L2@: the GPU's L2 on the x axis, when it is there (common.gp's piece l2). */
static void gv_l2(const pb_report_ctx *rep, gpvals *v, const xaxis *x)
{
    FILE *g = gv_open(rep, v, "L2");
    if (isnan(x->l2))
        return;
    char text[64], b[32], at[32], *label = NULL;
    size_t len = 0;
    snprintf(text, sizeof text, "%s L2 %s", x->gpu, pb_fmt_bytes(x->l2, b, sizeof b));
    snprintf(at, sizeof at, "%.17g", x->l2);
    FILE *m = open_memstream(&label, &len);
    if (m) {
        gp_str(m, text);
        fclose(m);
    }
    gp_piece(g, rep, T_COMMON, "l2", "X", at, "LABEL", label ? label : "''", (const char *)NULL);
    free(label);
}

/* A logarithmic y axis over [bot, top] with labelled tics at 1, 2 and 5 of every decade
 * (at the powers of ten alone past 3.5 decades): at least three labels on any axis of
 * one decade or more, where gnuplot's own tics label the powers of ten only. */
static void put_log_y(FILE *g, double bot, double top)
{
    int many = log10(top / bot) > 3.5;
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

/* The YLABEL and YRANGE of a chart over variants: the rates of h's benchmark in [lo, hi]
 * (what: said after the unit), from 0, or logarithmic with room above and below. */
static void gv_rate_axis(const pb_report_ctx *rep, gpvals *gv, const pb_row *h, const char *what, int logy, double lo,
                         double hi)
{
    char ylabel[128];
    snprintf(ylabel, sizeof ylabel, "%s [%s]%s%s", pb_rep_metric_name(h), pb_row_unit(h), what,
             logy ? " (log scale)" : "");
    gv_str(rep, gv, "YLABEL", ylabel);
    FILE *g = gv_open(rep, gv, "YRANGE");
    if (logy)
        put_log_y(g, lo / 1.5, hi * 1.5);
    else
        fprintf(g, "set yrange [0:%.6g]\n", hi * 1.1);
}

/* y axis of values in [lo, hi]: linear from 0, or logarithmic with 1-2-5 tics when the
 * values span more than 30x (CUDA, OpenMP and the CPU in one chart, rates that fall as
 * 1/stride), so that the slow series do not sit on zero. */
static int put_y_axis(FILE *g, const pb_row *h, double lo, double hi)
{
    int logy = lo > 0 && hi / lo > 30;
    fprintf(g, "set ylabel '%s [%s]%s'\n", pb_rep_metric_name(h), pb_row_unit(h), logy ? " (log scale)" : "");
    if (!logy) {
        fprintf(g, "set yrange [0:%.6g]\n", hi * 1.08);
        return 0;
    }
    put_log_y(g, lo / 1.5, hi * 2.2); /* room above the top line for the ceiling labels */
    return 1;
}

/* The datasheet peak and the measured ceiling of the family's headline rate, as the
 * rows' percentages imply them (rate / (% / 100)); NaN when no row has them or when
 * rows disagree (a family that mixes GPUs), and for element rates (Melem/s), whose
 * percentages are of a bandwidth. */
static void family_ceilings(const pb_family *f, double *peak, double *meas, const char **gpu)
{
    int bad_peak = 0, bad_meas = 0;
    *peak = *meas = NAN;
    *gpu = "";
    for (size_t i = 0; i < f->n; ++i) {
        const pb_row *r = f->rows[i];
        int fl = pb_row_flops_headline(r);
        double pp = fl ? r->pct_peak_flops : r->pct_peak_bw, pm = fl ? r->pct_measured_flops : r->pct_measured_bw;
        double vp = pb_row_rate(r) * 100 / pp, vm = pb_row_rate(r) * 100 / pm;
        if (!pb_rep_plotted(r) || pb_row_elems_headline(r))
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
 * y range. Both labels sit above the higher line, where curves rarely go: the peak's on
 * the left, the ceiling's on the right (the lines are often too close for a label
 * between them). */
static double gv_ceilings(const pb_report_ctx *rep, gpvals *v, const pb_family *f)
{
    double peak, meas;
    const char *gpu;
    family_ceilings(f, &peak, &meas, &gpu);
    double top = fmax(peak, meas);
    FILE *g = gv_open(rep, v, "CEILINGS");
    char y[32], value[32], at[32];
    snprintf(at, sizeof at, "%.6g", top);
    if (peak > 0) {
        snprintf(y, sizeof y, "%.6g", peak);
        snprintf(value, sizeof value, "%.0f", peak);
        gp_piece(g, rep, T_COMMON, "peak", "Y", y, "VALUE", value, "TOP", at, "GPU", gpu, (const char *)NULL);
        fputc('\n', g);
    }
    if (meas > 0) {
        snprintf(y, sizeof y, "%.6g", meas);
        snprintf(value, sizeof value, "%.0f", meas);
        gp_piece(g, rep, T_COMMON, "measured", "Y", y, "VALUE", value, "TOP", at, (const char *)NULL);
        fputc('\n', g);
    }
    return top;
}

static void rate_range(const pb_family *f, double size, double *lo, double *hi)
{
    *lo = INFINITY, *hi = 0;
    for (size_t i = 0; i < f->n; ++i)
        if (pb_rep_plotted(f->rows[i]) && (isnan(size) || f->rows[i]->size == size))
            *lo = fmin(*lo, pb_row_rate(f->rows[i])), *hi = fmax(*hi, pb_row_rate(f->rows[i]));
}

/* ---- over size: one line per series, or per kernel of one series ---- */

/* group = NULL: every series (each runs one kernel), in its own colour; else the kernels
 * of group's series, plus the library and CPU baselines as dashed references. */
static int plot_lines(pb_report_ctx *rep, const pb_family *f, const pb_row **series, size_t ns, const pb_row *group,
                      const char *stem)
{
    const pb_row *h = f->rows[0];
    xaxis x;
    x_axis(f, &x);
    char title[700], name[96] = "";
    if (group)
        pb_row_series(group, name, sizeof name);
    snprintf(title, sizeof title, "%s: %s over %s%s%s%s", f->title, pb_rep_metric_name(h),
             x.bytes ? "working set" : "problem size", group ? ", " : "", name,
             fallback_title(group ? pb_rep_fallback(group) : family_fallback(f)));
    gpvals v = {0};
    char caption[600];
    chart_caption(rep, f->rows, f->n, NAN, caption, sizeof caption);
    gv_title(rep, &v, title, caption);
    put_x_axis(gv_open(rep, &v, "XAXIS"), &x, 14, h);
    gv_l2(rep, &v, &x);
    double lo, hi;
    rate_range(f, NAN, &lo, &hi);
    hi = fmax(hi, gv_ceilings(rep, &v, f));
    put_y_axis(gv_open(rep, &v, "YAXIS"), h, lo, hi);
    FILE *g = gv_open(rep, &v, "DATA");
    for (size_t s = 0; s < ns; ++s) {
        fprintf(g, "$s%zu << EOD\n", s);
        for (size_t i = 0; i < f->n; ++i)
            if (pb_rep_plotted(f->rows[i]) && pb_rep_same_series(f->rows[i], series[s]))
                fprintf(g, "%.17g %.6g\n", xval(&x, f->rows[i]), pb_row_rate(f->rows[i]));
        fprintf(g, "EOD\n");
    }
    g = gv_open(rep, &v, "PLOT");
    int k = 0;
    for (size_t s = 0; s < ns; ++s) {
        const pb_row *r = series[s];
        int ref = group && !pb_rep_same_group(r, group);
        if (ref && !pb_rep_is_reference(r))
            continue; /* another backend's kernels: in that backend's chart */
        const char *color;
        int marker;
        char label[160];
        series_style(r, &color, &marker);
        if (group && !ref) { /* the kernels of one series: a colour per kernel */
            color = kernel_palette[kernel_index(r)];
            marker = 1 + kernel_index(r);
            snprintf(label, sizeof label, "%s", r->variant);
        } else {
            pb_rep_series_label(r, !group, label, sizeof label);
        }
        strncat(label, fallback_legend(r), sizeof label - strlen(label) - 1);
        char n[24], pt[16], dt[16], legend[400];
        snprintf(n, sizeof n, "%zu", s);
        snprintf(pt, sizeof pt, "%d", marker);
        snprintf(dt, sizeof dt, "%d", ref || (!group && pb_rep_is_reference(r)) ? 2 : 1);
        gp_quote(label, legend, sizeof legend);
        fputs(k++ ? ", \\\n     " : "", g);
        gp_piece(g, rep, T_SIZE, "line", "N", n, "MARKER", pt, "COLOR", color, "DASH", dt, "LEGEND", legend,
                 (const char *)NULL);
    }
    return gp_chart(rep, stem, 1000, 560, T_SIZE, &v);
}

static int write_size_plots(pb_report_ctx *rep, const pb_family *f, const char *stem)
{
    const pb_row **series = calloc(f->n + 1, sizeof *series);
    if (!series)
        return -1;
    size_t ns = pb_rep_family_series(f, series, 0);
    int rc = 0;
    char img[400];
    if (!pb_rep_spans_sizes(f, series, ns)) {
        /* nothing to draw over size */
    } else if (pb_rep_kernels(series, ns) <= 1) { /* one kernel per series: one chart */
        snprintf(img, sizeof img, "%s_size", stem);
        rc = plot_lines(rep, f, series, ns, NULL, img);
        if (rc == 0)
            fprintf(rep->md, "![%s: %s over size](%s.%s)\n\n", f->title, pb_rep_metric_name(f->rows[0]), img, rep->ext);
    } else { /* several kernels: a chart per series, as the course draws them */
        for (size_t s = 0; s < ns && rc == 0; ++s) {
            if (pb_rep_is_reference(series[s]) || (s && pb_rep_same_group(series[s - 1], series[s])))
                continue;
            char name[80], gstem[80];
            pb_row_series(series[s], name, sizeof name);
            pb_rep_file_stem(name, gstem, sizeof gstem);
            snprintf(img, sizeof img, "%s_size_%s", stem, gstem);
            rc = plot_lines(rep, f, series, ns, series[s], img);
            if (rc == 0)
                fprintf(rep->md, "![%s, %s: %s over size](%s.%s)\n\n", f->title, name, pb_rep_metric_name(f->rows[0]),
                        img, rep->ext);
        }
    }
    free(series);
    return rc;
}

/* ---- sweeps: one line per parameter value ---- */

static int has_points(const pb_family *f, const pb_row *grp, const pb_row *val)
{
    for (size_t i = 0; i < f->n; ++i)
        if (pb_rep_plotted(f->rows[i]) && pb_rep_same_group(f->rows[i], grp) && !strcmp(f->rows[i]->params, val->params))
            return 1;
    return 0;
}

/* Over size: one panel per series (CUDA first, as the course puts CUDA left and OpenMP
 * right), one line per parameter value in the same colour on every panel, one y axis
 * shared by all panels so that they compare at a glance. */
/* One plot clause per series, from template T's PIECE (N, MARKER, COLOR, LEGEND), joined
 * by gnuplot's line continuation: the series of the sweep-by-value and spread charts. */
static void put_series(FILE *g, const pb_report_ctx *rep, int t, const char *piece, const pb_row **grp, size_t ng)
{
    for (size_t k = 0; k < ng; ++k) {
        char name[120], legend[260], num[24], pt[16];
        const char *color;
        int marker;
        series_style(grp[k], &color, &marker);
        series_legend(grp[k], name, sizeof name);
        gp_quote(name, legend, sizeof legend);
        snprintf(num, sizeof num, "%zu", k);
        snprintf(pt, sizeof pt, "%d", marker);
        fputs(k ? ", \\\n     " : "", g);
        gp_piece(g, rep, t, piece, "N", num, "MARKER", pt, "COLOR", color, "LEGEND", legend, (const char *)NULL);
    }
}

static int plot_sweep_sizes(pb_report_ctx *rep, const pb_family *f, const pb_row **grp, size_t ng, const pb_row **val,
                            size_t nv, const char *stem)
{
    const pb_row *h = f->rows[0];
    int cols = ng <= 3 ? (int)ng : (int)(ng + 1) / 2, rows = ng <= 3 ? 1 : 2;
    gpvals v = {0};
    xaxis x;
    x_axis(f, &x);
    FILE *g = gv_open(rep, &v, "DATA");
    for (size_t k = 0; k < ng; ++k)
        for (size_t j = 0; j < nv; ++j) {
            fprintf(g, "$d%zu_%zu << EOD\n", k, j);
            for (size_t i = 0; i < f->n; ++i) {
                const pb_row *r = f->rows[i];
                if (pb_rep_plotted(r) && pb_rep_same_group(r, grp[k]) && !strcmp(r->params, val[j]->params))
                    fprintf(g, "%.17g %.6g\n", xval(&x, r), pb_row_rate(r));
            }
            fprintf(g, "EOD\n");
        }
    char title[600];
    snprintf(title, sizeof title, "%s: %s over %s, one line per %s%s", f->name, pb_rep_metric_name(h),
             x.bytes ? "working set" : "problem size", f->sweep, fallback_title(family_fallback(f)));
    char caption[600];
    chart_caption(rep, f->rows, f->n, NAN, caption, sizeof caption);
    gv_fmt(rep, &v, "ROWS", "%d", rows);
    gv_fmt(rep, &v, "COLS", "%d", cols);
    gv_title(rep, &v, title, caption);
    double lo, hi;
    rate_range(f, NAN, &lo, &hi);
    hi = fmax(hi, gv_ceilings(rep, &v, f));
    put_y_axis(gv_open(rep, &v, "YAXIS"), h, lo, hi);
    put_x_axis(gv_open(rep, &v, "XAXIS"), &x, cols == 1 ? 14 : 7, h);
    gv_l2(rep, &v, &x);
    gv_str(rep, &v, "KEYTITLE", f->sweep);
    g = gv_open(rep, &v, "PANELS");
    for (size_t k = 0; k < ng; ++k) {
        char name[96], qname[200], *plot = NULL;
        size_t plen = 0;
        series_legend(grp[k], name, sizeof name);
        gp_quote(name, qname, sizeof qname);
        if (!strcmp(grp[k]->backend, "cpu")) { /* the GPU's ceilings and L2 say nothing of the host */
            gp_piece(g, rep, T_SWEEP_SIZES, "panel_host", (const char *)NULL);
            fputc('\n', g);
        }
        FILE *m = open_memstream(&plot, &plen);
        v.oom |= !m;
        int first = 1;
        for (size_t j = 0; m && j < nv; ++j) {
            if (!has_points(f, grp[k], val[j]))
                continue;
            char value[32], qvalue[80], n[48], pt[16];
            pb_rep_param_get(val[j]->params, f->sweep, value, sizeof value);
            int c = value_index(value);
            snprintf(n, sizeof n, "%zu_%zu", k, j);
            snprintf(pt, sizeof pt, "%d", 5 + 2 * (c % 4));
            gp_quote(value, qvalue, sizeof qvalue);
            fputs(first ? "" : ", \\\n     ", m);
            gp_piece(m, rep, T_SWEEP_SIZES, "line", "N", n, "MARKER", pt, "COLOR", kernel_palette[c], "LEGEND", qvalue,
                     (const char *)NULL);
            first = 0;
        }
        if (m)
            fclose(m);
        gp_piece(g, rep, T_SWEEP_SIZES, "panel", "NAME", qname, "PLOT", plot ? plot : "", (const char *)NULL);
        fputc('\n', g);
        free(plot);
    }
    return gp_chart(rep, stem, cols == 1 ? 1000 : 560 * cols, rows == 1 ? 600 : 1000, T_SWEEP_SIZES, &v);
}

/* At one size: the rate over the parameter value, one line per series. */
static int plot_sweep_values(pb_report_ctx *rep, const pb_family *f, const pb_row **grp, size_t ng,
                             const pb_row **val, size_t nv, double size, const char *stem)
{
    const pb_row *h = f->rows[0];
    gpvals gv = {0};
    char title[600], v0[32], v1[32], xlabel[64];
    snprintf(title, sizeof title, "%s, %s = %.0f: %s over %s%s", f->name, pb_rep_size_name(h), size,
             pb_rep_metric_name(h), f->sweep, fallback_title(family_fallback(f)));
    pb_rep_param_get(val[0]->params, f->sweep, v0, sizeof v0);
    pb_rep_param_get(val[nv - 1]->params, f->sweep, v1, sizeof v1);
    double a = strtod(v0, NULL), b = strtod(v1, NULL);
    int logx = a > 0 && b / a >= 4; /* strides and chain lengths grow geometrically */
    snprintf(xlabel, sizeof xlabel, "%s%s", f->sweep, logx ? " (log scale)" : "");
    char caption[600];
    chart_caption(rep, f->rows, f->n, size, caption, sizeof caption);
    gv_title(rep, &gv, title, caption);
    gv_str(rep, &gv, "XLABEL", xlabel);
    FILE *g = gv_open(rep, &gv, "LOGX");
    if (logx)
        fprintf(g, "set logscale x 2\nset xrange [%g:%g]\n", a / 1.3, b * 1.3);
    g = gv_open(rep, &gv, "XTICS");
    for (size_t v = 0; v < nv; ++v) {
        char value[32];
        pb_rep_param_get(val[v]->params, f->sweep, value, sizeof value);
        fprintf(g, "%s'%s' %s", v ? ", " : "", value, value);
    }
    double lo, hi;
    rate_range(f, size, &lo, &hi);
    hi = fmax(hi, gv_ceilings(rep, &gv, f));
    put_y_axis(gv_open(rep, &gv, "YAXIS"), h, lo, hi);
    g = gv_open(rep, &gv, "DATA");
    for (size_t k = 0; k < ng; ++k) {
        fprintf(g, "$g%zu << EOD\n", k);
        for (size_t v = 0; v < nv; ++v)
            for (size_t i = 0; i < f->n; ++i) {
                const pb_row *r = f->rows[i];
                char value[32];
                pb_rep_param_get(r->params, f->sweep, value, sizeof value);
                if (pb_rep_plotted(r) && r->size == size && pb_rep_same_group(r, grp[k]) &&
                    !strcmp(r->params, val[v]->params))
                    fprintf(g, "%s %.6g\n", value, pb_row_rate(r));
            }
        fprintf(g, "EOD\n");
    }
    g = gv_open(rep, &gv, "PLOT");
    put_series(g, rep, T_SWEEP_VALUES, "line", grp, ng);
    return gp_chart(rep, stem, 1000, 560, T_SWEEP_VALUES, &gv);
}

/* Parameter values become x coordinates: only numbers can (portbench's are integers;
 * a CSV from elsewhere may hold names). */
static int numeric_values(const pb_family *f, const pb_row **val, size_t nv)
{
    for (size_t v = 0; v < nv; ++v) {
        char x[32], *end;
        pb_rep_param_get(val[v]->params, f->sweep, x, sizeof x);
        if (!x[0] || (strtod(x, &end), *end != '\0'))
            return 0;
    }
    return 1;
}

static int write_sweep_plot(pb_report_ctx *rep, const pb_family *f, const char *stem, double size)
{
    const pb_row **grp = calloc(f->n + 1, sizeof *grp), **val = calloc(f->n + 1, sizeof *val);
    double *sizes = calloc(f->n + 1, sizeof *sizes);
    size_t ng = 0, nv = 0, nsizes = 0;
    int rc = grp && val && sizes ? 0 : -1;
    if (rc == 0) {
        pb_rep_sweep_axes(f, NAN, grp, &ng, val, &nv);
        nsizes = pb_rep_family_sizes(f, sizes);
    }
    char img[400];
    if (rc == 0 && ng && nv && nsizes > 1) {
        snprintf(img, sizeof img, "%s_size", stem);
        rc = plot_sweep_sizes(rep, f, grp, ng, val, nv, img);
        if (rc == 0)
            fprintf(rep->md, "![%s: %s over size per %s and backend](%s.%s)\n\n", f->title,
                    pb_rep_metric_name(f->rows[0]), f->sweep, img, rep->ext);
    } else if (rc == 0 && ng && nv > 1 && numeric_values(f, val, nv)) {
        snprintf(img, sizeof img, "%s_values", stem);
        rc = plot_sweep_values(rep, f, grp, ng, val, nv, size, img);
        if (rc == 0)
            fprintf(rep->md, "![%s: %s over %s per backend](%s.%s)\n\n", f->title, pb_rep_metric_name(f->rows[0]),
                    f->sweep, img, rep->ext);
    }
    free(sizes);
    free(grp);
    free(val);
    return rc;
}

/* ---- bars: the variants at one size ---- */

/* Variant names as x tics: rotated when two neighbours would touch (about 80
 * characters fit across the plot area, each tic gets an equal share). */
static int tics_crowded(const pb_row **var, size_t nv, const pb_matrix_group *const *grp, size_t ng)
{
    size_t n = var ? nv : ng;
    double slot = 80.0 / (double)(n ? n : 1);
    for (size_t v = 0; v + 1 < n; ++v) {
        double a = (double)strlen(var ? var[v]->variant : grp[v]->head->variant);
        double b = (double)strlen(var ? var[v + 1]->variant : grp[v + 1]->head->variant);
        if ((a + b) / 2 + 1.5 > slot)
            return 1;
    }
    return 0;
}

/* The bars of one variant are centred on its tic: the series that have a bar (or a
 * FAIL) there share the cluster, so a variant measured by one backend (lib) has its bar
 * on its label, not at that backend's slot. */
typedef struct bars {
    const pb_row **var, **grp;
    size_t nv, ng;
    double width; /* of one bar */
} bars;

static const pb_row *bar_cell(const pb_family *f, double size, const pb_row *var, const pb_row *grp, int with_fail)
{
    for (size_t i = 0; i < f->n; ++i) {
        const pb_row *r = f->rows[i];
        if (r->size == size && (pb_rep_plotted(r) || (with_fail && r->verified == PB_VERIFIED_FAIL)) &&
            pb_rep_same_group(r, grp) && !strcmp(r->variant, var->variant))
            return r;
    }
    return NULL;
}

/* x of series k's bar at variant v, or NaN when it has none. */
static double bar_x(const pb_family *f, double size, const bars *b, size_t v, size_t k)
{
    size_t m = 0, slot = 0;
    int have = 0;
    for (size_t j = 0; j < b->ng; ++j)
        if (bar_cell(f, size, b->var[v], b->grp[j], 1)) {
            if (j == k)
                slot = m, have = 1;
            ++m;
        }
    return have ? (double)v + ((double)slot - (double)(m - 1) / 2) * b->width : NAN;
}

/* @FAILS@ and @DATA@ of bars.gp */
static void put_bars(const pb_report_ctx *rep, gpvals *gv, const pb_family *f, double size, const bars *b)
{
    FILE *g = gv_open(rep, gv, "FAILS");
    for (size_t v = 0; v < b->nv; ++v)
        for (size_t k = 0; k < b->ng; ++k) {
            const pb_row *r = bar_cell(f, size, b->var[v], b->grp[k], 1);
            char x[32];
            if (r && r->verified == PB_VERIFIED_FAIL) { /* a failed row leaves a gap: say why, in the gap */
                snprintf(x, sizeof x, "%g", bar_x(f, size, b, v, k));
                gp_piece(g, rep, T_BARS, "fail", "X", x, (const char *)NULL);
                fputc('\n', g);
            }
        }
    g = gv_open(rep, gv, "DATA");
    for (size_t k = 0; k < b->ng; ++k) {
        fprintf(g, "$b%zu << EOD\n", k);
        for (size_t v = 0; v < b->nv; ++v) {
            const pb_row *r = bar_cell(f, size, b->var[v], b->grp[k], 0);
            if (r)
                fprintf(g, "%.6g %.6g\n", bar_x(f, size, b, v, k), pb_row_rate(r));
        }
        fprintf(g, "EOD\n");
    }
}

/* Bars at the headline size: x = variant, one bar per series; only when there are
 * several kernels to compare (one kernel is a point of the size chart). */
static int write_bar_plot(pb_report_ctx *rep, const pb_family *f, const char *stem, double size)
{
    bars b = {calloc(f->n + 1, sizeof *b.var), calloc(f->n + 1, sizeof *b.grp), 0, 0, 0};
    size_t nk = 0, widest = 1;
    for (size_t i = 0; b.var && b.grp && i < f->n; ++i) {
        const pb_row *r = f->rows[i];
        if (r->size != size || !(pb_rep_plotted(r) || r->verified == PB_VERIFIED_FAIL))
            continue;
        size_t k = 0;
        while (k < b.nv && strcmp(b.var[k]->variant, r->variant) != 0)
            ++k;
        if (k == b.nv)
            b.var[b.nv++] = r, nk += !pb_rep_is_reference(r); /* rows are in variant order already */
        for (k = 0; k < b.ng && !pb_rep_same_group(b.grp[k], r); ++k)
            ;
        if (k == b.ng)
            b.grp[b.ng++] = r;
    }
    int rc = b.var && b.grp ? 0 : -1;
    if (rc == 0 && nk > 1) {
        qsort(b.grp, b.ng, sizeof *b.grp, pb_rep_series_qsort);
        for (size_t v = 0; v < b.nv; ++v) {
            size_t m = 0;
            for (size_t k = 0; k < b.ng; ++k)
                m += bar_cell(f, size, b.var[v], b.grp[k], 1) != NULL;
            widest = m > widest ? m : widest;
        }
        b.width = 0.84 / (double)widest;
        const pb_row *h = f->rows[0];
        char title[600], img[400];
        snprintf(title, sizeof title, "%s, %s = %.0f: %s per variant and backend%s", f->title, pb_rep_size_name(h),
                 size, pb_rep_metric_name(h), fallback_title(family_fallback(f)));
        snprintf(img, sizeof img, "%s_bars", stem);
        gpvals gv = {0};
        char caption[600];
        chart_caption(rep, f->rows, f->n, size, caption, sizeof caption);
        gv_title(rep, &gv, title, caption);
        double lo, hi;
        rate_range(f, size, &lo, &hi);
        hi = fmax(hi, gv_ceilings(rep, &gv, f));
        put_y_axis(gv_open(rep, &gv, "YAXIS"), h, lo, hi);
        gv_fmt(rep, &gv, "BOXWIDTH", "%g", b.width);
        gv_fmt(rep, &gv, "XMAX", "%g", (double)b.nv - 0.4);
        gv_rotate(rep, &gv, tics_crowded(b.var, b.nv, NULL, 0));
        FILE *g = gv_open(rep, &gv, "XTICS");
        for (size_t v = 0; v < b.nv; ++v) {
            fprintf(g, "%s", v ? ", " : "");
            gp_str(g, b.var[v]->variant);
            fprintf(g, " %zu", v);
        }
        put_bars(rep, &gv, f, size, &b);
        g = gv_open(rep, &gv, "PLOT");
        int first = 1;
        for (size_t k = 0; k < b.ng; ++k) {
            int any = 0;
            for (size_t v = 0; v < b.nv && !any; ++v)
                any = bar_cell(f, size, b.var[v], b.grp[k], 0) != NULL;
            if (!any)
                continue; /* only FAIL rows: their labels say so */
            char name[120], legend[260], n[24];
            const char *color;
            int marker;
            series_style(b.grp[k], &color, &marker);
            series_legend(b.grp[k], name, sizeof name);
            gp_quote(name, legend, sizeof legend);
            snprintf(n, sizeof n, "%zu", k);
            fputs(first ? "" : ", \\\n     ", g);
            gp_piece(g, rep, T_BARS, "bar", "N", n, "COLOR", color, "LEGEND", legend, (const char *)NULL);
            first = 0;
        }
        rc = gp_chart(rep, img, 1000, 560, T_BARS, &gv);
        if (rc == 0)
            fprintf(rep->md, "![%s](%s.%s)\n\n", title, img, rep->ext);
    }
    free(b.var);
    free(b.grp);
    return rc;
}

int pb_rep_plot_family(pb_report_ctx *rep, const pb_family *f, const char *stem, double size)
{
    if (f->sweep[0])
        return write_sweep_plot(rep, f, stem, size);
    if (write_size_plots(rep, f, stem) != 0)
        return -1;
    return write_bar_plot(rep, f, stem, size);
}

/* ---- the compiler matrix ---- */

static void put_matrix_points(FILE *g, const char *name, const pb_matrix_group *const *grp, size_t ng, int k)
{
    fprintf(g, "%s << EOD\n", name);
    for (size_t v = 0; v < ng; ++v) {
        const pb_row *r = k < 0 ? grp[v]->cuda : grp[v]->tc[k];
        if (r && pb_rep_plotted(r))
            fprintf(g, "%zu %.6g\n", v, pb_row_rate(r));
        else
            fputc('\n', g); /* a gap: no line across a variant without a result */
    }
    fprintf(g, "EOD\n");
}

int pb_rep_plot_matrix(pb_report_ctx *rep, const pb_matrix *m, const pb_matrix_group *const *grp, size_t ng,
                       const char *title, const char *stem)
{
    const pb_row *h = grp[0]->head;
    double lo = INFINITY, hi = 0;
    int fb = 0;
    for (size_t v = 0; v < ng; ++v)
        for (int k = -1; k < m->ntc; ++k) {
            const pb_row *r = k < 0 ? grp[v]->cuda : grp[v]->tc[k];
            if (r && pb_rep_plotted(r)) {
                lo = fmin(lo, pb_row_rate(r)), hi = fmax(hi, pb_row_rate(r));
                fb |= pb_rep_fallback(r);
            }
        }
    if (!(hi > 0))
        return 0;
    gpvals gv = {0};
    char full[400], caption[600];
    const pb_row **drawn = calloc((size_t)(m->ntc + 1) * ng + 1, sizeof *drawn);
    size_t nd = 0;
    for (size_t v = 0; drawn && v < ng; ++v)
        for (int k = -1; k < m->ntc; ++k)
            drawn[nd++] = k < 0 ? grp[v]->cuda : grp[v]->tc[k];
    chart_caption(rep, drawn, nd, NAN, caption, sizeof caption);
    free(drawn);
    snprintf(full, sizeof full, "%s%s", title, fallback_title(fb));
    gv_title(rep, &gv, full, caption);
    /* compilers are compared by ratios, often 10x and more apart: logarithmic from one
     * decade on, linear below (a log axis of less than a decade has one labelled tic) */
    gv_rate_axis(rep, &gv, h, "", hi / lo >= 10, lo, hi);
    gv_fmt(rep, &gv, "XMAX", "%g", (double)ng - 0.5);
    gv_rotate(rep, &gv, tics_crowded(NULL, 0, grp, ng));
    FILE *g = gv_open(rep, &gv, "XTICS");
    for (size_t v = 0; v < ng; ++v) {
        fprintf(g, "%s", v ? ", " : "");
        gp_str(g, grp[v]->head->variant);
        fprintf(g, " %zu", v);
    }
    g = gv_open(rep, &gv, "DATA");
    put_matrix_points(g, "$cud0", grp, ng, -1);
    for (int k = 0; k < m->ntc; ++k) {
        char name[32];
        snprintf(name, sizeof name, "$t%d", k);
        put_matrix_points(g, name, grp, ng, k);
    }
    g = gv_open(rep, &gv, "PLOT");
    int first = 1;
    for (int k = -1; k < m->ntc; ++k) {
        int any = 0;
        for (size_t v = 0; v < ng && !any; ++v) {
            const pb_row *r = k < 0 ? grp[v]->cuda : grp[v]->tc[k];
            any = r && pb_rep_plotted(r);
        }
        if (!any)
            continue;
        const char *color;
        int marker, rank;
        char label[96], legend[200], name[32], pt[16];
        pb_series_style(k < 0 ? "cuda" : "omp", k < 0 ? "" : m->tc[k], &color, &marker, &rank);
        if (k < 0)
            snprintf(label, sizeof label, "cuda (reference)");
        else
            pb_series_title("omp", m->tc[k], label, sizeof label);
        gp_quote(label, legend, sizeof legend);
        snprintf(name, sizeof name, "%s%d", k < 0 ? "$cud" : "$t", k < 0 ? 0 : k);
        snprintf(pt, sizeof pt, "%d", marker);
        fputs(first ? "" : ", \\\n     ", g);
        gp_piece(g, rep, T_MATRIX, "line", "NAME", name, "DASH", k < 0 ? "2" : "1", "MARKER", pt, "COLOR", color,
                 "LEGEND", legend, (const char *)NULL);
        first = 0;
    }
    int rc = gp_chart(rep, stem, 1000, 560, T_MATRIX, &gv);
    if (rc == 0)
        fprintf(rep->md, "![%s](%s.%s)\n\n", full, stem, rep->ext);
    return rc;
}

/* ---- the spread across GPUs ---- */

int pb_rep_plot_spread(pb_report_ctx *rep, const pb_rep_spread_item *it, size_t n, const char *title, const char *stem)
{
    const pb_row **var = calloc(n + 1, sizeof *var), **grp = calloc(n + 1, sizeof *grp);
    double *x = calloc(n + 1, sizeof *x), lo = INFINITY, hi = 0;
    size_t nv = 0, ng = 0, widest = 1;
    int fb = 0, rc = var && grp && x ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < n; ++i) {
        const pb_row *r = it[i].row;
        if (!it[i].sp.n)
            continue;
        lo = fmin(lo, it[i].sp.min), hi = fmax(hi, it[i].sp.max);
        fb |= pb_rep_fallback(r);
        size_t k = 0;
        while (k < nv && strcmp(var[k]->variant, r->variant) != 0)
            ++k;
        if (k == nv)
            var[nv++] = r;
        for (k = 0; k < ng && !pb_rep_same_group(grp[k], r); ++k)
            ;
        if (k == ng)
            grp[ng++] = r;
    }
    if (rc != 0 || !nv) {
        free(var), free(grp), free(x);
        return rc;
    }
    qsort(grp, ng, sizeof *grp, pb_rep_series_qsort);
    /* each variant's points centred on its tic, as the bars are */
    for (size_t v = 0; v < nv; ++v) {
        size_t m = 0;
        for (size_t i = 0; i < n; ++i)
            m += it[i].sp.n && !strcmp(it[i].row->variant, var[v]->variant);
        widest = m > widest ? m : widest;
    }
    double width = 0.8 / (double)widest;
    for (size_t v = 0; v < nv; ++v) {
        size_t m = 0, slot = 0;
        for (size_t i = 0; i < n; ++i)
            m += it[i].sp.n && !strcmp(it[i].row->variant, var[v]->variant);
        for (size_t k = 0; k < ng; ++k)
            for (size_t i = 0; i < n; ++i)
                if (it[i].sp.n && !strcmp(it[i].row->variant, var[v]->variant) && pb_rep_same_group(it[i].row, grp[k]))
                    x[i] = (double)v + ((double)slot++ - (double)(m - 1) / 2) * width;
    }
    gpvals gv = {0};
    const pb_row *h = it[0].row;
    char full[700], caption[600];
    const pb_row **drawn = calloc(3 * n + 1, sizeof *drawn);
    size_t nd = 0;
    for (size_t i = 0; drawn && i < n; ++i)
        if (it[i].sp.n)
            drawn[nd++] = it[i].row, drawn[nd++] = it[i].sp.slowest, drawn[nd++] = it[i].sp.fastest;
    chart_caption(rep, drawn, nd, NAN, caption, sizeof caption);
    free(drawn);
    snprintf(full, sizeof full, "%s%s", title, fallback_title(fb));
    gv_title(rep, &gv, full, caption);
    gv_rate_axis(rep, &gv, h, ": median, bar min-max", lo > 0 && hi / lo > 100, lo, hi);
    gv_fmt(rep, &gv, "XMAX", "%g", (double)nv - 0.4);
    gv_rotate(rep, &gv, tics_crowded(var, nv, NULL, 0));
    FILE *g = gv_open(rep, &gv, "XTICS");
    for (size_t v = 0; v < nv; ++v) {
        fprintf(g, "%s", v ? ", " : "");
        gp_str(g, var[v]->variant);
        fprintf(g, " %zu", v);
    }
    g = gv_open(rep, &gv, "DATA");
    for (size_t k = 0; k < ng; ++k) {
        fprintf(g, "$s%zu << EOD\n", k);
        for (size_t i = 0; i < n; ++i)
            if (it[i].sp.n && pb_rep_same_group(it[i].row, grp[k]))
                fprintf(g, "%.6g %.6g %.6g %.6g\n", x[i], it[i].sp.median, it[i].sp.min, it[i].sp.max);
        fprintf(g, "EOD\n");
    }
    g = gv_open(rep, &gv, "PLOT");
    put_series(g, rep, T_SPREAD, "point", grp, ng);
    free(var), free(grp), free(x);
    rc = gp_chart(rep, stem, 1000, 560, T_SPREAD, &gv);
    if (rc == 0)
        fprintf(rep->md, "![%s](%s.%s)\n\n", full, stem, rep->ext);
    return rc;
}

/* ---- roofline and energy roofline ---- */

/* One chart's points: every passing row of one GPU (the families' gpu) and dtype with a
 * cost in FLOPs and bytes, at its family's headline size. */
typedef struct roof_set {
    const pb_row **r;
    size_t n;
    const pb_row **series; /* distinct series, in pb_series_style order */
    size_t ns;
} roof_set;

static int same_series_row(const pb_row *a, const pb_row *b)
{
    return !strcmp(a->backend, b->backend) && !strcmp(a->toolchain, b->toolchain);
}

static int series_rank_cmp(const void *x, const void *y)
{
    const pb_row *a = *(const pb_row *const *)x, *b = *(const pb_row *const *)y;
    const char *c;
    int m, ra, rb;
    pb_series_style(a->backend, a->toolchain, &c, &m, &ra);
    pb_series_style(b->backend, b->toolchain, &c, &m, &rb);
    return ra != rb ? ra - rb : strcmp(a->toolchain, b->toolchain);
}

static int roof_collect(const pb_family *f, size_t nf, const char *gpu, const char *dtype, int energy, roof_set *s)
{
    size_t cap = 0;
    for (size_t k = 0; k < nf; ++k)
        cap += f[k].n;
    s->r = calloc(cap + 1, sizeof *s->r);
    s->series = calloc(cap + 1, sizeof *s->series);
    s->n = s->ns = 0;
    if (!s->r || !s->series)
        return -1;
    for (size_t k = 0; k < nf; ++k) {
        if (strcmp(f[k].gpu, gpu) != 0 || strcmp(f[k].rows[0]->dtype, dtype) != 0)
            continue;
        double size = pb_rep_headline_size(&f[k]);
        for (size_t i = 0; i < f[k].n; ++i) {
            const pb_row *r = f[k].rows[i];
            if (!pb_rep_plotted(r) || !(r->flops > 0) || !(r->bytes > 0) || !(r->gflops > 0) ||
                (!isnan(size) && r->size != size) || (energy && !(r->gflop_per_j > 0)))
                continue;
            s->r[s->n++] = r;
            size_t j = 0;
            while (j < s->ns && !same_series_row(s->series[j], r))
                ++j;
            if (j == s->ns)
                s->series[s->ns++] = r;
        }
    }
    qsort(s->series, s->ns, sizeof *s->series, series_rank_cmp);
    return 0;
}

/* The roofs the rows imply: the memory bandwidth and FLOP rate of the measured ceilings
 * (portbench ceilings; the largest a row's % implies, as bandwidths differ by access
 * pattern) and of the GPU profile's datasheet; NaN when unknown. */
typedef struct roofs {
    double bw_meas, fl_meas, bw_peak, fl_peak;
    const char *gpu;
} roofs;

static void roof_ceilings(const roof_set *s, roofs *c)
{
    c->bw_meas = c->fl_meas = c->bw_peak = c->fl_peak = NAN;
    c->gpu = "";
    for (size_t i = 0; i < s->n; ++i) {
        const pb_row *r = s->r[i];
        if (r->pct_measured_bw > 0)
            c->bw_meas = fmax(isnan(c->bw_meas) ? 0 : c->bw_meas, r->gbs * 100 / r->pct_measured_bw);
        if (r->pct_measured_flops > 0)
            c->fl_meas = fmax(isnan(c->fl_meas) ? 0 : c->fl_meas, r->gflops * 100 / r->pct_measured_flops);
        if (r->pct_peak_bw > 0 && isnan(c->bw_peak))
            c->bw_peak = r->gbs * 100 / r->pct_peak_bw, c->gpu = r->gpu_profile;
        if (r->pct_peak_flops > 0 && isnan(c->fl_peak))
            c->fl_peak = r->gflops * 100 / r->pct_peak_flops;
    }
}

/* A roof min(top, slope * I) as a gnuplot function, drawn over the x range. */
static void put_roof(FILE *g, const char *fn, double slope, double top)
{
    if (slope > 0 && top > 0)
        fprintf(g, "%s(x) = (x * %.9g < %.9g) ? x * %.9g : %.9g\n", fn, slope, top, slope, top);
    else if (slope > 0)
        fprintf(g, "%s(x) = x * %.9g\n", fn, slope);
    else
        fprintf(g, "%s(x) = %.9g\n", fn, top);
}

/* Every row at its benchmark's intensity, undodged: a point moved sideways under a
 * sloped roof would seem to pass it. The series tell apart by colour and marker. */
static double roof_x(const pb_row *r) { return r->flops / r->bytes; }

static double roof_y(const pb_row *r, int energy) { return energy ? r->gflop_per_j : r->gflops; }

/* gbj_all: the best GB/J of this GPU's rows in every dtype (bytes per joule do not depend
 * on the dtype; a dtype with only FLOP-bound rows would otherwise get a meaningless slope). */
static int plot_roofline(pb_report_ctx *rep, const roof_set *s, const char *dtype, int energy, double gbj_all,
                         const char *stem)
{
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    for (size_t i = 0; i < s->n; ++i) {
        xlo = fmin(xlo, s->r[i]->flops / s->r[i]->bytes), xhi = fmax(xhi, s->r[i]->flops / s->r[i]->bytes);
        ylo = fmin(ylo, roof_y(s->r[i], energy)), yhi = fmax(yhi, roof_y(s->r[i], energy));
    }
    roofs c;
    roof_ceilings(s, &c);
    /* the energy roof is the envelope of these rows: their best GB/J times the intensity,
     * and their best GFLOP/J; a row's GFLOP/J is its GB/J times its intensity. */
    double best_gbj = gbj_all, best_gfj = 0;
    for (size_t i = 0; energy && i < s->n; ++i)
        best_gbj = fmax(best_gbj, s->r[i]->gb_per_j), best_gfj = fmax(best_gfj, s->r[i]->gflop_per_j);
    double top = energy ? best_gfj : fmax(c.fl_meas > 0 ? c.fl_meas : 0, c.fl_peak > 0 ? c.fl_peak : 0);
    double slope = energy ? best_gbj : c.bw_meas > 0 ? c.bw_meas : c.bw_peak;
    double ridge = top > 0 && slope > 0 ? top / slope : NAN; /* where a roof turns flat: in range */
    xlo = fmin(xlo / 4, ridge / 4), xhi = fmax(xhi * 4, ridge * 4);
    yhi = fmax(yhi, top);
    gpvals gv = {0};
    char title[256], caption[600];
    snprintf(title, sizeof title, "%s roofline, %s: each variant at its benchmark's headline size",
             energy ? "energy" : "", dtype);
    chart_caption(rep, s->r, s->n, NAN, caption, sizeof caption);
    gv_title(rep, &gv, title[0] == ' ' ? title + 1 : title, caption);
    gv_fmt(rep, &gv, "XMIN", "%.6g", xlo);
    gv_fmt(rep, &gv, "XMAX", "%.6g", xhi);
    gv_fmt(rep, &gv, "YUNIT", "%s", energy ? "GFLOP/J" : "GFLOP/s");
    put_log_y(gv_open(rep, &gv, "YAXIS"), ylo / 2, yhi * 3);
    /* the benchmarks' names over their intensity */
    FILE *g = gv_open(rep, &gv, "LABELS");
    for (size_t i = 0; i < s->n; ++i) {
        size_t j = 0;
        while (j < i && strcmp(s->r[j]->benchmark, s->r[i]->benchmark) != 0)
            ++j;
        if (j < i)
            continue;
        char name[200], x[32];
        gp_quote(s->r[i]->benchmark, name, sizeof name);
        snprintf(x, sizeof x, "%.9g", s->r[i]->flops / s->r[i]->bytes);
        gp_piece(g, rep, T_ROOFLINE, "bench", "NAME", name, "X", x, (const char *)NULL);
        fputc('\n', g);
    }
    g = gv_open(rep, &gv, "ROOFS");
    FILE *plot = gv_open(rep, &gv, "PLOT");
    int first = 1;
    if (energy) {
        put_roof(g, "emax", best_gbj, best_gfj);
        gp_piece(plot, rep, T_ROOFLINE, "energy_roof", (const char *)NULL);
        first = 0;
    } else {
        if (c.bw_meas > 0 || c.fl_meas > 0) {
            put_roof(g, "rmeas", c.bw_meas > 0 ? c.bw_meas : NAN, c.fl_meas > 0 ? c.fl_meas : NAN);
            gp_piece(plot, rep, T_ROOFLINE, "measured_roof", (const char *)NULL);
            first = 0;
        }
        if (c.bw_peak > 0 || c.fl_peak > 0) {
            put_roof(g, "rpeak", c.bw_peak > 0 ? c.bw_peak : NAN, c.fl_peak > 0 ? c.fl_peak : NAN);
            fputs(first ? "" : ", \\\n     ", plot);
            gp_piece(plot, rep, T_ROOFLINE, "peak_roof", "GPU", c.gpu, (const char *)NULL);
            first = 0;
        }
    }
    g = gv_open(rep, &gv, "DATA");
    for (size_t k = 0; k < s->ns; ++k) {
        fprintf(g, "$s%zu << EOD\n", k);
        for (size_t i = 0; i < s->n; ++i)
            if (same_series_row(s->r[i], s->series[k]))
                fprintf(g, "%.9g %.6g\n", roof_x(s->r[i]), roof_y(s->r[i], energy));
        fprintf(g, "EOD\n");
    }
    for (size_t k = 0; k < s->ns; ++k, first = 0) {
        const char *color;
        int marker;
        char label[160], legend[340], num[24], pt[16];
        series_style(s->series[k], &color, &marker);
        pb_row_series(s->series[k], label, sizeof label);
        strncat(label, fallback_legend(s->series[k]), sizeof label - strlen(label) - 1);
        gp_quote(label, legend, sizeof legend);
        snprintf(num, sizeof num, "%zu", k);
        snprintf(pt, sizeof pt, "%d", marker);
        fputs(first ? "" : ", \\\n     ", plot);
        gp_piece(plot, rep, T_ROOFLINE, "point", "N", num, "MARKER", pt, "COLOR", color, "LEGEND", legend,
                 (const char *)NULL);
    }
    return gp_chart(rep, stem, 1000, 680, T_ROOFLINE, &gv);
}

int pb_rep_write_roofline(pb_report_ctx *rep, const pb_family *f, size_t nf)
{
    int said = 0, rc = 0;
    for (size_t k = 0; k < nf && rc == 0; ++k) {
        size_t j = 0; /* each GPU and dtype once, at its first family */
        while (j < k && (strcmp(f[j].gpu, f[k].gpu) || strcmp(f[j].rows[0]->dtype, f[k].rows[0]->dtype)))
            ++j;
        if (j < k)
            continue;
        double gbj_all = 0;
        for (size_t j2 = 0; j2 < nf; ++j2) {
            if (strcmp(f[j2].gpu, f[k].gpu) != 0)
                continue;
            double size = pb_rep_headline_size(&f[j2]);
            for (size_t i = 0; i < f[j2].n; ++i)
                if (pb_rep_plotted(f[j2].rows[i]) && (isnan(size) || f[j2].rows[i]->size == size) &&
                    f[j2].rows[i]->gb_per_j > 0)
                    gbj_all = fmax(gbj_all, f[j2].rows[i]->gb_per_j);
        }
        for (int energy = 0; energy <= 1 && rc == 0; ++energy) {
            roof_set s;
            rc = roof_collect(f, nf, f[k].gpu, f[k].rows[0]->dtype, energy, &s);
            if (rc == 0 && s.n > 0) {
                if (!said++)
                    fprintf(rep->md,
                            "## Roofline\n\n"
                            "Every passing row with FLOPs and bytes in its cost model, at its benchmark's headline\n"
                            "size: arithmetic intensity (FLOPs / bytes) on x, the rate on y; all variants of a\n"
                            "benchmark share its intensity (one column; colour and marker tell the series apart).\n"
                            "Roofs: the measured ceilings (`portbench ceilings`: the best bandwidth a row's %%\n"
                            "implies, and the FMA rate) and the datasheet. The energy roofline (rows measured with\n"
                            "--energy) draws GFLOP/J under the envelope of the best GB/J of this GPU's rows (any\n"
                            "dtype; times the intensity) and these rows' best GFLOP/J: not a hardware limit.\n\n");
                char stem[200], gstem[160];
                pb_rep_file_stem(f[k].gpu, gstem, sizeof gstem);
                snprintf(stem, sizeof stem, "%sroofline_%s%s%s", energy ? "energy_" : "", f[k].rows[0]->dtype,
                         gstem[0] ? "_" : "", gstem);
                rc = plot_roofline(rep, &s, f[k].rows[0]->dtype, energy, gbj_all, stem);
                if (rc == 0)
                    fprintf(rep->md, "![%s roofline, %s%s%s](%s.%s)\n\n", energy ? "energy" : "the",
                            f[k].rows[0]->dtype, f[k].gpu[0] ? ", " : "", f[k].gpu, stem, rep->ext);
            }
            free(s.r);
            free(s.series);
        }
    }
    return rc;
}
