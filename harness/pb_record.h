/* pb_record.h - keeping results over time: `--record` stores a benchmark run under
 * DIR/<gpu>/<benchmark>/<UTC time>_<label>/, and `history` reads that tree back and
 * shows each configuration's trend with the regressions flagged. */
#ifndef PB_RECORD_H
#define PB_RECORD_H

#include "pb_result.h"

#include <limits.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PB_RECORD_DEFAULT_DIR "results"
#define PB_RECORD_CSV "results.csv"
#define PB_RECORD_META "results.csv.meta.json"

typedef struct pb_record_opts {
    int on;              /* --record given */
    char dir[PATH_MAX];  /* results tree root */
    char label[64];      /* --label, empty = derived from the rows */
} pb_record_opts;

/* Take --record, --record=DIR, --label NAME and --label=NAME out of a benchmark
 * command's arguments: the others are copied to kept (argc + 1 slots, NULL-terminated).
 * Also checks early that DIR can be written, so a long run is not lost at the end.
 * Returns 0, or -1 with one line in err. */
int pb_record_take_options(int argc, char **argv, char **kept, int *nkept, pb_record_opts *rec, char *err,
                           size_t cap);
void pb_record_print_help(FILE *f);

/* Store a finished run: creates a new directory (never reusing one: a numeric suffix is
 * added) holding results.csv, table.txt (the benchmark table) and command.txt (argv,
 * shell-quoted). gpu is the GPU profile or name (NULL or "" = no GPU: "nogpu"). The
 * caller writes the metadata to <run_dir>/PB_RECORD_META. Returns 0, or -1 with err. */
int pb_record_run(const pb_record_opts *rec, const char *gpu, const char *bench, const pb_rowset *rows, int argc,
                  char **argv, char *run_dir, size_t run_cap, char *err, size_t cap);

/* The default label: dtypes and sizes of the rows, e.g. double_nx16384,
 * float-double_nx1024-32768_6pts. */
void pb_record_label(const char *bench, const pb_rowset *rows, char *buf, size_t cap);

/* mkdir -p; 0, or -1 with err. */
int pb_mkdir_p(const char *path, char *err, size_t cap);

/* portbench history ...: argv holds the arguments after "history". Returns an exit code. */
int pb_cmd_history(int argc, char **argv, FILE *out);
void pb_history_help(FILE *f);

#ifdef __cplusplus
}
#endif
#endif
