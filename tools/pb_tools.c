/* pb_tools.c - the table of results tools. A new tool is one line here. */
#include "pb_tools.h"
#include "compare.h"
#include "history.h"
#include "report.h"
#include "summary.h"

#include <string.h>

const pb_tool pb_tools[] = {
    {"compare", &pb_compare_spec, pb_cmd_compare},
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
