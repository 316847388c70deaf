/* pb_table.h - the side-by-side text table: one block per (benchmark, dtype, size,
 * params), versions as rows, backends as columns, as in the course's charts. */
#ifndef PB_TABLE_H
#define PB_TABLE_H

#include "pb_common.h"
#include "pb_rate.h"
#include "pb_result.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Choose the clock the rates use and recompute gbs, gflops and the percentages from
 * it. requested: "host", "device", or "" (device when every GPU row that ran has a
 * device time, else host). CPU rows always use the host clock. */
void pb_rows_apply_clock(pb_rowset *s, const char *requested);

/* Fill speedup_vs_lib: library row time / row time, same benchmark, dtype, size and
 * params, when the library row passed. */
void pb_rows_speedup(pb_rowset *s);

/* The side-by-side tables; rows of several GPUs (or MPI ranks) get a column group each.
 * Rates are the benchmark's headline unit (pb_row_rate). The text fits max_width columns
 * (columns beyond it go on in further blocks under the same row labels); 0: one line per
 * row however wide (--wide). pb_table_print fits PB_TEXT_WIDTH. */
void pb_table_print(FILE *f, const pb_rowset *s);
void pb_table_print_width(FILE *f, const pb_rowset *s, int max_width);
/* Rows of several GPUs or ranks: one line per variant and series with the min, median
 * and max rate across them and the slowest one (the plain table otherwise). */
void pb_table_print_spread(FILE *f, const pb_rowset *s, int max_width);

#ifdef __cplusplus
}
#endif
#endif
