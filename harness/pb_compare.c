/* pb_compare.c - matching rows across runs, the noise rule, small tables in three
 * formats, and the `compare` command. */
#define _GNU_SOURCE
#include "pb_compare.h"
#include "pb_common.h"
#include "pb_record.h"
#include "pb_report.h"
#include "pb_table.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- tables ---- */

int pb_tab_init(pb_tab *t, int ncols)
{
    memset(t, 0, sizeof *t);
    if (ncols < 1 || ncols > PB_TAB_MAXCOLS)
        return -1;
    t->ncols = ncols;
    return 0;
}

void pb_tab_put(pb_tab *t, const char *fmt, ...)
{
    if (t->oom)
        return;
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 256;
        char **p = realloc(t->cell, cap * sizeof *p);
        if (!p) {
            t->oom = 1;
            return;
        }
        t->cell = p;
        t->cap = cap;
    }
    va_list ap;
    va_start(ap, fmt);
    char *s;
    int rc = vasprintf(&s, fmt, ap);
    va_end(ap);
    if (rc < 0) {
        t->oom = 1;
        return;
    }
    t->cell[t->n++] = s;
}

size_t pb_tab_nrows(const pb_tab *t)
{
    size_t rows = (t->n + (size_t)t->ncols - 1) / (size_t)t->ncols;
    return rows ? rows - 1 : 0;
}

/* Cell (row, col); rows are padded with empty cells while being filled. */
static const char *cell(const pb_tab *t, size_t row, int col)
{
    size_t i = row * (size_t)t->ncols + (size_t)col;
    return i < t->n ? t->cell[i] : "";
}

void pb_tab_hide_empty(pb_tab *t)
{
    size_t rows = pb_tab_nrows(t);
    for (int c = 0; c < t->ncols; ++c) {
        int empty = 1;
        for (size_t r = 1; r <= rows && empty; ++r) {
            const char *s = cell(t, r, c);
            empty = s[0] == '\0' || strcmp(s, "-") == 0;
        }
        t->hidden[c] = (char)(empty && rows > 0);
    }
}

/* Numbers read better right-aligned: a number, then at most a short unit ("ms"), a
 * percent sign or an "x" (ratios); versions, dates and names stay left-aligned. */
static int looks_numeric(const char *s)
{
    if (s[0] == '\0' || strcmp(s, "-") == 0)
        return 1;
    char *end;
    strtod(s, &end);
    if (end == s)
        return 0;
    if (*end == ' ')
        ++end;
    size_t unit = strspn(end, "abcdefghijklmnopqrstuvwxyz%");
    return unit <= 2 && end[unit] == '\0';
}

static int numeric_column(const pb_tab *t, int c)
{
    size_t rows = pb_tab_nrows(t);
    for (size_t r = 1; r <= rows; ++r)
        if (!looks_numeric(cell(t, r, c)))
            return 0;
    return rows > 0;
}

static void put_md_field(FILE *f, const char *s)
{
    for (; *s; ++s) {
        if (*s == '|')
            fputc('\\', f);
        fputc(*s == '\n' ? ' ' : *s, f);
    }
}

static void print_text(FILE *f, const pb_tab *t, size_t rows)
{
    size_t width[PB_TAB_MAXCOLS] = {0};
    int right[PB_TAB_MAXCOLS];
    for (int c = 0; c < t->ncols; ++c) {
        right[c] = numeric_column(t, c);
        for (size_t r = 0; r <= rows; ++r)
            if (strlen(cell(t, r, c)) > width[c])
                width[c] = strlen(cell(t, r, c));
    }
    for (size_t r = 0; r <= rows; ++r) {
        int first = 1, last = -1;
        for (int c = 0; c < t->ncols; ++c)
            if (!t->hidden[c])
                last = c;
        for (int c = 0; c < t->ncols; ++c) {
            if (t->hidden[c])
                continue;
            const char *s = cell(t, r, c)[0] || r == 0 ? cell(t, r, c) : "-";
            int w = c == last && !right[c] ? 0 : (int)width[c]; /* no trailing blanks */
            fprintf(f, "%s%*s", first ? "" : "  ", right[c] ? w : -w, s);
            first = 0;
        }
        fputc('\n', f);
    }
}

static void print_md(FILE *f, const pb_tab *t, size_t rows)
{
    for (size_t r = 0; r <= rows; ++r) {
        for (int c = 0; c < t->ncols; ++c)
            if (!t->hidden[c]) {
                fputs("| ", f);
                put_md_field(f, cell(t, r, c)[0] || r == 0 ? cell(t, r, c) : "-");
                fputc(' ', f);
            }
        fputs("|\n", f);
        if (r == 0) {
            for (int c = 0; c < t->ncols; ++c)
                if (!t->hidden[c])
                    fputs(numeric_column(t, c) ? "|---:" : "|---", f);
            fputs("|\n", f);
        }
    }
}

int pb_tab_print(FILE *f, const pb_tab *t, pb_fmt fmt)
{
    if (t->oom)
        return -1;
    size_t rows = pb_tab_nrows(t);
    if (fmt == PB_FMT_TEXT) {
        print_text(f, t, rows);
    } else if (fmt == PB_FMT_MD) {
        print_md(f, t, rows);
    } else {
        for (size_t r = 0; r <= rows; ++r) { /* CSV keeps every column: scripts rely on them */
            for (int c = 0; c < t->ncols; ++c) {
                if (c)
                    fputc(',', f);
                pb_csv_write_field(f, cell(t, r, c));
            }
            fputc('\n', f);
        }
    }
    return 0;
}

void pb_tab_free(pb_tab *t)
{
    for (size_t i = 0; i < t->n; ++i)
        free(t->cell[i]);
    free(t->cell);
    memset(t, 0, sizeof *t);
}

const char *pb_fmt_time(double s, pb_fmt fmt, char *buf, size_t cap)
{
    if (isnan(s) || s < 0)
        snprintf(buf, cap, "%s", fmt == PB_FMT_CSV ? "" : "-");
    else if (fmt == PB_FMT_CSV)
        snprintf(buf, cap, "%.6g", s);
    else {
        /* 4 significant digits in the largest unit that keeps the value >= 1 */
        const char *unit = s >= 1 ? "s" : s >= 1e-3 ? "ms" : s >= 1e-6 ? "us" : "ns";
        double v = s >= 1 ? s : s >= 1e-3 ? s * 1e3 : s >= 1e-6 ? s * 1e6 : s * 1e9;
        int decimals = v >= 100 ? 1 : v >= 10 ? 2 : 3;
        snprintf(buf, cap, "%.*f %s", v >= 1000 ? 0 : decimals, v, unit);
    }
    return buf;
}

const char *pb_fmt_num(double v, const char *spec, pb_fmt fmt, char *buf, size_t cap)
{
    if (isnan(v) || isinf(v))
        snprintf(buf, cap, "%s", fmt == PB_FMT_CSV ? "" : "-");
    else if (fmt == PB_FMT_CSV)
        snprintf(buf, cap, "%.6g", v);
    else
        snprintf(buf, cap, spec, v);
    return buf;
}

/* ---- matching and classification ---- */

int pb_natural_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
            char *ea, *eb;
            unsigned long x = strtoul(a, &ea, 10), y = strtoul(b, &eb, 10);
            if (x != y)
                return x < y ? -1 : 1;
            a = ea, b = eb;
            continue;
        }
        if (*a != *b)
            return (unsigned char)*a - (unsigned char)*b;
        ++a, ++b;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

int pb_row_same_key(const pb_row *a, const pb_row *b)
{
    return strcmp(a->benchmark, b->benchmark) == 0 && strcmp(a->variant, b->variant) == 0 &&
           strcmp(a->backend, b->backend) == 0 && strcmp(a->compiler, b->compiler) == 0 &&
           strcmp(a->dtype, b->dtype) == 0 && a->size == b->size && strcmp(a->params, b->params) == 0;
}

void pb_series_name(const pb_row *r, char *buf, size_t cap)
{
    /* library backends are named after the library already; others carry a compiler */
    if (strcmp(r->backend, "cuda") == 0 || strcmp(r->backend, r->compiler) == 0 || !r->compiler[0])
        snprintf(buf, cap, "%s", r->backend);
    else
        snprintf(buf, cap, "%s(%s)", r->backend, r->compiler);
}

void pb_row_key_str(const pb_row *r, char *buf, size_t cap)
{
    char series[64];
    pb_series_name(r, series, sizeof series);
    snprintf(buf, cap, "%s %s %s %s %.0f%s%s", r->benchmark, r->variant, series, r->dtype, r->size,
             r->params[0] ? " " : "", r->params);
}

/* The spread of the clock the row's time comes from (pb_row_time). */
double pb_row_rel_spread(const pb_row *r)
{
    int device = strcmp(r->clock, "device") == 0 && !isnan(r->device_time_median_s);
    double sd = device ? r->device_time_stddev_s : r->time_stddev_s;
    double med = device ? r->device_time_median_s : r->time_median_s;
    if (isnan(sd) || !(med > 0))
        return 0;
    return sd / med;
}

static int is_status(const pb_row *r, const char *s) { return strcmp(r->verified, s) == 0; }

pb_verdict pb_classify(const pb_row *base, const pb_row *cur, double threshold, pb_cmp *out)
{
    pb_cmp c = {pb_row_time(base), pb_row_time(cur), NAN, NAN, NAN, PB_SAME};
    if (c.base_s > 0 && c.new_s > 0)
        c.ratio = c.new_s / c.base_s;
    double a = pb_row_rel_spread(base), b = pb_row_rel_spread(cur);
    c.noise = 2 * sqrt(a * a + b * b);
    c.limit = fmax(threshold, c.noise);
    if (is_status(base, "FAIL") || is_status(cur, "FAIL"))
        c.verdict = PB_FAILED;
    else if (is_status(base, "SKIP") || is_status(cur, "SKIP"))
        c.verdict = PB_SKIPPED;
    else if (isnan(c.ratio))
        c.verdict = PB_NOTIME;
    else if (c.ratio > 1 + c.limit)
        c.verdict = PB_SLOWER;
    else if (c.ratio < 1 / (1 + c.limit))
        c.verdict = PB_FASTER;
    if (out)
        *out = c;
    return c.verdict;
}

const char *pb_verdict_name(pb_verdict v)
{
    static const char *const names[] = {"SAME", "FASTER", "SLOWER", "FAIL", "SKIP", "NO-TIME"};
    return (unsigned)v < sizeof names / sizeof *names ? names[v] : "?";
}

int pb_parse_threshold(const char *s, double *out, char *err, size_t cap)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    int pct = end != s && strcmp(end, "%") == 0;
    if (end == s || (*end && !pct) || errno == ERANGE || !isfinite(v)) {
        snprintf(err, cap, "--threshold '%s': use a percentage like 5%% or a fraction like 0.05", s);
        return -1;
    }
    if (pct)
        v /= 100;
    else if (v >= 1) {
        snprintf(err, cap, "--threshold '%s' is ambiguous: write %s%% or a fraction below 1 (0.05 = 5%%)", s, s);
        return -1;
    }
    if (v < 0 || v >= 1) {
        snprintf(err, cap, "--threshold '%s' must be at least 0 and below 100%%", s);
        return -1;
    }
    *out = v;
    return 0;
}

int pb_read_inputs(int nfiles, char **files, pb_rowset *out, char *err, size_t cap)
{
    for (int i = 0; i < nfiles; ++i)
        if (pb_csv_read(files[i], out, err, cap) != 0)
            return -1;
    return 0;
}

/* ---- shared option handling of compare/history/report ---- */

static int take_value(int argc, char **argv, int *i, const char *name, const char **val, char *err, size_t cap)
{
    size_t len = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, len) != 0)
        return 0;
    if (a[len] == '=') {
        *val = a + len + 1;
        return 1;
    }
    if (a[len] != '\0')
        return 0;
    if (*i + 1 >= argc) {
        snprintf(err, cap, "option %s needs a value", name);
        *val = NULL;
        return -1;
    }
    *val = argv[++*i];
    return 1;
}

/* ---- compare BASE NEW ---- */

typedef struct cmp_args {
    double threshold;
    pb_fmt fmt;
    const char *by;
    char *files[256];
    int nfiles;
} cmp_args;

static int parse_compare_args(int argc, char **argv, cmp_args *a, char *err, size_t cap)
{
    memset(a, 0, sizeof *a);
    a->threshold = PB_DEFAULT_THRESHOLD;
    for (int i = 0; i < argc; ++i) {
        const char *v = NULL;
        int k;
        if (strcmp(argv[i], "--md") == 0) {
            a->fmt = PB_FMT_MD;
        } else if (strcmp(argv[i], "--csv") == 0) {
            a->fmt = PB_FMT_CSV;
        } else if ((k = take_value(argc, argv, &i, "--threshold", &v, err, cap)) != 0) {
            if (k < 0 || pb_parse_threshold(v, &a->threshold, err, cap) != 0)
                return -1;
        } else if ((k = take_value(argc, argv, &i, "--by", &v, err, cap)) != 0) {
            if (k < 0)
                return -1;
            if (strcmp(v, "compiler") != 0) {
                snprintf(err, cap, "compare --by '%s': only 'compiler' is supported", v);
                return -1;
            }
            a->by = v;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            snprintf(err, cap, "compare: unknown option '%s' (see portbench help compare)", argv[i]);
            return -1;
        } else if (a->nfiles < (int)(sizeof a->files / sizeof *a->files)) {
            a->files[a->nfiles++] = argv[i];
        } else {
            snprintf(err, cap, "compare: too many files");
            return -1;
        }
    }
    if (!a->by && a->nfiles != 2) {
        snprintf(err, cap, "compare needs two files, BASE.csv NEW.csv (got %d)", a->nfiles);
        return -1;
    }
    if (a->by && a->nfiles < 1) {
        snprintf(err, cap, "compare --by compiler needs at least one results CSV");
        return -1;
    }
    return 0;
}

static const char *const compare_cols[] = {"benchmark", "variant", "backend", "compiler", "dtype", "size", "params",
                                           "base",      "new",     "new/base", "noise",   "status", "note"};
static const char *const compare_csv_cols[] = {"benchmark", "variant", "backend", "compiler", "dtype",
                                               "size",      "params",  "base_s",  "new_s",    "ratio",
                                               "noise",     "status",  "note"};
enum { NCOMPARE_COLS = sizeof compare_cols / sizeof *compare_cols };

static void put_key_cells(pb_tab *t, const pb_row *r)
{
    pb_tab_put(t, "%s", r->benchmark);
    pb_tab_put(t, "%s", r->variant);
    pb_tab_put(t, "%s", r->backend);
    pb_tab_put(t, "%s", r->compiler);
    pb_tab_put(t, "%s", r->dtype);
    pb_tab_put(t, "%.0f", r->size);
    pb_tab_put(t, "%s", r->params);
}

/* Why a row may have changed: what differs between the two runs besides the code. */
static void change_note(const pb_row *b, const pb_row *n, const pb_cmp *c, char *buf, size_t cap)
{
    buf[0] = '\0';
    size_t len = 0;
#define ADD(...) (len < cap ? (len += (size_t)snprintf(buf + len, cap - len, __VA_ARGS__)) : 0)
    if (c->verdict == PB_FAILED)
        ADD("FAIL in %s%s", is_status(b, "FAIL") ? "base" : "new", is_status(b, "FAIL") && is_status(n, "FAIL") ? " and new" : "");
    if (c->verdict == PB_SKIPPED) { /* nothing was measured: other differences do not matter */
        ADD("SKIP in %s%s", is_status(b, "SKIP") ? "base" : "new", is_status(b, "SKIP") && is_status(n, "SKIP") ? " and new" : "");
        return;
    }
    if (strcmp(b->compiler_version, n->compiler_version) != 0)
        ADD("%s%s %s -> %s", len ? "; " : "", n->compiler, b->compiler_version[0] ? b->compiler_version : "?",
            n->compiler_version[0] ? n->compiler_version : "?");
    if (strcmp(b->device, n->device) != 0)
        ADD("%sdevice %s -> %s", len ? "; " : "", b->device, n->device);
    if (strcmp(b->clock, n->clock) != 0)
        ADD("%sclock %s -> %s", len ? "; " : "", b->clock, n->clock);
    if (strcmp(b->offload, n->offload) != 0)
        ADD("%soffload %s -> %s", len ? "; " : "", b->offload, n->offload);
    if (strcmp(n->throttled, "yes") == 0 || strcmp(b->throttled, "yes") == 0)
        ADD("%sthrottled", len ? "; " : "");
#undef ADD
}

static void put_compare_row(pb_tab *t, const pb_row *b, const pb_row *n, double threshold, pb_fmt fmt,
                            pb_verdict *v)
{
    pb_cmp c;
    char x[64], note[512];
    *v = pb_classify(b, n, threshold, &c);
    put_key_cells(t, b);
    /* the time of a wrong result is no result: only passing rows show one */
    pb_tab_put(t, "%s", pb_fmt_time(is_status(b, "PASS") ? c.base_s : NAN, fmt, x, sizeof x));
    pb_tab_put(t, "%s", pb_fmt_time(is_status(n, "PASS") ? c.new_s : NAN, fmt, x, sizeof x));
    int timed = *v != PB_SKIPPED && *v != PB_FAILED;
    pb_tab_put(t, "%s", pb_fmt_num(timed ? c.ratio : NAN, "%.3f", fmt, x, sizeof x));
    double noise = timed ? c.noise : NAN;
    pb_tab_put(t, "%s", pb_fmt_num(fmt == PB_FMT_CSV ? noise : 100 * noise, "%.1f%%", fmt, x, sizeof x));
    pb_tab_put(t, "%s", pb_verdict_name(*v));
    change_note(b, n, &c, note, sizeof note);
    pb_tab_put(t, "%s", note);
}

static void put_only_row(pb_tab *t, const pb_row *r, int in_base, pb_fmt fmt)
{
    char x[64];
    double time = is_status(r, "PASS") ? pb_row_time(r) : NAN;
    put_key_cells(t, r);
    pb_tab_put(t, "%s", in_base ? pb_fmt_time(time, fmt, x, sizeof x) : "");
    pb_tab_put(t, "%s", in_base ? "" : pb_fmt_time(time, fmt, x, sizeof x));
    pb_tab_put(t, "%s", "");
    pb_tab_put(t, "%s", "");
    pb_tab_put(t, "%s", in_base ? "ONLY-BASE" : "ONLY-NEW");
    pb_tab_put(t, "%s", r->verified);
}

static void list_only(FILE *out, const pb_rowset *s, const char *used, const char *file, pb_fmt fmt)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; ++i)
        n += !used[i];
    if (!n)
        return;
    fprintf(out, fmt == PB_FMT_MD ? "\n**Only in %s** (%zu):\n\n" : "\nonly in %s (%zu):\n", file, n);
    for (size_t i = 0; i < s->n; ++i)
        if (!used[i]) {
            char key[256];
            pb_row_key_str(&s->rows[i], key, sizeof key);
            fprintf(out, fmt == PB_FMT_MD ? "- `%s` (%s)\n" : "  %s (%s)\n", key, s->rows[i].verified);
        }
}

static int compare_two(const cmp_args *a, const pb_rowset *base, const pb_rowset *cur, FILE *out)
{
    char *used_b = calloc(base->n + 1, 1), *used_n = calloc(cur->n + 1, 1);
    pb_tab t;
    if (!used_b || !used_n || pb_tab_init(&t, NCOMPARE_COLS) != 0) {
        free(used_b), free(used_n);
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    for (int c = 0; c < NCOMPARE_COLS; ++c)
        pb_tab_put(&t, "%s", a->fmt == PB_FMT_CSV ? compare_csv_cols[c] : compare_cols[c]);
    int count[PB_NOTIME + 1] = {0}, new_fail = 0;
    for (size_t i = 0; i < base->n; ++i)
        for (size_t j = 0; j < cur->n; ++j) /* duplicates pair up in file order */
            if (!used_n[j] && pb_row_same_key(&base->rows[i], &cur->rows[j])) {
                pb_verdict v;
                put_compare_row(&t, &base->rows[i], &cur->rows[j], a->threshold, a->fmt, &v);
                ++count[v];
                new_fail += is_status(&cur->rows[j], "FAIL");
                used_b[i] = used_n[j] = 1;
                break;
            }
    size_t only_b = 0, only_n = 0;
    if (a->fmt == PB_FMT_CSV) { /* one table for scripts: unmatched rows included */
        for (size_t i = 0; i < base->n; ++i)
            if (!used_b[i])
                put_only_row(&t, &base->rows[i], 1, a->fmt), ++only_b;
        for (size_t j = 0; j < cur->n; ++j)
            if (!used_n[j])
                put_only_row(&t, &cur->rows[j], 0, a->fmt), ++only_n;
    } else {
        pb_tab_hide_empty(&t);
        fprintf(out, a->fmt == PB_FMT_MD ? "Comparison of `%s` (base) and `%s` (new); threshold %.3g%%\n\n"
                                         : "base: %s\nnew:  %s\nthreshold %.3g%%; noise = 2*sqrt(sb^2+sn^2) of the "
                                           "relative spreads (stddev/median)\n\n",
                a->files[0], a->files[1], 100 * a->threshold);
    }
    int rc = pb_tab_print(out, &t, a->fmt);
    if (a->fmt != PB_FMT_CSV) {
        list_only(out, base, used_b, a->files[0], a->fmt);
        list_only(out, cur, used_n, a->files[1], a->fmt);
        for (size_t i = 0; i < base->n; ++i)
            only_b += !used_b[i];
        for (size_t j = 0; j < cur->n; ++j)
            only_n += !used_n[j];
        fprintf(out, "\n%zu matched: %d SLOWER, %d FASTER, %d SAME, %d FAIL, %d SKIP%s; %zu only in base, %zu only in new\n",
                pb_tab_nrows(&t), count[PB_SLOWER], count[PB_FASTER], count[PB_SAME], count[PB_FAILED],
                count[PB_SKIPPED], count[PB_NOTIME] ? " (some without a time)" : "", only_b, only_n);
    }
    pb_tab_free(&t);
    free(used_b);
    free(used_n);
    if (rc != 0) {
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    /* a row that newly fails verification is a regression too */
    return count[PB_SLOWER] || new_fail ? PB_EXIT_REGRESSION : PB_EXIT_OK;
}

/* ---- compare --by compiler ---- */

enum { MAX_COMPILERS = 8 };

typedef struct omp_group {
    const pb_row *head;               /* benchmark, variant, dtype, size, params */
    const pb_row *cc[MAX_COMPILERS];  /* per compiler */
    const pb_row *cuda;
} omp_group;

static int same_case_variant(const pb_row *a, const pb_row *b)
{
    return strcmp(a->benchmark, b->benchmark) == 0 && strcmp(a->variant, b->variant) == 0 &&
           strcmp(a->dtype, b->dtype) == 0 && a->size == b->size && strcmp(a->params, b->params) == 0;
}

static int compiler_index(const char (*names)[32], int n, const char *c)
{
    for (int i = 0; i < n; ++i)
        if (strcmp(names[i], c) == 0)
            return i;
    return -1;
}

static int cmp_name(const void *a, const void *b) { return strcmp(a, b); }

/* What a cell shows for a row that has no usable time. */
static const char *status_cell(const pb_row *r)
{
    if (!r)
        return "";
    if (is_status(r, "FAIL"))
        return "FAIL";
    if (is_status(r, "SKIP"))
        return "skip";
    return NULL;
}

/* Time and GB/s of a row; text and markdown show FAIL/skip in their place, CSV leaves
 * them empty and adds the row's status in a column of its own. */
static void put_time_gbs(pb_tab *t, const pb_row *r, pb_fmt fmt)
{
    char x[64];
    const char *s = status_cell(r);
    if (s && fmt == PB_FMT_CSV)
        s = "";
    pb_tab_put(t, "%s", s ? s : pb_fmt_time(pb_row_time(r), fmt, x, sizeof x));
    pb_tab_put(t, "%s", s ? s : pb_fmt_num(r->gbs, "%.1f", fmt, x, sizeof x));
    if (fmt == PB_FMT_CSV)
        pb_tab_put(t, "%s", r ? r->verified : "");
}

static double passed_time(const pb_row *r)
{
    return r && is_status(r, "PASS") && pb_row_time(r) > 0 ? pb_row_time(r) : NAN;
}

/* The fastest passing compiler, or "tie: a, b" naming every compiler within the noise
 * rule of the fastest. */
static void fastest(const omp_group *g, const char (*cc)[32], int ncc, double threshold, char *buf, size_t cap)
{
    int best = -1, passed = 0;
    for (int k = 0; k < ncc; ++k)
        if (!isnan(passed_time(g->cc[k]))) {
            ++passed;
            if (best < 0 || passed_time(g->cc[k]) < passed_time(g->cc[best]))
                best = k;
        }
    buf[0] = '\0';
    if (passed < 2)
        return;
    size_t len = (size_t)snprintf(buf, cap, "tie: %s", cc[best]);
    int ties = 0;
    for (int k = 0; k < ncc && len < cap; ++k)
        if (k != best && !isnan(passed_time(g->cc[k])) && pb_classify(g->cc[best], g->cc[k], threshold, NULL) != PB_SLOWER) {
            len += (size_t)snprintf(buf + len, cap - len, ", %s", cc[k]);
            ++ties;
        }
    if (!ties)
        snprintf(buf, cap, "%s", cc[best]);
}

static int collect_groups(const pb_rowset *s, omp_group **out, size_t *ng, char (*cc)[32], int *ncc)
{
    *ncc = 0;
    for (size_t i = 0; i < s->n; ++i) {
        const pb_row *r = &s->rows[i];
        if (strcmp(r->backend, "omp") == 0 && compiler_index(cc, *ncc, r->compiler) < 0 && *ncc < MAX_COMPILERS)
            pb_strlcpy(cc[(*ncc)++], r->compiler, 32);
    }
    qsort(cc, (size_t)*ncc, 32, cmp_name); /* clang before gcc: a stable reference column */
    omp_group *g = calloc(s->n + 1, sizeof *g);
    if (!g)
        return -1;
    size_t n = 0;
    for (size_t i = 0; i < s->n; ++i) {
        const pb_row *r = &s->rows[i];
        if (strcmp(r->backend, "omp") != 0)
            continue;
        size_t k = 0;
        while (k < n && !same_case_variant(g[k].head, r))
            ++k;
        if (k == n)
            g[n++].head = r;
        int c = compiler_index(cc, *ncc, r->compiler);
        if (c >= 0 && !g[k].cc[c])
            g[k].cc[c] = r;
    }
    for (size_t k = 0; k < n; ++k)
        for (size_t i = 0; i < s->n && !g[k].cuda; ++i)
            if (strcmp(s->rows[i].backend, "cuda") == 0 && same_case_variant(g[k].head, &s->rows[i]))
                g[k].cuda = &s->rows[i];
    *out = g;
    *ng = n;
    return 0;
}

int pb_by_compiler_table(const pb_rowset *s, double threshold, pb_fmt fmt, pb_tab *t)
{
    char cc[MAX_COMPILERS][32];
    int ncc;
    omp_group *g;
    size_t ng;
    if (collect_groups(s, &g, &ng, cc, &ncc) != 0)
        return -1;
    int csv = fmt == PB_FMT_CSV;
    int per = csv ? 3 : 2; /* time, GB/s (, status) */
    int ncols = 5 + per * ncc + (ncc > 1 ? ncc : 0) + per + ncc;
    if (pb_tab_init(t, ncols) != 0) {
        free(g);
        return -1;
    }
    static const char *const key[] = {"benchmark", "variant", "dtype", "size", "params"};
    for (int c = 0; c < 5; ++c)
        pb_tab_put(t, "%s", key[c]);
    for (int k = 0; k < ncc; ++k) {
        pb_tab_put(t, csv ? "%s_time_s" : "%s time", cc[k]);
        pb_tab_put(t, csv ? "%s_gbs" : "%s GB/s", cc[k]);
        if (csv)
            pb_tab_put(t, "%s_status", cc[k]);
    }
    for (int k = 1; k < ncc; ++k)
        pb_tab_put(t, csv ? "%s_over_%s" : "%s/%s", cc[k], cc[0]);
    if (ncc > 1)
        pb_tab_put(t, "fastest");
    pb_tab_put(t, csv ? "cuda_time_s" : "cuda time");
    pb_tab_put(t, csv ? "cuda_gbs" : "cuda GB/s");
    if (csv)
        pb_tab_put(t, "cuda_status");
    for (int k = 0; k < ncc; ++k)
        pb_tab_put(t, csv ? "%s_over_cuda" : "%s/cuda", cc[k]);
    for (size_t i = 0; i < ng; ++i) {
        const omp_group *e = &g[i];
        char x[64];
        pb_tab_put(t, "%s", e->head->benchmark);
        pb_tab_put(t, "%s", e->head->variant);
        pb_tab_put(t, "%s", e->head->dtype);
        pb_tab_put(t, "%.0f", e->head->size);
        pb_tab_put(t, "%s", e->head->params);
        for (int k = 0; k < ncc; ++k)
            put_time_gbs(t, e->cc[k], fmt);
        for (int k = 1; k < ncc; ++k)
            pb_tab_put(t, "%s", pb_fmt_num(passed_time(e->cc[k]) / passed_time(e->cc[0]), "%.2f", fmt, x, sizeof x));
        if (ncc > 1) {
            fastest(e, (const char(*)[32])cc, ncc, threshold, x, sizeof x);
            pb_tab_put(t, "%s", x);
        }
        put_time_gbs(t, e->cuda, fmt);
        for (int k = 0; k < ncc; ++k)
            pb_tab_put(t, "%s", pb_fmt_num(passed_time(e->cc[k]) / passed_time(e->cuda), "%.2f", fmt, x, sizeof x));
    }
    free(g);
    return 0;
}

static int compare_by_compiler(const cmp_args *a, const pb_rowset *s, FILE *out)
{
    pb_tab t;
    if (pb_by_compiler_table(s, a->threshold, a->fmt, &t) != 0) {
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    if (pb_tab_nrows(&t) == 0) {
        pb_errorf("compare --by compiler: no OpenMP rows (backend omp) in the input");
        pb_tab_free(&t);
        return PB_EXIT_OK;
    }
    if (a->fmt != PB_FMT_CSV) {
        pb_tab_hide_empty(&t);
        fprintf(out, "OpenMP compilers side by side; X/Y = time of X over time of Y (> 1: X slower); "
                     "fastest: 'tie' within max(%.3g%%, noise)\n\n",
                100 * a->threshold);
    }
    int rc = pb_tab_print(out, &t, a->fmt);
    pb_tab_free(&t);
    return rc == 0 ? PB_EXIT_OK : PB_EXIT_USAGE;
}

void pb_compare_help(FILE *f)
{
    fprintf(f,
            "usage: portbench compare [--threshold X] [--md|--csv] BASE.csv NEW.csv\n"
            "       portbench compare --by compiler [--threshold X] [--md|--csv] RESULTS.csv...\n\n"
            "  Matches rows by benchmark, variant, backend, compiler, dtype, size and params and\n"
            "  classifies each as SAME, FASTER or SLOWER; FAIL (verification failed in either\n"
            "  file) and SKIP rows are never classified. Rows found in only one file are listed.\n\n"
            "  --threshold X   smallest change that counts: 5%% or 0.05 (default 5%%)\n"
            "  --md, --csv     markdown table, or CSV on stdout (default: aligned text)\n"
            "  --by compiler   one run: each OpenMP variant's compilers side by side, with the\n"
            "                  CUDA row of the same case as reference (GB/s, OpenMP/CUDA time)\n\n"
            "  noise rule: s = stddev / median of the clock in use (device_time_stddev_s or time_stddev_s);\n"
            "  noise = 2*sqrt(sb^2 + sn^2);\n"
            "  limit = max(threshold, noise); SLOWER when new/base > 1 + limit, FASTER when\n"
            "  new/base < 1/(1 + limit), else SAME. Times are pb_row_time (the clock column).\n\n"
            "  exit status: 0 no regression; 1 a SLOWER row or a row that fails in NEW;\n"
            "  2 usage or input error (a malformed CSV names its file and line)\n");
}

int pb_cmd_compare(int argc, char **argv, FILE *out)
{
    if (pb_wants_help(argc, argv)) {
        pb_compare_help(out);
        return PB_EXIT_OK;
    }
    cmp_args a;
    char err[2 * PATH_MAX];
    if (parse_compare_args(argc, argv, &a, err, sizeof err) != 0) {
        pb_errorf("%s", err);
        return PB_EXIT_USAGE;
    }
    pb_rowset base = {0}, cur = {0};
    int rc;
    if (a.by) {
        rc = pb_read_inputs(a.nfiles, a.files, &base, err, sizeof err) != 0 ? -1 : compare_by_compiler(&a, &base, out);
    } else {
        rc = pb_csv_read(a.files[0], &base, err, sizeof err) != 0 || pb_csv_read(a.files[1], &cur, err, sizeof err) != 0
                 ? -1
                 : compare_two(&a, &base, &cur, out);
    }
    if (rc < 0) {
        pb_errorf("%s", err);
        rc = PB_EXIT_USAGE;
    }
    pb_rowset_free(&base);
    pb_rowset_free(&cur);
    return rc;
}

int pb_tools_help(const char *cmd, FILE *f)
{
    if (strcmp(cmd, "compare") == 0)
        pb_compare_help(f);
    else if (strcmp(cmd, "history") == 0)
        pb_history_help(f);
    else if (strcmp(cmd, "report") == 0)
        pb_report_help(f);
    else
        return -1;
    return 0;
}
