/* store.c - the results store (store.h): one SQLite file, opened, checked and created
 * here; runs imported in one transaction each; runs and series read back. */
#define _GNU_SOURCE
#include "store.h"
#include "pb_common.h"
#include "pb_match.h"
#include "pb_sha256.h"
#include "record.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { BUSY_TIMEOUT_MS = 60000 }; /* how long a writer waits for another one's transaction */

struct pb_store {
    sqlite3 *db;
    char path[PATH_MAX];
    unsigned char *has_col; /* per CSV column: the result table has it */
};

const char *pb_store_path(const pb_store *s) { return s->path; }

/* ---- SQL helpers ---- */

static int db_fail(const pb_store *s, const char *what, char *err, size_t cap)
{
    snprintf(err, cap, "store %s: %s: %s", s->path, what, sqlite3_errmsg(s->db));
    return -1;
}

static int exec(pb_store *s, const char *sql, char *err, size_t cap)
{
    char *msg = NULL;
    if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) == SQLITE_OK)
        return 0;
    snprintf(err, cap, "store %s: %.40s: %s", s->path, sql, msg ? msg : sqlite3_errmsg(s->db));
    sqlite3_free(msg);
    return -1;
}

static void rollback(pb_store *s)
{
    if (!sqlite3_get_autocommit(s->db))
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

/* The integer a one-value query gives (a PRAGMA, a count). SQLite's result code. */
static int query_int(sqlite3 *db, const char *sql, long long *v)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return rc;
    rc = sqlite3_step(st);
    *v = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
    sqlite3_finalize(st);
    return rc == SQLITE_OK ? rc : sqlite3_errcode(db);
}

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
    if (s && *s)
        sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}

static void bind_num(sqlite3_stmt *st, int i, double v)
{
    if (isfinite(v))
        sqlite3_bind_double(st, i, v);
    else
        sqlite3_bind_null(st, i);
}

static double column_num(sqlite3_stmt *st, int i)
{
    return sqlite3_column_type(st, i) == SQLITE_NULL ? NAN : sqlite3_column_double(st, i);
}

static const char *column_text(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? (const char *)t : "";
}

/* ---- functions the queries use (registered per connection, never in the schema, so
 * that the sqlite3 shell reads every store) ---- */

static int collate_natural(void *ctx, int na, const void *a, int nb, const void *b)
{
    (void)ctx;
    char x[256], y[256];
    snprintf(x, sizeof x, "%.*s", na, (const char *)a);
    snprintf(y, sizeof y, "%.*s", nb, (const char *)b);
    return pb_natural_cmp(x, y);
}

/* pb_family(toolchain, compiler): the toolchain's line, pb_toolchain_line: clang of clang-19,
 * clang-nightly of clang-19-nightly, the compiler without a toolchain. */
static void fn_family(sqlite3_context *c, int n, sqlite3_value **v)
{
    (void)n;
    const char *tc = (const char *)sqlite3_value_text(v[0]), *comp = (const char *)sqlite3_value_text(v[1]);
    char fam[64];
    pb_toolchain_line(tc ? tc : "", comp ? comp : "", fam, sizeof fam);
    sqlite3_result_text(c, fam, -1, SQLITE_TRANSIENT);
}

/* ---- opening ---- */

static const char schema_sql[] =
    "CREATE TABLE machine (id INTEGER PRIMARY KEY, host TEXT, gpu_name TEXT, gpu_uuid TEXT, gpu_profile TEXT,"
    " driver_version INTEGER, pci_bus_id TEXT, memory_bytes INTEGER, sm_count INTEGER, compute_capability TEXT,"
    " cpu_model TEXT, cores INTEGER);"
    "CREATE TABLE toolchain (id INTEGER PRIMARY KEY, toolchain TEXT, compiler TEXT, compiler_version TEXT,"
    " build_flags TEXT, worker TEXT, binary_sha256 TEXT);"
    "CREATE TABLE run (id INTEGER PRIMARY KEY, content_sha256 TEXT NOT NULL UNIQUE, label TEXT, source TEXT,"
    " started_utc TEXT, started_unix REAL, finished_utc TEXT, git_sha TEXT, portbench_version TEXT,"
    " complete INTEGER, host TEXT, command_line TEXT, nrows INTEGER NOT NULL, imported_utc TEXT NOT NULL,"
    " meta_json TEXT);"
    "CREATE TABLE result (id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL REFERENCES run(id),"
    " ord INTEGER NOT NULL, machine_id INTEGER REFERENCES machine(id),"
    " toolchain_id INTEGER REFERENCES toolchain(id));"
    "CREATE UNIQUE INDEX result_run ON result(run_id, ord);"
    "CREATE TABLE sample (result_id INTEGER NOT NULL REFERENCES result(id), rep INTEGER NOT NULL, host_s REAL,"
    " device_s REAL, sm_clock_mhz REAL, PRIMARY KEY (result_id, rep)) WITHOUT ROWID;";

typedef enum { FILE_EMPTY, FILE_OURS, FILE_FOREIGN, FILE_NEWER, FILE_BAD } file_kind;

/* What the file is. FILE_BAD: SQLite could not read it (err says why). */
static file_kind classify(pb_store *s, long long *version, char *err, size_t cap)
{
    long long app = 0, nobj = 0;
    *version = 0;
    /* the three readings in one read transaction: apart, another process's store made
     * between them read as "no application id, some tables" (another program's) */
    int own = sqlite3_get_autocommit(s->db);
    int rc = own ? sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL) : SQLITE_OK;
    if (rc == SQLITE_OK)
        rc = query_int(s->db, "PRAGMA application_id", &app);
    if (rc == SQLITE_OK)
        rc = query_int(s->db, "PRAGMA user_version", version);
    if (rc == SQLITE_OK)
        rc = query_int(s->db, "SELECT count(*) FROM sqlite_master", &nobj);
    if (own && !sqlite3_get_autocommit(s->db))
        sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
    if (rc == SQLITE_NOTADB) {
        snprintf(err, cap, "store %s: not an SQLite database (so not a portbench store)", s->path);
        return FILE_BAD;
    }
    if (rc != SQLITE_OK) {
        db_fail(s, "cannot read it", err, cap);
        return FILE_BAD;
    }
    if (app == 0 && nobj == 0 && *version == 0)
        return FILE_EMPTY;
    if (app != PB_STORE_APP_ID)
        return FILE_FOREIGN;
    return *version > PB_STORE_SCHEMA ? FILE_NEWER : FILE_OURS;
}

static int refuse(pb_store *s, file_kind k, long long version, char *err, size_t cap)
{
    if (k == FILE_FOREIGN)
        snprintf(err, cap, "store %s: an SQLite database of another program, not a portbench store", s->path);
    else if (k == FILE_NEWER)
        snprintf(err, cap, "store %s: schema version %lld is newer than this portbench's (%d): use a newer portbench",
                 s->path, version, PB_STORE_SCHEMA);
    else if (k == FILE_EMPTY)
        snprintf(err, cap, "store %s: an empty file, not a portbench store (portbench db import makes one)", s->path);
    return -1;
}

/* Which CSV columns the result table has (a store made before a column was added lacks it
 * until it is opened for writing). */
static int read_columns(pb_store *s, char *err, size_t cap)
{
    size_t n = pb_csv_ncolumns();
    free(s->has_col);
    s->has_col = calloc(n, 1);
    sqlite3_stmt *st;
    if (!s->has_col || sqlite3_prepare_v2(s->db, "PRAGMA table_info(result)", -1, &st, NULL) != SQLITE_OK)
        return db_fail(s, "cannot read the result table", err, cap);
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *name = column_text(st, 1);
        for (size_t i = 0; i < n; ++i)
            if (strcmp(name, pb_csv_column_name(i)) == 0)
                s->has_col[i] = 1;
    }
    sqlite3_finalize(st);
    return 0;
}

/* Inside a write transaction: a column for every CSV column the table lacks, and the
 * index of the series. */
static int add_columns(pb_store *s, char *err, size_t cap)
{
    if (read_columns(s, err, cap) != 0)
        return -1;
    for (size_t i = 0; i < pb_csv_ncolumns(); ++i) {
        if (s->has_col[i])
            continue;
        char sql[256];
        snprintf(sql, sizeof sql, "ALTER TABLE result ADD COLUMN \"%s\" %s", pb_csv_column_name(i),
                 pb_csv_column_is_number(i) ? "REAL" : "TEXT");
        if (exec(s, sql, err, cap) != 0)
            return -1;
        s->has_col[i] = 1;
    }
    return exec(s, "CREATE INDEX IF NOT EXISTS result_series ON result(benchmark, variant, backend, dtype, size)",
                err, cap);
}

static int missing_columns(const pb_store *s)
{
    for (size_t i = 0; i < pb_csv_ncolumns(); ++i)
        if (!s->has_col[i])
            return 1;
    return 0;
}

/* Inside a write transaction: a version-1 store's run hashes made again by today's rule
 * (PB_STORE_SCHEMA 2), from the rows it holds. */
static int rehash_runs(pb_store *s, char *err, size_t cap)
{
    long long *ids = NULL;
    size_t n = 0;
    sqlite3_stmt *up = NULL;
    int rc = pb_store_run_ids(s, &ids, &n, err, cap);
    if (rc == 0 && sqlite3_prepare_v2(s->db, "UPDATE run SET content_sha256 = ? WHERE id = ?", -1, &up, NULL) !=
                       SQLITE_OK)
        rc = db_fail(s, "cannot update the run hashes", err, cap);
    for (size_t i = 0; rc == 0 && i < n; ++i) {
        pb_store_run r;
        char hex[65];
        if ((rc = pb_store_load_run(s, ids[i], &r, err, cap)) != 0)
            break;
        pb_store_run_hash(&r, hex);
        pb_store_run_free(&r);
        sqlite3_reset(up);
        bind_text(up, 1, hex);
        sqlite3_bind_int64(up, 2, ids[i]);
        if (sqlite3_step(up) != SQLITE_DONE)
            rc = db_fail(s, "cannot update the run hashes", err, cap);
    }
    sqlite3_finalize(up);
    free(ids);
    return rc;
}

/* Write mode: WAL, and the schema made or completed in a write transaction (another
 * process may be doing the same: the state is read again once the lock is held). */
static int prepare_for_writing(pb_store *s, char *err, size_t cap)
{
    /* Switching a new file to WAL takes its lock without SQLite's busy handler: two
     * processes making one store at once see SQLITE_BUSY here, so it is tried again. */
    for (int tries = 0;; ++tries) {
        int rc = sqlite3_exec(s->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
        if (rc == SQLITE_OK)
            break;
        if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) || tries >= BUSY_TIMEOUT_MS / 10)
            return db_fail(s, "PRAGMA journal_mode=WAL", err, cap);
        const struct timespec pause = {0, 10 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    long long version;
    file_kind k = classify(s, &version, err, cap);
    if (k == FILE_OURS && version == PB_STORE_SCHEMA && read_columns(s, err, cap) == 0 && !missing_columns(s))
        return 0;
    if (k == FILE_BAD || k == FILE_FOREIGN || k == FILE_NEWER)
        return k == FILE_BAD ? -1 : refuse(s, k, version, err, cap);
    if (exec(s, "BEGIN IMMEDIATE", err, cap) != 0)
        return -1;
    k = classify(s, &version, err, cap);
    int rc = 0;
    if (k == FILE_EMPTY) {
        char sql[128];
        snprintf(sql, sizeof sql, "PRAGMA application_id = %d; PRAGMA user_version = %d", PB_STORE_APP_ID,
                 PB_STORE_SCHEMA);
        rc = exec(s, schema_sql, err, cap) != 0 || exec(s, sql, err, cap) != 0 ? -1 : 0;
    } else if (k != FILE_OURS) {
        rc = k == FILE_BAD ? -1 : refuse(s, k, version, err, cap);
    }
    if (rc == 0)
        rc = add_columns(s, err, cap);
    if (rc == 0 && k == FILE_OURS && version < PB_STORE_SCHEMA) {
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA user_version = %d", PB_STORE_SCHEMA);
        rc = rehash_runs(s, err, cap) != 0 || exec(s, sql, err, cap) != 0 ? -1 : 0;
    }
    if (rc == 0)
        rc = exec(s, "COMMIT", err, cap);
    if (rc != 0)
        rollback(s);
    return rc;
}

int pb_store_open(const char *path, int mode, pb_store **out, char *err, size_t cap)
{
    *out = NULL;
    struct stat st;
    int exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        snprintf(err, cap, "store %s: is a directory, not a store file", path);
        return -1;
    }
    if (exists && !S_ISREG(st.st_mode)) {
        snprintf(err, cap, "store %s: not a regular file", path);
        return -1;
    }
    if (!exists && errno != ENOENT) {
        snprintf(err, cap, "store %s: %s", path, strerror(errno));
        return -1;
    }
    if (!exists && mode != PB_STORE_WRITE) {
        snprintf(err, cap, "store %s: no such file (portbench db import makes one)", path);
        return -1;
    }
    if (strlen(path) >= PATH_MAX) {
        snprintf(err, cap, "store %.200s...: the path is too long", path);
        return -1;
    }
    if (!exists) {
        char dir[PATH_MAX];
        pb_strlcpy(dir, path, sizeof dir);
        char *slash = strrchr(dir, '/');
        if (slash && slash != dir) {
            *slash = '\0';
            char why[PATH_MAX + 64];
            if (pb_mkdir_p(dir, why, sizeof why) != 0) {
                snprintf(err, cap, "store %s: %s", path, why);
                return -1;
            }
        }
    }
    pb_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, cap, "store %s: out of memory", path);
        return -1;
    }
    pb_strlcpy(s->path, path, sizeof s->path);
    int flags = SQLITE_OPEN_READWRITE | (mode == PB_STORE_WRITE ? SQLITE_OPEN_CREATE : 0);
    if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
        db_fail(s, "cannot open", err, cap);
        pb_store_close(s);
        return -1;
    }
    sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
    sqlite3_create_collation_v2(s->db, "pb_natural", SQLITE_UTF8, NULL, collate_natural, NULL);
    sqlite3_create_function(s->db, "pb_family", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, fn_family, NULL, NULL);
    long long version;
    file_kind k = classify(s, &version, err, cap);
    int usable = k == FILE_OURS || (k == FILE_EMPTY && mode == PB_STORE_WRITE);
    int rc = k == FILE_BAD ? -1 : usable ? 0 : refuse(s, k, version, err, cap);
    if (rc == 0)
        rc = mode == PB_STORE_WRITE ? prepare_for_writing(s, err, cap) : read_columns(s, err, cap);
    if (rc == 0)
        rc = exec(s, "PRAGMA foreign_keys = ON", err, cap);
    if (rc != 0) {
        pb_store_close(s);
        return -1;
    }
    *out = s;
    return 0;
}

void pb_store_close(pb_store *s)
{
    if (!s)
        return;
    sqlite3_close_v2(s->db);
    free(s->has_col);
    free(s);
}

/* ---- runs in memory ---- */

void pb_store_run_free(pb_store_run *r)
{
    if (r->samples)
        for (size_t i = 0; i < r->rows.n; ++i)
            free(r->samples[i].v);
    free(r->samples);
    r->samples = NULL;
    pb_rowset_free(&r->rows);
    cJSON_Delete(r->meta);
    r->meta = NULL;
}

/* meta.json values: old files wrote numbers as strings */
static const cJSON *jget(const cJSON *o, const char *key)
{
    return cJSON_IsObject(o) ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL;
}

static const char *jstr(const cJSON *o, const char *key)
{
    const cJSON *v = jget(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static double jnum(const cJSON *o, const char *key)
{
    const cJSON *v = jget(o, key);
    if (cJSON_IsNumber(v))
        return v->valuedouble;
    if (cJSON_IsString(v) && v->valuestring[0]) {
        char *end;
        double d = strtod(v->valuestring, &end);
        return *end == '\0' ? d : NAN;
    }
    return NAN;
}

static int read_text(const char *path, char **out, char *err, size_t cap)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t len = 0;
    FILE *m = f ? open_memstream(&buf, &len) : NULL;
    if (!m) {
        snprintf(err, cap, "%s: cannot read: %s", path, strerror(errno));
        if (f)
            fclose(f);
        return -1;
    }
    char chunk[1 << 16];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        fwrite(chunk, 1, n, m);
    int bad = ferror(f);
    fclose(f);
    fclose(m);
    if (bad || !buf) {
        snprintf(err, cap, "%s: cannot read", path);
        free(buf);
        return -1;
    }
    *out = buf;
    return 0;
}

static int parse_json_file(const char *path, cJSON **out, char *err, size_t cap)
{
    char *text;
    if (read_text(path, &text, err, cap) != 0)
        return -1;
    *out = cJSON_Parse(text);
    free(text);
    if (!cJSON_IsObject(*out)) {
        cJSON_Delete(*out);
        *out = NULL;
        snprintf(err, cap, "%s: not a JSON object (a damaged file?)", path);
        return -1;
    }
    return 0;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* "samples": [{"host_s": x, "device_s": y, "sm_clock_mhz": z}, ...] or {"host_s": [...], ...} */
static int read_samples(const cJSON *j, pb_samples *out)
{
    static const char *const names[3] = {"host_s", "device_s", "sm_clock_mhz"};
    out->v = NULL;
    out->n = 0;
    if (!j || cJSON_IsNull(j))
        return 0;
    size_t n = 0;
    if (cJSON_IsArray(j)) {
        n = (size_t)cJSON_GetArraySize(j);
    } else if (cJSON_IsObject(j)) {
        for (int k = 0; k < 3; ++k) {
            const cJSON *a = jget(j, names[k]);
            if (a && !cJSON_IsArray(a))
                return -1;
            if (a && (size_t)cJSON_GetArraySize(a) > n)
                n = (size_t)cJSON_GetArraySize(a);
        }
    } else {
        return -1;
    }
    if (n == 0)
        return 0;
    out->v = malloc(n * sizeof *out->v);
    if (!out->v)
        return -1;
    out->n = n;
    for (size_t i = 0; i < n; ++i) {
        double v[3];
        for (int k = 0; k < 3; ++k) {
            const cJSON *x = cJSON_IsArray(j) ? jget(cJSON_GetArrayItem(j, (int)i), names[k])
                                              : cJSON_GetArrayItem(jget(j, names[k]), (int)i);
            v[k] = cJSON_IsNumber(x) ? x->valuedouble : NAN;
        }
        out->v[i] = (pb_sample){v[0], v[1], v[2]};
    }
    return 0;
}

/* A JSON results file: {schema_version, meta, columns, rows}; a row may carry samples. */
static int read_json_results(const char *path, pb_store_run *r, char *err, size_t cap)
{
    static const char *const required[] = {"benchmark", "variant", "backend", "compiler",
                                           "dtype", "size", "time_median_s", "verified"};
    cJSON *doc;
    if (parse_json_file(path, &doc, err, cap) != 0)
        return -1;
    const cJSON *rows = jget(doc, "rows");
    if (!cJSON_IsArray(rows) || !cJSON_IsArray(jget(doc, "columns"))) {
        snprintf(err, cap, "%s: not portbench JSON results (no \"columns\" and \"rows\")", path);
        cJSON_Delete(doc);
        return -1;
    }
    size_t n = (size_t)cJSON_GetArraySize(rows);
    r->samples = n ? calloc(n, sizeof *r->samples) : NULL;
    int rc = n && !r->samples ? -1 : 0, any_samples = 0;
    if (rc)
        snprintf(err, cap, "%s: out of memory", path);
    for (size_t i = 0; i < n && rc == 0; ++i) {
        const cJSON *o = cJSON_GetArrayItem(rows, (int)i);
        for (size_t q = 0; q < sizeof required / sizeof *required && rc == 0; ++q)
            if (!jget(o, required[q])) {
                snprintf(err, cap, "%s: row %zu lacks '%s' (is this a portbench JSON results file?)", path, i + 1,
                         required[q]);
                rc = -1;
            }
        pb_row row;
        pb_row_init(&row);
        for (size_t c = 0; c < pb_csv_ncolumns() && rc == 0; ++c) {
            const char *name = pb_csv_column_name(c);
            const cJSON *v = jget(o, name);
            char text[64];
            int ok = 1;
            if (!v || cJSON_IsNull(v))
                continue;
            if (cJSON_IsString(v) && !pb_csv_column_is_number(c))
                ok = pb_row_set(&row, name, v->valuestring) == 0;
            else if (cJSON_IsNumber(v) && pb_csv_column_is_number(c) && isfinite(v->valuedouble))
                ok = snprintf(text, sizeof text, "%.17g", v->valuedouble) > 0 && pb_row_set(&row, name, text) == 0;
            else
                ok = 0;
            if (!ok && cJSON_IsString(v) && !pb_csv_column_is_number(c)) /* an enum column */
                snprintf(err, cap, "%s: row %zu: '%s' has an unknown value '%.40s'", path, i + 1, name, v->valuestring);
            else if (!ok)
                snprintf(err, cap, "%s: row %zu: '%s' is not a %s", path, i + 1, name,
                         pb_csv_column_is_number(c) ? "number" : "string");
            rc = ok ? rc : -1;
        }
        if (rc == 0 && row.verified == PB_VERIFIED_NONE) {
            snprintf(err, cap, "%s: row %zu: verified '' is not PASS, FAIL or SKIP", path, i + 1);
            rc = -1;
        }
        if (rc == 0 && read_samples(jget(o, "samples"), &r->samples[i]) != 0) {
            snprintf(err, cap, "%s: row %zu: \"samples\" is neither a list of repetitions nor an object of lists",
                     path, i + 1);
            rc = -1;
        }
        if (rc == 0) {
            any_samples |= r->samples[i].n > 0;
            pb_row_derive_toolchain(&row);
            if (pb_rowset_push(&r->rows, &row) != 0) {
                snprintf(err, cap, "%s: out of memory", path);
                rc = -1;
            }
        }
    }
    if (rc == 0 && !any_samples) {
        free(r->samples);
        r->samples = NULL;
    }
    if (rc == 0 && cJSON_IsObject(jget(doc, "meta")))
        r->meta = cJSON_DetachItemFromObjectCaseSensitive(doc, "meta");
    cJSON_Delete(doc);
    return rc;
}

/* The label of a run: --label of its command line, else the label part of its run
 * directory (<YYYYmmddTHHMMSSZ>_<label>), else the file's name without extension. */
static void derive_label(pb_store_run *r)
{
    if (r->label[0])
        return;
    const cJSON *argv = jget(r->meta, "argv");
    for (int i = 0; cJSON_IsArray(argv) && i < cJSON_GetArraySize(argv); ++i) {
        const cJSON *a = cJSON_GetArrayItem(argv, i), *next = cJSON_GetArrayItem(argv, i + 1);
        if (!cJSON_IsString(a))
            continue;
        if (strncmp(a->valuestring, "--label=", 8) == 0) {
            pb_strlcpy(r->label, a->valuestring + 8, sizeof r->label);
            return;
        }
        if (strcmp(a->valuestring, "--label") == 0 && cJSON_IsString(next)) {
            pb_strlcpy(r->label, next->valuestring, sizeof r->label);
            return;
        }
    }
    char p[PATH_MAX];
    pb_strlcpy(p, r->source, sizeof p);
    char *slash = strrchr(p, '/');
    const char *base = slash ? slash + 1 : p;
    if (strcmp(base, PB_RECORD_CSV) == 0 && slash) {
        *slash = '\0';
        char *dslash = strrchr(p, '/');
        const char *dir = dslash ? dslash + 1 : p;
        int stamp = strlen(dir) > 17 && strspn(dir, "0123456789") == 8 && dir[8] == 'T' &&
                    strspn(dir + 9, "0123456789") == 6 && dir[15] == 'Z' && dir[16] == '_';
        pb_strlcpy(r->label, stamp ? dir + 17 : dir, sizeof r->label);
        return;
    }
    pb_strlcpy(r->label, base, sizeof r->label);
    char *dot = strrchr(r->label, '.');
    if (dot && dot != r->label)
        *dot = '\0';
}

int pb_store_read_file(const char *path, pb_store_run *r, char *err, size_t cap)
{
    memset(r, 0, sizeof *r);
    pb_strlcpy(r->source, path, sizeof r->source);
    int rc;
    if (ends_with(path, ".json")) {
        rc = read_json_results(path, r, err, cap);
    } else {
        rc = pb_results_read(path, &r->rows, err, cap);
        char mpath[PATH_MAX + 16];
        struct stat st;
        snprintf(mpath, sizeof mpath, "%s.meta.json", path);
        if (rc == 0 && stat(mpath, &st) == 0) {
            cJSON *meta;
            rc = parse_json_file(mpath, &meta, err, cap);
            r->meta = rc == 0 ? meta : NULL;
        }
    }
    if (rc != 0) {
        pb_store_run_free(r);
        return -1;
    }
    derive_label(r);
    return 0;
}

/* ---- identity ---- */

static ssize_t sha_write(void *c, const char *buf, size_t n)
{
    pb_sha256_update(c, buf, n);
    return (ssize_t)n;
}

void pb_store_run_hash(const pb_store_run *r, char hex[65])
{
    pb_sha256 c;
    pb_sha256_init(&c);
    cookie_io_functions_t io = {NULL, sha_write, NULL, NULL};
    FILE *f = fopencookie(&c, "w", io);
    if (f) {
        fputs("portbench run, hash 2\n", f);
        for (size_t i = 0; i < r->rows.n; ++i)
            pb_csv_write_named(f, &r->rows.rows[i]);
        if (r->rows.n == 0) {
            const char *keys[] = {"started_utc", "hostname", "command_line"};
            for (int k = 0; k < 3; ++k)
                fprintf(f, "%s=%s\n", keys[k], jstr(r->meta, keys[k]) ? jstr(r->meta, keys[k]) : "");
        }
        fclose(f);
    }
    pb_sha256_hex(&c, hex);
}

/* ---- import ---- */

/* A small map from a key to the id a row of this import got (machines, toolchains). */
typedef struct id_cache {
    char (*key)[512];
    long long *id;
    size_t n, cap;
} id_cache;

static long long cache_find(const id_cache *c, const char *key)
{
    for (size_t i = 0; i < c->n; ++i)
        if (strcmp(c->key[i], key) == 0)
            return c->id[i];
    return 0;
}

static void cache_put(id_cache *c, const char *key, long long id)
{
    if (c->n == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 16;
        char(*k)[512] = realloc(c->key, cap * sizeof *k);
        if (k)
            c->key = k;
        long long *v = realloc(c->id, cap * sizeof *v);
        if (v)
            c->id = v;
        if (!k || !v)
            return; /* only a cache */
        c->cap = cap;
    }
    pb_strlcpy(c->key[c->n], key, sizeof c->key[c->n]);
    c->id[c->n++] = id;
}

static void cache_free(id_cache *c)
{
    free(c->key);
    free(c->id);
}

/* The meta.json that describes a row: its MPI rank's own when the run gathered ranks. */
static const cJSON *row_meta(const cJSON *meta, const pb_row *r)
{
    const cJSON *ranks = jget(jget(meta, "mpi"), "ranks");
    if (cJSON_IsArray(ranks) && isfinite(r->rank) && r->rank >= 0 && r->rank < cJSON_GetArraySize(ranks)) {
        const cJSON *m = cJSON_GetArrayItem(ranks, (int)r->rank);
        if (cJSON_IsObject(m))
            return m;
    }
    return meta;
}

/* The meta.json entry of the GPU a row ran on (by UUID, else index), or NULL. */
static const cJSON *row_gpu(const cJSON *m, const pb_row *r)
{
    const cJSON *gpus = jget(m, "gpus"), *one = jget(m, "gpu");
    int n = cJSON_IsArray(gpus) ? cJSON_GetArraySize(gpus) : jstr(one, "name") ? 1 : 0;
    for (int i = 0; i < n; ++i) {
        const cJSON *g = cJSON_IsArray(gpus) ? cJSON_GetArrayItem(gpus, i) : one;
        const char *uuid = jstr(g, "uuid");
        if (r->gpu_uuid[0] ? uuid && strcmp(uuid, r->gpu_uuid) == 0
                           : isfinite(r->gpu_index) ? jnum(g, "index") == r->gpu_index : n == 1)
            return g;
    }
    return NULL;
}

typedef struct importer {
    pb_store *s;
    const pb_store_run *run;
    id_cache machines, toolchains;
    sqlite3_stmt *find_machine, *add_machine, *fill_machine, *find_toolchain, *add_toolchain, *add_result, *add_sample;
} importer;

/* ?1-?5 of the machine statements (find_machine, fill_machine, add_machine): the host, the
 * GPU's name and UUID, its profile and driver; the statement reset first */
static void bind_machine(sqlite3_stmt *st, const char *host, const char *name, const char *uuid, const char *profile,
                         double driver)
{
    sqlite3_reset(st);
    bind_text(st, 1, host);
    bind_text(st, 2, name);
    bind_text(st, 3, uuid);
    bind_text(st, 4, profile);
    bind_num(st, 5, driver);
}

static long long machine_id(importer *im, const pb_row *r, char *err, size_t cap)
{
    char key[512];
    snprintf(key, sizeof key, "%s|%s|%s|%s|%g|%g", r->host, r->gpu_uuid, r->gpu_profile, r->device, r->rank,
             r->gpu_index);
    long long id = cache_find(&im->machines, key);
    if (id)
        return id;
    const cJSON *m = row_meta(im->run->meta, r), *g = row_gpu(m, r);
    const char *host = r->host[0] ? r->host : jstr(m, "hostname");
    const char *name = jstr(g, "name") ? jstr(g, "name") : strcmp(r->device, "host") ? r->device : NULL;
    const char *uuid = r->gpu_uuid[0] ? r->gpu_uuid : jstr(g, "uuid");
    const char *profile = jstr(g, "profile") ? jstr(g, "profile") : r->gpu_profile;
    double driver = jnum(g, "cuda_driver_version");
    const cJSON *topo = host && jstr(m, "hostname") && strcmp(host, jstr(m, "hostname")) == 0 ? jget(m, "topology")
                                                                                             : NULL;
    sqlite3_stmt *st = im->find_machine;
    bind_machine(st, host, name, uuid, profile, driver);
    int rc = sqlite3_step(st);
    /* found: what this run knows and the stored machine did not is added to it */
    st = rc == SQLITE_ROW ? im->fill_machine : im->add_machine;
    long long found = rc == SQLITE_ROW ? sqlite3_column_int64(im->find_machine, 0) : 0;
    if (rc == SQLITE_ROW || rc == SQLITE_DONE) {
        bind_machine(st, host, name, uuid, profile, driver);
        bind_text(st, 6, jstr(g, "pci_bus_id"));
        bind_num(st, 7, jnum(g, "memory_bytes"));
        bind_num(st, 8, jnum(g, "sm_count"));
        bind_text(st, 9, jstr(g, "compute_capability"));
        bind_text(st, 10, jstr(topo, "cpu_model"));
        bind_num(st, 11, jnum(topo, "cores"));
        if (found)
            sqlite3_bind_int64(st, 12, found);
        if (sqlite3_step(st) == SQLITE_DONE)
            id = found ? found : sqlite3_last_insert_rowid(im->s->db);
    }
    if (!id)
        return db_fail(im->s, "cannot store a machine", err, cap), 0;
    cache_put(&im->machines, key, id);
    return id;
}

/* The worker that made a row, from meta.json's workers: {"pb-omp-clang-19": {toolchain,
 * build_flags, backends: {omp: {compiler, ...}}}} (and before that, flat keys
 * "omp.clang.build_flags"). The binary's hash where a worker's entry has one
 * (binary_sha256); no meta.json names one yet, so it is NULL. */
static void row_worker(const cJSON *m, const pb_row *r, const char **worker, const char **flags, const char **sha)
{
    m = row_meta(m, r);
    *worker = *flags = *sha = NULL;
    const cJSON *workers = jget(m, "workers"), *w;
    cJSON_ArrayForEach(w, workers)
    {
        if (cJSON_IsObject(w)) {
            const cJSON *b = jget(jget(w, "backends"), r->backend);
            const char *comp = jstr(b, "compiler"), *tc = jstr(w, "toolchain");
            if (!b || (comp && strcmp(comp, r->compiler) != 0) || (r->toolchain[0] && tc && strcmp(tc, r->toolchain)))
                continue;
            *worker = w->string;
            *flags = jstr(w, "build_flags");
            *sha = jstr(w, "binary_sha256");
            return;
        }
    }
    char key[128];
    snprintf(key, sizeof key, "%s.%s.build_flags", r->backend, r->compiler);
    *flags = jstr(workers, key);
    snprintf(key, sizeof key, "%s.%s.worker", r->backend, r->compiler);
    *worker = jstr(workers, key);
}

void pb_store_row_worker(const void *meta, const pb_row *r, const char **worker, const char **flags, const char **sha)
{
    row_worker(meta, r, worker, flags, sha);
}

const char *pb_store_row_gpu_name(const void *meta, const pb_row *r)
{
    const char *name = jstr(row_gpu(row_meta(meta, r), r), "name");
    return name ? name : strcmp(r->device, "host") ? r->device : NULL;
}

static long long toolchain_id(importer *im, const pb_row *r, char *err, size_t cap)
{
    char key[512];
    snprintf(key, sizeof key, "%s|%s|%s|%s|%g", r->backend, r->compiler, r->compiler_version, r->toolchain, r->rank);
    long long id = cache_find(&im->toolchains, key);
    if (id)
        return id;
    const char *worker, *flags, *sha;
    row_worker(im->run->meta, r, &worker, &flags, &sha);
    const char *v[6] = {r->toolchain, r->compiler, r->compiler_version, flags, worker, sha};
    sqlite3_stmt *st = im->find_toolchain;
    sqlite3_reset(st);
    for (int i = 0; i < 6; ++i)
        bind_text(st, i + 1, v[i]);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        id = sqlite3_column_int64(st, 0);
    } else if (rc == SQLITE_DONE) {
        st = im->add_toolchain;
        sqlite3_reset(st);
        for (int i = 0; i < 6; ++i)
            bind_text(st, i + 1, v[i]);
        if (sqlite3_step(st) == SQLITE_DONE)
            id = sqlite3_last_insert_rowid(im->s->db);
    }
    if (!id)
        return db_fail(im->s, "cannot store a toolchain", err, cap), 0;
    cache_put(&im->toolchains, key, id);
    return id;
}

static int prepare(pb_store *s, const char *sql, sqlite3_stmt **st, char *err, size_t cap)
{
    return sqlite3_prepare_v2(s->db, sql, -1, st, NULL) == SQLITE_OK ? 0 : db_fail(s, "cannot prepare", err, cap);
}

/* INSERT INTO result (run_id, ord, machine_id, toolchain_id, "benchmark", ...) VALUES (?, ...) */
static char *result_insert_sql(void)
{
    char *sql = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&sql, &len);
    if (!f)
        return NULL;
    fputs("INSERT INTO result (run_id, ord, machine_id, toolchain_id", f);
    for (size_t i = 0; i < pb_csv_ncolumns(); ++i)
        fprintf(f, ", \"%s\"", pb_csv_column_name(i));
    fputs(") VALUES (?, ?, ?, ?", f);
    for (size_t i = 0; i < pb_csv_ncolumns(); ++i)
        fputs(", ?", f);
    fputc(')', f);
    fclose(f);
    return sql;
}

static int add_samples(importer *im, long long result_id, const pb_samples *smp, size_t *count, char *err, size_t cap)
{
    for (size_t k = 0; smp && k < smp->n; ++k) {
        sqlite3_stmt *st = im->add_sample;
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, result_id);
        sqlite3_bind_int64(st, 2, (long long)k);
        bind_num(st, 3, smp->v[k].host_s);
        bind_num(st, 4, smp->v[k].device_s);
        bind_num(st, 5, smp->v[k].sm_clock_mhz);
        if (sqlite3_step(st) != SQLITE_DONE)
            return db_fail(im->s, "cannot store a sample", err, cap);
        ++*count;
    }
    return 0;
}

static int add_rows(importer *im, long long run_id, size_t *nsamples, char *err, size_t cap)
{
    const pb_rowset *rows = &im->run->rows;
    for (size_t i = 0; i < rows->n; ++i) {
        const pb_row *r = &rows->rows[i];
        long long mid = machine_id(im, r, err, cap), tid = mid ? toolchain_id(im, r, err, cap) : 0;
        if (!mid || !tid)
            return -1;
        sqlite3_stmt *st = im->add_result;
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, run_id);
        sqlite3_bind_int64(st, 2, (long long)i);
        sqlite3_bind_int64(st, 3, mid);
        sqlite3_bind_int64(st, 4, tid);
        for (size_t c = 0; c < pb_csv_ncolumns(); ++c) {
            if (pb_csv_column_is_number(c))
                bind_num(st, (int)c + 5, pb_row_num(r, c));
            else
                bind_text(st, (int)c + 5, pb_row_str(r, c));
        }
        if (sqlite3_step(st) != SQLITE_DONE)
            return db_fail(im->s, "cannot store a row", err, cap);
        if (im->run->samples &&
            add_samples(im, sqlite3_last_insert_rowid(im->s->db), &im->run->samples[i], nsamples, err, cap) != 0)
            return -1;
    }
    return 0;
}

/* When the run started: meta.json's started_unix_us, else its started_utc. */
static double started_unix(const cJSON *meta, const char *utc)
{
    double us = jnum(meta, "started_unix_us");
    if (isfinite(us) && us > 0)
        return us / 1e6;
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    const char *end = utc ? strptime(utc, "%Y-%m-%dT%H:%M:%S", &tm) : NULL;
    return end ? (double)timegm(&tm) : NAN;
}

static int add_run(importer *im, const char *hash, long long *run_id, char *err, size_t cap)
{
    const pb_store_run *r = im->run;
    const cJSON *meta = r->meta;
    const pb_rowset *rows = &r->rows;
    /* without a meta.json, what the rows say */
    const char *first = NULL, *last = NULL;
    for (size_t i = 0; i < rows->n; ++i) {
        const char *t = rows->rows[i].timestamp;
        if (t[0] && (!first || strcmp(t, first) < 0))
            first = t;
        if (t[0] && (!last || strcmp(t, last) > 0))
            last = t;
    }
    const pb_row *r0 = rows->n ? &rows->rows[0] : NULL;
    const char *started = jstr(meta, "started_utc") ? jstr(meta, "started_utc") : first;
    const cJSON *complete = jget(meta, "complete");
    char now[32], *meta_text = meta ? cJSON_PrintUnformatted(meta) : NULL;
    time_t t = time(NULL);
    struct tm tm;
    strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t, &tm));
    sqlite3_stmt *st;
    if (prepare(im->s,
                "INSERT INTO run (content_sha256, label, source, started_utc, started_unix, finished_utc, git_sha,"
                " portbench_version, complete, host, command_line, nrows, imported_utc, meta_json)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                &st, err, cap) != 0) {
        free(meta_text);
        return -1;
    }
    bind_text(st, 1, hash);
    bind_text(st, 2, r->label);
    bind_text(st, 3, r->source);
    bind_text(st, 4, started);
    bind_num(st, 5, started_unix(meta, started));
    bind_text(st, 6, jstr(meta, "finished_utc") ? jstr(meta, "finished_utc") : last);
    bind_text(st, 7, jstr(meta, "git_sha") ? jstr(meta, "git_sha") : r0 ? r0->git_sha : NULL);
    bind_text(st, 8, jstr(meta, "portbench_version"));
    if (cJSON_IsBool(complete))
        sqlite3_bind_int(st, 9, cJSON_IsTrue(complete));
    bind_text(st, 10, jstr(meta, "hostname") ? jstr(meta, "hostname") : r0 ? r0->host : NULL);
    bind_text(st, 11, jstr(meta, "command_line"));
    sqlite3_bind_int64(st, 12, (long long)rows->n);
    bind_text(st, 13, now);
    bind_text(st, 14, meta_text);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : db_fail(im->s, "cannot store the run", err, cap);
    *run_id = sqlite3_last_insert_rowid(im->s->db);
    sqlite3_finalize(st);
    free(meta_text);
    return rc;
}

/* A stored run's rows get the samples of this copy, when they had none. */
static int fill_samples(importer *im, long long run_id, size_t *nsamples, char *err, size_t cap)
{
    long long have = 0;
    char sql[160];
    snprintf(sql, sizeof sql,
             "SELECT count(*) FROM sample JOIN result ON result.id = sample.result_id WHERE result.run_id = %lld",
             run_id);
    if (!im->run->samples || query_int(im->s->db, sql, &have) != SQLITE_OK || have > 0)
        return 0;
    sqlite3_stmt *st;
    if (prepare(im->s, "SELECT id FROM result WHERE run_id = ? AND ord = ?", &st, err, cap) != 0)
        return -1;
    int rc = 0;
    for (size_t i = 0; i < im->run->rows.n && rc == 0; ++i) {
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, run_id);
        sqlite3_bind_int64(st, 2, (long long)i);
        if (sqlite3_step(st) == SQLITE_ROW)
            rc = add_samples(im, sqlite3_column_int64(st, 0), &im->run->samples[i], nsamples, err, cap);
    }
    sqlite3_finalize(st);
    return rc;
}

/* The test hook of a kill inside the transaction: FILE says the rows are in. */
static void test_pause(void)
{
    const char *marker = getenv("PB_TEST_STORE_PAUSE");
    if (!marker || !marker[0])
        return;
    FILE *f = fopen(marker, "w");
    if (f)
        fclose(f);
    sleep(30);
}

static void importer_free(importer *im)
{
    sqlite3_finalize(im->find_machine);
    sqlite3_finalize(im->add_machine);
    sqlite3_finalize(im->fill_machine);
    sqlite3_finalize(im->find_toolchain);
    sqlite3_finalize(im->add_toolchain);
    sqlite3_finalize(im->add_result);
    sqlite3_finalize(im->add_sample);
    cache_free(&im->machines);
    cache_free(&im->toolchains);
}

int pb_store_import(pb_store *s, const pb_store_run *r, pb_store_added *out, char *err, size_t cap)
{
    memset(out, 0, sizeof *out);
    out->rows = r->rows.n;
    if (r->rows.n == 0 && !r->meta) {
        out->empty = 1;
        return 0;
    }
    char hash[65];
    pb_store_run_hash(r, hash);
    importer im;
    memset(&im, 0, sizeof im);
    im.s = s;
    im.run = r;
    char *result_sql = result_insert_sql();
    int rc = result_sql ? 0 : -1;
    if (rc)
        snprintf(err, cap, "store %s: out of memory", s->path);
    /* the importer's statements; a machine is its host, GPU name and UUID, its profile and
     * driver where both sides know them (a run without a meta.json does not know its
     * driver: it is the same GPU) */
    const struct {
        const char *sql;
        sqlite3_stmt **st;
    } stmts[] = {
        {"SELECT id FROM machine WHERE host IS ?1 AND gpu_name IS ?2 AND gpu_uuid IS ?3"
         " AND (?4 IS NULL OR gpu_profile IS NULL OR gpu_profile = ?4)"
         " AND (?5 IS NULL OR driver_version IS NULL OR driver_version = ?5)"
         " ORDER BY driver_version IS ?5 DESC, gpu_profile IS ?4 DESC, id LIMIT 1",
         &im.find_machine},
        {"UPDATE machine SET gpu_profile = coalesce(gpu_profile, ?4),"
         " driver_version = coalesce(driver_version, ?5), pci_bus_id = coalesce(pci_bus_id, ?6),"
         " memory_bytes = coalesce(memory_bytes, ?7), sm_count = coalesce(sm_count, ?8),"
         " compute_capability = coalesce(compute_capability, ?9), cpu_model = coalesce(cpu_model, ?10),"
         " cores = coalesce(cores, ?11) WHERE id = ?12",
         &im.fill_machine},
        {"INSERT INTO machine (host, gpu_name, gpu_uuid, gpu_profile, driver_version, pci_bus_id,"
         " memory_bytes, sm_count, compute_capability, cpu_model, cores) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
         &im.add_machine},
        {"SELECT id FROM toolchain WHERE toolchain IS ? AND compiler IS ? AND compiler_version IS ?"
         " AND build_flags IS ? AND worker IS ? AND binary_sha256 IS ?",
         &im.find_toolchain},
        {"INSERT INTO toolchain (toolchain, compiler, compiler_version, build_flags, worker,"
         " binary_sha256) VALUES (?,?,?,?,?,?)",
         &im.add_toolchain},
        {result_sql, &im.add_result},
        {"INSERT INTO sample (result_id, rep, host_s, device_s, sm_clock_mhz) VALUES (?,?,?,?,?)", &im.add_sample},
    };
    for (size_t i = 0; rc == 0 && i < sizeof stmts / sizeof *stmts; ++i)
        rc = prepare(s, stmts[i].sql, stmts[i].st, err, cap);
    free(result_sql);
    /* IMMEDIATE: the write lock now (waiting up to the busy timeout for another writer),
     * never a read transaction that cannot become a write one */
    if (rc == 0)
        rc = exec(s, "BEGIN IMMEDIATE", err, cap);
    sqlite3_stmt *find = NULL;
    if (rc == 0)
        rc = prepare(s, "SELECT id FROM run WHERE content_sha256 = ?", &find, err, cap);
    if (rc == 0) {
        bind_text(find, 1, hash);
        int step = sqlite3_step(find);
        if (step == SQLITE_ROW) {
            out->run_id = sqlite3_column_int64(find, 0);
            rc = fill_samples(&im, out->run_id, &out->samples, err, cap);
        } else if (step == SQLITE_DONE) {
            rc = add_run(&im, hash, &out->run_id, err, cap);
            if (rc == 0)
                rc = add_rows(&im, out->run_id, &out->samples, err, cap);
            out->added = rc == 0;
        } else {
            rc = db_fail(s, "cannot look the run up", err, cap);
        }
    }
    sqlite3_finalize(find);
    importer_free(&im);
    if (rc == 0 && out->added)
        test_pause();
    if (rc == 0)
        rc = exec(s, "COMMIT", err, cap);
    if (rc != 0) {
        rollback(s);
        out->added = 0;
        out->samples = 0;
        out->run_id = 0;
    }
    return rc;
}

/* ---- reading back ---- */

int pb_store_count(pb_store *s, pb_store_counts *c, char *err, size_t cap)
{
    static const char *const sql[] = {
        "SELECT count(*) FROM machine", "SELECT count(*) FROM toolchain", "SELECT count(*) FROM run",
        "SELECT count(*) FROM run WHERE complete = 0", "SELECT count(*) FROM run WHERE complete IS NULL",
        "SELECT count(*) FROM result", "SELECT count(*) FROM sample"};
    long long *v[] = {&c->machines, &c->toolchains, &c->runs, &c->incomplete, &c->unknown_complete, &c->rows,
                      &c->samples};
    long long version = 0;
    memset(c, 0, sizeof *c);
    /* one read transaction: the counts of one state of the store */
    if (exec(s, "BEGIN", err, cap) != 0)
        return -1;
    int rc = query_int(s->db, "PRAGMA user_version", &version);
    for (size_t i = 0; i < sizeof sql / sizeof *sql && rc == SQLITE_OK; ++i)
        rc = query_int(s->db, sql[i], v[i]);
    c->schema = (int)version;
    if (rc != SQLITE_OK) {
        db_fail(s, "cannot count", err, cap);
        rollback(s);
        return -1;
    }
    return exec(s, "COMMIT", err, cap);
}

int pb_store_run_ids(pb_store *s, long long **ids, size_t *n, char *err, size_t cap)
{
    *ids = NULL;
    *n = 0;
    sqlite3_stmt *st;
    if (prepare(s, "SELECT id FROM run ORDER BY started_unix IS NULL, started_unix, id", &st, err, cap) != 0)
        return -1;
    size_t have = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (*n == have) {
            have = have ? 2 * have : 64;
            long long *p = realloc(*ids, have * sizeof *p);
            if (!p) {
                rc = SQLITE_NOMEM;
                break;
            }
            *ids = p;
        }
        (*ids)[(*n)++] = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        free(*ids);
        *ids = NULL;
        *n = 0;
        return db_fail(s, "cannot list the runs", err, cap);
    }
    return 0;
}

/* ", "benchmark", ..." for the CSV columns the store has. */
static void select_columns(const pb_store *s, FILE *f)
{
    for (size_t i = 0; i < pb_csv_ncolumns(); ++i)
        if (s->has_col[i])
            fprintf(f, ", result.\"%s\"", pb_csv_column_name(i));
}

/* A row from the CSV columns of st, from column `first` on (in select_columns' order). */
static void row_from(const pb_store *s, sqlite3_stmt *st, int first, pb_row *r)
{
    pb_row_init(r);
    int k = first;
    for (size_t i = 0; i < pb_csv_ncolumns(); ++i) {
        if (!s->has_col[i])
            continue;
        const char *name = pb_csv_column_name(i);
        if (sqlite3_column_type(st, k) != SQLITE_NULL) {
            if (pb_csv_column_is_number(i)) {
                char text[40];
                snprintf(text, sizeof text, "%.17g", sqlite3_column_double(st, k));
                pb_row_set(r, name, text);
            } else {
                pb_row_set(r, name, column_text(st, k));
            }
        }
        ++k;
    }
}

static int load_samples(pb_store *s, sqlite3_stmt *st, long long result_id, pb_samples *out)
{
    out->v = NULL;
    out->n = 0;
    sqlite3_reset(st);
    sqlite3_bind_int64(st, 1, result_id);
    size_t have = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (out->n == have) {
            have = have ? 2 * have : 16;
            pb_sample *p = realloc(out->v, have * sizeof *p);
            if (!p)
                return -1;
            out->v = p;
        }
        out->v[out->n++] = (pb_sample){column_num(st, 1), column_num(st, 2), column_num(st, 3)};
    }
    (void)s;
    return rc == SQLITE_DONE ? 0 : -1;
}

int pb_store_load_run(pb_store *s, long long id, pb_store_run *r, char *err, size_t cap)
{
    memset(r, 0, sizeof *r);
    r->id = id;
    sqlite3_stmt *run = NULL, *rows = NULL, *smp = NULL;
    char *sql = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&sql, &len);
    if (!f) {
        snprintf(err, cap, "store %s: out of memory", s->path);
        return -1;
    }
    fputs("SELECT result.id", f);
    select_columns(s, f);
    fputs(" FROM result WHERE run_id = ? ORDER BY ord", f);
    fclose(f);
    int rc = prepare(s, "SELECT label, source, meta_json FROM run WHERE id = ?", &run, err, cap);
    if (rc == 0)
        rc = prepare(s, sql, &rows, err, cap);
    if (rc == 0)
        rc = prepare(s, "SELECT rep, host_s, device_s, sm_clock_mhz FROM sample WHERE result_id = ? ORDER BY rep",
                     &smp, err, cap);
    free(sql);
    int own = sqlite3_get_autocommit(s->db); /* one read transaction, unless inside a write (rehash_runs) */
    if (rc == 0 && own && exec(s, "BEGIN", err, cap) != 0)
        rc = -1;
    if (rc == 0) {
        sqlite3_bind_int64(run, 1, id);
        if (sqlite3_step(run) != SQLITE_ROW) {
            snprintf(err, cap, "store %s: no run %lld", s->path, id);
            rc = -1;
        } else {
            pb_strlcpy(r->label, column_text(run, 0), sizeof r->label);
            pb_strlcpy(r->source, column_text(run, 1), sizeof r->source);
            if (sqlite3_column_type(run, 2) != SQLITE_NULL)
                r->meta = cJSON_Parse(column_text(run, 2));
        }
    }
    int any = 0;
    long long *result_ids = NULL;
    if (rc == 0) {
        sqlite3_bind_int64(rows, 1, id);
        int step;
        size_t have = 0;
        while ((step = sqlite3_step(rows)) == SQLITE_ROW) {
            pb_row row;
            row_from(s, rows, 1, &row);
            if (r->rows.n == have) {
                have = have ? 2 * have : 64;
                long long *p = realloc(result_ids, have * sizeof *p);
                if (!p)
                    break;
                result_ids = p;
            }
            result_ids[r->rows.n] = sqlite3_column_int64(rows, 0);
            if (pb_rowset_push(&r->rows, &row) != 0)
                break;
        }
        if (step != SQLITE_DONE)
            rc = db_fail(s, "cannot read the rows", err, cap);
    }
    if (rc == 0 && r->rows.n) {
        r->samples = calloc(r->rows.n, sizeof *r->samples);
        for (size_t i = 0; r->samples && i < r->rows.n && rc == 0; ++i) {
            if (load_samples(s, smp, result_ids[i], &r->samples[i]) != 0)
                rc = db_fail(s, "cannot read the samples", err, cap);
            any |= r->samples[i].n > 0;
        }
        if (!r->samples)
            rc = db_fail(s, "out of memory", err, cap);
    }
    if (rc == 0 && !any && r->samples) {
        free(r->samples);
        r->samples = NULL;
    }
    free(result_ids);
    sqlite3_finalize(run);
    sqlite3_finalize(rows);
    sqlite3_finalize(smp);
    if (rc == 0 && own)
        rc = exec(s, "COMMIT", err, cap);
    if (own)
        rollback(s);
    if (rc != 0)
        pb_store_run_free(r);
    return rc;
}

void pb_store_series_key(const pb_row *r, char *buf, size_t cap)
{
    char fam[64];
    pb_toolchain_line(r->toolchain, r->compiler, fam, sizeof fam); /* as pb_family() in SQL */
    snprintf(buf, cap, "%s|%s|%s|%s|%s|%.0f|%s|%s|%s|%g", r->benchmark, r->variant, r->backend, fam, r->dtype, r->size,
             r->params, r->gpu_profile, r->host, r->gpu_index);
}

int pb_store_series(pb_store *s, const pb_store_query *q, pb_store_point_fn fn, void *ctx, char *err, size_t cap)
{
    char *sql = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&sql, &len);
    if (!f) {
        snprintf(err, cap, "store %s: out of memory", s->path);
        return -1;
    }
    /* the series key: what history's trends are keyed by, with the toolchain's line so that
     * clang-16 and clang-19 are one series over compiler versions (a nightly its own) */
    static const char key[] = "result.benchmark, result.variant, result.backend, fam, result.dtype, result.size,"
                              " result.params, result.gpu_profile, result.host, result.gpu_index";
    fputs("SELECT result.id, run.id, run.started_unix, run.label, pb_family(result.toolchain, result.compiler) AS fam",
          f);
    select_columns(s, f);
    fputs(" FROM result JOIN run ON run.id = result.run_id WHERE (?1 IS NULL OR result.benchmark = ?1)"
          " AND (?2 IS NULL OR result.variant = ?2) AND (?3 IS NULL OR result.backend = ?3)"
          " AND (?4 IS NULL OR fam = ?4) AND (?5 IS NULL OR result.dtype = ?5)"
          " AND (?6 IS NULL OR result.gpu_profile = ?6) AND (?7 IS NULL OR result.host = ?7)",
          f);
    fprintf(f, " ORDER BY %s, %s run.started_unix, result.id", key,
            q->order == PB_STORE_BY_VERSION ? "result.compiler_version COLLATE pb_natural," : "");
    fclose(f);
    sqlite3_stmt *st = NULL, *smp = NULL;
    int rc = prepare(s, sql, &st, err, cap);
    free(sql);
    if (rc == 0)
        rc = prepare(s, "SELECT rep, host_s, device_s, sm_clock_mhz FROM sample WHERE result_id = ? ORDER BY rep",
                     &smp, err, cap);
    if (rc == 0) {
        const char *filters[7] = {q->benchmark, q->variant, q->backend, q->family, q->dtype, q->gpu_profile, q->host};
        for (int i = 0; i < 7; ++i)
            bind_text(st, i + 1, filters[i]);
    }
    if (rc == 0)
        rc = exec(s, "BEGIN", err, cap);
    int step = SQLITE_DONE;
    while (rc == 0 && (step = sqlite3_step(st)) == SQLITE_ROW) {
        pb_row row;
        pb_samples samples;
        char series[512], label[128];
        row_from(s, st, 5, &row);
        pb_strlcpy(label, column_text(st, 3), sizeof label);
        pb_store_series_key(&row, series, sizeof series);
        if (load_samples(s, smp, sqlite3_column_int64(st, 0), &samples) != 0) {
            free(samples.v);
            rc = db_fail(s, "cannot read the samples", err, cap);
            break;
        }
        pb_store_point p = {&row, &samples, sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
                            column_num(st, 2), label, series};
        int stop = fn(&p, ctx);
        free(samples.v);
        if (stop)
            break;
    }
    if (rc == 0 && step != SQLITE_ROW && step != SQLITE_DONE)
        rc = db_fail(s, "cannot read the series", err, cap);
    sqlite3_finalize(st);
    sqlite3_finalize(smp);
    rollback(s); /* ends the read transaction */
    return rc;
}

/* ---- the files of a results tree ---- */

static int files_add(pb_store_files *fs, const char *path)
{
    if (fs->n == fs->cap) {
        size_t cap = fs->cap ? 2 * fs->cap : 64;
        char **p = realloc(fs->path, cap * sizeof *p);
        if (!p)
            return -1;
        fs->path = p;
        fs->cap = cap;
    }
    return (fs->path[fs->n] = strdup(path)) != NULL ? (++fs->n, 0) : -1;
}

void pb_store_files_free(pb_store_files *fs)
{
    for (size_t i = 0; i < fs->n; ++i)
        free(fs->path[i]);
    free(fs->path);
    memset(fs, 0, sizeof *fs);
}

/* The header of a CSV: the reader's own check (the columns every tool needs). */
static int check_csv_header(const char *path, char *err, size_t cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, cap, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    char line[8192];
    size_t n = pb_read_line(f, line, sizeof line);
    fclose(f);
    pb_rowset tmp = {0};
    int rc = pb_csv_read_text(line, n, path, &tmp, err, cap);
    pb_rowset_free(&tmp);
    return rc;
}

/* A CSV whose header names benchmark, time_median_s and verified is portbench's (as
 * history decides); another CSV in a tree is some tool's output. */
static int looks_portbench_csv(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[8192] = "";
    int ok = fgets(line, sizeof line, f) && strstr(line, "benchmark") && strstr(line, "time_median_s") &&
             strstr(line, "verified");
    fclose(f);
    return ok;
}

static int is_json_results(const char *path)
{
    cJSON *doc;
    char err[64];
    if (parse_json_file(path, &doc, err, sizeof err) != 0)
        return 0;
    int ok = cJSON_IsArray(jget(doc, "rows")) && cJSON_IsArray(jget(doc, "columns"));
    cJSON_Delete(doc);
    return ok;
}

static int cmp_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int walk(const char *dir, pb_store_files *fs, char *err, size_t cap)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, cap, "%s: cannot read: %s", dir, strerror(errno));
        return -1;
    }
    pb_store_files names = {0};
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d)) != NULL)
        if (e->d_name[0] != '.' && files_add(&names, e->d_name) != 0)
            rc = -1;
    closedir(d);
    if (rc) {
        snprintf(err, cap, "%s: out of memory", dir);
        pb_store_files_free(&names);
        return -1;
    }
    qsort(names.path, names.n, sizeof *names.path, cmp_name);
    for (size_t i = 0; i < names.n && rc == 0; ++i) {
        char p[PATH_MAX];
        struct stat st;
        if ((size_t)snprintf(p, sizeof p, "%s/%s", dir, names.path[i]) >= sizeof p) {
            snprintf(err, cap, "path too long: %.200s/%.200s", dir, names.path[i]);
            rc = -1;
        } else if (lstat(p, &st) != 0) {
            continue; /* gone meanwhile */
        } else if (S_ISDIR(st.st_mode)) {
            rc = walk(p, fs, err, cap); /* a link to a directory is not followed: no loops */
        } else if (ends_with(p, ".csv")) {
            if (looks_portbench_csv(p))
                rc = files_add(fs, p);
            else
                ++fs->ignored;
        } else if (ends_with(p, ".json") && !ends_with(p, ".meta.json")) {
            if (is_json_results(p))
                rc = files_add(fs, p);
            else
                ++fs->ignored;
        }
        if (rc && !err[0])
            snprintf(err, cap, "%s: out of memory", dir);
    }
    pb_store_files_free(&names);
    return rc;
}

int pb_store_collect(const char *path, pb_store_files *fs, char *err, size_t cap)
{
    struct stat st;
    err[0] = '\0';
    if (stat(path, &st) != 0) {
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (S_ISDIR(st.st_mode))
        return walk(path, fs, err, cap);
    if (ends_with(path, ".json")) {
        if (!is_json_results(path)) {
            snprintf(err, cap, "%s: not portbench JSON results (an object with \"columns\" and \"rows\")", path);
            return -1;
        }
    } else if (check_csv_header(path, err, cap) != 0) {
        return -1;
    }
    if (files_add(fs, path) != 0) {
        snprintf(err, cap, "%s: out of memory", path);
        return -1;
    }
    return 0;
}
