/* pb_output.h - result files that survive failure: destinations are checked before
 * anything is measured, every file is written to a temporary file in its destination
 * directory and renamed into place (a crash or a kill leaves the old file whole), and
 * the metadata and JSON results go through cJSON with numbers as numbers. */
#ifndef PB_OUTPUT_H
#define PB_OUTPUT_H

#include "pb_result.h"

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PB_SCHEMA_VERSION 1 /* of meta.json, the JSON results and the ceilings file */

/* Where an output path leads. Symbolic links are followed to the file they name, which
 * is replaced (a link is never replaced by a file); a name of one of this process's open
 * descriptors (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N; "-" is standard
 * output) is written in place, never renamed over (as root, /dev/stdout was). Other files
 * of /proc are refused. */
typedef struct pb_out_dest {
    int fd;             /* >= 0: the descriptor written in place */
    char path[PATH_MAX]; /* else: the file to write, links resolved, directories canonical */
} pb_out_dest;
int pb_output_resolve(const char *path, pb_out_dest *d, char *err, size_t cap);

/* The descriptor an output path names (1 for "-" and /dev/stdout), or -1 for a file. */
int pb_output_fd(const char *path);

/* Check that `path` (named by option `opt`, e.g. "--csv") can be written: a descriptor of
 * this process open for writing, or a new or replaced regular file (links followed): not
 * a directory, not a device, its directory exists and is writable, its name leaves room
 * for the temporary file and for `suffix` (e.g. ".meta.json", or NULL). Standard output
 * ("-", /dev/stdout) passes when allow_stdout. PB_OK, or PB_ERR with one line in err. */
int pb_output_check(const char *opt, const char *path, const char *suffix, int allow_stdout, char *err, size_t cap);

/* 1 when two output paths lead to the same file or descriptor (links followed, hard
 * links and a descriptor open on the file included). */
int pb_output_same(const char *a, const char *b);

/* Check that a directory can be created (or exists) and written: its nearest existing
 * ancestor must be a writable directory (a file in the way, or one that cannot be
 * reached, is refused). */
int pb_output_check_dir(const char *opt, const char *dir, char *err, size_t cap);

/* Write a file through `writer` into a temporary file beside the file `path` leads to
 * (pb_output_resolve), flush it to disk and rename it onto that file. A descriptor ("-",
 * /dev/stdout, /dev/fd/N) is written in place. On failure the temporary file is removed
 * and the file is untouched. PB_OK, or PB_ERR with one line in err naming the file and
 * the reason. */
typedef int (*pb_writer_fn)(FILE *f, const void *ctx);
int pb_write_atomic(const char *path, pb_writer_fn writer, const void *ctx, char *err, size_t cap);

/* Rename several finished temporary files into place while holding a lock on their
 * directory, so that two runs writing the same destination leave one run's files
 * (never a mix). Used by pb_write_atomic_set. */
typedef struct pb_out_file {
    const char *path;
    pb_writer_fn writer;
    const void *ctx;
} pb_out_file;
int pb_write_atomic_set(const pb_out_file *files, int n, char *err, size_t cap);

/* The end of an output stream (standard output, a report's file): flushed, its error
 * flag read and closed, so that a write that failed at any point (a full disk, /dev/full)
 * is seen. PB_OK, or PB_ERR with "cannot write NAME: reason" in err. */
int pb_output_close(FILE *f, const char *name, char *err, size_t cap);

/* Writers for pb_write_atomic: a row set as CSV (ctx: const pb_rowset *), a string as it
 * is (ctx: const char *), and a JSON document indented, then a newline (ctx: const cJSON *). */
int pb_write_csv_rows(FILE *f, const void *rowset);
int pb_write_text(FILE *f, const void *text);
int pb_write_json(FILE *f, const void *json);

/* A row as a JSON object (cJSON *) with numbers as numbers and missing values null, and
 * its samples as "samples": {"host_s": [...], "device_s": [...], "sm_clock_mhz": [...]}
 * (null where unknown; docs/store.md) when it has any;
 * the caller owns it. Declared void * so that users need not include cJSON. */
void *pb_row_to_json(const pb_row *r);

#ifdef __cplusplus
}
#endif
#endif
