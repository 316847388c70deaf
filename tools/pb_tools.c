/* pb_tools.c - the table of results tools. A new tool is one line here. */
#include "pb_tools.h"
#include "compare.h"
#include "dashboard.h"
#include "db.h"
#include "history.h"
#include "lnt.h"
#include "pb_common.h"
#include "pb_match.h"
#include "pb_output.h"
#include "report.h"
#include "summary.h"

#include <stdio.h>
#include <string.h>

const pb_tool pb_tools[] = {
    {"compare", &pb_compare_spec, pb_cmd_compare},
    {"dashboard", &pb_dashboard_spec, pb_cmd_dashboard},
    {"db", &pb_db_spec, pb_cmd_db},
    {"export", &pb_export_spec, pb_cmd_export},
    {"history", &pb_history_spec, pb_cmd_history},
    {"report", &pb_report_spec, pb_cmd_report},
    {"summary", &pb_summary_spec, pb_cmd_summary},
    {NULL, NULL, NULL},
};

const pb_tool *pb_tool_find(const char *name)
{
    for (const pb_tool *t = pb_tools; t->name; ++t)
        if (strcmp(t->name, name) == 0)
            return t;
    return NULL;
}

int pb_tool_finish(int status)
{
    char err[256];
    if (pb_output_close(stdout, "standard output", err, sizeof err) == PB_OK)
        return status;
    pb_errorf("%s", err);
    return status > PB_EXIT_USAGE ? status : PB_EXIT_USAGE; /* 130 and the like stay */
}
