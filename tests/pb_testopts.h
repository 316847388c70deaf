/* pb_testopts.h - the options as the unit tests give them (tests/test_harness.c,
 * tests/test_launch.c): a command line over a benchmark's defaults, and what a worker
 * reads of it from its plan. One copy, so that both test the same path. Needs _GNU_SOURCE
 * (open_memstream) before the first include. */
#ifndef PB_TESTOPTS_H
#define PB_TESTOPTS_H

#include "pb_bench.h"
#include "pb_cli.h"
#include "pb_common.h"
#include "pb_plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* line, split at spaces, parsed over the defaults of the benchmark named bench */
static inline int parse_opts(pb_options *o, const char *bench, const char *line, char *err, size_t cap)
{
    char buf[1024], *argv[64];
    int argc = 0;
    pb_strlcpy(buf, line, sizeof buf);
    for (char *t = strtok(buf, " "); t && argc < 64; t = strtok(NULL, " "))
        argv[argc++] = t;
    pb_options_defaults(o, pb_bench_find(bench));
    return pb_options_parse(o, argc, argv, err, cap);
}

/* The settings of o as a worker reads them: pb_plan_settings, the one place options become
 * plan settings, written and read back as the worker does. */
static inline int plan_round_trip(const pb_options *o, pb_plan *back, char *err, size_t cap)
{
    static pb_plan p;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pb_plan_init(&p, o->bench);
    pb_plan_settings(&p, o);
    int rc = pb_plan_write(f, &p, NULL);
    fclose(f);
    if (rc == PB_OK)
        rc = pb_plan_read(text, len, "plan", back, err, cap);
    free(text);
    pb_plan_free(&p);
    return rc;
}

#endif
