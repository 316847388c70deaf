/* pb_tab.c - the one table printer: string tables in three formats, and the shared number
 * formats. */
#define _GNU_SOURCE
#include "pb_tab.h"
#include "pb_rate.h"
#include "pb_result.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int pb_tab_init(pb_tab *t, int ncols)
{
    memset(t, 0, sizeof *t);
    if (ncols < 1 || ncols > PB_TAB_MAXCOLS)
        return -1;
    t->ncols = ncols;
    t->indent = "";
    t->sep = "  ";
    t->empty = "-";
    return 0;
}

int pb_tab_column(pb_tab *t, int col, pb_align align, int width, int fixed)
{
    if (col < 0 || col >= t->ncols || width < 0)
        return -1;
    t->align[col] = align;
    t->width[col] = width;
    t->fixed[col] = (char)(fixed && width > 0);
    return 0;
}

static int grow(pb_tab *t)
{
    if (t->n < t->cap)
        return 0;
    size_t cap = t->cap ? 2 * t->cap : 256;
    char **p = realloc(t->cell, cap * sizeof *p);
    if (!p)
        return -1;
    t->cell = p;
    t->cap = cap;
    return 0;
}

void pb_tab_put(pb_tab *t, const char *fmt, ...)
{
    if (t->oom)
        return;
    if (grow(t) != 0) {
        t->oom = 1;
        return;
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

/* Rows are padded with empty cells while being filled. */
const char *pb_tab_cell(const pb_tab *t, size_t row, int col)
{
    size_t i = row * (size_t)t->ncols + (size_t)col;
    return col >= 0 && col < t->ncols && i < t->n ? t->cell[i] : "";
}

int pb_tab_set(pb_tab *t, size_t row, int col, const char *text)
{
    size_t i = row * (size_t)t->ncols + (size_t)col;
    if (col < 0 || col >= t->ncols || i >= t->n)
        return -1;
    char *s = strdup(text);
    if (!s)
        return -1;
    free(t->cell[i]);
    t->cell[i] = s;
    return 0;
}

static int blank(const char *s) { return s[0] == '\0' || strcmp(s, "-") == 0; }

void pb_tab_hide_empty(pb_tab *t)
{
    size_t rows = pb_tab_nrows(t);
    for (int c = 0; c < t->ncols; ++c) {
        int empty = 1;
        for (size_t r = 1; r <= rows && empty; ++r)
            empty = blank(pb_tab_cell(t, r, c));
        t->hidden[c] = (char)(empty && rows > 0);
    }
}

/* Numbers read better right-aligned: a number, then at most a short unit ("ms"), a
 * percent sign or an "x" (ratios); versions, dates and names stay left-aligned. */
static int looks_numeric(const char *s)
{
    if (blank(s))
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
        if (!looks_numeric(pb_tab_cell(t, r, c)))
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

/* An empty data cell reads as t->empty ("-") in text and markdown. */
static const char *shown(const pb_tab *t, size_t r, int c)
{
    const char *s = pb_tab_cell(t, r, c);
    return s[0] || r == 0 ? s : t->empty;
}

static int right_aligned(const pb_tab *t, int c)
{
    return t->align[c] == PB_ALIGN_AUTO ? numeric_column(t, c) : t->align[c] == PB_ALIGN_RIGHT;
}

/* Columns cols[0..n) of every row, aligned; the last one without trailing blanks. */
static void print_cols(FILE *f, const pb_tab *t, size_t rows, const size_t *width, const int *right, const int *cols,
                       int n)
{
    for (size_t r = 0; r <= rows; ++r) {
        fputs(t->indent, f);
        for (int k = 0; k < n; ++k) {
            int c = cols[k], w = k == n - 1 && !right[c] ? 0 : (int)width[c]; /* no trailing blanks */
            fprintf(f, "%s%*s", k ? t->sep : "", right[c] ? w : -w, shown(t, r, c));
        }
        fputc('\n', f);
    }
}

/* Aligned text. Wider than max_width (0: no limit): the first nkeys columns lead every
 * block and the others fill blocks up to max_width, one after another (even_blocks: as
 * many blocks, the columns spread evenly over them). */
static void print_text(FILE *f, const pb_tab *t, size_t rows, int max_width, int nkeys)
{
    size_t width[PB_TAB_MAXCOLS] = {0}, sep = strlen(t->sep);
    int right[PB_TAB_MAXCOLS], keys[PB_TAB_MAXCOLS], rest[PB_TAB_MAXCOLS], nk = 0, nr = 0;
    size_t keys_width = 0, total = 0;
    for (int c = 0; c < t->ncols; ++c) {
        right[c] = right_aligned(t, c);
        width[c] = (size_t)t->width[c];
        for (size_t r = 0; r <= rows && !t->fixed[c]; ++r)
            if (strlen(shown(t, r, c)) > width[c])
                width[c] = strlen(shown(t, r, c));
        if (t->hidden[c])
            continue;
        total += (nk + nr ? sep : 0) + width[c];
        if (c < nkeys) {
            keys_width += (nk ? sep : 0) + width[c];
            keys[nk++] = c;
        } else {
            rest[nr++] = c;
        }
    }
    if (max_width <= 0 || total <= (size_t)max_width || nr == 0) {
        int all[PB_TAB_MAXCOLS];
        memcpy(all, keys, (size_t)nk * sizeof *all);
        memcpy(all + nk, rest, (size_t)nr * sizeof *all);
        print_cols(f, t, rows, width, right, all, nk + nr);
        return;
    }
    int ends[PB_TAB_MAXCOLS], nblocks = 0; /* block b ends before rest[ends[b]] */
    for (int i = 0; i < nr; ends[nblocks++] = i) {
        size_t w = keys_width;
        int n = nk;
        do { /* at least one column per block, however wide */
            w += (n++ ? sep : 0) + width[rest[i++]];
        } while (i < nr && w + sep + width[rest[i]] <= (size_t)max_width);
    }
    if (t->even_blocks)
        for (int b = 0, per = (nr + nblocks - 1) / nblocks; b < nblocks; ++b)
            ends[b] = (b + 1) * per < nr ? (b + 1) * per : nr;
    for (int b = 0, i = 0; b < nblocks && i < nr; ++b) {
        int block[PB_TAB_MAXCOLS], n = nk;
        memcpy(block, keys, (size_t)nk * sizeof *block);
        if (i)
            fputc('\n', f); /* a blank line between blocks */
        while (i < ends[b])
            block[n++] = rest[i++];
        print_cols(f, t, rows, width, right, block, n);
    }
}

static void print_md(FILE *f, const pb_tab *t, size_t rows)
{
    for (size_t r = 0; r <= rows; ++r) {
        for (int c = 0; c < t->ncols; ++c)
            if (!t->hidden[c]) {
                fputs("| ", f);
                put_md_field(f, shown(t, r, c));
                fputc(' ', f);
            }
        fputs("|\n", f);
        if (r == 0) {
            for (int c = 0; c < t->ncols; ++c)
                if (!t->hidden[c])
                    fputs(right_aligned(t, c) ? "|---:" : "|---", f);
            fputs("|\n", f);
        }
    }
}

static void print_csv(FILE *f, const pb_tab *t, size_t rows)
{
    for (size_t r = 0; r <= rows; ++r) {
        for (int c = 0; c < t->ncols; ++c) {
            if (c)
                fputc(',', f);
            pb_csv_write_field(f, pb_tab_cell(t, r, c));
        }
        fputc('\n', f);
    }
}

int pb_tab_print(FILE *f, const pb_tab *t, pb_fmt fmt) { return pb_tab_print_fit(f, t, fmt, 0, 0); }

int pb_tab_print_fit(FILE *f, const pb_tab *t, pb_fmt fmt, int max_width, int nkeys)
{
    if (t->oom)
        return -1;
    size_t rows = pb_tab_nrows(t);
    if (fmt == PB_FMT_TEXT)
        print_text(f, t, rows, max_width, nkeys);
    else if (fmt == PB_FMT_MD)
        print_md(f, t, rows);
    else
        print_csv(f, t, rows);
    return 0;
}

void pb_tab_free(pb_tab *t)
{
    for (size_t i = 0; i < t->n; ++i)
        free(t->cell[i]);
    free(t->cell);
    memset(t, 0, sizeof *t);
}

static const char *missing(pb_fmt fmt, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s", fmt == PB_FMT_CSV ? "" : "-");
    return buf;
}

const char *pb_fmt_time(double s, pb_fmt fmt, char *buf, size_t cap)
{
    if (!isfinite(s) || s < 0)
        return missing(fmt, buf, cap);
    if (fmt == PB_FMT_CSV) {
        snprintf(buf, cap, "%.6g", s);
        return buf;
    }
    /* 4 significant digits in the largest unit that keeps the value >= 1 */
    const char *unit = s >= 1 ? "s" : s >= 1e-3 ? "ms" : s >= 1e-6 ? "us" : "ns";
    double v = s >= 1 ? s : s >= 1e-3 ? s * 1e3 : s >= 1e-6 ? s * 1e6 : s * 1e9;
    int decimals = v >= 100 ? 1 : v >= 10 ? 2 : 3;
    snprintf(buf, cap, "%.*f %s", v >= 1000 ? 0 : decimals, v, unit);
    return buf;
}

const char *pb_fmt_num(double v, const char *spec, pb_fmt fmt, char *buf, size_t cap)
{
    if (!isfinite(v))
        return missing(fmt, buf, cap);
    if (fmt == PB_FMT_CSV)
        snprintf(buf, cap, "%.6g", v);
    else
        snprintf(buf, cap, spec, v);
    return buf;
}

const char *pb_fmt_rate(double v, pb_fmt fmt, char *buf, size_t cap)
{
    if (!isfinite(v) || fmt == PB_FMT_CSV)
        return pb_fmt_num(v, "%.1f", fmt, buf, cap); /* CSV: full precision; missing: "-" or "" */
    return pb_rate_text(v, buf, cap);
}

const char *pb_fmt_size(double v, char *buf, size_t cap)
{
    if (v >= 0x1p30 && fmod(v, 0x1p30) == 0)
        snprintf(buf, cap, "%.0fGi", v / 0x1p30);
    else if (v >= 0x1p20 && fmod(v, 0x1p20) == 0)
        snprintf(buf, cap, "%.0fMi", v / 0x1p20);
    else
        snprintf(buf, cap, "%.0f", v);
    return buf;
}

const char *pb_fmt_bytes(double v, char *buf, size_t cap)
{
    static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (v >= 1024 && u < 4)
        v /= 1024, ++u;
    snprintf(buf, cap, v == floor(v) || u == 0 ? "%.0f %s" : "%.3g %s", v, unit[u]);
    return buf;
}
