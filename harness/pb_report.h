/* pb_report.h - `portbench report`: a self-contained markdown report (tables, and plots
 * drawn by gnuplot) from one or more results CSVs, for any benchmark. */
#ifndef PB_REPORT_H
#define PB_REPORT_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* portbench report RESULTS.csv... -o DIR: argv holds the arguments after "report".
 * Returns 0, or 2 for a usage or input error, a missing gnuplot or a failed plot. */
int pb_cmd_report(int argc, char **argv, FILE *out);
void pb_report_help(FILE *f);

#ifdef __cplusplus
}
#endif
#endif
