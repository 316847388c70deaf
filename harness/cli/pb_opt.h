/* pb_opt.h - the one option parser: every command declares its options as a table, from
 * which getopt_long parses the command line and the help text is printed. */
#ifndef PB_OPT_H
#define PB_OPT_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { PB_OPT_NONE = 0, PB_OPT_VALUE = 1, PB_OPT_OPTIONAL = 2 };

typedef struct pb_optdef {
    const char *name;    /* long name without "--"; NULL ends a table */
    int arg;             /* PB_OPT_NONE, PB_OPT_VALUE or PB_OPT_OPTIONAL (only as --name=VALUE) */
    const char *metavar; /* the value in the help text: LIST, FILE ... */
    const char *help;    /* '\n' continues on an indented line */
    int id;              /* handed to the command's handler */
    char short_name;     /* 0 or a letter: -o */
} pb_optdef;

#define PB_OPT_MAX_TABLES 4

typedef struct pb_cmdspec {
    const char *name;     /* "compare", "dmvm" */
    const char *synopsis; /* positional arguments: "BASE NEW", "CSV..." */
    const char *summary;  /* one line */
    const pb_optdef *tables[PB_OPT_MAX_TABLES]; /* option tables, NULL after the last */
    int min_pos, max_pos; /* positional argument counts; max -1 = any number */
    const char *details;  /* printed after the options (may be NULL) */
} pb_cmdspec;

/* Called for each option in command-line order: PB_OK, or PB_ERR with one line in err.
 * val is NULL for flags and for an optional value that was not given. */
typedef int (*pb_opt_fn)(void *ctx, const pb_optdef *d, const char *val, char *err, size_t cap);

enum { PB_OPT_HELP = 3 };

/* Parse argv[0..argc) (the words after the command name). Positional words are stored
 * in pos (at most c->max_pos, or argc) and counted in *npos. Returns PB_OK, PB_OPT_HELP
 * (-h/--help was given: print pb_opt_help and exit 0), or PB_ERR with one line in err:
 * unknown or ambiguous option, missing or unexpected value, wrong number of positional
 * arguments. */
int pb_opt_parse(const pb_cmdspec *c, int argc, char **argv, pb_opt_fn fn, void *ctx, char **pos, int *npos,
                 char *err, size_t cap);

/* "usage: portbench NAME [options] SYNOPSIS", the summary, every option, the details. */
void pb_opt_help(FILE *f, const pb_cmdspec *c);

#ifdef __cplusplus
}
#endif
#endif
