/* db.h - `portbench db import|info`: recorded runs into the results store (store.h), and
 * what the store holds. */
#ifndef PB_TOOLS_DB_H
#define PB_TOOLS_DB_H

#include "pb_opt.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const pb_cmdspec pb_db_spec;
/* argv holds the words after "db"; returns the exit status. */
int pb_cmd_db(int argc, char **argv);

#ifdef __cplusplus
}
#endif
#endif
