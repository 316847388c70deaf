/* dashboard.h - `portbench dashboard --db FILE --out DIR`: the results store as a static
 * HTML site that works offline from a file:// URL (docs/dashboard.md). */
#ifndef PB_TOOLS_DASHBOARD_H
#define PB_TOOLS_DASHBOARD_H

#include "pb_opt.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

extern const pb_cmdspec pb_dashboard_spec;
/* argv holds the words after "dashboard"; returns the exit status. */
int pb_cmd_dashboard(int argc, char **argv);

/* The marker file a site's directory holds: portbench writes again into a directory that
 * has it, and into no other non-empty one without --force. */
#define PB_DASHBOARD_MARKER ".portbench-dashboard"

/* The page of the series named key (pb_store_series_key), relative to the site:
 * "s/<16 hex digits of its SHA-256>.html". */
void pb_dashboard_series_page(const char *key, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
