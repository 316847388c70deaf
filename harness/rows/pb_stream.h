/* pb_stream.h - the rows stream: what a worker answers a plan (pb_plan.h) with, JSON Lines,
 * one record a line, each flushed by the worker (the format is in docs/channel.md):
 *   {"t":"hello","format":"portbench.rows","version":1,"worker":...}   who wrote it, first
 *   {"t":"backend","backend":"cuda","status":"ok",...}                 one per backend of the plan
 *   {"t":"row","id":17,"verified":"PASS",...,"samples":[[h,d,c],...]}  one per plan item
 *   {"t":"end","rows":22,"failed":0}                                    last
 * The same records carry the rows of one GPU's run of several (a forked driver, its end
 * record with "run_failed", "interrupted" and "bound") and of an MPI rank to rank 0 (with
 * one "meta" record, the rank's metadata, before its end).
 * A row's keys are the CSV column names (pb_result.c's column table; enums with the CSV's
 * spellings, missing numbers null) plus "id", the plan item it answers, "samples", its
 * timed repetitions (host_s, device_s, sm_clock_mhz; null where unknown), "elems", the
 * elements a repetition processes (pb_row.elems; only for benchmarks that count them), and
 * for a row that ran a best variant's launch shape "shape" and "shape_source" (table, tune,
 * ignored: pb_row's shape fields; absent otherwise). The same reader takes a file whose
 * writer did not finish: a last line without its newline is left out. */
#ifndef PB_STREAM_H
#define PB_STREAM_H

#include "pb_result.h"

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PB_STREAM_FORMAT "portbench.rows"
#define PB_STREAM_VERSION 1 /* another version is refused */

/* A backend's start-up: it runs, it is skipped (no GPU, say), or its initialisation failed. */
typedef enum pb_backend_status { PB_BACKEND_OK, PB_BACKEND_SKIP, PB_BACKEND_ERROR } pb_backend_status;
const char *pb_backend_status_name(pb_backend_status s); /* ok, skip, error */

/* The worker, its build and its device clock ("cupti" or "unavailable: <why>"). */
typedef struct pb_stream_hello {
    char worker[64], toolchain[32], git_sha[48], build_flags[512], device_clock[192];
} pb_stream_hello;

/* One backend of the plan as the worker started it (why: a skip's or error's reason;
 * device "host" for host fallback and the CPU; threads 0 when unknown). */
typedef struct pb_stream_backend {
    char backend[16], compiler[32], compiler_version[64];
    pb_backend_status status;
    char why[256], device[128], device_uuid[64];
    int threads;
    char detail[256];
} pb_stream_backend;

/* rows written, FAIL rows among them; the rest only from a driver's run (a GPU's of several,
 * an MPI rank's), each written when set: run_failed (a worker crashed, exited early or lost
 * rows: pb_run_log.failed), interrupted (the signal that stopped the run), bound (the cores
 * and memory the run was bound to). */
typedef struct pb_stream_end {
    long rows, failed;
    int run_failed, interrupted;
    char bound[256];
} pb_stream_end;

/* One record, one line (the caller flushes). PB_OK, or PB_ERR when the stream failed. */
int pb_stream_write_hello(FILE *f, const pb_stream_hello *h);
int pb_stream_write_backend(FILE *f, const pb_stream_backend *b);
int pb_stream_write_row(FILE *f, long id, const pb_row *r);
int pb_stream_write_end(FILE *f, const pb_stream_end *e);
/* A driver's metadata (a cJSON object, void * so that callers need not include cJSON; the
 * caller keeps it) as {"t":"meta","meta":{...}}: an MPI rank's, for rank 0. */
int pb_stream_write_meta(FILE *f, const void *meta);
/* A driver's answer to its parent or to rank 0, whole: hello h, the rows (ids 0, 1, ... in
 * their order; each row with every column and its samples), meta when not NULL, and the
 * end record: e's run_failed, interrupted and bound with the rows counted into e. PB_OK, or
 * PB_ERR when f failed (flushed, not closed). */
int pb_stream_write_rowset(FILE *f, const pb_stream_hello *h, const pb_rowset *rows, const void *meta,
                           pb_stream_end *e);

/* What a reader took from a stream, in its order. rows.rows[k] answers plan item ids[k],
 * which line[k] of the stream held. */
typedef struct pb_stream {
    int has_hello, has_end;
    pb_stream_hello hello;
    pb_stream_end end;
    void *meta; /* the "meta" record's object (cJSON *), NULL without one; pb_stream_free frees it */
    pb_stream_backend *backends;
    size_t nbackends;
    pb_rowset rows;
    long *ids, *lines;
    size_t ids_cap;
} pb_stream;

/* Read the records of text (len bytes; name for messages) into s (zeroed first). A torn
 * last line (no newline, or a NUL byte: a writer that did not finish) is left out. A line
 * that is not a record stops the reading: -1 with "name:line: why" in err, the records
 * before it kept in s. 0 otherwise. A record of another format or version, a row without
 * an integer id, a column of the wrong type or an enum value that is not one of its
 * spellings is not a record. */
int pb_stream_read_text(const char *text, size_t len, const char *name, pb_stream *s, char *err, size_t cap);
/* The same from a file ("-": standard input); name in messages is path. */
int pb_stream_read_file(const char *path, pb_stream *s, char *err, size_t cap);
void pb_stream_free(pb_stream *s);

#ifdef __cplusplus
}
#endif
#endif
