/* report_spread.h - the report's section "Spread across GPUs" (or across MPI ranks) for
 * rows of several GPUs: the GPUs found, then per benchmark, dtype, parameter set and size
 * each variant and series' headline rate across the GPUs (n, min, median, max, spread,
 * the slowest GPU) as a table and a chart of the median with a min-max bar. */
#ifndef PB_TOOLS_REPORT_SPREAD_H
#define PB_TOOLS_REPORT_SPREAD_H

#include "report_data.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The section, for rep->instance != 0. 0, or -1 with rep->err (or out of memory). */
int pb_rep_write_spread(pb_report_ctx *rep, const pb_rowset *s);

#ifdef __cplusplus
}
#endif
#endif
