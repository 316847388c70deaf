/* pb_tab.h - the one table printer of portbench: a table of strings filled row by row and
 * laid out as aligned text (column widths, alignment, fitting to a width), markdown or CSV.
 * The driver's result tables (pb_table.c) and every table of the results tools print
 * through it. And the formats of times, rates, sizes and ratios that every tool shares. */
#ifndef PB_TAB_H
#define PB_TAB_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pb_fmt { PB_FMT_TEXT, PB_FMT_MD, PB_FMT_CSV } pb_fmt;

/* A column's alignment in text and markdown: numbers right, other text left (AUTO). */
typedef enum pb_align { PB_ALIGN_AUTO, PB_ALIGN_LEFT, PB_ALIGN_RIGHT } pb_align;

#define PB_TAB_MAXCOLS 65 /* the driver's widest table: 64 series and the row labels */

/* A table of strings, filled row by row (row 0 is the header). How the text view looks
 * (pb_tab_init sets the results tools' look: columns two blanks apart, an empty data cell
 * shown as "-", greedy blocks when fitted); the driver's tables set their own. */
typedef struct pb_tab {
    int ncols;
    size_t n, cap; /* cells filled so far */
    char **cell;
    char hidden[PB_TAB_MAXCOLS];
    int oom;
    const char *indent; /* before every line of text */
    const char *sep;    /* between two columns of text */
    const char *empty;  /* an empty data cell in text and markdown */
    int even_blocks;    /* fitted text: as many blocks as needed, the columns spread evenly over them
                           (for columns of one width: 4 + 3, not 6 + 1) */
    pb_align align[PB_TAB_MAXCOLS];
    int width[PB_TAB_MAXCOLS]; /* 0: as wide as the column's widest cell */
    char fixed[PB_TAB_MAXCOLS];
} pb_tab;

int pb_tab_init(pb_tab *t, int ncols); /* 0, or -1 for a bad column count */
/* Append one cell (printf format) to the current row; rows wrap after ncols cells. */
void pb_tab_put(pb_tab *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
size_t pb_tab_nrows(const pb_tab *t); /* data rows, without the header */
/* Cell (row, col), "" when not filled; row 0 is the header. */
const char *pb_tab_cell(const pb_tab *t, size_t row, int col);
/* Replace a filled cell; 0, or -1 (no such cell, out of memory). */
int pb_tab_set(pb_tab *t, size_t row, int col, const char *text);
/* Hide columns whose data cells are all empty or "-" (text and markdown views). */
void pb_tab_hide_empty(pb_tab *t);
/* Aligned text, markdown or CSV (CSV shows hidden columns too: scripts rely on them).
 * Returns 0, or -1 if a cell could not be stored. */
int pb_tab_print(FILE *f, const pb_tab *t, pb_fmt fmt);
/* The same, the text fitted to max_width columns (0: no limit, as pb_tab_print): when
 * the table is wider, the first nkeys columns (the row's key) lead every block and the
 * other columns fill blocks of at most max_width, printed one after another with a blank
 * line between them; every cell is printed. Markdown and CSV are not fitted. */
int pb_tab_print_fit(FILE *f, const pb_tab *t, pb_fmt fmt, int max_width, int nkeys);
void pb_tab_free(pb_tab *t);
/* How column col is laid out as text: its alignment, and a width: 0, as wide as its widest
 * cell; > 0 and !fixed, at least that wide; > 0 and fixed, exactly that wide whatever the
 * cells (a wider cell pushes the rest of its line right, as printf's %*s does). 0, or -1
 * for a bad column. */
int pb_tab_column(pb_tab *t, int col, pb_align align, int width, int fixed);

/* Number formats: text/markdown are for reading, CSV keeps plain numbers (%.6g).
 * Missing values (NaN, inf, negative times) become "-" (text, markdown) or "" (CSV). */
const char *pb_fmt_time(double s, pb_fmt fmt, char *buf, size_t cap);            /* 1.500 ms */
const char *pb_fmt_num(double v, const char *spec, pb_fmt fmt, char *buf, size_t cap);
/* A rate: one decimal; values below 1 keep three significant digits (0.0423, not 0.0):
 * pb_rate_text, as the driver's table prints it. */
const char *pb_fmt_rate(double v, pb_fmt fmt, char *buf, size_t cap);
/* Sizes as the command line writes them: 4Mi, 1Gi for exact multiples, else digits. */
const char *pb_fmt_size(double v, char *buf, size_t cap);
/* Bytes with a binary unit: 512 B, 48 KiB, 1.5 MiB, 2 GiB. */
const char *pb_fmt_bytes(double v, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
