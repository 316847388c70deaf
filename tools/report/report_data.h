/* report_data.h - what `portbench report` draws and tabulates, before any drawing: the
 * report's context, families of rows (benchmark, dtype, params; parameter sweeps), their
 * order (variants in teaching order, series in the backend table's order), sizes and
 * the series of a family. */
#ifndef PB_TOOLS_REPORT_DATA_H
#define PB_TOOLS_REPORT_DATA_H

#include "pb_match.h"
#include "pb_result.h"
#include "pb_tab.h"

#include <limits.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The chart templates (tools/report/templates/NAME.gp, report_plot.c): common.gp and one
 * per kind of chart. */
enum { PB_REP_NTPL = 8 };

/* One report being written. */
typedef struct pb_report_ctx {
    const char *dir;        /* output directory */
    char gnuplot[PATH_MAX]; /* the gnuplot executable */
    const char *ext;        /* svg or png */
    double threshold;       /* tie limit of the compiler matrix */
    unsigned instance;      /* PB_KEY_GPU or PB_KEY_SLOT when the rows hold several GPUs (or ranks), else 0 */
    FILE *md;               /* report.md */
    int nplots;
    char last_bench[32];    /* the cost model is printed once per benchmark */
    /* where the rows came from, for the chart titles: row i of rows was read from
     * files[f] for the first f with i < file_end[f]; src finds a row (or a copy) by key */
    const pb_rowset *rows;
    char *const *files;
    const size_t *file_end;
    int nfiles;
    pb_index src;
    char *tpl[PB_REP_NTPL]; /* the chart templates' text (pb_rep_load_templates) */
    FILE *sink;             /* /dev/null: where a chart's text goes when memory runs out */
    char err[3 * PATH_MAX];
} pb_report_ctx;

/* t as a markdown table into report.md, then a blank line; t is freed. pb_tab_print's status. */
int pb_rep_put_table(pb_report_ctx *rep, pb_tab *t);

/* The run a row was read from: the directory of a recorded run's results.csv
 * ("20261122T173515Z_dmvm_nx16384_t"), else the file's name; "" when unknown. */
const char *pb_rep_run_of(const pb_report_ctx *rep, const pb_row *r, char *buf, size_t cap);

/* Rows of one section: one benchmark and dtype, and one parameter set or a sweep over
 * one parameter (one line per value); one GPU when the rows hold several (rows of two
 * GPUs never share a chart line or bar). Rows are sorted by size, params, variant, series. */
typedef struct pb_family {
    const pb_row **rows;
    size_t n;
    char sweep[32];  /* the parameter drawn as one line per value; "" when none */
    char title[320]; /* section title: parameters as headers show them (pb_params_shown) */
    char name[320];  /* for plot titles: benchmark, dtype and the parameters held fixed */
    char stem[320];  /* the stem of the image names: the title with the params as measured */
    char gpu[160];   /* the GPU (pb_row_gpu_label) when the rows hold several, else "" */
} pb_family;

/* The families of s, in the order rows first show them, one set per GPU (or MPI rank:
 * pb_rows_instance_key) when s holds several, "on g1@node7" in their titles; NULL out
 * of memory. */
pb_family *pb_rep_families(const pb_rowset *s, size_t *nf);
/* One family per benchmark, dtype and parameter set, every GPU's rows in it (no sweeps):
 * the cases of the spread across GPUs. NULL out of memory. */
pb_family *pb_rep_case_families(const pb_rowset *s, size_t *nf);
void pb_rep_families_free(pb_family *f, size_t n);

/* ---- rows ---- */

int pb_rep_plotted(const pb_row *r);      /* passed, with a positive rate */
int pb_rep_is_reference(const pb_row *r); /* lib or baseline: drawn as a reference */
int pb_rep_fallback(const pb_row *r);     /* OpenMP target code that ran on the host */
const char *pb_rep_metric_name(const pb_row *r); /* "bandwidth", "FLOP rate" or "element rate" */
const char *pb_rep_size_name(const pb_row *r);   /* nx, n, size */
/* The value of key in params ("name=value;..."), "" when absent. */
void pb_rep_param_get(const char *params, const char *key, char *out, size_t cap);

/* ---- order ---- */

int pb_rep_variant_rank(const pb_row *r); /* the benchmark's teaching order; lib, baseline last */
int pb_rep_variant_cmp(const pb_row *a, const pb_row *b);
int pb_rep_group_cmp(const pb_row *a, const pb_row *b); /* series in the backend table's order */
int pb_rep_same_group(const pb_row *a, const pb_row *b);  /* same backend and toolchain */
int pb_rep_same_series(const pb_row *a, const pb_row *b); /* and same variant and params */
int pb_rep_series_qsort(const void *a, const void *b);    /* const pb_row * elements */
int pb_rep_params_qsort(const void *a, const void *b);    /* const pb_row * elements, by params */

/* ---- sizes and series of a family ---- */

/* The size of the headline table and the bars: the one with the most measured rows, the
 * largest on ties. NaN when nothing passed. */
double pb_rep_headline_size(const pb_family *f);
/* Distinct sizes of measured rows, ascending. */
size_t pb_rep_family_sizes(const pb_family *f, double *out);
/* A readable subset of a long sweep: powers of 4 and the largest, or 8 spread evenly. */
size_t pb_rep_pick_sizes(const double *all, size_t n, double *out);
/* Distinct (variant, series, params) with a plotted point, or with any measured row when
 * with_fail; in series order. */
size_t pb_rep_family_series(const pb_family *f, const pb_row **out, int with_fail);
/* Distinct kernels (variants other than lib and baseline) among the series. */
size_t pb_rep_kernels(const pb_row **series, size_t ns);
/* Most series were measured at several sizes: a plot over size says something. */
int pb_rep_spans_sizes(const pb_family *f, const pb_row **series, size_t ns);
int pb_rep_spans_family(const pb_family *f);
/* A sweep family's distinct series (grp) and parameter sets (val), in report order: of
 * the plotted rows when size is NaN, else of the measured rows at size. */
void pb_rep_sweep_axes(const pb_family *f, double size, const pb_row **grp, size_t *ng, const pb_row **val,
                       size_t *nv);
/* A series' name in a legend or table: the series alone when each runs one kernel
 * (stream: cuda, omp(clang-19)), else the kernel first ("v5 omp(clang-19)"). */
void pb_rep_series_label(const pb_row *r, int one, char *buf, size_t cap);
/* A file name from a title: other characters become one '_'. */
void pb_rep_file_stem(const char *in, char *out, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
