/* pb_compare.h - comparing result rows across runs and compilers: the key that
 * matches rows, the noise-aware classification, small text/markdown/CSV tables, and
 * the `compare` command (BASE vs NEW, and --by compiler within one run). */
#ifndef PB_COMPARE_H
#define PB_COMPARE_H

#include "pb_result.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exit codes of the compare, history and report commands. */
enum { PB_EXIT_OK = 0, PB_EXIT_REGRESSION = 1, PB_EXIT_USAGE = 2 };

#define PB_DEFAULT_THRESHOLD 0.05

/* ---- tables ---- */

typedef enum pb_fmt { PB_FMT_TEXT, PB_FMT_MD, PB_FMT_CSV } pb_fmt;

#define PB_TAB_MAXCOLS 48

/* A table of strings, filled row by row (row 0 is the header). */
typedef struct pb_tab {
    int ncols;
    size_t n, cap; /* cells filled so far */
    char **cell;
    char hidden[PB_TAB_MAXCOLS];
    int oom;
} pb_tab;

int pb_tab_init(pb_tab *t, int ncols); /* 0, or -1 for a bad column count */
/* Append one cell (printf format) to the current row; rows wrap after ncols cells. */
void pb_tab_put(pb_tab *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
size_t pb_tab_nrows(const pb_tab *t); /* data rows, without the header */
/* Hide columns whose data cells are all empty (text and markdown views). */
void pb_tab_hide_empty(pb_tab *t);
/* Aligned text, markdown or CSV. Returns 0, or -1 if a cell could not be stored. */
int pb_tab_print(FILE *f, const pb_tab *t, pb_fmt fmt);
void pb_tab_free(pb_tab *t);

/* Number formats shared by the commands: text/markdown are for reading (times with a
 * unit), CSV keeps plain numbers. Missing values become "-" (text) or "" (CSV). */
const char *pb_fmt_time(double s, pb_fmt fmt, char *buf, size_t cap);
const char *pb_fmt_num(double v, const char *spec, pb_fmt fmt, char *buf, size_t cap);

/* ---- matching and classification ---- */

/* strcmp, but digit runs compare as numbers: k2 < k10, run_2 < run_10. */
int pb_natural_cmp(const char *a, const char *b);

/* Same benchmark, variant, backend, compiler, dtype, size and params. */
int pb_row_same_key(const pb_row *a, const pb_row *b);
/* "dmvm v5 omp(clang) double 16384 stride=2" */
void pb_row_key_str(const pb_row *r, char *buf, size_t cap);
/* Column title of a backend/compiler pair, as in the benchmark tables: cuda, omp(clang) ... */
void pb_series_name(const pb_row *r, char *buf, size_t cap);

typedef enum pb_verdict {
    PB_SAME,   /* within max(threshold, noise) */
    PB_FASTER,
    PB_SLOWER,
    PB_FAILED, /* verified == FAIL in either row: never a speedup */
    PB_SKIPPED,/* verified == SKIP in either row: never classified */
    PB_NOTIME  /* a passing row without a usable time */
} pb_verdict;

typedef struct pb_cmp {
    double base_s, new_s; /* pb_row_time of each */
    double ratio;         /* new_s / base_s */
    double noise;         /* 2 * sqrt(sa^2 + sb^2), relative spreads */
    double limit;         /* max(threshold, noise) */
    pb_verdict verdict;
} pb_cmp;

/* time_stddev_s / time_median_s (0 when unknown): the CSV has no device-time spread,
 * so rows timed by the device clock use the host spread, which errs toward SAME. */
double pb_row_rel_spread(const pb_row *r);

/* Classify cur against base: SLOWER when new/base > 1 + limit, FASTER when
 * new/base < 1 / (1 + limit), else SAME; FAIL and SKIP rows are never classified. */
pb_verdict pb_classify(const pb_row *base, const pb_row *cur, double threshold, pb_cmp *out);
const char *pb_verdict_name(pb_verdict v);

/* "5%" or "0.05"; 0 <= threshold < 1 (a bare number >= 1 is refused as ambiguous). */
int pb_parse_threshold(const char *s, double *out, char *err, size_t cap);

/* Read every file into one row set; 0, or -1 with "FILE:LINE: ..." in err. */
int pb_read_inputs(int nfiles, char **files, pb_rowset *out, char *err, size_t cap);

/* ---- commands ---- */

/* The cross-compiler table of OpenMP rows (backend omp) with CUDA as reference. */
int pb_by_compiler_table(const pb_rowset *s, double threshold, pb_fmt fmt, pb_tab *t);

/* portbench compare ...: argv holds the arguments after "compare". Returns an exit code. */
int pb_cmd_compare(int argc, char **argv, FILE *out);
void pb_compare_help(FILE *f);

/* Help of compare, history and report; 0 if cmd is one of them, else -1. */
int pb_tools_help(const char *cmd, FILE *f);

#ifdef __cplusplus
}
#endif
#endif
