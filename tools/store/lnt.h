/* lnt.h - `portbench export --lnt FILE`: runs as LLVM LNT reports (format_version "2"),
 * so that a compiler team can load portbench results into its own LNT server. */
#ifndef PB_TOOLS_LNT_H
#define PB_TOOLS_LNT_H

#include "pb_opt.h"
#include "store.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const pb_cmdspec pb_export_spec;
/* argv holds the words after "export"; returns the exit status. */
int pb_cmd_export(int argc, char **argv);

/* The LNT reports of one run (cJSON objects appended to the cJSON array `reports`): one per
 * machine (host, GPU model and index) and compiler version, that version as the order
 * (llvm_project_revision). *left_out counts the rows no report holds (SKIP, or no compiler
 * version). 0, or -1 out of memory. */
int pb_lnt_reports(const pb_store_run *run, void *reports, size_t *left_out);

#ifdef __cplusplus
}
#endif
#endif
