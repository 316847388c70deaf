/* report_plot.h - the report's gnuplot charts. Every backend and toolchain keeps one
 * colour and marker in every chart of every report (pb_series_style); axes go
 * logarithmic when values span more than 30x; bars are centred on their labels;
 * host-fallback results say so in titles and legends; stream-type benchmarks (size =
 * element count) are drawn over the working set in bytes with the GPU's L2 marked. */
#ifndef PB_TOOLS_REPORT_PLOT_H
#define PB_TOOLS_REPORT_PLOT_H

#include "matrix.h"
#include "report_data.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The gnuplot executable ($PORTBENCH_GNUPLOT, else gnuplot on PATH): 0, or -1. */
int pb_rep_find_gnuplot(char *path, size_t cap);

/* The chart templates: the gnuplot programs the report fills with each chart's data, read
 * once before anything is written. Each NAME.gp is taken from $PORTBENCH_REPORT_TEMPLATES
 * when that directory has it (a user's restyled copy), else from the installed templates,
 * share/portbench/report beside the bin/ of the running portbench. 0, or -1 with rep->err
 * (a template missing or unreadable, or without a piece the report writes). */
int pb_rep_load_templates(pb_report_ctx *rep);
void pb_rep_free_templates(pb_report_ctx *rep);

/* A family's charts: a parameter sweep (one line per value, one panel per backend), or
 * the rate over size and the bars of every variant and series at `size`. Each image is
 * linked in rep->md. 0, or -1 with rep->err. */
int pb_rep_plot_family(pb_report_ctx *rep, const pb_family *f, const char *stem, double size);

/* The compiler matrix of one case family: the groups g[0..ng) of m (one benchmark, dtype,
 * size and params), variants on x, one series per toolchain and CUDA as reference, log y.
 * Linked in rep->md. 0, or -1 with rep->err. */
int pb_rep_plot_matrix(pb_report_ctx *rep, const pb_matrix *m, const pb_matrix_group *const *g, size_t ng,
                       const char *title, const char *stem);

/* The roofline section: per GPU and dtype, every passing row with FLOPs and bytes at its
 * family's headline size on the measured and datasheet roofs, and, where rows carry
 * energy (--energy), the energy roofline (GFLOP/J over intensity). Nothing when no row
 * qualifies. 0, or -1 with rep->err. */
int pb_rep_write_roofline(pb_report_ctx *rep, const pb_family *f, size_t nf);

/* One variant and series of a case measured on several GPUs, and its spread there. */
typedef struct pb_rep_spread_item {
    const pb_row *row; /* a row of it (variant, backend, toolchain, params) */
    pb_spread sp;
} pb_rep_spread_item;

/* The spread of one case across GPUs: variants on x (it[] in variant order), a point per
 * series at the median rate with an error bar from the min to the max, in the series'
 * fixed colour and marker; log y when the values span more than 100x. Linked in
 * rep->md. 0, or -1 with rep->err. */
int pb_rep_plot_spread(pb_report_ctx *rep, const pb_rep_spread_item *it, size_t n, const char *title, const char *stem);

#ifdef __cplusplus
}
#endif
#endif
