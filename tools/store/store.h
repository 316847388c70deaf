/* store.h - the results store: one SQLite file (Debian's libsqlite3) that keeps every run,
 * its rows, the machines and toolchains that made them and, where rows carry them, the
 * per-repetition samples. docs/store.md documents the schema for people who query it.
 *  - versioned: PRAGMA user_version is PB_STORE_SCHEMA and application_id says "portbench";
 *    a file that is not SQLite, another program's database or a newer schema is refused;
 *  - WAL and a busy timeout: several processes may import at once and none loses a run;
 *  - every import is one transaction: a killed import leaves the store as it was, and a
 *    second import completes it;
 *  - idempotent: a run is identified by the SHA-256 of its rows (as CSV, pb_csv_write_row),
 *    so importing a run twice, or its CSV and its JSON, adds nothing;
 *  - the row table has one column per CSV column (pb_csv_column_name), REAL for numbers and
 *    TEXT for text: a new CSV column becomes a new store column when a store is opened for
 *    writing, with no change here.
 * The API the commands (db.c, lnt.c) use, and what `--db` on a run and `history --db` need:
 * open, import one run, load a run, and a kernel's series over compiler versions or time. */
#ifndef PB_TOOLS_STORE_H
#define PB_TOOLS_STORE_H

#include "pb_result.h"

#include <limits.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* PRAGMA user_version of the store this code writes. 2: a run's content_sha256 is over its
 * rows' non-empty columns by name (1: over every column of the build that imported it, so a
 * build with more columns took a run it had imported for a new one); a version-1 store
 * opened for writing has its hashes made again. */
#define PB_STORE_SCHEMA 2
#define PB_STORE_APP_ID 0x50425354               /* PRAGMA application_id: "PBST" */
#define PB_STORE_DEFAULT "results/portbench.db"  /* beside the --record tree (./results) it indexes */

typedef struct pb_store pb_store;

enum { PB_STORE_READ = 0, PB_STORE_WRITE = 1 };

/* Open the store at path. PB_STORE_WRITE creates it (and its directory) when missing,
 * switches it to WAL and adds the CSV columns it lacks; PB_STORE_READ needs an existing
 * store and changes nothing. Refused with one line in err: a directory, a file that is not
 * SQLite, an SQLite file of another program, a store of a newer schema. 0, or -1. */
int pb_store_open(const char *path, int mode, pb_store **out, char *err, size_t cap);
void pb_store_close(pb_store *s);
const char *pb_store_path(const pb_store *s);

/* pb_sample (one repetition of a row, NaN where unknown) is pb_result.h's. */
typedef struct pb_samples {
    pb_sample *v;
    size_t n;
} pb_samples;

/* One run, as it is imported or loaded back. */
typedef struct pb_store_run {
    pb_rowset rows;
    pb_samples *samples;   /* rows.n entries, or NULL when the rows carry no samples */
    void *meta;            /* the run's meta.json as a cJSON object, or NULL without one */
    char source[PATH_MAX]; /* the file it was read from ("" for a run given in memory) */
    char label[128];       /* "" = derived from the meta.json (--label) or the file's name */
    long long id;          /* its id in a store, 0 when it comes from elsewhere */
} pb_store_run;

void pb_store_run_free(pb_store_run *r);

/* A results file as a run: a portbench CSV (pb_results_read, the tools' checked reader)
 * with its FILE.meta.json when there is one, or a JSON results file ({meta, columns, rows},
 * as --json writes it; a row may carry "samples", see docs/store.md). 0, or -1 with err. */
int pb_store_read_file(const char *path, pb_store_run *r, char *err, size_t cap);

/* The identity of a run: SHA-256 over its rows, each as the "name=value" lines of its
 * non-empty columns (pb_csv_write_named: columns added to portbench later do not change
 * it); a run without rows hashes its meta.json's start, host and command line instead. */
void pb_store_run_hash(const pb_store_run *r, char hex[65]);

typedef struct pb_store_added {
    int added;           /* 1: a new run; 0: the store had it (or it held nothing) */
    int empty;           /* 1: no rows and no meta.json: nothing to keep */
    long long run_id;    /* the run's id in the store (new or old), 0 when empty */
    size_t rows;         /* rows of the run */
    size_t samples;      /* samples added (to a new run, or to a stored run that had none) */
} pb_store_added;

/* Import one run in one transaction. A run the store has already adds nothing, except its
 * samples when the stored copy has none (a CSV imported before the JSON of the same run).
 * The test hook PB_TEST_STORE_PAUSE=FILE creates FILE and sleeps inside the transaction
 * (a kill there must leave the store as it was). 0, or -1 with err (nothing changed). */
int pb_store_import(pb_store *s, const pb_store_run *r, pb_store_added *out, char *err, size_t cap);

typedef struct pb_store_counts {
    int schema; /* user_version */
    long long machines, toolchains, runs, incomplete, unknown_complete, rows, samples;
} pb_store_counts;
int pb_store_count(pb_store *s, pb_store_counts *c, char *err, size_t cap);

/* Ids of the stored runs in the order they started (then in import order); *ids is
 * malloc'ed. 0, or -1 with err. */
int pb_store_run_ids(pb_store *s, long long **ids, size_t *n, char *err, size_t cap);
/* A stored run, its rows in their order, samples and meta.json. 0, or -1 with err. */
int pb_store_load_run(pb_store *s, long long id, pb_store_run *r, char *err, size_t cap);

/* What a run's meta.json says of the worker that made row r (NULL where it says nothing):
 * its name, build flags and binary hash (no meta.json names a hash yet). */
void pb_store_row_worker(const void *meta, const pb_row *r, const char **worker, const char **flags, const char **sha);
/* The name of the GPU row r ran on (meta.json, else the row's device), NULL for none. */
const char *pb_store_row_gpu_name(const void *meta, const pb_row *r);

/* ---- series ---- */

typedef enum pb_store_order {
    PB_STORE_BY_VERSION, /* compiler_version in natural order (16.0.6 < 19.1.7), then start time */
    PB_STORE_BY_TIME     /* the run's start time */
} pb_store_order;

/* Filters: NULL or "" = any. family: the toolchain's compiler (clang of clang-19; the
 * compiler column for rows without a toolchain). */
typedef struct pb_store_query {
    const char *benchmark, *variant, *backend, *family, *dtype, *gpu_profile, *host;
    pb_store_order order;
} pb_store_query;

/* One point of a series: a stored row and its run. */
typedef struct pb_store_point {
    const pb_row *row;
    const pb_samples *samples; /* n == 0 when it has none */
    long long result_id, run_id;
    double started_unix;       /* the run's start, seconds since 1970 UTC; NaN when unknown */
    const char *run_label;
    const char *series;        /* its series: benchmark, variant, backend, family, dtype, size,
                                  params, GPU model, host and GPU index, joined by '|' */
} pb_store_point;

typedef int (*pb_store_point_fn)(const pb_store_point *p, void *ctx); /* nonzero stops */

/* The series of a row as pb_store_point.series names it (a row loaded by pb_store_load_run
 * or pb_store_series): benchmark, variant, backend, toolchain family (the compiler for rows
 * without a toolchain), dtype, size, params, GPU model, host and GPU index, joined by '|'. */
void pb_store_series_key(const pb_row *r, char *buf, size_t cap);

/* Every stored row that passes the filters, grouped by series (the order above), each
 * series ordered by q->order. 0, or -1 with err. */
int pb_store_series(pb_store *s, const pb_store_query *q, pb_store_point_fn fn, void *ctx, char *err, size_t cap);

/* ---- the files of a results tree ---- */

typedef struct pb_store_files {
    char **path;
    size_t n, cap;
    size_t ignored; /* CSVs and JSON files found in directories that are not portbench results */
} pb_store_files;

/* Add path to files: a results file as it is (its header is checked: a CSV that lacks
 * portbench's columns is an error), a directory walked recursively in name order (a
 * results tree, a part of one, or one run directory) for its portbench CSVs and JSON
 * results (other files are ignored, counted in files->ignored). 0, or -1 with err. */
int pb_store_collect(const char *path, pb_store_files *files, char *err, size_t cap);
void pb_store_files_free(pb_store_files *files);

#ifdef __cplusplus
}
#endif
#endif
