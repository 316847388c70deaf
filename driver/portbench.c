/* portbench - the driver. It parses and validates the command line, finds the GPU,
 * starts one worker process per compiler (libomp and libgomp cannot share a process),
 * accounts for every row it asked for, and writes the comparison table, the CSV, the
 * metadata and the JSON results so that nothing measured is lost and no file is torn. */
#define _GNU_SOURCE
#include "pb_backends.h"
#include "pb_bench.h"
#include "pb_ceilings.h"
#include "pb_cli.h"
#include "pb_derive.h"
#include "pb_mpi.h"
#include "pb_output.h"
#include "pb_result.h"
#include "pb_run.h"
#include "pb_tab.h"
#include "pb_table.h"
#include "pb_tools.h"
#include "pb_tune.h"
#include "pb_version.h"
#include "pb_workers.h"
#include "record.h"
#include "store.h"
#include "summary.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <sys/stat.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- commands without options of their own ---- */

static const pb_optdef no_opts[] = {{NULL, 0, NULL, NULL, 0, 0}};

static const pb_optdef list_opts[] = {
    {"cases", PB_OPT_NONE, NULL,
     "instead: each benchmark's argument sets, one per line (BENCHMARK SET ARGS...), which the tests and\n"
     "the GPU scripts run every benchmark with (host, fault, golden, gpu, sanitize, results)",
     1, 0},
    {NULL, 0, NULL, NULL, 0, 0}};
static const pb_cmdspec list_spec = {
    .name = "list",
    .summary = "benchmarks, backends and toolchains (built or not), and every variant with what it teaches",
    .tables = {list_opts}};
static const pb_cmdspec columns_spec = {"columns", NULL, "the CSV columns, as a markdown table", {no_opts}, 0, 0, NULL};

/* Parse a command without positional arguments (fn, ctx: its options' handler, NULL for a
 * command without options): PB_OK, or an exit status (0 help, 2 error). */
static int simple_args(const pb_cmdspec *c, int argc, char **argv, pb_opt_fn fn, void *ctx, int *exit_status)
{
    char err[512];
    int rc = pb_opt_parse(c, argc, argv, fn, ctx, NULL, NULL, err, sizeof err);
    if (rc == PB_OPT_HELP) {
        pb_opt_help(stdout, c);
        *exit_status = 0;
        return PB_ERR;
    }
    if (rc != PB_OK) {
        pb_errorf("%s", err);
        *exit_status = 2;
        return PB_ERR;
    }
    return PB_OK;
}

/* `list`'s tables: no header, left-aligned columns of fixed widths (the last one as long as
 * its text), one blank apart, indented under their heading. */
static void list_table(pb_tab *t, int ncols, const int *width, const char *indent)
{
    pb_tab_init(t, ncols);
    t->indent = indent;
    t->sep = " ";
    t->empty = "";
    for (int c = 0; c < ncols - 1; ++c)
        pb_tab_column(t, c, PB_ALIGN_LEFT, width[c], 1);
    pb_tab_column(t, ncols - 1, PB_ALIGN_LEFT, 0, 0);
}

static void list_print(pb_tab *t)
{
    if (t->n) /* no line at all for an empty list */
        pb_tab_print(stdout, t, PB_FMT_TEXT);
    pb_tab_free(t);
}

static int list_flag(void *ctx, const pb_optdef *d, const char *val, char *err, size_t cap)
{
    (void)val, (void)err, (void)cap;
    *(int *)ctx = d->id;
    return PB_OK;
}

/* `list --cases`: the argument sets of pb_bench.cases, for scripts (one set per line) */
static int list_cases(void)
{
    for (size_t i = 0; i < pb_nbenches; ++i)
        for (const pb_case_set *s = pb_benches[i]->cases; s && s->name; ++s)
            printf("%s %s %s\n", pb_benches[i]->name, s->name, s->args);
    return 0;
}

static int cmd_list(int argc, char **argv)
{
    int cases = 0, status;
    if (simple_args(&list_spec, argc, argv, list_flag, &cases, &status) != PB_OK)
        return status;
    if (cases)
        return list_cases();
    static const int bench_w[] = {14}, backend_w[] = {20, 12, 22, 10}, variant_w[] = {8, 10, 14, 9, 14};
    pb_tab t;
    printf("benchmarks:\n");
    list_table(&t, 2, bench_w, "  ");
    for (size_t i = 0; i < pb_nbenches; ++i) {
        const pb_bench *b = pb_benches[i];
        pb_tab_put(&t, "%s", b->name);
        pb_tab_put(&t, "%s", b->summary);
        pb_tab_put(&t, "%s", "");
        pb_tab_put(&t, "cost model: %s", b->cost_model);
    }
    list_print(&t);
    const char *dir = pb_libexec_dir();
    printf("\nbackends and toolchains (--backend; workers in %s):\n", dir);
    list_table(&t, 5, backend_w, "  ");
    for (size_t i = 0; i < pb_backend_count(); ++i) {
        const pb_backend_spec *s = pb_backend_at(i);
        pb_tab_put(&t, "%s", s->cli);
        pb_tab_put(&t, "%s", s->toolchain[0] ? s->toolchain : "-");
        pb_tab_put(&t, "%s", s->worker);
        pb_tab_put(&t, "%s", pb_backend_built(s, dir) ? "built" : "not built");
        pb_tab_put(&t, "%s%s", s->is_default ? "default" : "",
                   s->discovered ? " (found in libexec, not in pb_backends.def)" : "");
    }
    list_print(&t);
    printf("  aliases: omp = omp@clang = omp@clang-19, omp@gcc = omp@gcc-12\n");
    const char *seen[PB_MAX_BACKENDS];
    int nseen = 0;
    for (size_t i = 0; i < pb_backend_count(); ++i) {
        const char *w = pb_backend_at(i)->worker;
        int dup = 0;
        for (int k = 0; k < nseen; ++k)
            dup |= strcmp(seen[k], w) == 0;
        if (dup || !pb_backend_built(pb_backend_at(i), dir))
            continue;
        seen[nseen++] = w;
        const pb_worker_variant *v;
        char why[320];
        int n = pb_worker_list(w, &v, why, sizeof why);
        printf("\n  %s:\n", w);
        if (n < 0)
            printf("    (%s)\n", why);
        list_table(&t, 6, variant_w, "    ");
        for (int k = 0; k < n; ++k) {
            pb_tab_put(&t, "%s", v[k].backend);
            pb_tab_put(&t, "%s", v[k].toolchain);
            pb_tab_put(&t, "%s", v[k].benchmark);
            pb_tab_put(&t, "%s", v[k].variant);
            pb_tab_put(&t, "%s", "");
            pb_tab_put(&t, "%s", v[k].teaches);
        }
        list_print(&t);
    }
    return 0;
}

static int cmd_columns(int argc, char **argv)
{
    int status;
    if (simple_args(&columns_spec, argc, argv, NULL, NULL, &status) != PB_OK)
        return status;
    printf("| column | meaning |\n|---|---|\n");
    for (size_t i = 0; i < pb_csv_ncolumns(); ++i)
        printf("| `%s` | %s |\n", pb_csv_column_name(i), pb_csv_column_doc(i));
    return 0;
}

/* ---- benchmark commands ---- */

/* One line per distinct reason for skipped rows, naming the backends it hit. */
static void print_skip_reasons(FILE *f, const pb_rowset *rows)
{
    enum { MAX_REASONS = 32 };
    const char *note[MAX_REASONS];
    char who[MAX_REASONS][256];
    int n = 0;
    for (size_t i = 0; i < rows->n; ++i) {
        const pb_row *r = &rows->rows[i];
        if (r->verified != PB_VERIFIED_SKIP)
            continue;
        int k = 0;
        while (k < n && strcmp(note[k], r->note) != 0)
            ++k;
        if (k == n) {
            if (n == MAX_REASONS)
                continue;
            note[n] = r->note;
            who[n++][0] = '\0';
        }
        char one[64];
        pb_series_title(r->backend, r->toolchain, one, sizeof one);
        if (!strstr(who[k], one)) {
            strncat(who[k], who[k][0] ? ", " : "", sizeof who[k] - strlen(who[k]) - 1);
            strncat(who[k], one, sizeof who[k] - strlen(who[k]) - 1);
        }
    }
    for (int k = 0; k < n; ++k)
        fprintf(f, "  skipped %s: %s\n", who[k], note[k]);
}

/* 1 when the CSV goes to a descriptor (standard output, /dev/fd/N): no meta.json beside it. */
static int csv_is_stream(const pb_options *o) { return o->csv[0] && pb_output_fd(o->csv) >= 0; }

/* Check every destination before anything is measured: a long run is never lost to a
 * path that cannot be written. A name of standard output (/dev/stdout) becomes "-": the
 * table then goes to standard error. */
static int check_destinations(pb_options *o, int ceilings_out)
{
    char err[PATH_MAX + 256];
    if (o->csv[0] && pb_output_fd(o->csv) == STDOUT_FILENO)
        pb_strlcpy(o->csv, "-", sizeof o->csv);
    if (o->json[0] && pb_output_fd(o->json) == STDOUT_FILENO)
        pb_strlcpy(o->json, "-", sizeof o->json);
    int csv_stdout = strcmp(o->csv, "-") == 0;
    const char *meta_suffix = csv_is_stream(o) ? NULL : ".meta.json";
    if (o->csv[0] && pb_output_check("--csv", o->csv, meta_suffix, 1, err, sizeof err) != PB_OK)
        goto bad;
    char meta[PATH_MAX + 16] = "";
    if (meta_suffix) {
        snprintf(meta, sizeof meta, "%s%s", o->csv, meta_suffix);
        if (pb_output_check("--csv's metadata file", meta, NULL, 0, err, sizeof err) != PB_OK)
            goto bad;
    }
    if (o->json[0] && pb_output_check("--json", o->json, NULL, !csv_stdout, err, sizeof err) != PB_OK)
        goto bad;
    if (ceilings_out && o->ceilings[0] &&
        pb_output_check("--ceilings", o->ceilings, NULL, 0, err, sizeof err) != PB_OK)
        goto bad;
    /* two outputs on one file: one would overwrite the other after the run */
    const char *outs[] = {o->csv, meta, o->json, ceilings_out ? o->ceilings : "", o->db};
    const char *names[] = {"--csv", "--csv's metadata file", "--json", "--ceilings", "--db"};
    for (int i = 0; i < 5; ++i)
        for (int j = i + 1; j < 5; ++j)
            if (outs[i][0] && outs[j][0] && pb_output_same(outs[i], outs[j])) {
                snprintf(err, sizeof err, "%s and %s name the same file %s", names[i], names[j], outs[j]);
                goto bad;
            }
    if (o->record && pb_output_check_dir("--record", o->record_dir, err, sizeof err) != PB_OK)
        goto bad;
    if (o->db[0]) { /* a store that cannot take the run is refused before anything is measured */
        pb_store *st;
        int rc = pb_store_open(o->db, PB_STORE_WRITE, &st, err, sizeof err);
        pb_store_close(st);
        if (rc != 0)
            goto bad;
    }
    if (ceilings_out) /* `portbench ceilings --ceilings FILE` writes FILE (checked above) */
        return PB_OK;
    struct stat st;
    if (o->ceilings[0] && (stat(o->ceilings, &st) != 0 || !S_ISREG(st.st_mode) || access(o->ceilings, R_OK) != 0)) {
        snprintf(err, sizeof err, "--ceilings %s: %s", o->ceilings,
                 stat(o->ceilings, &st) != 0 ? strerror(errno) : !S_ISREG(st.st_mode) ? "not a regular file"
                                                                                      : strerror(errno));
        goto bad;
    }
    if (o->ceilings[0]) { /* read now: a bad file is refused before anything is measured */
        pb_ceilings c;
        memset(&c, 0, sizeof c);
        if (pb_ceilings_read(o->ceilings, &c, err, sizeof err) != 0)
            goto bad;
        if (!c.uuid[0] || !(c.stream_gbs > 0)) {
            snprintf(err, sizeof err, "--ceilings %s: not a ceilings file (no GPU UUID or no stream ceiling; "
                     "portbench ceilings writes one)", o->ceilings);
            goto bad;
        }
    }
    return PB_OK;
bad:
    pb_errorf("%s", err);
    return PB_ERR;
}

typedef struct json_doc {
    const cJSON *meta;
    const pb_rowset *rows;
} json_doc;

/* The JSON results: {schema_version, meta, columns, rows}. */
static int write_json(FILE *f, const void *ctx)
{
    const json_doc *d = ctx;
    cJSON *root = cJSON_CreateObject();
    cJSON_AddNumberToObject(root, "schema_version", PB_SCHEMA_VERSION);
    cJSON_AddItemToObject(root, "meta", cJSON_Duplicate(d->meta, 1));
    cJSON *cols = cJSON_AddArrayToObject(root, "columns");
    for (size_t i = 0; i < pb_csv_ncolumns(); ++i)
        cJSON_AddItemToArray(cols, cJSON_CreateString(pb_csv_column_name(i)));
    cJSON *rows = cJSON_AddArrayToObject(root, "rows");
    for (size_t i = 0; i < d->rows->n; ++i)
        cJSON_AddItemToArray(rows, pb_row_to_json(&d->rows->rows[i]));
    int rc = pb_write_json(f, root);
    cJSON_Delete(root);
    return rc;
}

/* The GPU directory of a recorded run: the profile, else the GPU's name, NULL without one. */
static const char *record_gpu(const pb_run_env *env)
{
    return !env->probe.ok ? NULL : env->profile ? env->profile->id : env->gpu.name;
}

/* CSV (+ meta.json), JSON and the recorded run. 0, or -1 after saying what failed. */
static int write_outputs(const pb_options *o, const pb_rowset *rows, const cJSON *meta, const pb_run_env *env,
                         int argc, char **argv)
{
    char err[PATH_MAX + 256];
    int rc = 0;
    if (o->csv[0]) {
        char mpath[PATH_MAX + 16];
        snprintf(mpath, sizeof mpath, "%s.meta.json", o->csv);
        pb_out_file files[2] = {{o->csv, pb_write_csv_rows, rows}, {mpath, pb_write_json, meta}};
        int nfiles = csv_is_stream(o) ? 1 : 2;
        if (pb_write_atomic_set(files, nfiles, err, sizeof err) != PB_OK) {
            pb_errorf("%s", err);
            rc = -1;
        } else if (!o->quiet && nfiles == 2) {
            fprintf(stderr, "portbench: wrote %s and %s\n", o->csv, mpath);
        }
    }
    if (o->json[0]) {
        json_doc d = {meta, rows};
        if (pb_write_atomic(o->json, write_json, &d, err, sizeof err) != PB_OK) {
            pb_errorf("%s", err);
            rc = -1;
        } else if (!o->quiet && strcmp(o->json, "-") != 0) {
            fprintf(stderr, "portbench: wrote %s\n", o->json);
        }
    }
    if (o->db[0]) {
        pb_store *st = NULL;
        pb_store_run r;
        memset(&r, 0, sizeof r);
        r.rows = *rows; /* borrowed: not freed here */
        r.meta = (void *)meta;
        pb_strlcpy(r.label, o->label, sizeof r.label);
        pb_store_added added;
        if (pb_store_open(o->db, PB_STORE_WRITE, &st, err, sizeof err) != 0 ||
            pb_store_import(st, &r, &added, err, sizeof err) != 0) {
            pb_errorf("%s", err);
            rc = -1;
        } else if (!o->quiet) {
            fprintf(stderr, "portbench: stored the run in %s (run %lld, %zu rows)\n", o->db, added.run_id, added.rows);
        }
        pb_store_close(st);
    }
    if (o->record) {
        char run[PATH_MAX];
        if (pb_record_run(o->record_dir, o->label, record_gpu(env), o->bench->name, rows, argc, argv, pb_write_json,
                          meta, run, sizeof run, err, sizeof err) != 0) {
            pb_errorf("%s", err);
            rc = -1;
        } else if (!o->quiet) {
            fprintf(stderr, "portbench: recorded the run in %s\n", run);
        }
    }
    return rc;
}

/* The measured ceilings of this GPU: 1 loaded, 0 none (no GPU, or no default file),
 * -1 error (an explicit --ceilings file that cannot be read). */
static int load_ceilings(const pb_options *o, const pb_gpu_device *gpu, pb_ceilings *c)
{
    char path[PATH_MAX], err[PATH_MAX + 128];
    if (o->ceilings[0]) {
        if (pb_ceilings_read(o->ceilings, c, err, sizeof err) != 0) {
            pb_errorf("%s", err);
            return -1;
        }
        if (gpu && strcmp(c->uuid, gpu->uuid) != 0)
            pb_errorf("warning: %s was measured on %s (%s), not on GPU %d (%s)", o->ceilings, c->device, c->uuid,
                      gpu->index, gpu->uuid);
        return 1;
    }
    if (!gpu)
        return 0;
    pb_ceilings_default_path(gpu->uuid, path, sizeof path);
    if (access(path, R_OK) != 0)
        return 0;
    if (pb_ceilings_read(path, c, err, sizeof err) != 0) {
        pb_errorf("warning: %s (ignored)", err);
        return 0;
    }
    return 1;
}

/* The ceilings of the run's GPUs as pb_rows_derive takes them (n of them, appended to
 * *out, which grows): one GPU's for every row, or each GPU's for its own rows (by UUID)
 * when there are several, or under MPI, where rank 0 relates every rank's rows. A rank
 * without a GPU has no GPU rows to relate. PB_OK, or PB_ERR out of memory. */
static int derive_ceilings(const pb_run_env *env, const pb_ceilings *c, const int *have, int by_uuid,
                           pb_derive_ceilings **out, size_t *n)
{
    by_uuid |= env->ngpus > 1;
    for (int g = 0; g < (env->ngpus ? env->ngpus : 1); ++g) {
        if (!have[g] || (by_uuid && !env->ngpus))
            continue;
        pb_derive_ceilings *t = realloc(*out, (*n + 1) * sizeof *t);
        if (!t)
            return PB_ERR;
        *out = t;
        pb_ceilings_for_derive(&c[g], by_uuid ? env->gpus[g].uuid : "", &t[(*n)++]);
    }
    return PB_OK;
}

/* Under MPI, a rank's ceilings travel to rank 0 in its metadata under this key, which
 * rank 0 takes out again (meta.json stays as it was). */
#define MPI_CEILINGS_KEY "pb_derive_ceilings"

/* Under MPI: each rank takes the GPU of its node-local rank; only rank 0 writes. */
static int mpi_setup(pb_options *o, const pb_mpi *mpi)
{
    if (o->gpu_kind == PB_GPU_INDEX || o->gpu_kind == PB_GPU_ALL) {
        pb_errorf("under MPI each rank takes the GPU of its node-local rank: use --gpu auto or a model, not --gpu %s",
                  o->gpu_kind == PB_GPU_ALL ? "all" : "N");
        return PB_ERR;
    }
    o->mpi_local_rank = mpi->local_rank;
    o->mpi_local_size = mpi->local_size;
    if (mpi->rank != 0) { /* rank 0 writes the run's files and prints its table */
        o->csv[0] = o->json[0] = o->db[0] = '\0';
        o->record = 0;
        o->quiet = 1;
    }
    char prefix[32];
    snprintf(prefix, sizeof prefix, "[rank %d] ", mpi->rank);
    pb_worker_prefix(prefix);
    return PB_OK;
}

/* Under MPI: rank 0 gets every rank's rows and metadata, and in *ceil (n) every rank's
 * ceilings (*ceil: this rank's on the way in). PB_ERR: the gather timed out; rank 0
 * still keeps its own rows and ceilings. */
static int mpi_merge(pb_mpi *mpi, pb_rowset *rows, cJSON *meta, pb_derive_ceilings **ceil, size_t *n)
{
    pb_rowset all = {0};
    void **metas = NULL;
    for (size_t i = 0; i < rows->n; ++i)
        rows->rows[i].rank = mpi->rank;
    cJSON_AddItemToObject(meta, MPI_CEILINGS_KEY, pb_ceilings_to_json(*ceil, *n));
    int rc = pb_mpi_gather(mpi, rows, meta, &all, &metas);
    cJSON_DeleteItemFromObjectCaseSensitive(meta, MPI_CEILINGS_KEY);
    if (rc != PB_OK || mpi->rank != 0) {
        pb_rowset_free(&all);
        if (rc != PB_OK && mpi->rank == 0) {
            cJSON_ReplaceItemInObject(meta, "complete", cJSON_CreateFalse());
            cJSON_AddStringToObject(meta, "mpi_error", "the gather timed out: only rank 0's rows are here");
        }
        return rc;
    }
    pb_rowset_free(rows);
    *rows = all;
    *n = 0; /* every rank's, its own among them */
    for (int r = 0; r < mpi->size; ++r) {
        cJSON *c = metas && metas[r] ? cJSON_DetachItemFromObjectCaseSensitive(metas[r], MPI_CEILINGS_KEY) : NULL;
        if (pb_ceilings_from_json(c, ceil, n) != PB_OK)
            pb_errorf("out of memory for rank %d's ceilings: its pct_measured_* stay empty", r);
        cJSON_Delete(c);
    }
    cJSON *m = cJSON_AddObjectToObject(meta, "mpi");
    cJSON_AddNumberToObject(m, "size", mpi->size);
    cJSON_AddNumberToObject(m, "timeout_s", mpi->timeout_s);
    cJSON_AddNumberToObject(m, "wait_for_slowest_rank_s", mpi->wait_s);
    cJSON_AddNumberToObject(m, "gather_s", mpi->gather_s);
    cJSON *ranks = cJSON_AddArrayToObject(m, "ranks");
    for (int r = 0; r < mpi->size; ++r) {
        cJSON *one = metas && metas[r] ? metas[r] : cJSON_CreateObject();
        cJSON_AddNumberToObject(one, "rank", r);
        cJSON_AddItemToArray(ranks, one);
    }
    free(metas);
    return PB_OK;
}

static int cmd_bench(const pb_bench *b, int argc, char **argv, int full_argc, char **full_argv)
{
    static pb_options o;
    static pb_mpi mpi;
    char err[PATH_MAX + 256];
    pb_options_defaults(&o, b);
    int rc = pb_options_parse(&o, argc, argv, err, sizeof err);
    if (rc == PB_OPT_HELP) {
        pb_print_bench_help(stdout, b);
        return 0;
    }
    if (rc != PB_OK) {
        pb_errorf("%s", err);
        return 2;
    }
    pb_options_finish(&o);
    if (pb_mpi_init(&full_argc, &full_argv, &mpi) != PB_OK)
        return 2;
    mpi.timeout_s = o.mpi_timeout;
    static pb_run_env env;
    static pb_ceilings ceil[PB_MAX_GPUS]; /* each GPU's own */
    int have_ceilings[PB_MAX_GPUS] = {0};
    int status = PB_OK;
    if (mpi.on)
        status = mpi_setup(&o, &mpi);
    if (status == PB_OK && !o.dry_run) /* a dry run writes none of them */
        status = check_destinations(&o, 0);
    if (status == PB_OK)
        status = pb_run_prepare(&o, &env);
    if (status == PB_OK && o.record && !o.dry_run && /* its GPU directory is known now */
        pb_record_check(o.record_dir, record_gpu(&env), b->name, err, sizeof err) != 0) {
        pb_errorf("%s", err);
        status = PB_ERR;
    }
    for (int g = 0; status == PB_OK && !o.dry_run && g < (env.ngpus ? env.ngpus : 1); ++g)
        if ((have_ceilings[g] = load_ceilings(&o, env.ngpus ? &env.gpus[g] : NULL, &ceil[g])) < 0)
            status = PB_ERR;
    /* every rank starts, or none: a bad request on one stops them all */
    int any = status;
    if (mpi.on && pb_mpi_max(&mpi, status, &any) != PB_OK)
        pb_mpi_abort(2);
    if (any != PB_OK) {
        if (mpi.on && status == PB_OK && mpi.rank == 0)
            pb_errorf("another rank refused the request (see its message)");
        pb_mpi_finalize();
        return 2;
    }

    if (o.dry_run) { /* the plan, nothing measured (under MPI: rank 0's) */
        int code = 0;
        if (!mpi.on || mpi.rank == 0) {
            pb_signals_install();
            code = pb_run_dry(&o, &env, stdout);
        }
        pb_mpi_finalize();
        return code;
    }
    pb_run_log log;
    if (pb_run_begin(&log) != PB_OK)
        return 2;
    pb_signals_install();
    pb_rowset rows = {0};
    pb_run_all(&o, &env, &rows, &log);
    pb_derive_ceilings *dc = NULL; /* each GPU's ceilings, for pb_rows_derive */
    size_t ndc = 0;
    if (derive_ceilings(&env, ceil, have_ceilings, mpi.on, &dc, &ndc) != PB_OK)
        pb_errorf("out of memory for the ceilings: pct_measured_* stay empty");
    cJSON *meta = pb_run_meta(full_argc, full_argv, &env, &log);
    pb_run_end(&log);
    int gather_failed = mpi.on && mpi_merge(&mpi, &rows, meta, &dc, &ndc) != PB_OK;
    if (mpi.on && mpi.rank != 0 && !gather_failed) { /* rank 0 reports for everyone */
        int mine = log.failed ? 1 : 0;
        for (size_t i = 0; i < rows.n; ++i)
            mine |= rows.rows[i].verified == PB_VERIFIED_FAIL;
        cJSON_Delete(meta);
        pb_rowset_free(&rows);
        free(dc);
        pb_mpi_finalize();
        return log.interrupted ? 128 + log.interrupted : mine;
    }
    if (gather_failed && mpi.rank != 0)
        pb_mpi_abort(1);

    /* every derived number, once over the rows of every GPU and rank (one clock for all) */
    const pb_derive_in din = {pb_plan_clock_of(o.clock), dc, ndc, 0};
    pb_rows_derive(&rows, &din);
    free(dc);
    /* with the CSV or JSON on standard output, the table goes to standard error */
    FILE *tf = strcmp(o.csv, "-") == 0 || strcmp(o.json, "-") == 0 ? stderr : stdout;
    const int width = o.wide ? 0 : PB_TEXT_WIDTH;
    if (o.spread || (mpi.on && mpi.size > 1))
        pb_table_print_spread(tf, &rows, width);
    else
        pb_table_print_width(tf, &rows, width);
    size_t failed = 0, skipped = 0;
    for (size_t i = 0; i < rows.n; ++i) {
        failed += rows.rows[i].verified == PB_VERIFIED_FAIL;
        skipped += rows.rows[i].verified == PB_VERIFIED_SKIP;
    }
    fprintf(tf, "\n%zu rows: %zu passed, %zu failed, %zu skipped%s\n", rows.n, rows.n - failed - skipped, failed,
            skipped, log.interrupted ? " (interrupted: the rows measured so far)" : "");
    if (skipped)
        print_skip_reasons(tf, &rows);
    if (mpi.on)
        fprintf(tf, "%d MPI ranks; rank 0 waited %.3f s for the slowest rank, the gather took %.3f s\n", mpi.size,
                mpi.wait_s, mpi.gather_s);
    pb_summary_paragraph_width(tf, &rows, width);
    if (rows.n && skipped == rows.n)
        pb_errorf("every row was skipped: nothing was measured%s", o.fail_on_skip ? "" : " (--fail-on-skip makes this an error)");
    /* the table lost (a full disk): said now, while the reason is known (a later flush,
     * pb_tool_finish's, has nothing left to fail on); the files are still written */
    int table_lost = fflush(tf) != 0 && tf == stdout;
    if (table_lost) {
        pb_errorf("cannot write standard output: %s", strerror(errno));
        clearerr(stdout);
    }

    int out_failed = write_outputs(&o, &rows, meta, &env, full_argc, full_argv) != 0;
    cJSON_Delete(meta);
    pb_rowset_free(&rows);
    if (gather_failed)
        pb_mpi_abort(1); /* the others are stuck or gone: stop them */
    pb_mpi_finalize();
    if (log.interrupted) {
        pb_errorf("interrupted (%s): the rows measured so far are kept", pb_signal_name(log.interrupted));
        return 128 + log.interrupted;
    }
    if (table_lost)
        return 2;
    return failed || log.failed || out_failed || (o.fail_on_skip && skipped) ? 1 : 0;
}

/* ---- ceilings ---- */

/* One measurement of `ceilings`: bench's variants (a list, or "all") on backends (comma
 * list) at sizes and dtypes, with the shared options of `base`. */
static void ceiling_run(const pb_options *base, const char *bench, const char *variants, const char *backends,
                        const char *sizes, const char *dtypes, pb_rowset *rows, pb_run_log *log)
{
    static pb_options o;
    char err[256];
    pb_options_defaults(&o, pb_bench_find(bench));
    if (pb_parse_variants(o.bench, variants, &o.variants, err, sizeof err) != PB_OK) {
        pb_errorf("internal error: %s", err);
        log->failed = 1;
        return;
    }
    o.warmup = base->warmup;
    o.reps = base->reps;
    o.time_budget = base->time_budget;
    o.quiet = base->quiet;
    o.device = base->device;
    pb_strlcpy(o.clock, base->clock, sizeof o.clock);
    pb_strlcpy(o.gpu_profile, base->gpu_profile, sizeof o.gpu_profile);
    o.no_baselines = 1;
    if (pb_parse_backends(backends, &o.backends, err, sizeof err) ||
        pb_parse_sizes(sizes, o.sizes, PB_MAX_SIZES, &o.nsizes, err, sizeof err)) {
        pb_errorf("internal error: %s", err);
        log->failed = 1;
        return;
    }
    char dt[32];
    pb_strlcpy(dt, dtypes, sizeof dt);
    o.ndtypes = 0;
    for (char *save = NULL, *t = strtok_r(dt, ",", &save); t; t = strtok_r(NULL, ",", &save))
        pb_dtype_parse(t, &o.dtypes[o.ndtypes++]);
    pb_run_workers(&o, rows, log);
}

static const char ceilings_details[] =
    "Measures the sustained bandwidth of each access pattern, the largest verified result of:\n"
    "read + write: stream (kernel and best, CUDA and clang OpenMP); read only: a sum (reduce best,\n"
    "CUDA and clang OpenMP, and CUB); write only: fill (kernel and best, CUDA and clang OpenMP, and\n"
    "cudaMemset); each in float and double at the --n sizes (default 2^25..2^28); a device-to-device\n"
    "cudaMemcpy (same sizes, for reference) and the FP32/FP64 FMA rates (CUDA and clang OpenMP,\n"
    "n = 2^22..2^26, chain 1024), and writes them to FILE (--ceilings; default: a per-GPU file in\n"
    "$PORTBENCH_CEILINGS_DIR or ~/.cache/portbench), which the benchmark commands read to fill\n"
    "pct_measured_bw (against the ceiling of the benchmark's access pattern) and pct_measured_flops.\n";

/* portbench ceilings: measure this GPU's sustained bandwidth, a device-to-device
 * cudaMemcpy and the FP32/FP64 FMA rates; store them for pct_measured_*. */
static int cmd_ceilings(int argc, char **argv, int full_argc, char **full_argv)
{
    static pb_options o;
    char err[PATH_MAX + 256];
    pb_options_defaults(&o, pb_bench_find("stream"));
    o.nsizes = 0;
    int rc = pb_options_parse(&o, argc, argv, err, sizeof err);
    if (rc == PB_OPT_HELP) {
        printf("usage: portbench ceilings [--gpu SPEC] [--n LIST] [--reps N] [--warmup N] [--clock host|device]\n"
               "                          [--ceilings FILE] [--csv FILE] [--json FILE] [--quiet]\n\n%s",
               ceilings_details);
        return 0;
    }
    if (rc == PB_OK && o.dry_run) {
        pb_errorf("ceilings: --dry-run is an option of the benchmark commands");
        return 2;
    }
    if (rc != PB_OK) {
        pb_errorf("%s", err);
        return 2;
    }
    if (check_destinations(&o, 1) != PB_OK)
        return 2;
    o.backends = (pb_backend_mask)1 << pb_backend_find("cuda");
    o.backends_named = 0;
    static pb_run_env env;
    if (pb_run_prepare(&o, &env) != PB_OK)
        return 2;
    if (!env.probe.ok) {
        pb_errorf("ceilings are measured on a GPU, and there is none: %s", env.probe.why);
        return 2;
    }
    /* default sizes: 2^25..2^28 elements, those whose arrays fit well in free memory */
    char sizes[256] = "";
    if (o.nsizes == 0) {
        for (int k = 25; k <= 28; ++k)
            if (2.0 * 8 * ldexp(1, k) < 0.4 * env.gpu.mem_free) {
                char one[16];
                snprintf(one, sizeof one, "%s2^%d", sizes[0] ? "," : "", k);
                strncat(sizes, one, sizeof sizes - strlen(sizes) - 1);
            }
    } else {
        for (int i = 0; i < o.nsizes; ++i) {
            char one[32];
            snprintf(one, sizeof one, "%s%zu", i ? "," : "", o.sizes[i]);
            strncat(sizes, one, sizeof sizes - strlen(sizes) - 1);
        }
    }
    if (!sizes[0]) {
        pb_errorf("not enough free GPU memory for the stream sizes");
        return 2;
    }
    pb_run_log log;
    if (pb_run_begin(&log) != PB_OK)
        return 2;
    pb_signals_install();
    pb_rowset rows = {0};
    /* read + write (stream), read only (a sum: reduce best and CUB), write only (fill best
     * and cudaMemset), the cudaMemcpy reference, and the FMA rates */
    ceiling_run(&o, "stream", "all", "cuda,omp@clang-19", sizes, "float,double", &rows, &log);
    if (!log.interrupted)
        ceiling_run(&o, "reduce", "best", "cuda,omp@clang-19,cub", sizes, "float,double", &rows, &log);
    if (!log.interrupted)
        ceiling_run(&o, "fill", "all", "cuda,omp@clang-19,cudart", sizes, "float,double", &rows, &log);
    if (!log.interrupted)
        ceiling_run(&o, "copy", "all", "cudart", sizes, "double", &rows, &log);
    if (!log.interrupted)
        ceiling_run(&o, "fma", "all", "cuda,omp@clang-19", "2^22,2^24,2^26", "float,double", &rows, &log);
    const pb_derive_in din = {pb_plan_clock_of(o.clock), NULL, 0, 1}; /* no speedup_vs_lib here, as before */
    pb_rows_derive(&rows, &din);
    pb_table_print(stdout, &rows);

    pb_ceilings c;
    memset(&c, 0, sizeof c);
    pb_ceilings_from_rows(&rows, &c);
    pb_strlcpy(c.device, env.gpu.name, sizeof c.device);
    pb_strlcpy(c.uuid, env.gpu.uuid, sizeof c.uuid);
    pb_strlcpy(c.profile, env.profile ? env.profile->id : "", sizeof c.profile);
    pb_strlcpy(c.measured_utc, env.started, sizeof c.measured_utc);
    pb_strlcpy(c.git_sha, pb_git_sha, sizeof c.git_sha);
    pb_strlcpy(c.clock, "host", sizeof c.clock);
    for (size_t i = 0; i < rows.n; ++i)
        if (rows.rows[i].clock == PB_CLOCK_DEVICE)
            pb_strlcpy(c.clock, "device", sizeof c.clock);
    int failed = log.failed;
    for (size_t i = 0; i < rows.n; ++i)
        failed |= rows.rows[i].verified != PB_VERIFIED_PASS;
    char path[PATH_MAX];
    if (o.ceilings[0])
        pb_strlcpy(path, o.ceilings, sizeof path);
    else
        pb_ceilings_default_path(env.gpu.uuid, path, sizeof path);
    printf("\nceilings of %s (%s clock):\n  read+write %.1f GB/s (%s; stream, copy, strided, fma)\n"
           "  read       %.1f GB/s (%s; dmvm, reduce)\n  write      %.1f GB/s (%s; fill)\n"
           "  memcpy     %.1f GB/s (reference)\n  FMA FP32   %.1f GFLOP/s\n  FMA FP64   %.1f GFLOP/s\n",
           c.device, c.clock, c.stream_gbs, c.stream_from, c.read_gbs, c.read_from, c.write_gbs, c.write_from,
           c.memcpy_gbs, c.fma_fp32_gflops, c.fma_fp64_gflops);
    if (log.interrupted || failed || c.stream_gbs <= 0 || c.read_gbs <= 0 || c.write_gbs <= 0 ||
        c.fma_fp32_gflops <= 0 || c.fma_fp64_gflops <= 0) {
        pb_errorf("a ceiling measurement failed, was skipped or interrupted: %s not written", path);
        failed = 1;
    } else if (pb_ceilings_write(path, &c, err, sizeof err) != 0) {
        pb_errorf("%s", err);
        failed = 1;
    } else {
        printf("written to %s\n", path);
    }
    o.bench = pb_bench_find("stream");
    o.record = 0, o.db[0] = '\0'; /* the ceilings are a file of their own, not a run */
    cJSON *meta = pb_run_meta(full_argc, full_argv, &env, &log);
    if (write_outputs(&o, &rows, meta, &env, full_argc, full_argv) != 0)
        failed = 1;
    cJSON_Delete(meta);
    pb_run_end(&log);
    pb_rowset_free(&rows);
    if (log.interrupted)
        return 128 + log.interrupted;
    return failed ? 1 : 0;
}

/* ---- dispatch ---- */

static void usage(FILE *f)
{
    fprintf(f, "usage: portbench COMMAND [options]\n\n"
               "commands:\n"
               "  list                 benchmarks, backends and toolchains, and every variant with what it teaches\n");
    for (size_t i = 0; i < pb_nbenches; ++i)
        fprintf(f, "  %-20s %s\n", pb_benches[i]->name, pb_benches[i]->summary);
    fprintf(f, "  ceilings             measure this GPU's bandwidth and FMA ceilings for pct_measured_*\n"
               "  tune BENCH           sweep the launch shapes of BENCH's best variants, print tuning-table rows\n");
    for (const pb_tool *t = pb_tools; t->name; ++t)
        fprintf(f, "  %-20s %s\n", t->name, t->spec->summary);
    fprintf(f, "  columns              the CSV columns\n"
               "  help COMMAND         options of a command\n\n"
               "example: portbench dmvm --backend cuda,omp --gpu h200 --nx 4096:16384:x2 --csv out.csv\n"
               "         portbench dmvm --record --label nightly; portbench history dmvm\n");
}

/* help TOPIC: the options of one command; an unknown topic is an error. */
static int cmd_help(int argc, char **argv)
{
    if (argc < 1) {
        usage(stdout);
        return 0;
    }
    if (argc > 1) {
        pb_errorf("help takes one command name, got %d words", argc);
        return 2;
    }
    const char *t = argv[0];
    const pb_bench *b = pb_bench_find(t);
    if (b) {
        pb_print_bench_help(stdout, b);
        return 0;
    }
    if (strcmp(t, "list") == 0) {
        pb_opt_help(stdout, &list_spec);
        return 0;
    }
    if (strcmp(t, "columns") == 0) {
        pb_opt_help(stdout, &columns_spec);
        return 0;
    }
    if (strcmp(t, "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(t, "ceilings") == 0) {
        char *h[] = {"--help"};
        return cmd_ceilings(1, h, 0, NULL);
    }
    if (strcmp(t, "tune") == 0) {
        char *h[] = {"--help"};
        return pb_cmd_tune(1, h);
    }
    const pb_tool *tool = pb_tool_find(t);
    if (tool) {
        pb_opt_help(stdout, tool->spec);
        return 0;
    }
    pb_errorf("help: unknown command '%s' (try 'portbench --help')", t);
    return 2;
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("portbench %s (%s)\n", pb_version, pb_git_sha);
        return 0;
    }
    if (strcmp(cmd, "help") == 0)
        return cmd_help(argc - 2, argv + 2);
    if (strcmp(cmd, "list") == 0)
        return cmd_list(argc - 2, argv + 2);
    if (strcmp(cmd, "columns") == 0)
        return cmd_columns(argc - 2, argv + 2);
    if (strcmp(cmd, "ceilings") == 0)
        return cmd_ceilings(argc - 2, argv + 2, argc, argv);
    if (strcmp(cmd, "tune") == 0)
        return pb_cmd_tune(argc - 2, argv + 2);
    const pb_tool *tool = pb_tool_find(cmd);
    if (tool)
        return tool->run(argc - 2, argv + 2);
    const pb_bench *b = pb_bench_find(cmd);
    if (b)
        return cmd_bench(b, argc - 2, argv + 2, argc, argv);
    pb_errorf("unknown command '%s' (try 'portbench --help')", cmd);
    return 2;
}

int main(int argc, char **argv)
{
    pb_backends_discover(pb_libexec_dir());
    return pb_tool_finish(dispatch(argc, argv)); /* what went to stdout was written, or exit 2 */
}
