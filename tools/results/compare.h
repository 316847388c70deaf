/* compare.h - `portbench compare`: BASE vs NEW for CI, and `--by compiler`, the
 * compiler matrix of matrix.h. */
#ifndef PB_TOOLS_COMPARE_H
#define PB_TOOLS_COMPARE_H

#include "pb_opt.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const pb_cmdspec pb_compare_spec;
/* argv holds the words after "compare"; output on stdout; returns the exit status. */
int pb_cmd_compare(int argc, char **argv);

#ifdef __cplusplus
}
#endif
#endif
