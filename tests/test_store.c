/* Tests of the results store (tools/store/store.c), `portbench db` and `portbench export --lnt`:
 *   test_store GROUP PORTBENCH FIXTURES WORKDIR
 * GROUP: unit (the API in-process), cli (import twice, info, hostile input), concurrent (two
 * importers at once), kill (kill -9 inside an import's transaction), lnt (the export against
 * LNT's documented report format), large (200,000 rows, timed), committed (results/h200),
 * dashboard (the site of tests/fixtures/dashboard checked as files and links, hostile input). */
#define _GNU_SOURCE
#include "dashboard.h"
#include "lnt.h"
#include "pb_check.h"
#include "pb_common.h"
#include "pb_match.h"
#include "pb_output.h"
#include "pb_result.h"
#include "pb_sha256.h"
#include "pb_testproc.h"
#include "store.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

PB_CHECK_STATE;

/* ---- helpers ---- */

static void file_hash(const char *path, char hex[65])
{
    if (pb_sha256_file(path, hex) != 0)
        snprintf(hex, 65, "missing");
}

/* A run's rows: n rows of toolchain tc (clang-19, gcc-12, nvcc-13: backend omp or cuda) at
 * compiler version ver, distinct per tag. */
static void make_rows(pb_rowset *rs, int n, int tag, const char *tc, const char *ver)
{
    for (int i = 0; i < n; ++i) {
        pb_row r;
        pb_row_init(&r);
        char fam[32];
        pb_toolchain_family(tc, fam, sizeof fam);
        pb_strlcpy(r.benchmark, "dmvm", sizeof r.benchmark);
        snprintf(r.variant, sizeof r.variant, "v%d", i % 10);
        pb_strlcpy(r.backend, strcmp(fam, "nvcc") == 0 ? "cuda" : "omp", sizeof r.backend);
        pb_strlcpy(r.compiler, fam, sizeof r.compiler);
        pb_strlcpy(r.compiler_version, ver, sizeof r.compiler_version);
        pb_strlcpy(r.toolchain, tc, sizeof r.toolchain);
        pb_strlcpy(r.device, "NVIDIA H200", sizeof r.device);
        pb_strlcpy(r.gpu_profile, "h200", sizeof r.gpu_profile);
        pb_strlcpy(r.dtype, i % 20 < 10 ? "double" : "float", sizeof r.dtype);
        r.size = 1000 + i / 20;
        r.reps = 5;
        r.time_median_s = 1e-3 * (1 + 0.01 * tag) * (1 + 0.001 * i);
        r.time_min_s = 0.99 * r.time_median_s;
        r.time_max_s = 1.2 * r.time_median_s;
        r.time_stddev_s = 0.01 * r.time_median_s;
        r.bytes = 8e6;
        r.gbs = r.bytes / r.time_median_s / 1e9;
        r.verified = PB_VERIFIED_PASS;
        r.max_rel_err = 0;
        snprintf(r.timestamp, sizeof r.timestamp, "2026-11-%02dT10:%02d:%02dZ", 1 + tag % 28, (i / 60) % 60, i % 60);
        pb_strlcpy(r.git_sha, "abc123", sizeof r.git_sha);
        r.clock = PB_CLOCK_HOST;
        r.offload = PB_OFFLOAD_DEVICE;
        pb_strlcpy(r.host, "node1", sizeof r.host);
        r.gpu_index = 0;
        pb_strlcpy(r.gpu_uuid, "GPU-1111", sizeof r.gpu_uuid);
        r.sm_clock_mhz = 1980;
        pb_rowset_push(rs, &r);
    }
}

static cJSON *make_meta(int tag, const char *tc, const char *ver)
{
    cJSON *m = cJSON_CreateObject();
    char s[128], fam[32];
    pb_toolchain_family(tc, fam, sizeof fam);
    cJSON_AddNumberToObject(m, "schema_version", 1);
    cJSON_AddBoolToObject(m, "complete", 1);
    cJSON *argv = cJSON_AddArrayToObject(m, "argv");
    snprintf(s, sizeof s, "run%d", tag);
    const char *words[] = {"portbench", "dmvm", "--label", s};
    for (int i = 0; i < 4; ++i)
        cJSON_AddItemToArray(argv, cJSON_CreateString(words[i]));
    cJSON_AddStringToObject(m, "command_line", "portbench dmvm --label x");
    cJSON_AddStringToObject(m, "git_sha", "abc123");
    cJSON_AddStringToObject(m, "hostname", "node1");
    snprintf(s, sizeof s, "2026-11-%02dT10:00:00Z", 1 + tag % 28);
    cJSON_AddStringToObject(m, "started_utc", s);
    cJSON_AddNumberToObject(m, "started_unix_us", (1795000000.0 + 86400.0 * tag) * 1e6);
    snprintf(s, sizeof s, "2026-11-%02dT10:05:00Z", 1 + tag % 28);
    cJSON_AddStringToObject(m, "finished_utc", s);
    cJSON *g = cJSON_CreateObject();
    cJSON_AddNumberToObject(g, "index", 0);
    cJSON_AddStringToObject(g, "name", "NVIDIA H200");
    cJSON_AddStringToObject(g, "uuid", "GPU-1111");
    cJSON_AddStringToObject(g, "profile", "h200");
    cJSON_AddNumberToObject(g, "cuda_driver_version", 13000);
    cJSON_AddItemToObject(m, "gpu", cJSON_Duplicate(g, 1));
    cJSON_AddItemToArray(cJSON_AddArrayToObject(m, "gpus"), g);
    cJSON_AddStringToObject(cJSON_AddObjectToObject(m, "topology"), "cpu_model", "Test CPU");
    cJSON *workers = cJSON_AddObjectToObject(m, "workers");
    cJSON *w = cJSON_AddObjectToObject(workers, strcmp(fam, "nvcc") ? "pb-omp" : "pb-cuda");
    cJSON_AddStringToObject(w, "toolchain", tc);
    snprintf(s, sizeof s, "%s -O3 -fopenmp", tc);
    cJSON_AddStringToObject(w, "build_flags", s);
    cJSON *b = cJSON_AddObjectToObject(cJSON_AddObjectToObject(w, "backends"), strcmp(fam, "nvcc") ? "omp" : "cuda");
    cJSON_AddStringToObject(b, "compiler", fam);
    cJSON_AddStringToObject(b, "compiler_version", ver);
    return m;
}

/* path (a CSV) and, with meta, path.meta.json. */
static void write_run(const char *path, int n, int tag, const char *tc, const char *ver, int meta)
{
    pb_rowset rs = {0};
    make_rows(&rs, n, tag, tc, ver);
    FILE *f = fopen(path, "w");
    if (f) {
        pb_csv_write_header(f);
        for (size_t i = 0; i < rs.n; ++i)
            pb_csv_write_row(f, &rs.rows[i]);
        fclose(f);
    }
    pb_rowset_free(&rs);
    if (!meta)
        return;
    char mpath[1300];
    snprintf(mpath, sizeof mpath, "%s.meta.json", path);
    cJSON *m = make_meta(tag, tc, ver);
    char *text = cJSON_Print(m);
    f = fopen(mpath, "w");
    if (f && text)
        fputs(text, f);
    if (f)
        fclose(f);
    free(text);
    cJSON_Delete(m);
}

static pb_store_counts counts(const char *store)
{
    pb_store *s;
    pb_store_counts c;
    char err[1024];
    memset(&c, 0, sizeof c);
    c.runs = -1;
    if (pb_store_open(store, PB_STORE_READ, &s, err, sizeof err) == 0) {
        if (pb_store_count(s, &c, err, sizeof err) != 0)
            c.runs = -1;
        pb_store_close(s);
    }
    if (c.runs < 0)
        fprintf(stderr, "  counts: %s\n", err);
    return c;
}

static int integrity_ok(const char *store)
{
    sqlite3 *db;
    int ok = 0;
    if (sqlite3_open_v2(store, &db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK) {
        sqlite3_stmt *st;
        if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &st, NULL) == SQLITE_OK) {
            ok = sqlite3_step(st) == SQLITE_ROW && strcmp((const char *)sqlite3_column_text(st, 0), "ok") == 0;
            sqlite3_finalize(st);
        }
        sqlite3 *d2 = db;
        if (sqlite3_prepare_v2(d2, "PRAGMA foreign_key_check", -1, &st, NULL) == SQLITE_OK) {
            ok = ok && sqlite3_step(st) == SQLITE_DONE; /* no row points at a run or row that is not there */
            sqlite3_finalize(st);
        }
    }
    sqlite3_close(db);
    return ok;
}

static int sql_exec(const char *store, const char *sql)
{
    sqlite3 *db;
    int rc = sqlite3_open_v2(store, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
    sqlite3_close(db);
    return rc;
}

static void csv_text(const pb_rowset *rs, char **buf)
{
    size_t len;
    FILE *f = open_memstream(buf, &len);
    pb_csv_write_header(f);
    for (size_t i = 0; i < rs->n; ++i)
        pb_csv_write_row(f, &rs->rows[i]);
    fclose(f);
}

/* ---- unit ---- */

static void test_sha256(void)
{
    static const struct {
        const char *in;
        const char *hex;
    } v[] = {
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    };
    for (size_t i = 0; i < sizeof v / sizeof *v; ++i) {
        pb_sha256 c;
        char hex[65];
        pb_sha256_init(&c);
        pb_sha256_update(&c, v[i].in, strlen(v[i].in));
        pb_sha256_hex(&c, hex);
        CHECK(strcmp(hex, v[i].hex) == 0);
    }
    pb_sha256 c; /* a million 'a', fed in uneven pieces */
    char hex[65], a[997];
    memset(a, 'a', sizeof a);
    pb_sha256_init(&c);
    for (size_t left = 1000000; left;) {
        size_t k = left < sizeof a ? left : sizeof a;
        pb_sha256_update(&c, a, k);
        left -= k;
    }
    pb_sha256_hex(&c, hex);
    CHECK(strcmp(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0") == 0);
}

/* import twice adds nothing; a run comes back as it went in; samples fill a stored run */
static void test_import_api(void)
{
    char dir[1024], store[1100], csv[1100], err[1024];
    fresh_dir(dir, sizeof dir, "unit_import");
    snprintf(store, sizeof store, "%s/sub/dir/s.db", dir); /* its directory is made */
    snprintf(csv, sizeof csv, "%s/run.csv", dir);
    write_run(csv, 50, 1, "clang-19", "19.1.7", 1);
    pb_store *s;
    CHECK(pb_store_open(store, PB_STORE_READ, &s, err, sizeof err) != 0 && strstr(err, "no such file"));
    CHECK(pb_store_open(store, PB_STORE_WRITE, &s, err, sizeof err) == 0);
    if (!s)
        return;
    pb_store_run r;
    pb_store_added a;
    CHECK(pb_store_read_file(csv, &r, err, sizeof err) == 0);
    CHECK(strcmp(r.label, "run1") == 0); /* --label of its command line */
    CHECK(pb_store_import(s, &r, &a, err, sizeof err) == 0 && a.added == 1 && a.rows == 50 && a.run_id > 0);
    long long id = a.run_id;
    CHECK(pb_store_import(s, &r, &a, err, sizeof err) == 0 && a.added == 0 && a.run_id == id);
    pb_store_counts c;
    CHECK(pb_store_count(s, &c, err, sizeof err) == 0 && c.runs == 1 && c.rows == 50 && c.machines == 1 &&
          c.toolchains == 1 && c.schema == PB_STORE_SCHEMA && c.incomplete == 0 && c.unknown_complete == 0);
    /* back as it went in: every column, and its meta.json */
    pb_store_run back;
    CHECK(pb_store_load_run(s, id, &back, err, sizeof err) == 0);
    char *t1, *t2;
    csv_text(&r.rows, &t1);
    csv_text(&back.rows, &t2);
    CHECK(strcmp(t1, t2) == 0);
    char h1[65], h2[65];
    pb_store_run_hash(&r, h1);
    pb_store_run_hash(&back, h2);
    CHECK(strcmp(h1, h2) == 0);
    CHECK(back.meta && strcmp(cJSON_GetObjectItem(back.meta, "hostname")->valuestring, "node1") == 0);
    CHECK(strcmp(back.label, "run1") == 0 && back.samples == NULL);
    free(t1);
    free(t2);
    pb_store_run_free(&back);
    /* the same rows with samples (a JSON results file after its CSV): the samples are added */
    r.samples = calloc(r.rows.n, sizeof *r.samples);
    for (size_t i = 0; r.samples && i < r.rows.n; ++i) {
        r.samples[i].n = 3;
        r.samples[i].v = malloc(3 * sizeof(pb_sample));
        for (int k = 0; k < 3; ++k)
            r.samples[i].v[k] = (pb_sample){1e-3 + k * 1e-6, NAN, 1980};
    }
    CHECK(pb_store_import(s, &r, &a, err, sizeof err) == 0 && a.added == 0 && a.samples == 150);
    CHECK(pb_store_import(s, &r, &a, err, sizeof err) == 0 && a.added == 0 && a.samples == 0); /* once */
    CHECK(pb_store_count(s, &c, err, sizeof err) == 0 && c.runs == 1 && c.samples == 150);
    CHECK(pb_store_load_run(s, id, &back, err, sizeof err) == 0 && back.samples && back.samples[7].n == 3 &&
          back.samples[7].v[2].host_s == 1e-3 + 2e-6 && isnan(back.samples[7].v[2].device_s));
    pb_store_run_free(&back);
    pb_store_run_free(&r);
    /* a run without rows and without a meta.json holds nothing */
    pb_store_run empty;
    memset(&empty, 0, sizeof empty);
    CHECK(pb_store_import(s, &empty, &a, err, sizeof err) == 0 && a.empty && !a.added);
    pb_store_close(s);
    CHECK(integrity_ok(store));
}

/* The same GPU without a meta.json (no driver version) and with one: one machine. */
static void test_machine_identity(void)
{
    char dir[1024], store[1100], a_csv[1100], b_csv[1100], err[1024];
    fresh_dir(dir, sizeof dir, "unit_machine");
    snprintf(store, sizeof store, "%s/s.db", dir);
    snprintf(a_csv, sizeof a_csv, "%s/a.csv", dir);
    snprintf(b_csv, sizeof b_csv, "%s/b.csv", dir);
    write_run(a_csv, 10, 1, "clang-19", "19.1.7", 0);
    write_run(b_csv, 10, 2, "clang-19", "19.1.7", 1);
    pb_store *s;
    CHECK(pb_store_open(store, PB_STORE_WRITE, &s, err, sizeof err) == 0);
    const char *order[2] = {a_csv, b_csv};
    for (int k = 0; s && k < 2; ++k) {
        pb_store_run r;
        pb_store_added a;
        CHECK(pb_store_read_file(order[k], &r, err, sizeof err) == 0);
        CHECK(pb_store_import(s, &r, &a, err, sizeof err) == 0 && a.added);
        pb_store_run_free(&r);
    }
    pb_store_counts c;
    CHECK(s && pb_store_count(s, &c, err, sizeof err) == 0 && c.machines == 1 && c.runs == 2 &&
          c.unknown_complete == 1);
    pb_store_close(s);
    sqlite3 *db;
    sqlite3_stmt *st;
    int ok = 0;
    const char *sql = "SELECT driver_version, gpu_profile, cpu_model FROM machine";
    if (sqlite3_open(store, &db) == SQLITE_OK && sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
        ok = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0) == 13000 &&
             strcmp((const char *)sqlite3_column_text(st, 2), "Test CPU") == 0; /* filled in by the second run */
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    CHECK(ok);
}

typedef struct series_seen {
    char versions[8][32];
    double started[8];
    int n;
    char series[512];
    int nseries;
} series_seen;

static int on_point(const pb_store_point *p, void *ctx)
{
    series_seen *s = ctx;
    if (strcmp(p->series, s->series) != 0) {
        pb_strlcpy(s->series, p->series, sizeof s->series);
        ++s->nseries;
    }
    const pb_row *r = p->row;
    if (s->n < 8 && strcmp(r->variant, "v3") == 0 && strcmp(r->dtype, "double") == 0 && r->size == 1000) {
        pb_strlcpy(s->versions[s->n], p->row->compiler_version, sizeof s->versions[s->n]);
        s->started[s->n++] = p->started_unix;
    }
    return 0;
}

/* A kernel's series over compiler versions (9 < 16 < 19, whatever the import order) and
 * over time; clang-9, clang-16 and clang-19 are one series (the toolchain's family). */
static void test_series(void)
{
    char dir[1024], store[1100], err[1024];
    fresh_dir(dir, sizeof dir, "unit_series");
    snprintf(store, sizeof store, "%s/s.db", dir);
    static const struct {
        const char *tc, *ver;
        int tag;
    } runs[] = {{"clang-19", "19.1.7", 3}, {"clang-9", "9.0.1", 5}, {"clang-16", "16.0.6", 1}, {"gcc-12", "12.2.0", 2}};
    pb_store *s;
    CHECK(pb_store_open(store, PB_STORE_WRITE, &s, err, sizeof err) == 0);
    for (size_t k = 0; s && k < sizeof runs / sizeof *runs; ++k) {
        char csv[1100];
        snprintf(csv, sizeof csv, "%s/r%zu.csv", dir, k);
        write_run(csv, 40, runs[k].tag, runs[k].tc, runs[k].ver, 1);
        pb_store_run r;
        pb_store_added a;
        CHECK(pb_store_read_file(csv, &r, err, sizeof err) == 0 && pb_store_import(s, &r, &a, err, sizeof err) == 0);
        pb_store_run_free(&r);
    }
    series_seen seen; /* sizes 1000 and 1001: two series, three compiler versions each */
    memset(&seen, 0, sizeof seen);
    pb_store_query q = {"dmvm", "v3", "omp", "clang", "double", NULL, NULL, PB_STORE_BY_VERSION};
    CHECK(s && pb_store_series(s, &q, on_point, &seen, err, sizeof err) == 0);
    CHECK(seen.n == 3 && seen.nseries == 2 && strcmp(seen.versions[0], "9.0.1") == 0 &&
          strcmp(seen.versions[1], "16.0.6") == 0 && strcmp(seen.versions[2], "19.1.7") == 0);
    memset(&seen, 0, sizeof seen);
    q.order = PB_STORE_BY_TIME;
    CHECK(s && pb_store_series(s, &q, on_point, &seen, err, sizeof err) == 0);
    CHECK(seen.n == 3 && seen.started[0] < seen.started[1] && seen.started[1] < seen.started[2] &&
          strcmp(seen.versions[0], "16.0.6") == 0); /* tag 1 started first */
    memset(&seen, 0, sizeof seen);
    pb_store_query all = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, PB_STORE_BY_VERSION};
    CHECK(s && pb_store_series(s, &all, on_point, &seen, err, sizeof err) == 0);
    CHECK(seen.nseries == 2 * 20 * 2); /* 2 families x (10 variants x 2 dtypes) x 2 sizes */
    pb_store_close(s);
}

/* A new CSV column needs no store change: a store made before it (the column dropped here)
 * is read without it, and gets it when opened for writing. */
static void test_new_column(void)
{
    char dir[1024], store[1100], csv[1100], err[1024];
    fresh_dir(dir, sizeof dir, "unit_column");
    snprintf(store, sizeof store, "%s/s.db", dir);
    snprintf(csv, sizeof csv, "%s/r.csv", dir);
    write_run(csv, 5, 1, "clang-19", "19.1.7", 1);
    char *out;
    CHECK(run(&out, "'%s' db import --db '%s' '%s'", pb, store, csv) == 0);
    free(out);
    CHECK(sql_exec(store, "ALTER TABLE result DROP COLUMN elems_per_s; ALTER TABLE result DROP COLUMN rank") ==
          SQLITE_OK);
    pb_store *s;
    pb_store_run r;
    CHECK(pb_store_open(store, PB_STORE_READ, &s, err, sizeof err) == 0);
    CHECK(s && pb_store_load_run(s, 1, &r, err, sizeof err) == 0 && r.rows.n == 5 && isnan(r.rows.rows[0].rank));
    if (s)
        pb_store_run_free(&r);
    pb_store_close(s);
    CHECK(pb_store_open(store, PB_STORE_WRITE, &s, err, sizeof err) == 0);
    pb_store_close(s);
    CHECK(sql_exec(store, "SELECT elems_per_s, rank FROM result") == SQLITE_OK);
}

/* A store of schema 1 hashed a run over every column of the build that imported it, so a
 * build with more columns took that run for a new one (found when stop_reason and
 * noise_pct came). Opened for writing, it gets today's hashes; its runs are not taken again. */
static void test_v1_store(void)
{
    char dir[1024], store[1100], csv[1100], err[1024];
    fresh_dir(dir, sizeof dir, "unit_v1");
    snprintf(store, sizeof store, "%s/s.db", dir);
    snprintf(csv, sizeof csv, "%s/r.csv", dir);
    write_run(csv, 7, 1, "clang-19", "19.1.7", 1);
    char *out;
    CHECK(run(&out, "'%s' db import --db '%s' '%s'", pb, store, csv) == 0);
    free(out);
    CHECK(sql_exec(store, "UPDATE run SET content_sha256 = 'a hash of schema 1'; PRAGMA user_version = 1") ==
          SQLITE_OK);
    pb_store *s;
    pb_store_counts c;
    CHECK(pb_store_open(store, PB_STORE_READ, &s, err, sizeof err) == 0); /* read as it is */
    CHECK(s && pb_store_count(s, &c, err, sizeof err) == 0 && c.schema == 1 && c.runs == 1);
    pb_store_close(s);
    CHECK(run(&out, "'%s' db import --db '%s' '%s'", pb, store, csv) == 0 && strstr(out, "0 runs added"));
    free(out);
    CHECK(pb_store_open(store, PB_STORE_READ, &s, err, sizeof err) == 0);
    CHECK(s && pb_store_count(s, &c, err, sizeof err) == 0 && c.schema == PB_STORE_SCHEMA && c.runs == 1);
    pb_store_close(s);
    /* the hash does not see a column that is empty: a row as an older build wrote it */
    pb_store_run r;
    char h1[65], h2[65];
    CHECK(pb_store_read_file(csv, &r, err, sizeof err) == 0);
    pb_store_run_hash(&r, h1);
    for (size_t i = 0; i < r.rows.n; ++i)
        r.rows.rows[i].noise_pct = NAN, r.rows.rows[i].stop_reason[0] = '\0';
    pb_store_run_hash(&r, h2);
    CHECK(strcmp(h1, h2) == 0);
    pb_store_run_free(&r);
}

/* ---- cli: import twice, info, hostile input ---- */

static void test_cli_import(void)
{
    char dir[1024], store[1100], tree[1100], *out;
    fresh_dir(dir, sizeof dir, "cli_import");
    snprintf(store, sizeof store, "%s/s.db", dir);
    snprintf(tree, sizeof tree, "%s/results", dir);
    /* a recorded tree: DIR/<gpu>/<bench>/<run>/results.csv, a run without meta.json, a copy
     * of a run, a CSV of another tool, an empty run with its meta.json */
    CHECK(run(&out, "mkdir -p '%s/h200/dmvm/20261101T100000Z_a' '%s/h200/dmvm/20261102T100000Z_b' "
                    "'%s/h200/dmvm/20261103T100000Z_c' '%s/h200/summaries/x' '%s/h200/dmvm/copy'",
              tree, tree, tree, tree, tree) == 0);
    free(out);
    char p[1200];
    snprintf(p, sizeof p, "%s/h200/dmvm/20261101T100000Z_a/results.csv", tree);
    write_run(p, 30, 1, "clang-19", "19.1.7", 1);
    snprintf(p, sizeof p, "%s/h200/dmvm/20261102T100000Z_b/results.csv", tree);
    write_run(p, 20, 2, "gcc-12", "12.2.0", 0);
    snprintf(p, sizeof p, "%s/h200/dmvm/20261103T100000Z_c/results.csv", tree);
    write_run(p, 0, 3, "clang-19", "19.1.7", 1);
    CHECK(run(&out, "cp '%s/h200/dmvm/20261101T100000Z_a/results.csv' '%s/h200/dmvm/copy/a.csv' && "
                    "printf 'case,rate\\n1,2\\n' > '%s/h200/summaries/x/summary.csv'",
              tree, tree, tree) == 0);
    free(out);
    int rc = run(&out, "'%s' db import --db '%s' '%s'", pb, store, tree);
    CHECK(rc == 0);
    CHECK(strstr(out, "db import: 3 runs added (50 rows, 0 samples), 1 already in the store skipped (30 rows), "
                      "1 other CSV/JSON file ignored") != NULL);
    printf("%s", out);
    free(out);
    pb_store_counts c = counts(store);
    CHECK(c.runs == 3 && c.rows == 50 && c.unknown_complete == 1);
    /* twice: nothing added */
    rc = run(&out, "'%s' db import --db '%s' '%s'", pb, store, tree);
    CHECK(rc == 0 &&
          strstr(out, "db import: 0 runs added (0 rows, 0 samples), 4 already in the store skipped (80 rows)"));
    free(out);
    c = counts(store);
    CHECK(c.runs == 3 && c.rows == 50);
    /* one run directory, one file */
    rc = run(&out, "'%s' db import --db '%s' '%s/h200/dmvm/20261102T100000Z_b' '%s/h200/dmvm/copy/a.csv'", pb, store,
             tree, tree);
    CHECK(rc == 0 && strstr(out, "0 runs added") && strstr(out, "2 already in the store"));
    free(out);
    /* info */
    rc = run(&out, "'%s' db info --db '%s'", pb, store);
    CHECK(rc == 0 && strstr(out, "schema version 2\n") && strstr(out, "runs        3 (0 incomplete, 1 without") &&
          strstr(out, "rows        50\n") && strstr(out, "machines    1\n"));
    printf("%s", out);
    free(out);
    /* the labels of the runs */
    sqlite3 *db;
    sqlite3_stmt *st;
    char labels[256] = "";
    if (sqlite3_open(store, &db) == SQLITE_OK &&
        sqlite3_prepare_v2(db, "SELECT label FROM run ORDER BY id", -1, &st, NULL) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW)
            snprintf(labels + strlen(labels), sizeof labels - strlen(labels), "%s;", sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    CHECK(strcmp(labels, "run1;b;run3;") == 0);
}

/* Every hostile input: exit 2, one line on stderr naming the problem, the store as it was. */
static void expect_refused(const char *what, const char *store, const char *pattern, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void expect_refused(const char *what, const char *store, const char *pattern, const char *fmt, ...)
{
    char cmd[4096], before[65], after[65], *out;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    file_hash(store, before);
    int rc = run(&out, "%s", cmd);
    file_hash(store, after);
    int ok = rc == 2 && count(out, "\n") == 1 && strstr(out, pattern) && strcmp(before, after) == 0;
    if (!ok)
        fprintf(stderr, "  %s: exit %d, output '%s', store %s\n", what, rc, out,
                strcmp(before, after) ? "changed" : "unchanged");
    CHECK(ok);
    free(out);
}

static void test_cli_hostile(void)
{
    char dir[1024], store[1100], csv[1100], bad[1100], *out;
    fresh_dir(dir, sizeof dir, "cli_hostile");
    snprintf(csv, sizeof csv, "%s/r.csv", dir);
    write_run(csv, 5, 1, "clang-19", "19.1.7", 1);
    /* a store that is not SQLite */
    snprintf(store, sizeof store, "%s/text.db", dir);
    FILE *f = fopen(store, "w");
    for (int i = 0; f && i < 200; ++i)
        fputs("these are my notes, not a database\n", f);
    if (f)
        fclose(f);
    expect_refused("not SQLite, import", store, "not an SQLite database", "'%s' db import --db '%s' '%s'", pb, store,
                   csv);
    expect_refused("not SQLite, info", store, "not an SQLite database", "'%s' db info --db '%s'", pb, store);
    expect_refused("not SQLite, export", store, "not an SQLite database", "'%s' export --lnt '%s/o.json' --db '%s'",
                   pb, dir, store);
    /* another program's SQLite database */
    snprintf(store, sizeof store, "%s/other.db", dir);
    CHECK(sql_exec(store, "CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('mine')") == SQLITE_OK);
    expect_refused("foreign", store, "another program", "'%s' db import --db '%s' '%s'", pb, store, csv);
    /* a store of a newer schema */
    snprintf(store, sizeof store, "%s/newer.db", dir);
    CHECK(run(&out, "'%s' db import --db '%s' '%s'", pb, store, csv) == 0);
    free(out);
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", PB_STORE_SCHEMA + 1);
    CHECK(sql_exec(store, sql) == SQLITE_OK);
    expect_refused("newer, import", store, "schema version 3 is newer", "'%s' db import --db '%s' '%s'", pb, store,
                   csv);
    expect_refused("newer, info", store, "schema version 3 is newer", "'%s' db info --db '%s'", pb, store);
    /* a CSV with missing columns: refused before the store is touched (or made) */
    snprintf(bad, sizeof bad, "%s/missing.csv", dir);
    f = fopen(bad, "w");
    if (f) {
        fputs("benchmark,variant,backend,dtype,size,time_median_s,verified\ndmvm,v1,omp,double,100,0.001,PASS\n", f);
        fclose(f);
    }
    snprintf(store, sizeof store, "%s/good.db", dir);
    CHECK(run(&out, "'%s' db import --db '%s' '%s'", pb, store, csv) == 0);
    free(out);
    expect_refused("missing columns", store, "lacks the column 'compiler'", "'%s' db import --db '%s' '%s' '%s'", pb,
                   store, csv, bad);
    CHECK(counts(store).runs == 1); /* the good file given with it was not imported either */
    expect_refused("missing columns, export", store, "lacks the column 'compiler'",
                   "'%s' export --lnt '%s/o.json' '%s'", pb, dir, bad);
    char fresh[1100];
    snprintf(fresh, sizeof fresh, "%s/never.db", dir);
    expect_refused("missing columns, no store", fresh, "lacks the column", "'%s' db import --db '%s' '%s'", pb, fresh,
                   bad);
    CHECK(access(fresh, F_OK) != 0);
    /* output paths that are directories */
    expect_refused("--lnt a directory", store, "is a directory", "'%s' export --lnt '%s' --db '%s'", pb, dir, store);
    expect_refused("--db a directory", store, "is a directory", "'%s' db import --db '%s' '%s'", pb, dir, csv);
    /* usage */
    expect_refused("no subcommand", store, "db: unknown subcommand 'frob'", "'%s' db frob --db '%s'", pb, store);
    expect_refused("import nothing", store, "db import needs results", "'%s' db import --db '%s'", pb, store);
    expect_refused("no such input", store, "nosuch.csv: No such file", "'%s' db import --db '%s' '%s/nosuch.csv'", pb,
                   store, dir);
    expect_refused("info of nothing", fresh, "no such file", "'%s' db info --db '%s'", pb, fresh);
    expect_refused("export without format", store, "--lnt FILE", "'%s' export --db '%s'", pb, store);
    expect_refused("export of both", store, "not both", "'%s' export --lnt '%s/o.json' --db '%s' '%s'", pb, dir, store,
                   csv);
    /* a damaged run inside a tree: named, the others imported, exit 2 */
    CHECK(run(&out, "mkdir -p '%s/tree/a' '%s/tree/b' && cp '%s' '%s/tree/a/' && printf "
                    "'%%s\\n' \"$(head -n 1 '%s')\" 'dmvm,v1,omp,\"unclosed' > '%s/tree/b/results.csv'",
              dir, dir, csv, dir, csv, dir) == 0);
    free(out);
    snprintf(store, sizeof store, "%s/tree.db", dir);
    int rc = run(&out, "'%s' db import --db '%s' '%s/tree'", pb, store, dir);
    CHECK(rc == 2 && strstr(out, "tree/b/results.csv:2: malformed CSV quoting; not imported") &&
          strstr(out, "1 run added") && strstr(out, "1 file not imported"));
    free(out);
    CHECK(counts(store).runs == 1);
}

/* ---- concurrent importers ---- */

static void test_concurrent(void)
{
    char dir[1024], store[1100], *out;
    fresh_dir(dir, sizeof dir, "concurrent");
    snprintf(store, sizeof store, "%s/s.db", dir);
    enum { RUNS = 30, ROWS = 200 };
    for (int side = 0; side < 2; ++side) {
        char sub[1100];
        snprintf(sub, sizeof sub, "%s/%c", dir, 'a' + side);
        mkdir(sub, 0777);
        for (int k = 0; k < RUNS; ++k) {
            char p[1200];
            snprintf(p, sizeof p, "%s/run%02d.csv", sub, k);
            write_run(p, ROWS, 100 * side + k, side ? "gcc-12" : "clang-19", side ? "12.2.0" : "19.1.7", k % 2);
        }
    }
    /* two processes at once, on a store neither has made yet: each its own runs, then both
     * the same runs */
    double t0 = now_s();
    int rc = run(&out, "P='%s'; S='%s'; D='%s'; \"$P\" db import --db \"$S\" \"$D/a\" > \"$D/a.log\" 2>&1 & "
                       "\"$P\" db import --db \"$S\" \"$D/b\" > \"$D/b.log\" 2>&1 & "
                       "wait %%1; A=$?; wait %%2; B=$?; cat \"$D/a.log\" \"$D/b.log\"; exit $((A + B))",
                 pb, store, dir);
    CHECK(rc == 0);
    CHECK(count(out, "30 runs added") == 2);
    printf("%s", out);
    free(out);
    pb_store_counts c = counts(store);
    CHECK(c.runs == 2 * RUNS && c.rows == 2 * RUNS * ROWS);
    rc = run(&out, "P='%s'; S='%s'; D='%s'; \"$P\" db import --db \"$S\" \"$D\" > \"$D/a.log\" 2>&1 & "
                   "\"$P\" db import --db \"$S\" \"$D/b\" \"$D/a\" > \"$D/b.log\" 2>&1 & "
                   "wait %%1; A=$?; wait %%2; B=$?; cat \"$D/a.log\" \"$D/b.log\"; exit $((A + B))",
             pb, store, dir);
    CHECK(rc == 0 && count(out, "0 runs added") == 2);
    free(out);
    c = counts(store);
    CHECK(c.runs == 2 * RUNS && c.rows == 2 * RUNS * ROWS && integrity_ok(store));
    /* two at once into a store that has runs, each adding new ones */
    for (int side = 0; side < 2; ++side)
        for (int k = 0; k < 10; ++k) {
            char p[1200];
            snprintf(p, sizeof p, "%s/%c/new%02d.csv", dir, 'a' + side, k);
            write_run(p, ROWS, 1000 + 100 * side + k, "clang-19", "19.1.7", 1);
        }
    rc = run(&out, "P='%s'; S='%s'; D='%s'; \"$P\" db import --db \"$S\" \"$D/a\" > \"$D/a.log\" 2>&1 & "
                   "\"$P\" db import --db \"$S\" \"$D/b\" > \"$D/b.log\" 2>&1 & "
                   "wait %%1; A=$?; wait %%2; B=$?; cat \"$D/a.log\" \"$D/b.log\"; exit $((A + B))",
             pb, store, dir);
    CHECK(rc == 0 && count(out, "10 runs added") == 2);
    free(out);
    c = counts(store);
    CHECK(c.runs == 2 * RUNS + 20 && c.rows == (2 * RUNS + 20) * ROWS && integrity_ok(store));
    printf("concurrent importers: %lld runs, %lld rows, nothing lost (%.1f s)\n", c.runs, c.rows, now_s() - t0);
}

/* ---- kill -9 inside the transaction ---- */

/* portbench db import --db store file, with the pause hook; killed once it is inside. */
static int import_killed(const char *store, const char *file, const char *marker)
{
    unlink(marker);
    pid_t pid = fork();
    if (pid == 0) {
        setenv("PB_TEST_STORE_PAUSE", marker, 1);
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execl(pb, pb, "db", "import", "--db", store, file, (char *)NULL);
        _exit(127);
    }
    int inside = 0;
    for (int i = 0; i < 600 && !inside; ++i) {
        inside = access(marker, F_OK) == 0;
        if (!inside)
            usleep(50000);
    }
    kill(pid, SIGKILL);
    int st;
    waitpid(pid, &st, 0);
    return inside && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL;
}

static void test_kill(void)
{
    char dir[1024], store[1100], a[1100], b[1100], marker[1100], *out;
    fresh_dir(dir, sizeof dir, "kill");
    snprintf(store, sizeof store, "%s/s.db", dir);
    snprintf(a, sizeof a, "%s/a.csv", dir);
    snprintf(b, sizeof b, "%s/b.csv", dir);
    snprintf(marker, sizeof marker, "%s/inside", dir);
    write_run(a, 3000, 1, "clang-19", "19.1.7", 1);
    write_run(b, 5000, 2, "gcc-12", "12.2.0", 1);
    /* into a store that does not exist yet: killed with the rows in, nothing of them stays */
    CHECK(import_killed(store, a, marker));
    pb_store_counts c = counts(store);
    CHECK(c.runs == 0 && c.rows == 0 && c.machines == 0 && c.toolchains == 0 && integrity_ok(store));
    CHECK(run(&out, "'%s' db import --db '%s' '%s'", pb, store, a) == 0 && strstr(out, "1 run added (3000 rows"));
    free(out);
    /* into a store with a run: that run stays, the killed one is not there, and a second
     * import completes it */
    CHECK(import_killed(store, b, marker));
    c = counts(store);
    CHECK(c.runs == 1 && c.rows == 3000 && integrity_ok(store));
    CHECK(run(&out, "'%s' db import --db '%s' '%s' '%s'", pb, store, a, b) == 0 &&
          strstr(out, "1 run added (5000 rows") && strstr(out, "1 already in the store skipped (3000 rows)"));
    free(out);
    c = counts(store);
    CHECK(c.runs == 2 && c.rows == 8000 && integrity_ok(store));
    printf("kill -9 inside the transaction: the store kept %lld runs, %lld rows; integrity ok\n", c.runs, c.rows);
}

/* ---- LNT ---- */

/* The report against LNT's documented format (docs/importing_data.rst, format_version 2)
 * and the nts suite's metrics (schemas/nts.yaml): the count of problems, each printed. */
static int check_lnt_report(const char *path)
{
    static const char *const nts_metrics[] = {"compile_time", "compile_status", "execution_time", "execution_status",
                                              "score", "mem_bytes", "hash", "hash_status", "code_size"};
    char *text = slurp(path);
    cJSON *doc = cJSON_Parse(text);
    free(text);
    int bad = 0;
#define PROBLEM(...) (++bad, fprintf(stderr, "  %s: ", path), fprintf(stderr, __VA_ARGS__), fputc('\n', stderr))
    if (!cJSON_IsObject(doc)) {
        PROBLEM("not a JSON object");
        cJSON_Delete(doc);
        return bad;
    }
    const cJSON *item;
    cJSON_ArrayForEach(item, doc)
    {
        if (strcmp(item->string, "format_version") && strcmp(item->string, "machine") && strcmp(item->string, "run") &&
            strcmp(item->string, "tests"))
            PROBLEM("unknown top-level key '%s'", item->string);
    }
    const cJSON *fv = cJSON_GetObjectItemCaseSensitive(doc, "format_version");
    if (!cJSON_IsString(fv) || strcmp(fv->valuestring, "2") != 0)
        PROBLEM("format_version is not the string \"2\"");
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(doc, "machine");
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(doc, "run");
    const cJSON *tests = cJSON_GetObjectItemCaseSensitive(doc, "tests");
    if (!cJSON_IsObject(m) || !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(m, "name")) ||
        !cJSON_GetObjectItemCaseSensitive(m, "name")->valuestring[0])
        PROBLEM("machine without a name");
    cJSON_ArrayForEach(item, m)
    {
        if (!cJSON_IsString(item))
            PROBLEM("machine.%s is not a string", item->string);
    }
    if (!cJSON_IsObject(r))
        PROBLEM("no run object");
    cJSON_ArrayForEach(item, r)
    {
        if (!cJSON_IsString(item))
            PROBLEM("run.%s is not a string", item->string);
    }
    const char *times[] = {"start_time", "end_time"};
    for (int i = 0; i < 2; ++i) {
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(r, times[i]);
        struct tm tm;
        const char *end = cJSON_IsString(t) ? strptime(t->valuestring, "%Y-%m-%dT%H:%M:%S", &tm) : NULL;
        if (!end || *end)
            PROBLEM("run.%s is not %%Y-%%m-%%dT%%H:%%M:%%S", times[i]);
    }
    const cJSON *order = cJSON_GetObjectItemCaseSensitive(r, "llvm_project_revision");
    if (!cJSON_IsString(order) || !order->valuestring[0])
        PROBLEM("run without its order, llvm_project_revision");
    if (!cJSON_IsArray(tests) || cJSON_GetArraySize(tests) == 0)
        PROBLEM("no tests");
    int n = cJSON_GetArraySize(tests);
    for (int i = 0; i < n; ++i) {
        const cJSON *t = cJSON_GetArrayItem(tests, i), *name = cJSON_GetObjectItemCaseSensitive(t, "name");
        if (!cJSON_IsObject(t) || !cJSON_IsString(name) || strncmp(name->valuestring, "portbench.", 10) != 0) {
            PROBLEM("test %d without a portbench name", i);
            continue;
        }
        for (int k = 0; k < i; ++k)
            if (strcmp(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(tests, k), "name")->valuestring,
                       name->valuestring) == 0)
                PROBLEM("test %s twice", name->valuestring);
        int metrics = 0;
        cJSON_ArrayForEach(item, t)
        {
            if (strcmp(item->string, "name") == 0)
                continue;
            ++metrics;
            int known = 0;
            for (size_t q = 0; q < sizeof nts_metrics / sizeof *nts_metrics; ++q)
                known |= strcmp(item->string, nts_metrics[q]) == 0;
            if (!known)
                PROBLEM("%s: metric '%s' is not one of the nts suite's", name->valuestring, item->string);
            int ok = cJSON_IsNumber(item) || cJSON_IsString(item);
            if (cJSON_IsArray(item)) {
                const cJSON *v;
                ok = cJSON_GetArraySize(item) > 0;
                cJSON_ArrayForEach(v, item) ok &= cJSON_IsNumber(v);
            }
            if (!ok)
                PROBLEM("%s.%s is not a number, a string or a list of numbers", name->valuestring, item->string);
        }
        if (metrics == 0)
            PROBLEM("%s has no metric", name->valuestring);
    }
#undef PROBLEM
    cJSON_Delete(doc);
    return bad;
}

static cJSON *load_json(const char *path)
{
    char *text = slurp(path);
    cJSON *j = cJSON_Parse(text);
    free(text);
    return j;
}

/* o.key as a string, "" when it is not one */
static const char *jtext(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static const cJSON *find_test(const cJSON *report, const char *name)
{
    const cJSON *t;
    cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(report, "tests"))
    {
        if (strcmp(cJSON_GetObjectItemCaseSensitive(t, "name")->valuestring, name) == 0)
            return t;
    }
    return NULL;
}

static void test_lnt(void)
{
    char dir[1024], *out;
    fresh_dir(dir, sizeof dir, "lnt");
    /* one run of three compilers: rows of clang-19, gcc-12 and CUDA, one FAIL and one SKIP */
    pb_rowset rs = {0};
    make_rows(&rs, 20, 1, "clang-19", "19.1.7");
    make_rows(&rs, 20, 1, "gcc-12", "12.2.0");
    make_rows(&rs, 20, 1, "nvcc-13", "13.0.88");
    rs.rows[3].verified = PB_VERIFIED_FAIL;
    rs.rows[4].verified = PB_VERIFIED_SKIP;
    rs.rows[4].time_median_s = NAN;
    pb_strlcpy(rs.rows[5].params, "stride=2;block=64", sizeof rs.rows[5].params);
    /* as JSON results, with samples on the device clock for the gcc rows */
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddNumberToObject(doc, "schema_version", 1);
    cJSON_AddItemToObject(doc, "meta", make_meta(1, "clang-19", "19.1.7"));
    cJSON *cols = cJSON_AddArrayToObject(doc, "columns");
    for (size_t i = 0; i < pb_csv_ncolumns(); ++i)
        cJSON_AddItemToArray(cols, cJSON_CreateString(pb_csv_column_name(i)));
    cJSON *rows = cJSON_AddArrayToObject(doc, "rows");
    for (size_t i = 0; i < rs.n; ++i) {
        cJSON *o = pb_row_to_json(&rs.rows[i]);
        if (i >= 20 && i < 40) {
            cJSON_ReplaceItemInObject(o, "clock", cJSON_CreateString("device"));
            cJSON_ReplaceItemInObject(o, "device_time_median_s", cJSON_CreateNumber(9e-4));
            cJSON *smp = cJSON_AddArrayToObject(o, "samples");
            for (int k = 0; k < 4; ++k) {
                cJSON *s = cJSON_CreateObject();
                cJSON_AddNumberToObject(s, "host_s", 1e-3 + k * 1e-5);
                cJSON_AddNumberToObject(s, "device_s", 9e-4 + k * 1e-5);
                cJSON_AddNumberToObject(s, "sm_clock_mhz", 1980);
                cJSON_AddItemToArray(smp, s);
            }
        }
        cJSON_AddItemToArray(rows, o);
    }
    char json[1100], lnt[1100], store[1100];
    snprintf(json, sizeof json, "%s/run.json", dir);
    char *text = cJSON_Print(doc);
    FILE *f = fopen(json, "w");
    if (f && text)
        fputs(text, f);
    if (f)
        fclose(f);
    free(text);
    cJSON_Delete(doc);
    pb_rowset_free(&rs);
    /* from the file: three reports (one per compiler version), listed on stdout */
    snprintf(lnt, sizeof lnt, "%s/files/report.json", dir);
    CHECK(run(&out, "mkdir -p '%s/files' '%s/db' && '%s' export --lnt '%s' '%s'", dir, dir, pb, lnt, json) == 0);
    char expect[4096];
    snprintf(expect, sizeof expect, "%s/files/report-1.json\n%s/files/report-2.json\n%s/files/report-3.json\n", dir,
             dir, dir);
    CHECK(strcmp(out, expect) == 0);
    free(out);
    CHECK(access(lnt, F_OK) != 0);
    int problems = 0;
    const char *want_machine[] = {"node1.h200.gpu0__clang", "node1.h200.gpu0__gcc", "node1.h200.gpu0__nvcc"};
    const char *want_order[] = {"19.1.7", "12.2.0", "13.0.88"};
    for (int k = 0; k < 3; ++k) {
        char p[1200];
        snprintf(p, sizeof p, "%s/files/report-%d.json", dir, k + 1);
        problems += check_lnt_report(p);
        cJSON *r = load_json(p);
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(r, "machine");
        const cJSON *ru = cJSON_GetObjectItemCaseSensitive(r, "run");
        CHECK(r && strcmp(jtext(m, "name"), want_machine[k]) == 0);
        CHECK(r && strcmp(jtext(ru, "llvm_project_revision"), want_order[k]) == 0);
        CHECK(r && strcmp(jtext(ru, "start_time"), "2026-11-02T10:00:00") == 0);
        CHECK(r && strcmp(jtext(m, "hardware"), "NVIDIA H200") == 0);
        const cJSON *tests = cJSON_GetObjectItemCaseSensitive(r, "tests");
        CHECK(cJSON_GetArraySize(tests) == (k == 0 ? 19 : 20)); /* the SKIP row is left out */
        if (k == 0) {
            const cJSON *fail = find_test(r, "portbench.dmvm.v3.omp.clang.double.1000");
            CHECK(fail && cJSON_GetObjectItemCaseSensitive(fail, "execution_status")->valueint == 1 &&
                  !cJSON_GetObjectItemCaseSensitive(fail, "execution_time"));
            const cJSON *pass = find_test(r, "portbench.dmvm.v0.omp.clang.double.1000");
            const cJSON *et = cJSON_GetObjectItemCaseSensitive(pass, "execution_time");
            const cJSON *score = cJSON_GetObjectItemCaseSensitive(pass, "score");
            CHECK(pass && cJSON_IsNumber(et) && fabs(et->valuedouble - 1.01e-3) < 1e-12 && cJSON_IsNumber(score) &&
                  fabs(score->valuedouble - 8e6 / 1.01e-3 / 1e9) < 1e-6);
            CHECK(find_test(r, "portbench.dmvm.v5.omp.clang.double.1000.stride=2.block=64") != NULL);
            CHECK(!find_test(r, "portbench.dmvm.v4.omp.clang.double.1000"));
        }
        if (k == 1) { /* the samples on the row's clock (device) */
            const cJSON *t = find_test(r, "portbench.dmvm.v0.omp.gcc.double.1000");
            const cJSON *et = cJSON_GetObjectItemCaseSensitive(t, "execution_time");
            CHECK(t && cJSON_IsArray(et) && cJSON_GetArraySize(et) == 4 &&
                  fabs(cJSON_GetArrayItem(et, 3)->valuedouble - 9.3e-4) < 1e-12);
        }
        cJSON_Delete(r);
    }
    CHECK(problems == 0);
    /* from a store: the same reports, byte for byte (nothing of a run is lost in the store) */
    snprintf(store, sizeof store, "%s/s.db", dir);
    CHECK(run(&out, "'%s' db import --db '%s' '%s' && '%s' export --lnt '%s/db/report.json' --db '%s' && "
                    "for k in 1 2 3; do cmp '%s/files/report-'$k.json '%s/db/report-'$k.json || exit 1; done",
              pb, store, json, pb, dir, store, dir, dir) == 0);
    free(out);
    /* one report: FILE itself; standard output too */
    char one[1100];
    snprintf(one, sizeof one, "%s/one.csv", dir);
    write_run(one, 10, 4, "clang-19", "19.1.7", 1);
    CHECK(run(&out, "'%s' export --lnt '%s/one.json' '%s'", pb, dir, one) == 0 && strstr(out, "/one.json\n"));
    free(out);
    snprintf(lnt, sizeof lnt, "%s/one.json", dir);
    CHECK(check_lnt_report(lnt) == 0);
    CHECK(run(&out, "'%s' export --lnt - '%s' > '%s/stdout.json'", pb, one, dir) == 0 && out[0] == '\0');
    free(out);
    CHECK(run(&out, "cmp '%s/one.json' '%s/stdout.json'", dir, dir) == 0);
    free(out);
    expect_refused("several reports on stdout", store, "3 reports", "'%s' export --lnt - '%s'", pb, json);
    /* nothing to export */
    char skip[1100];
    snprintf(skip, sizeof skip, "%s/empty.csv", dir);
    write_run(skip, 0, 5, "clang-19", "19.1.7", 0);
    expect_refused("nothing", store, "nothing to export", "'%s' export --lnt '%s/x.json' '%s'", pb, dir, skip);
}

/* ---- 200,000 rows ---- */

static void test_large(void)
{
    char dir[1024], csv[1100], store[1100], *out;
    fresh_dir(dir, sizeof dir, "large");
    snprintf(csv, sizeof csv, "%s/large.csv", dir);
    snprintf(store, sizeof store, "%s/s.db", dir);
    enum { N = 200000 };
    write_run(csv, N, 7, "clang-19", "19.1.7", 1);
    double t0 = now_s();
    int rc = run(&out, "'%s' db import --db '%s' '%s'", pb, store, csv);
    double t = now_s() - t0;
    CHECK(rc == 0 && strstr(out, "1 run added (200000 rows"));
    free(out);
    t0 = now_s();
    rc = run(&out, "'%s' db import --db '%s' '%s'", pb, store, csv);
    double again = now_s() - t0;
    CHECK(rc == 0 && strstr(out, "0 runs added"));
    free(out);
    CHECK(counts(store).rows == N);
    t0 = now_s();
    rc = run(&out, "'%s' export --lnt '%s/large.json' --db '%s'", pb, dir, store);
    double lnt = now_s() - t0;
    CHECK(rc == 0);
    free(out);
    printf("a %d-row run: imported in %.2f s wall clock, imported again (nothing added) in %.2f s, exported to LNT in "
           "%.2f s\n",
           N, t, again, lnt);
    CHECK(t < 60);
    if (!failures) { /* 130 MB of CSV, store and LNT report: kept only to look into a failure */
        CHECK(run(&out, "rm -rf '%s'", dir) == 0);
        free(out);
    }
}

/* ---- the committed results ---- */

static void test_committed(void)
{
    char tree[1100], dir[1024], store[1100], *out;
    snprintf(tree, sizeof tree, "%s/../../results/h200", fixtures);
    struct stat st;
    if (stat(tree, &st) != 0) {
        printf("committed results: no %s, not checked\n", tree);
        return;
    }
    fresh_dir(dir, sizeof dir, "committed");
    snprintf(store, sizeof store, "%s/s.db", dir);
    double t0 = now_s();
    int rc = run(&out, "'%s' db import --db '%s' '%s'", pb, store, tree);
    double t = now_s() - t0;
    CHECK(rc == 0 && !strstr(out, "not imported"));
    printf("results/h200 (%.2f s): %s", t, out);
    free(out);
    pb_store_counts c = counts(store);
    CHECK(c.runs > 0 && c.rows > 0 && integrity_ok(store));
    rc = run(&out, "'%s' db import --db '%s' '%s'", pb, store, tree);
    CHECK(rc == 0 && strstr(out, "0 runs added"));
    free(out);
    rc = run(&out, "'%s' db info --db '%s'", pb, store);
    printf("%s", out);
    free(out);
    /* every run exported, every report as LNT documents it */
    t0 = now_s();
    rc = run(&out, "mkdir -p '%s/lnt' && '%s' export --lnt '%s/lnt/r.json' --db '%s' | wc -l", dir, pb, dir, store);
    int nreports = atoi(out);
    free(out);
    CHECK(rc == 0 && nreports > 0);
    int problems = 0;
    for (int k = 1; k <= nreports; ++k) {
        char p[1200];
        snprintf(p, sizeof p, "%s/lnt/r-%d.json", dir, k);
        problems += check_lnt_report(p);
    }
    printf("results/h200 as LNT: %d reports (%.2f s), %d problems\n", nreports, now_s() - t0, problems);
    CHECK(problems == 0);
}

/* ---- dashboard: the site checked without a browser (tests/dashboard_browser.sh loads it
 * in one) ---- */

/* Every href and src of every page of the site names a file of the site: nothing outside
 * it (a site that opens offline loads nothing from a network), no page missing. The number
 * of broken links, or -1 when the site cannot be read. */
static int broken_links(const char *site, size_t *npages, size_t *nlinks)
{
    char *list;
    *npages = *nlinks = 0;
    if (run(&list, "cd '%s' && find . -name '*.html' | sort", site) != 0) {
        free(list);
        return -1;
    }
    int broken = 0;
    for (char *line = strtok(list, "\n"); line; line = strtok(NULL, "\n")) {
        char path[2048], dir[2048];
        snprintf(path, sizeof path, "%s/%s", site, line);
        snprintf(dir, sizeof dir, "%s", path);
        *strrchr(dir, '/') = '\0';
        char *text = slurp(path);
        ++*npages;
        static const char *const attr[] = {" href=\"", " src=\""};
        for (int a = 0; a < 2; ++a)
            for (const char *p = text; (p = strstr(p, attr[a])) != NULL;) {
                p += strlen(attr[a]);
                size_t len = strcspn(p, "\"");
                char target[1024], file[3200];
                snprintf(target, sizeof target, "%.*s", (int)len, p);
                target[strcspn(target, "#")] = '\0';
                ++*nlinks;
                if (!target[0])
                    continue; /* a link inside the page */
                snprintf(file, sizeof file, "%s/%s", dir, target);
                if (strstr(target, "://") || target[0] == '/' || access(file, R_OK) != 0) {
                    fprintf(stderr, "  %s: link '%s' does not name a file of the site\n", path, target);
                    ++broken;
                }
            }
        free(text);
    }
    free(list);
    return broken;
}

typedef struct series_list {
    char key[64][600];
    int n;
} series_list;

static int on_series_key(const pb_store_point *p, void *ctx)
{
    series_list *l = ctx;
    if (l->n && strcmp(l->key[l->n - 1], p->series) == 0)
        return 0;
    if (l->n < 64)
        snprintf(l->key[l->n++], sizeof l->key[0], "%s", p->series);
    return 0;
}

/* The page of the series of dmvm's v7 (or v1) of clang, as the store names it. */
static char *series_page_text(const char *site, const char *variant, char *page, size_t cap)
{
    char key[600];
    snprintf(key, sizeof key, "dmvm|%s|omp|clang|double|4096||h200|node1|0", variant);
    pb_dashboard_series_page(key, page, cap);
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", site, page);
    return slurp(path);
}

/* The fixture: six runs, three of clang 16.0.6 then three of clang 19.1.7, in which dmvm's
 * v7 gets 14% slower (v1 and stream do not), run 5 fails v3 and run 6 has no meta.json. */
static void test_dashboard_site(void)
{
    char dir[1024], store[1100], site[1100], path[1300], page[64], *out;
    fresh_dir(dir, sizeof dir, "dashboard_site");
    snprintf(store, sizeof store, "%s/s.db", dir);
    snprintf(site, sizeof site, "%s/site", dir);
    CHECK(run(&out, "'%s' db import --db '%s' '%s/dashboard'", pb, store, fixtures) == 0);
    free(out);
    int rc = run(&out, "'%s' dashboard --db '%s' --out '%s'", pb, store, site);
    CHECK(rc == 0 && strstr(out, "dashboard: wrote ") == out &&
          strstr(out, ": 9 series, 6 runs, 2 benchmarks, 1 change points (1 slower); 22 files, "));
    if (rc != 0)
        fprintf(stderr, "  dashboard: %s", out);
    free(out);
    /* the files: index, runs, style, script, the marker, a page per benchmark, series and run */
    static const char *const files[] = {"index.html", "runs.html", "style.css", "pb.js", PB_DASHBOARD_MARKER,
                                        "b/dmvm.html", "b/stream.html"};
    for (size_t i = 0; i < sizeof files / sizeof *files; ++i) {
        snprintf(path, sizeof path, "%s/%s", site, files[i]);
        CHECK(access(path, R_OK) == 0);
    }
    for (int id = 1; id <= 6; ++id) {
        snprintf(path, sizeof path, "%s/r/%d.html", site, id);
        CHECK(access(path, R_OK) == 0);
    }
    /* every series of the store has its page, and no other page is there */
    series_list *l = calloc(1, sizeof *l);
    pb_store *st;
    char err[1024];
    CHECK(l && pb_store_open(store, PB_STORE_READ, &st, err, sizeof err) == 0);
    pb_store_query q = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, PB_STORE_BY_VERSION};
    CHECK(pb_store_series(st, &q, on_series_key, l, err, sizeof err) == 0);
    pb_store_close(st);
    CHECK(l->n == 9);
    for (int i = 0; i < l->n; ++i) {
        pb_dashboard_series_page(l->key[i], page, sizeof page);
        snprintf(path, sizeof path, "%s/%s", site, page);
        if (access(path, R_OK) != 0)
            fprintf(stderr, "  no page %s for the series %s\n", page, l->key[i]);
        CHECK(access(path, R_OK) == 0);
    }
    free(l);
    CHECK(run(&out, "ls '%s/s' | wc -l", site) == 0 && atoi(out) == 9);
    free(out);
    /* every link resolves inside the site */
    size_t npages, nlinks;
    CHECK(broken_links(site, &npages, &nlinks) == 0);
    CHECK(npages == 1 + 1 + 2 + 9 + 6 && nlinks > 100);
    /* the series with the step: six points over two versions, the step marked between them */
    char *v7 = series_page_text(site, "v7", page, sizeof page);
    CHECK(strstr(v7, "<svg class=\"chart\"") && strstr(v7, "data-points=\"6\" data-passing=\"6\" data-steps=\"1\""));
    CHECK(count(v7, "<circle class=\"pt\"") == 6 && count(v7, "data-version=\"16.0.6\"") == 3 &&
          count(v7, "data-version=\"19.1.7\"") == 3);
    CHECK(strstr(v7, "<g class=\"step slower\" data-at=\"3\" data-pct=\"+14.0\"") != NULL);
    CHECK(strstr(v7, ">+14.0% between clang 16.0.6 and 19.1.7 (p &lt; 0.001)</text>") != NULL);
    CHECK(count(v7, "<rect class=\"refpt\"") == 6); /* cuBLAS beside it, in the same runs */
    CHECK(count(v7, "href=\"../r/") == 6);
    free(v7);
    char *v1 = series_page_text(site, "v1", page, sizeof page);
    CHECK(strstr(v1, "data-points=\"6\" data-passing=\"6\" data-steps=\"0\"") && !strstr(v1, "class=\"step"));
    free(v1);
    char *v3 = series_page_text(site, "v3", page, sizeof page); /* run 5 failed: a cross, not a point */
    CHECK(strstr(v3, "data-points=\"6\" data-passing=\"5\"") && count(v3, "data-status=\"FAIL\"") == 1);
    free(v3);
    /* the index: the step, linked to its series, and the ratio of v7 under clang-19 */
    series_page_text(site, "v7", page, sizeof page);
    snprintf(path, sizeof path, "%s/index.html", site);
    char *index = slurp(path), link[128];
    snprintf(link, sizeof link, "<a href=\"%s\">dmvm v7 omp(clang) double 4096</a>", page);
    CHECK(strstr(index, link) && strstr(index, "between clang 16.0.6 and 19.1.7") && strstr(index, "0.56 -&gt; 0.49"));
    snprintf(link, sizeof link, "<a href=\"%s\">0.49</a>", page);
    CHECK(strstr(index, link) != NULL);
    CHECK(strstr(index, "Slower at a series' latest point: 0") != NULL);
    free(index);
    /* a run page: its meta and rows; run 6 has no meta.json */
    snprintf(path, sizeof path, "%s/r/5.html", site);
    char *r5 = slurp(path);
    CHECK(strstr(r5, "2026-11-05T00:00:00Z") && strstr(r5, "clang-19 -O3 -fopenmp --offload-arch=sm_90") &&
          strstr(r5, "9: 8 PASS, 1 FAIL, 0 SKIP") && strstr(r5, ">FAIL<"));
    free(r5);
    snprintf(path, sizeof path, "%s/r/6.html", site);
    char *r6 = slurp(path);
    CHECK(strstr(r6, "unknown (no meta.json says)") != NULL);
    free(r6);
    /* written again into its own directory: the same site, and a file of the user's there stays */
    CHECK(run(&out, "echo mine > '%s/notes.txt'", site) == 0);
    free(out);
    CHECK(run(&out, "'%s' dashboard --db '%s' -o '%s' --by time", pb, store, site) == 0);
    free(out);
    snprintf(path, sizeof path, "%s/notes.txt", site);
    char *notes = slurp(path);
    CHECK(strcmp(notes, "mine\n") == 0);
    free(notes);
    CHECK(run(&out, "ls '%s/s' | wc -l", site) == 0 && atoi(out) == 9);
    free(out);
    v7 = series_page_text(site, "v7", page, sizeof page);
    CHECK(strstr(v7, "between the runs of 2026-11-03T00:00:04Z and 2026-11-04T00:00:04Z") != NULL);
    free(v7);
    /* a latest run that fails v3 (run 5 again, two days later): the cell says FAIL, not the
     * ratio of the run before it */
    char *v3page = series_page_text(site, "v3", page, sizeof page);
    free(v3page);
    char cell[160];
    snprintf(cell, sizeof cell, "<a href=\"%s\">0.33</a></td><td", page);
    snprintf(path, sizeof path, "%s/index.html", site);
    index = slurp(path);
    CHECK(strstr(index, cell) != NULL);
    free(index);
    CHECK(run(&out, "sed 's/2026-11-05T/2026-11-07T/' '%s/dashboard/h200/mixed/20261105T000000Z_r5/results.csv' > '%s/r7.csv' "
                    "&& '%s' db import --db '%s' '%s/r7.csv' && '%s' dashboard --db '%s' -o '%s'",
              fixtures, dir, pb, store, dir, pb, store, site) == 0);
    free(out);
    index = slurp(path);
    snprintf(cell, sizeof cell, "run of 2026-11-07 00:00Z: FAIL\"><a href=\"%s\">FAIL</a>", page);
    CHECK(strstr(index, cell) != NULL);
    free(index);
}

/* Hostile input: one line, exit 2, nothing of the user's lost or written. */
static void test_dashboard_hostile(void)
{
    char dir[1024], store[1100], site[1100], file[1100], path[1300], *out;
    fresh_dir(dir, sizeof dir, "dashboard_hostile");
    snprintf(store, sizeof store, "%s/s.db", dir);
    snprintf(site, sizeof site, "%s/site", dir);
    CHECK(run(&out, "'%s' db import --db '%s' '%s/dashboard'", pb, store, fixtures) == 0);
    free(out);
    /* --out names a file: refused, the file as it was */
    snprintf(file, sizeof file, "%s/report.txt", dir);
    CHECK(run(&out, "echo 'my report' > '%s'", file) == 0);
    free(out);
    expect_refused("out is a file", file, "is not a directory", "'%s' dashboard --db '%s' --out '%s'", pb, store, file);
    /* a directory of the user's: refused without --force, written with it, their file kept */
    snprintf(path, sizeof path, "%s/mine", dir);
    CHECK(run(&out, "mkdir -p '%s' && echo 'keep me' > '%s/index.txt'", path, path) == 0);
    free(out);
    snprintf(file, sizeof file, "%s/mine/index.txt", dir);
    expect_refused("a directory of the user's", file, "--force", "'%s' dashboard --db '%s' --out '%s'", pb, store, path);
    CHECK(run(&out, "ls -A '%s'", path) == 0 && strcmp(out, "index.txt\n") == 0);
    free(out);
    CHECK(run(&out, "'%s' dashboard --db '%s' --out '%s' --force", pb, store, path) == 0);
    free(out);
    char *kept = slurp(file);
    CHECK(strcmp(kept, "keep me\n") == 0);
    free(kept);
    snprintf(file, sizeof file, "%s/mine/index.html", dir);
    CHECK(access(file, R_OK) == 0);
    /* stores that cannot be shown: nothing made */
    snprintf(file, sizeof file, "%s/text.db", dir);
    CHECK(run(&out, "for i in 1 2 3 4 5 6 7 8; do echo 'these are my notes, not a database'; done > '%s'", file) == 0);
    free(out);
    expect_refused("not SQLite", file, "not an SQLite database", "'%s' dashboard --db '%s' --out '%s'", pb, file, site);
    snprintf(file, sizeof file, "%s/newer.db", dir);
    CHECK(run(&out, "cp '%s' '%s'", store, file) == 0 && sql_exec(file, "PRAGMA user_version = 3") == SQLITE_OK);
    free(out);
    expect_refused("newer schema", file, "schema version 3 is newer", "'%s' dashboard --db '%s' --out '%s'", pb, file,
                   site);
    snprintf(file, sizeof file, "%s/empty.db", dir);
    pb_store *st;
    char err[1024];
    CHECK(pb_store_open(file, PB_STORE_WRITE, &st, err, sizeof err) == 0);
    pb_store_close(st);
    expect_refused("empty store", file, "holds no runs", "'%s' dashboard --db '%s' --out '%s'", pb, file, site);
    snprintf(file, sizeof file, "%s/nosuch.db", dir);
    expect_refused("no store", store, "no such file", "'%s' dashboard --db '%s' --out '%s'", pb, file, site);
    expect_refused("no --out", store, "needs its output directory", "'%s' dashboard --db '%s'", pb, store);
    expect_refused("bad --by", store, "--by 'size'", "'%s' dashboard --db '%s' -o '%s' --by size", pb, store, site);
    expect_refused("a word", store, "unexpected argument", "'%s' dashboard --db '%s' -o '%s' extra", pb, store, site);
    CHECK(access(site, F_OK) != 0); /* none of the refused commands made the site */
}

int main(int argc, char **argv)
{
    if (testproc_args(argc, argv, "test_store"))
        return 2;
    static const pb_check_group groups[] = {
        {"unit", {test_sha256, test_import_api, test_machine_identity, test_series, test_new_column, test_v1_store}},
        {"cli", {test_cli_import, test_cli_hostile}},
        {"concurrent", {test_concurrent}},
        {"kill", {test_kill}},
        {"lnt", {test_lnt}},
        {"large", {test_large}},
        {"committed", {test_committed}},
        {"dashboard", {test_dashboard_site, test_dashboard_hostile}},
    };
    return PB_CHECK_RUN_GROUP(argv[1], groups);
}
