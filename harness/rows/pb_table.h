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

/* The tables show the rows as they are: their clock, rates and speedups are derived before
 * (pb_rows_derive, pb_derive.h). */

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
