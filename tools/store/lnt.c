/* lnt.c - `portbench export --lnt FILE [--db FILE | DIR|FILE...]`: LNT's JSON report,
 * format_version "2" (llvm-lnt docs/importing_data.rst; lnt/testing/__init__.py), for its
 * default test suite, nts:
 *   {"format_version": "2", "machine": {"name": ..., info strings},
 *    "run": {"start_time", "end_time", "llvm_project_revision" (nts's order), info strings},
 *    "tests": [{"name": ..., "execution_time": seconds or [samples], "score": rate}, ...]}
 * LNT reads one report per file, a report has one machine and one order, and nts accepts
 * only its own metrics (execution_time, score, execution_status, ...): so a portbench run
 * becomes one report per machine (host, GPU model, GPU index) and compiler version, the
 * machine named with the compiler (vm.h200.gpu0__clang) so that each compiler's runs form
 * one series ordered by its version, and the rate is nts's `score` (bigger is better). */
#define _GNU_SOURCE
#include "lnt.h"
#include "pb_common.h"
#include "pb_match.h"
#include "pb_output.h"
#include "pb_rate.h"
#include "record.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { O_LNT, O_DB };

static const pb_optdef export_opts[] = {
    {"lnt", PB_OPT_VALUE, "FILE", "LNT JSON reports (format_version 2) into FILE; several: FILE-1.json,\n"
                                  "FILE-2.json ...",
     O_LNT, 0},
    {"db", PB_OPT_VALUE, "FILE", "the store to export (default ./" PB_STORE_DEFAULT ",\n"
                                 "when no results files are given)",
     O_DB, 0},
    {NULL, 0, NULL, NULL, 0, 0},
};

static const char export_details[] =
    "Reads the runs of the store, or the results files given (CSVs with their FILE.meta.json, JSON\n"
    "results, directories of them as db import takes them), and writes LNT's JSON report for its\n"
    "default test suite (nts), for `lnt import --merge append INSTANCE FILE...`. LNT takes one\n"
    "report per file, with one machine and one order: a run gives one report per machine (host,\n"
    "GPU model and index) and compiler version. The machine is <host>.<gpu>.gpu<index>__<compiler>\n"
    "(a toolchain's suffix kept: __clang-nightly), the order (llvm_project_revision) the compiler\n"
    "version, so that each compiler's reports are one series over its versions. A test is\n"
    "portbench.<bench>.<variant>.<backend>.<compiler>.<dtype>.<size>[.<params>] with\n"
    "execution_time (the per-repetition samples on the row's clock where the store has them, else\n"
    "its median, in seconds) and score (its headline rate: GB/s, GFLOP/s or Melem/s, bigger is\n"
    "better); a FAIL row has execution_status 1 and no time; SKIP rows are left out. One report:\n"
    "FILE; several: FILE-1.json, FILE-2.json ... (FILE without its .json), in the order the runs\n"
    "started. The files written are listed on standard output, one per line; when one cannot be\n"
    "written, none is kept. docs/store.md has the details.\n"
    "\n"
    "exit status: 0 written; 2 usage or input error (an unreadable store or results file, a CSV\n"
    "without portbench's columns, an output path that is a directory, nothing to export).\n";

const pb_cmdspec pb_export_spec = {
    "export",
    "--lnt FILE [--db FILE | DIR|FILE...]",
    "runs as LLVM LNT reports (JSON, format_version 2), the compiler version as the order",
    {export_opts},
    0,
    -1,
    export_details,
};

/* ---- one run as reports ---- */

static const char *jstr(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_IsObject(o) ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL;
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* clang, or clang-nightly for clang-20-nightly: the toolchain's line (a library row: the
 * library, cublas). */
static void compiler_key(const pb_row *r, char *out, size_t cap)
{
    char fam[64];
    pb_toolchain_family(r->toolchain, fam, sizeof fam);
    if (r->toolchain[0] && strcmp(fam, r->compiler) == 0)
        pb_toolchain_line(r->toolchain, r->compiler, out, cap);
    else
        snprintf(out, cap, "%s", r->compiler[0] ? r->compiler : "unknown");
}

/* A row measured on the host CPU (the CPU baseline, OpenBLAS): its machine is the host's. */
static int cpu_row(const pb_row *r) { return !r->gpu_profile[0] && strcmp(r->device, "host") == 0; }

static void machine_name(const pb_store_run *run, const pb_row *r, const char *ckey, char *out, size_t cap)
{
    const char *host = r->host[0] ? r->host : jstr(run->meta, "hostname");
    host = host ? host : "unknown-host";
    char gpu[64];
    pb_record_safe_name(r->gpu_profile[0] ? r->gpu_profile : cpu_row(r) ? "" : r->device, 1, gpu, sizeof gpu);
    if (gpu[0])
        snprintf(out, cap, "%s.%s.gpu%.0f__%s", host, gpu, isfinite(r->gpu_index) ? r->gpu_index : 0.0, ckey);
    else
        snprintf(out, cap, "%s.cpu__%s", host, ckey);
}

/* portbench.dmvm.v7.omp.clang.float.16384[.stride=2] */
static void test_name(const pb_row *r, const char *ckey, char *out, size_t cap)
{
    int n = snprintf(out, cap, "portbench.%s.%s.%s.%s.%s.%.0f", r->benchmark, r->variant, r->backend, ckey, r->dtype,
                     r->size);
    if (r->params[0] && n > 0 && (size_t)n < cap) {
        snprintf(out + n, cap - (size_t)n, ".%s", r->params);
        for (char *p = out + n; *p; ++p)
            if (*p == ';')
                *p = '.';
    }
}

/* "2026-11-22T08:56:12Z" as LNT writes times: "2026-11-22T08:56:12" (UTC). */
static int lnt_time(const char *iso, char out[32])
{
    if (!iso || strlen(iso) < 19 || iso[4] != '-' || iso[10] != 'T')
        return 0;
    snprintf(out, 32, "%.19s", iso);
    return 1;
}

typedef struct group {
    char machine[320], order[64], toolchains[256];
    const pb_row *first;
    char start[32], end[32]; /* from the rows, when the meta.json has no times */
    cJSON *report, *tests;
} group;

typedef struct item {
    size_t row, group;
    char name[400];
} item;

static int cmp_item(const void *a, const void *b)
{
    const item *x = a, *y = b;
    if (x->group != y->group)
        return x->group < y->group ? -1 : 1;
    int d = strcmp(x->name, y->name);
    return d ? d : (x->row > y->row) - (x->row < y->row);
}

/* metric += values: one value a number, more a list (LNT's samples) */
static void add_metric(cJSON *test, const char *metric, const double *v, size_t n)
{
    if (n == 0)
        return;
    cJSON *have = cJSON_GetObjectItemCaseSensitive(test, metric);
    if (!have && n == 1) {
        cJSON_AddNumberToObject(test, metric, v[0]);
        return;
    }
    if (have && !cJSON_IsArray(have)) {
        cJSON *list = cJSON_CreateArray();
        cJSON_AddItemToArray(list, cJSON_CreateNumber(have->valuedouble));
        cJSON_ReplaceItemInObjectCaseSensitive(test, metric, list);
        have = list;
    }
    if (!have)
        have = cJSON_AddArrayToObject(test, metric);
    for (size_t i = 0; i < n; ++i)
        cJSON_AddItemToArray(have, cJSON_CreateNumber(v[i]));
}

/* The times of row i: its samples on its clock, else its median. */
static size_t row_times(const pb_store_run *run, size_t i, double **out)
{
    const pb_row *r = &run->rows.rows[i];
    int device = r->clock == PB_CLOCK_DEVICE;
    const pb_samples *s = run->samples ? &run->samples[i] : NULL;
    size_t n = 0;
    *out = malloc(((s ? s->n : 0) + 1) * sizeof **out);
    if (!*out)
        return 0;
    for (size_t k = 0; s && k < s->n; ++k) {
        double t = device ? s->v[k].device_s : s->v[k].host_s;
        if (isfinite(t) && t > 0)
            (*out)[n++] = t;
    }
    double median = pb_row_time(r);
    if (n == 0 && isfinite(median) && median > 0)
        (*out)[n++] = median;
    return n;
}

static void add_str(cJSON *o, const char *key, const char *v)
{
    if (v && v[0])
        cJSON_AddStringToObject(o, key, v);
}

static void make_report(const pb_store_run *run, const char *hash, group *g)
{
    const pb_row *r = g->first;
    const cJSON *meta = run->meta;
    g->report = cJSON_CreateObject();
    cJSON_AddStringToObject(g->report, "format_version", "2");
    /* machine info stays the same from run to run: LNT refuses a machine whose info changed */
    cJSON *m = cJSON_AddObjectToObject(g->report, "machine");
    cJSON_AddStringToObject(m, "name", g->machine);
    const char *host = r->host[0] ? r->host : jstr(meta, "hostname"), *cpu = NULL;
    if (host && jstr(meta, "hostname") && strcmp(host, jstr(meta, "hostname")) == 0)
        cpu = jstr(cJSON_GetObjectItemCaseSensitive(meta, "topology"), "cpu_model");
    const char *gpu = cpu_row(r) ? NULL : pb_store_row_gpu_name(meta, r);
    add_str(m, "hardware", gpu ? gpu : cpu ? cpu : "CPU");
    add_str(m, "gpu_profile", r->gpu_profile);
    add_str(m, "cpu_model", cpu);
    cJSON *ru = cJSON_AddObjectToObject(g->report, "run");
    char t[32];
    if (lnt_time(jstr(meta, "started_utc"), t) || lnt_time(g->start, t))
        cJSON_AddStringToObject(ru, "start_time", t);
    if (lnt_time(jstr(meta, "finished_utc"), t) || lnt_time(g->end, t))
        cJSON_AddStringToObject(ru, "end_time", t);
    cJSON_AddStringToObject(ru, "llvm_project_revision", g->order);
    add_str(ru, "compiler", r->compiler);
    add_str(ru, "compiler_version", r->compiler_version);
    add_str(ru, "toolchain", g->toolchains);
    const char *worker, *flags, *sha;
    pb_store_row_worker(meta, r, &worker, &flags, &sha);
    add_str(ru, "build_flags", flags);
    add_str(ru, "worker", worker);
    add_str(ru, "worker_sha256", sha);
    add_str(ru, "gpu_uuid", r->gpu_uuid);
    add_str(ru, "portbench_git_sha", jstr(meta, "git_sha") ? jstr(meta, "git_sha") : r->git_sha);
    add_str(ru, "portbench_label", run->label);
    add_str(ru, "portbench_run", hash);
    const cJSON *complete = cJSON_GetObjectItemCaseSensitive(meta, "complete");
    if (cJSON_IsBool(complete))
        cJSON_AddStringToObject(ru, "complete", cJSON_IsTrue(complete) ? "true" : "false");
    g->tests = cJSON_AddArrayToObject(g->report, "tests");
}

static group *find_group(group **gs, size_t *n, const char *machine, const char *order)
{
    for (size_t i = 0; i < *n; ++i)
        if (strcmp((*gs)[i].machine, machine) == 0 && strcmp((*gs)[i].order, order) == 0)
            return &(*gs)[i];
    group *p = realloc(*gs, (*n + 1) * sizeof *p);
    if (!p)
        return NULL;
    *gs = p;
    group *g = &p[(*n)++];
    memset(g, 0, sizeof *g);
    pb_strlcpy(g->machine, machine, sizeof g->machine);
    pb_strlcpy(g->order, order, sizeof g->order);
    return g;
}

/* "clang-19" added to "clang-16,clang-19" once */
static void add_toolchain(group *g, const char *tc)
{
    char padded[300], item[80];
    if (!tc[0])
        return;
    snprintf(padded, sizeof padded, ",%s,", g->toolchains);
    snprintf(item, sizeof item, ",%s,", tc);
    if (!strstr(padded, item))
        snprintf(g->toolchains + strlen(g->toolchains), sizeof g->toolchains - strlen(g->toolchains), "%s%s",
                 g->toolchains[0] ? "," : "", tc);
}

int pb_lnt_reports(const pb_store_run *run, void *reports, size_t *left_out)
{
    const pb_rowset *rows = &run->rows;
    item *items = malloc((rows->n + 1) * sizeof *items);
    group *gs = NULL;
    size_t ngroups = 0, nitems = 0;
    if (!items)
        return -1;
    for (size_t i = 0; i < rows->n; ++i) {
        const pb_row *r = &rows->rows[i];
        if (r->verified == PB_VERIFIED_SKIP || !r->compiler_version[0]) {
            ++*left_out;
            continue;
        }
        char ckey[96], machine[320];
        compiler_key(r, ckey, sizeof ckey);
        machine_name(run, r, ckey, machine, sizeof machine);
        group *g = find_group(&gs, &ngroups, machine, r->compiler_version);
        if (!g) {
            free(items);
            free(gs);
            return -1;
        }
        if (!g->first)
            g->first = r;
        add_toolchain(g, r->toolchain);
        if (r->timestamp[0] && (!g->start[0] || strcmp(r->timestamp, g->start) < 0))
            pb_strlcpy(g->start, r->timestamp, sizeof g->start);
        if (r->timestamp[0] && strcmp(r->timestamp, g->end) > 0)
            pb_strlcpy(g->end, r->timestamp, sizeof g->end);
        items[nitems].row = i;
        items[nitems].group = (size_t)(g - gs);
        test_name(r, ckey, items[nitems].name, sizeof items[nitems].name);
        ++nitems;
    }
    qsort(items, nitems, sizeof *items, cmp_item);
    char hash[65];
    pb_store_run_hash(run, hash);
    for (size_t k = 0; k < ngroups; ++k)
        make_report(run, hash, &gs[k]);
    cJSON *test = NULL;
    for (size_t k = 0; k < nitems; ++k) {
        const item *it = &items[k];
        const pb_row *r = &rows->rows[it->row];
        group *g = &gs[it->group];
        /* the same test twice in a run (one configuration measured twice): one test, its samples together */
        if (!test || k == 0 || it->group != items[k - 1].group || strcmp(it->name, items[k - 1].name) != 0) {
            test = cJSON_CreateObject();
            cJSON_AddStringToObject(test, "name", it->name);
            cJSON_AddItemToArray(g->tests, test);
        }
        if (r->verified == PB_VERIFIED_FAIL) {
            if (!cJSON_GetObjectItemCaseSensitive(test, "execution_status"))
                cJSON_AddNumberToObject(test, "execution_status", 1); /* lnt.testing.FAIL */
            continue;
        }
        double *times, rate = pb_row_rate(r);
        size_t n = row_times(run, it->row, &times);
        add_metric(test, "execution_time", times, n);
        free(times);
        if (isfinite(rate) && rate > 0)
            add_metric(test, "score", &rate, 1);
    }
    for (size_t k = 0; k < ngroups; ++k)
        cJSON_AddItemToArray(reports, gs[k].report);
    free(items);
    free(gs);
    return 0;
}

/* ---- the command ---- */

typedef struct export_args {
    const char *lnt, *db;
} export_args;

static int on_option(void *ctx, const pb_optdef *d, const char *val, char *err, size_t cap)
{
    export_args *a = ctx;
    (void)err, (void)cap;
    if (d->id == O_LNT)
        a->lnt = val;
    else if (d->id == O_DB)
        a->db = val;
    return PB_OK;
}

static int from_files(char **paths, int n, cJSON *reports, size_t *left, char *err, size_t cap)
{
    pb_store_files files = {0};
    int rc = 0;
    for (int i = 0; i < n && rc == 0; ++i)
        rc = pb_store_collect(paths[i], &files, err, cap);
    for (size_t i = 0; i < files.n && rc == 0; ++i) {
        pb_store_run run;
        rc = pb_store_read_file(files.path[i], &run, err, cap);
        if (rc == 0 && pb_lnt_reports(&run, reports, left) != 0) {
            snprintf(err, cap, "%s: out of memory", files.path[i]);
            rc = -1;
        }
        if (rc == 0)
            pb_store_run_free(&run);
    }
    pb_store_files_free(&files);
    return rc;
}

static int from_store(const char *path, cJSON *reports, size_t *left, char *err, size_t cap)
{
    pb_store *s;
    long long *ids = NULL;
    size_t n = 0;
    if (pb_store_open(path, PB_STORE_READ, &s, err, cap) != 0)
        return -1;
    int rc = pb_store_run_ids(s, &ids, &n, err, cap);
    for (size_t i = 0; i < n && rc == 0; ++i) {
        pb_store_run run;
        rc = pb_store_load_run(s, ids[i], &run, err, cap);
        if (rc == 0 && pb_lnt_reports(&run, reports, left) != 0) {
            snprintf(err, cap, "store %s: out of memory", path);
            rc = -1;
        }
        if (rc == 0)
            pb_store_run_free(&run);
    }
    free(ids);
    pb_store_close(s);
    return rc;
}

/* FILE for one report; FILE-1.json, FILE-2.json ... (FILE without .json) for several. */
static void report_path(const char *path, size_t k, size_t n, char *out, size_t cap)
{
    if (n == 1) {
        pb_strlcpy(out, path, cap);
        return;
    }
    size_t len = strlen(path);
    int json = len > 5 && strcmp(path + len - 5, ".json") == 0;
    snprintf(out, cap, "%.*s-%zu%s", (int)(json ? len - 5 : len), path, k + 1, json ? ".json" : "");
}

int pb_cmd_export(int argc, char **argv)
{
    export_args a = {NULL, NULL};
    char err[2 * PATH_MAX + 256];
    char **pos = calloc((size_t)argc + 1, sizeof *pos);
    int npos = 0;
    if (!pos) {
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    int rc = pb_opt_parse(&pb_export_spec, argc, argv, on_option, &a, pos, &npos, err, sizeof err);
    if (rc == PB_OPT_HELP) {
        pb_opt_help(stdout, &pb_export_spec);
        free(pos);
        return PB_EXIT_OK;
    }
    if (rc == PB_OK && !a.lnt) {
        snprintf(err, sizeof err, "export needs a format and a file: --lnt FILE");
        rc = PB_ERR;
    } else if (rc == PB_OK && a.db && npos) {
        snprintf(err, sizeof err, "export: --db FILE or results files (%s), not both", pos[0]);
        rc = PB_ERR;
    }
    if (rc == PB_OK && pb_output_check("--lnt", a.lnt, NULL, 1, err, sizeof err) != PB_OK)
        rc = PB_ERR;
    cJSON *reports = cJSON_CreateArray();
    size_t left = 0;
    if (rc == PB_OK && (npos ? from_files(pos, npos, reports, &left, err, sizeof err)
                             : from_store(a.db ? a.db : PB_STORE_DEFAULT, reports, &left, err, sizeof err)) != 0)
        rc = PB_ERR;
    size_t n = (size_t)cJSON_GetArraySize(reports);
    if (rc == PB_OK && n == 0) {
        snprintf(err, sizeof err, "export: nothing to export (no run with a PASS or FAIL row)");
        rc = PB_ERR;
    }
    if (rc == PB_OK && n > 1 && pb_output_fd(a.lnt) >= 0) {
        snprintf(err, sizeof err, "--lnt %s: %zu reports (one per run, machine and compiler version) need files of "
                 "their own: give a file name", a.lnt, n);
        rc = PB_ERR;
    }
    char (*names)[PATH_MAX] = rc == PB_OK ? calloc(n, sizeof *names) : NULL;
    if (rc == PB_OK && !names) {
        snprintf(err, sizeof err, "out of memory");
        rc = PB_ERR;
    }
    for (size_t k = 0; rc == PB_OK && k < n; ++k) {
        report_path(a.lnt, k, n, names[k], sizeof names[k]);
        if (pb_output_check("--lnt", names[k], NULL, 1, err, sizeof err) != PB_OK)
            rc = PB_ERR;
    }
    size_t written = 0;
    for (size_t k = 0; rc == PB_OK && k < n; ++k) {
        if (pb_write_atomic(names[k], pb_write_json, cJSON_GetArrayItem(reports, (int)k), err, sizeof err) != PB_OK)
            rc = PB_ERR;
        else
            ++written;
    }
    if (rc != PB_OK) {
        for (size_t k = 0; k < written && n > 1; ++k)
            unlink(names[k]); /* all the reports or none */
        pb_errorf("%s", err);
    } else if (pb_output_fd(a.lnt) < 0) {
        for (size_t k = 0; k < n; ++k)
            printf("%s\n", names[k]);
    }
    free(names);
    cJSON_Delete(reports);
    free(pos);
    return rc == PB_OK ? PB_EXIT_OK : PB_EXIT_USAGE;
}
