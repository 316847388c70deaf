/* summary.h - the best-vs-best answer: per benchmark, dtype, size (and params), the
 * library's rate, the best CUDA variant and the best OpenMP variant of every toolchain,
 * each as a fraction of the library (of the best CUDA where there is no library). Only
 * rows that passed verification count. `portbench summary`, the opening of the report,
 * and the paragraph under every benchmark table. */
#ifndef PB_TOOLS_SUMMARY_H
#define PB_TOOLS_SUMMARY_H

#include "pb_opt.h"
#include "pb_result.h"
#include "pb_tab.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

extern const pb_cmdspec pb_summary_spec;
/* argv holds the words after "summary"; output on stdout; returns the exit status. */
int pb_cmd_summary(int argc, char **argv);

/* The summary of s as a table: one row per case (text, markdown), or one row per case
 * and series (CSV). *ncases gets the number of cases with a passing row. 0, or -1 out of
 * memory. */
int pb_summary_table(const pb_rowset *s, pb_fmt fmt, pb_tab *t, size_t *ncases);

/* The launch facts (registers, local memory, block, grid, warps per SM, theoretical
 * occupancy and its limit) of each model's best per case, one row per case and model;
 * rows without facts (untraced, CPU) are left out and counted out of *nrows. */
int pb_summary_why_table(const pb_rowset *s, pb_fmt fmt, pb_tab *t, size_t *nrows);

/* One paragraph for the end of a benchmark's output: per benchmark, dtype and params, the
 * largest size with a passing library, CUDA or OpenMP row. Prints nothing when no such
 * row passed. A line that would pass max_width columns goes on in the next, indented
 * (0: one line per case, however wide); pb_summary_paragraph fits PB_TEXT_WIDTH. */
void pb_summary_paragraph(FILE *f, const pb_rowset *rows);
void pb_summary_paragraph_width(FILE *f, const pb_rowset *rows, int max_width);

#ifdef __cplusplus
}
#endif
#endif
