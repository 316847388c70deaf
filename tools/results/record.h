/* record.h - the results tree that `--record` writes and `history` reads:
 * DIR/<gpu>/<benchmark>/<YYYYmmddTHHMMSSZ>_<label>[_N]/, each run directory holding
 * results.csv, results.csv.meta.json (written by the driver), table.txt and
 * command.txt (see results/README.md). Names start with the UTC time, so name order is
 * time order. */
#ifndef PB_TOOLS_RECORD_H
#define PB_TOOLS_RECORD_H

#include "pb_output.h"
#include "pb_result.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PB_RECORD_DEFAULT_DIR "results"
#define PB_RECORD_CSV "results.csv"
#define PB_RECORD_META "results.csv.meta.json"

/* Store a finished run: creates a new run directory (never reusing one: a numeric
 * suffix is added) and writes results.csv, table.txt (the benchmark table and its
 * summary), command.txt (argv, shell-quoted) and, when meta is not NULL, PB_RECORD_META
 * through meta(f, meta_ctx), each through a temporary file renamed into place. All of
 * them or none: when one cannot be written (a full disk), the run directory (and the
 * folders made for it) is removed again. dir: the tree's root; label: NULL or "" =
 * derived from the rows; gpu: the GPU profile or name (NULL or "" = "nogpu"). Returns 0,
 * or -1 with one line in err naming the file and the reason. */
int pb_record_run(const char *dir, const char *label, const char *gpu, const char *bench, const pb_rowset *rows,
                  int argc, char **argv, pb_writer_fn meta, const void *meta_ctx, char *run_dir, size_t run_cap,
                  char *err, size_t cap);

/* Check, before anything is measured, that pb_record_run can make its directory under
 * DIR/<gpu>/<bench> (no file in the way, writable). 0, or -1 with one line in err. */
int pb_record_check(const char *dir, const char *gpu, const char *bench, char *err, size_t cap);

/* The default label: dtypes and sizes of the rows, e.g. double_nx16384,
 * float-double_nx1024-32768_6pts. */
void pb_record_label(const char *bench, const pb_rowset *rows, char *buf, size_t cap);

/* Directory-safe name: letters, digits, '.', '+', '-' and '_'; anything else becomes
 * '-', runs of '-' collapse, no leading '.'. lower: also lower-case. */
void pb_record_safe_name(const char *in, int lower, char *out, size_t cap);

/* mkdir -p; 0, or -1 with err. */
int pb_mkdir_p(const char *path, char *err, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
