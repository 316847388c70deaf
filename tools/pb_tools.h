/* pb_tools.h - the one interface of the results tools: a table of every tool (name,
 * options and help, entry point), through which the driver dispatches `portbench TOOL`
 * and `portbench help TOOL`. Each tool parses its arguments with pb_opt from the same
 * table its help is printed from; unknown arguments exit 2. */
#ifndef PB_TOOLS_H
#define PB_TOOLS_H

#include "pb_opt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pb_tool {
    const char *name;          /* NULL ends the table */
    const pb_cmdspec *spec;    /* options, help text */
    int (*run)(int argc, char **argv); /* the words after the tool's name; returns the exit status */
} pb_tool;

extern const pb_tool pb_tools[]; /* compare, dashboard, db, export, history, report, summary */

/* The tool called name, or NULL. */
const pb_tool *pb_tool_find(const char *name);

/* The end of every command (the driver calls it on each one's exit status): standard
 * output flushed and closed; when a write to it failed (a full disk, a closed pipe with
 * SIGPIPE ignored), one line on stderr and exit status 2 instead of status, so that a
 * table, CSV or summary that was lost never passes for written. */
int pb_tool_finish(int status);

#ifdef __cplusplus
}
#endif
#endif
