/* history.h - `portbench history BENCH`: the trend of every configuration over the
 * runs recorded under the results tree (record.h), with regressions flagged. */
#ifndef PB_TOOLS_HISTORY_H
#define PB_TOOLS_HISTORY_H

#include "pb_opt.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const pb_cmdspec pb_history_spec;
/* argv holds the words after "history"; output on stdout; returns the exit status. */
int pb_cmd_history(int argc, char **argv);

#ifdef __cplusplus
}
#endif
#endif
