/* db.c - `portbench db import [--db FILE] DIR|FILE...` and `portbench db info [--db FILE]`:
 * results files and recorded trees into the store, each run in one transaction, and what
 * the store holds. */
#define _GNU_SOURCE
#include "db.h"
#include "pb_common.h"
#include "pb_match.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { O_DB };

static const pb_optdef db_opts[] = {
    {"db", PB_OPT_VALUE, "FILE", "the store (default ./" PB_STORE_DEFAULT ")", O_DB, 0},
    {NULL, 0, NULL, NULL, 0, 0},
};

static const char db_details[] =
    "import DIR|FILE...: every portbench results CSV (with its FILE.meta.json) and JSON results file\n"
    "named, or found under a directory DIR (a --record tree, a part of one, one run directory;\n"
    "other files are ignored), each run in one transaction; the store is made when missing. A run\n"
    "is identified by the SHA-256 of its rows: a run imported before, or a copy of it, adds nothing\n"
    "(a JSON results file adds the per-repetition samples its stored CSV lacked). Prints how many\n"
    "runs and rows were added and skipped.\n"
    "info: the schema version and the counts of machines, toolchains, runs, rows and samples.\n"
    "Several processes may import into one store at once (WAL; a writer waits up to 60 s for\n"
    "another's transaction); a killed import leaves the store as it was. The schema, and queries\n"
    "such as a kernel's series over compiler versions, are in docs/store.md.\n"
    "\n"
    "exit status: 0 done; 2 usage or input error (a store that is not SQLite, another program's\n"
    "database or of a newer schema; a file that is not portbench results, e.g. a CSV without its\n"
    "columns; a run that cannot be read, which is named: the other runs are imported).\n";

const pb_cmdspec pb_db_spec = {
    "db",
    "import DIR|FILE... | info",
    "the results store (SQLite): import recorded runs, show what it holds",
    {db_opts},
    1,
    -1,
    db_details,
};

static int on_option(void *ctx, const pb_optdef *d, const char *val, char *err, size_t cap)
{
    (void)err, (void)cap;
    if (d->id == O_DB)
        *(const char **)ctx = val;
    return PB_OK;
}

static int db_info(const char *path)
{
    pb_store *s;
    char err[PATH_MAX + 256];
    pb_store_counts c;
    if (pb_store_open(path, PB_STORE_READ, &s, err, sizeof err) != 0 || pb_store_count(s, &c, err, sizeof err) != 0) {
        pb_errorf("%s", err);
        pb_store_close(s);
        return PB_EXIT_USAGE;
    }
    printf("store %s: schema version %d\n", path, c.schema);
    printf("machines    %lld\n", c.machines);
    printf("toolchains  %lld\n", c.toolchains);
    printf("runs        %lld (%lld incomplete, %lld without a meta.json to say)\n", c.runs, c.incomplete,
           c.unknown_complete);
    printf("rows        %lld\n", c.rows);
    printf("samples     %lld\n", c.samples);
    pb_store_close(s);
    return PB_EXIT_OK;
}

static int db_import(const char *path, char **args, int nargs)
{
    char err[2 * PATH_MAX + 256];
    pb_store_files files = {0};
    /* every argument checked before the store is touched */
    for (int i = 0; i < nargs; ++i)
        if (pb_store_collect(args[i], &files, err, sizeof err) != 0) {
            pb_errorf("db import: %s", err);
            pb_store_files_free(&files);
            return PB_EXIT_USAGE;
        }
    pb_store *s;
    if (pb_store_open(path, PB_STORE_WRITE, &s, err, sizeof err) != 0) {
        pb_errorf("%s", err);
        pb_store_files_free(&files);
        return PB_EXIT_USAGE;
    }
    size_t added = 0, added_rows = 0, old = 0, old_rows = 0, empty = 0, refused = 0, samples = 0, filled = 0;
    int store_failed = 0;
    for (size_t i = 0; i < files.n && !store_failed; ++i) {
        pb_store_run run;
        pb_store_added a;
        if (pb_store_read_file(files.path[i], &run, err, sizeof err) != 0) {
            pb_errorf("db import: %s; not imported", err);
            ++refused;
            continue;
        }
        if (pb_store_import(s, &run, &a, err, sizeof err) != 0) {
            pb_errorf("db import: %s: %s; not imported", files.path[i], err);
            ++refused;
            store_failed = 1; /* the store itself failed (a full disk, a lock held past the timeout) */
        } else if (a.empty) {
            ++empty;
        } else if (a.added) {
            ++added;
            added_rows += a.rows;
            samples += a.samples;
        } else {
            ++old;
            old_rows += a.rows;
            filled += a.samples;
        }
        pb_store_run_free(&run);
    }
    printf("db import: %zu run%s added (%zu rows, %zu samples), %zu already in the store skipped (%zu rows)", added,
           added == 1 ? "" : "s", added_rows, samples, old, old_rows);
    if (filled)
        printf(", %zu samples added to stored runs", filled);
    if (empty)
        printf(", %zu empty file%s without a meta.json skipped", empty, empty == 1 ? "" : "s");
    if (files.ignored)
        printf(", %zu other CSV/JSON file%s ignored", files.ignored, files.ignored == 1 ? "" : "s");
    if (refused)
        printf(", %zu file%s not imported", refused, refused == 1 ? "" : "s");
    if (store_failed && files.n > added + old + empty + refused)
        printf(", %zu not tried", files.n - added - old - empty - refused);
    printf("; store %s\n", path);
    pb_store_close(s);
    pb_store_files_free(&files);
    return refused ? PB_EXIT_USAGE : PB_EXIT_OK;
}

int pb_cmd_db(int argc, char **argv)
{
    const char *path = PB_STORE_DEFAULT;
    char err[512];
    char **pos = calloc((size_t)argc + 1, sizeof *pos);
    int npos = 0;
    if (!pos) {
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    int rc = pb_opt_parse(&pb_db_spec, argc, argv, on_option, &path, pos, &npos, err, sizeof err);
    if (rc == PB_OPT_HELP) {
        pb_opt_help(stdout, &pb_db_spec);
        free(pos);
        return PB_EXIT_OK;
    }
    if (rc == PB_OK && !path[0]) {
        snprintf(err, sizeof err, "db --db: an empty file name");
        rc = PB_ERR;
    }
    if (rc == PB_OK && strcmp(pos[0], "import") == 0 && npos < 2) {
        snprintf(err, sizeof err, "db import needs results to import: DIR or FILE (see 'portbench help db')");
        rc = PB_ERR;
    } else if (rc == PB_OK && strcmp(pos[0], "info") == 0 && npos > 1) {
        snprintf(err, sizeof err, "db info takes no files ('%s'): the store is --db FILE", pos[1]);
        rc = PB_ERR;
    } else if (rc == PB_OK && strcmp(pos[0], "import") != 0 && strcmp(pos[0], "info") != 0) {
        snprintf(err, sizeof err, "db: unknown subcommand '%s' (import or info)", pos[0]);
        rc = PB_ERR;
    }
    if (rc != PB_OK) {
        pb_errorf("%s", err);
        free(pos);
        return PB_EXIT_USAGE;
    }
    int status = strcmp(pos[0], "info") == 0 ? db_info(path) : db_import(path, pos + 1, npos - 1);
    free(pos);
    return status;
}
