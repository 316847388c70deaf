#define _GNU_SOURCE
#include "pb_opt.h"
#include "pb_common.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_OPTS = 96, ID_BASE = 256 };

static const pb_optdef help_def = {"help", PB_OPT_NONE, NULL, "this help", -1, 'h'};

/* All options of a command in one array: the tables in order, then --help. */
static int collect(const pb_cmdspec *c, const pb_optdef **out)
{
    int n = 0;
    for (int t = 0; t < PB_OPT_MAX_TABLES && c->tables[t]; ++t)
        for (const pb_optdef *d = c->tables[t]; d->name && n < MAX_OPTS - 1; ++d)
            out[n++] = d;
    out[n++] = &help_def;
    return n;
}

int pb_opt_parse(const pb_cmdspec *c, int argc, char **argv, pb_opt_fn fn, void *ctx, char **pos, int *npos,
                 char *err, size_t cap)
{
    const pb_optdef *defs[MAX_OPTS];
    int n = collect(c, defs);
    struct option lo[MAX_OPTS + 1];
    char shorts[2 * MAX_OPTS + 4] = "-:"; /* '-': positional words come back in order */
    for (int i = 0; i < n; ++i) {
        lo[i].name = defs[i]->name;
        lo[i].has_arg = defs[i]->arg == PB_OPT_VALUE ? required_argument
                        : defs[i]->arg == PB_OPT_OPTIONAL ? optional_argument : no_argument;
        lo[i].flag = NULL;
        lo[i].val = ID_BASE + i;
        if (defs[i]->short_name) {
            size_t k = strlen(shorts);
            shorts[k] = defs[i]->short_name;
            shorts[k + 1] = defs[i]->arg == PB_OPT_VALUE ? ':' : '\0';
            shorts[k + 2] = '\0';
        }
    }
    memset(&lo[n], 0, sizeof lo[n]);
    /* getopt_long permutes its argv: work on a copy (argv[0] is the command name). */
    char **args = malloc(((size_t)argc + 2) * sizeof *args);
    if (!args) {
        snprintf(err, cap, "out of memory");
        return PB_ERR;
    }
    args[0] = (char *)c->name;
    for (int i = 0; i < argc; ++i)
        args[i + 1] = argv[i];
    args[argc + 1] = NULL;
    int rc = PB_OK, np = 0, ch;
    optind = 0; /* glibc: start afresh */
    opterr = 0;
    while (rc == PB_OK && (ch = getopt_long(argc + 1, args, shorts, lo, NULL)) != -1) {
        const pb_optdef *d = NULL;
        if (ch >= ID_BASE)
            d = defs[ch - ID_BASE];
        else
            for (int i = 0; i < n && !d; ++i)
                if (defs[i]->short_name && defs[i]->short_name == ch)
                    d = defs[i];
        if (ch == 1) { /* a positional word */
            if (c->max_pos >= 0 && np >= c->max_pos) {
                snprintf(err, cap, "unexpected argument '%s' for 'portbench %s' (see 'portbench help %s')", optarg,
                         c->name, c->name);
                rc = PB_ERR;
            } else {
                pos[np++] = optarg;
            }
        } else if (ch == ':') {
            const char *word = args[optind - 1];
            snprintf(err, cap, "option %s needs a value", word);
            rc = PB_ERR;
        } else if (ch == '?') {
            const char *word = args[optind - 1];
            const char *eq = strchr(word, '=');
            int known = 0;
            if (optopt >= ID_BASE)
                known = 1; /* a flag given a value */
            if (known)
                snprintf(err, cap, "option --%s takes no value ('%s')", defs[optopt - ID_BASE]->name, word);
            else if (optopt && optopt < ID_BASE)
                snprintf(err, cap, "unknown option '-%c' for 'portbench %s' (see 'portbench help %s')", optopt,
                         c->name, c->name);
            else
                snprintf(err, cap, "unknown or ambiguous option '%.*s' for 'portbench %s' (see 'portbench help %s')",
                         eq ? (int)(eq - word) : (int)strlen(word), word, c->name, c->name);
            rc = PB_ERR;
        } else if (d == &help_def) {
            rc = PB_OPT_HELP;
        } else if (d) {
            rc = fn(ctx, d, optarg, err, cap);
        }
    }
    for (int i = optind; rc == PB_OK && i <= argc; ++i) { /* the words after "--" */
        if (c->max_pos >= 0 && np >= c->max_pos) {
            snprintf(err, cap, "unexpected argument '%s' for 'portbench %s' (see 'portbench help %s')", args[i],
                     c->name, c->name);
            rc = PB_ERR;
        } else {
            pos[np++] = args[i];
        }
    }
    free(args);
    if (rc == PB_OK && np < c->min_pos) {
        snprintf(err, cap, "'portbench %s' needs %s (see 'portbench help %s')", c->name,
                 c->synopsis ? c->synopsis : "more arguments", c->name);
        rc = PB_ERR;
    }
    if (npos)
        *npos = np;
    return rc;
}

void pb_opt_help(FILE *f, const pb_cmdspec *c)
{
    fprintf(f, "usage: portbench %s [options]%s%s\n", c->name, c->synopsis ? " " : "", c->synopsis ? c->synopsis : "");
    if (c->summary)
        fprintf(f, "  %s\n", c->summary);
    const pb_optdef *defs[MAX_OPTS];
    int n = collect(c, defs);
    fputs("\noptions:\n", f);
    for (int i = 0; i < n; ++i) {
        const pb_optdef *d = defs[i];
        char left[64];
        if (d->short_name)
            snprintf(left, sizeof left, "-%c, --%s", d->short_name, d->name);
        else
            snprintf(left, sizeof left, "--%s", d->name);
        if (d->metavar) {
            size_t k = strlen(left);
            snprintf(left + k, sizeof left - k, d->arg == PB_OPT_OPTIONAL ? "[=%s]" : " %s", d->metavar);
        }
        fprintf(f, "  %-22s ", left);
        if (strlen(left) > 22)
            fprintf(f, "\n  %-22s ", "");
        for (const char *p = d->help; *p; ++p) {
            fputc(*p, f);
            if (*p == '\n')
                fprintf(f, "  %-22s ", "");
        }
        fputc('\n', f);
    }
    if (c->details)
        fprintf(f, "\n%s", c->details);
}
