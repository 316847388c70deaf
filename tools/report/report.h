/* report.h - `portbench report`: a self-contained markdown report (the summary, tables
 * and gnuplot charts per benchmark, the compiler matrix) from one or more results CSVs. */
#ifndef PB_TOOLS_REPORT_H
#define PB_TOOLS_REPORT_H

#include "pb_opt.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const pb_cmdspec pb_report_spec;
/* argv holds the words after "report"; returns the exit status. */
int pb_cmd_report(int argc, char **argv);

#ifdef __cplusplus
}
#endif
#endif
