/* portbench - the driver. It parses and validates the command line, finds the GPU,
 * starts one worker process per compiler (libomp and libgomp cannot share a process),
 * merges their rows, and prints the comparison table, the CSV and the metadata. */
#define _GNU_SOURCE
#include "pb_bench.h"
#include "pb_ceilings.h"
#include "pb_cli.h"
#include "pb_compare.h"
#include "pb_driver.h"
#include "pb_record.h"
#include "pb_report.h"
#include "pb_result.h"
#include "pb_table.h"
#include "pb_tune.h"
#include "pb_version.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void usage(FILE *f)
{
    fprintf(f, "usage: portbench COMMAND [options]\n\n"
               "commands:\n"
               "  list                 benchmarks, backends and variants (with what each version teaches)\n");
    for (size_t i = 0; i < pb_nbenches; ++i)
        fprintf(f, "  %-20s %s\n", pb_benches[i]->name, pb_benches[i]->summary);
    fprintf(f, "  compare BASE NEW     what got faster or slower between two results CSVs (--by compiler: one run)\n"
               "  history BENCH        trend of recorded runs (--record) with regressions flagged\n"
               "  report CSV... -o DIR markdown report with tables and plots (gnuplot)\n"
               "  tune BENCH           sweep the launch shapes of BENCH's best variants, print tuning-table rows\n");
    fprintf(f, "  help COMMAND         options of a command\n\n"
               "example: portbench dmvm --backend cuda,omp --gpu h200 --nx 4096:16384:x2 --csv out.csv\n"
               "         portbench dmvm --record --label nightly; portbench history dmvm\n");
}

/* ---- list ---- */

static int cmd_list(void)
{
    printf("benchmarks:\n");
    for (size_t i = 0; i < pb_nbenches; ++i) {
        const pb_bench *b = pb_benches[i];
        printf("  %-14s %s\n  %-14s cost model: %s\n", b->name, b->summary, "", b->cost_model);
    }
    printf("\nbackends (--backend): cuda, omp (= omp@clang), omp@gcc, cublas, cub, cudart, cpu\n");
    printf("workers in %s:\n", pb_libexec_dir());
    const char *seen[8];
    int nseen = 0;
    for (size_t i = 0; i < pb_nbackend_specs; ++i) {
        const char *w = pb_backend_specs[i].worker;
        int dup = 0;
        for (int k = 0; k < nseen; ++k)
            dup |= strcmp(seen[k], w) == 0;
        if (dup)
            continue;
        seen[nseen++] = w;
        char *argv[] = {NULL, "--list", NULL};
        printf("\n  %s:\n", w);
        fflush(stdout);
        int rc = pb_run_worker(w, argv);
        if (rc == 127)
            printf("    (not built)\n");
    }
    return 0;
}

/* ---- benchmark commands ---- */

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; ++s) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void json_kv(FILE *f, const char *indent, const char *k, const char *v, int comma)
{
    fprintf(f, "%s", indent);
    json_str(f, k);
    fputs(": ", f);
    json_str(f, v);
    fputs(comma ? ",\n" : "\n", f);
}

static void write_meta_json(const char *path, int argc, char **argv, const pb_run_env *env, const char *meta_dir,
                            const char *const *workers, int nworkers)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        pb_errorf("cannot write %s", path);
        return;
    }
    char cmd[4096] = "", num[64];
    for (int i = 0; i < argc; ++i) {
        strncat(cmd, i ? " " : "", sizeof cmd - strlen(cmd) - 1);
        strncat(cmd, argv[i], sizeof cmd - strlen(cmd) - 1);
    }
    fputs("{\n", f);
    json_kv(f, "  ", "command_line", cmd, 1);
    json_kv(f, "  ", "portbench_version", pb_version, 1);
    json_kv(f, "  ", "git_sha", pb_git_sha, 1);
    json_kv(f, "  ", "hostname", env->hostname, 1);
    json_kv(f, "  ", "started_utc", env->started, 1);
    fputs("  \"gpu\": {\n", f);
    if (env->probe.ok) {
        const pb_gpu_device *g = &env->gpu;
        snprintf(num, sizeof num, "%d", g->index);
        json_kv(f, "    ", "index", num, 1);
        json_kv(f, "    ", "name", g->name, 1);
        json_kv(f, "    ", "uuid", g->uuid, 1);
        json_kv(f, "    ", "pci_bus_id", g->pci_bus_id, 1);
        snprintf(num, sizeof num, "%.0f", g->mem_total);
        json_kv(f, "    ", "memory_bytes", num, 1);
        snprintf(num, sizeof num, "%d.%d", g->cc_major, g->cc_minor);
        json_kv(f, "    ", "compute_capability", num, 1);
        snprintf(num, sizeof num, "%d", g->sms);
        json_kv(f, "    ", "sm_count", num, 1);
        snprintf(num, sizeof num, "%d", g->sm_clock_khz / 1000);
        json_kv(f, "    ", "sm_clock_max_mhz", num, 1);
        snprintf(num, sizeof num, "%d", g->mem_clock_khz / 1000);
        json_kv(f, "    ", "mem_clock_max_mhz", num, 1);
        snprintf(num, sizeof num, "%d", env->probe.driver_version);
        json_kv(f, "    ", "cuda_driver_version", num, 1);
        json_kv(f, "    ", "profile", env->profile ? env->profile->id : "", 0);
    } else {
        json_kv(f, "    ", "absent", env->probe.why, 0);
    }
    fputs("  },\n  \"topology\": {\n", f);
    snprintf(num, sizeof num, "%d", env->topo.packages);
    json_kv(f, "    ", "packages", num, 1);
    snprintf(num, sizeof num, "%d", env->topo.cores);
    json_kv(f, "    ", "cores", num, 1);
    snprintf(num, sizeof num, "%d", env->topo.pus);
    json_kv(f, "    ", "pus", num, 1);
    snprintf(num, sizeof num, "%d", env->topo.numa_nodes);
    json_kv(f, "    ", "numa_nodes", num, 1);
    json_kv(f, "    ", "gpu_numa_node", env->topo.gpu_numa, 1);
    json_kv(f, "    ", "cpu_model", env->topo.cpu_model, 0);
    fputs("  },\n  \"workers\": {\n", f);
    /* key=value lines the workers wrote, merged */
    int first = 1;
    for (int w = 0; w < nworkers; ++w) {
        char p[PATH_MAX];
        snprintf(p, sizeof p, "%s/%s.meta", meta_dir, workers[w]);
        FILE *m = fopen(p, "r");
        if (!m)
            continue;
        char line[1024];
        while (fgets(line, sizeof line, m)) {
            line[strcspn(line, "\n")] = '\0';
            char *eq = strchr(line, '=');
            if (!eq)
                continue;
            *eq = '\0';
            if (!first)
                fputs(",\n", f);
            first = 0;
            fputs("    ", f);
            json_str(f, line);
            fputs(": ", f);
            json_str(f, eq + 1);
        }
        fclose(m);
    }
    fputs("\n  }\n}\n", f);
    fclose(f);
}

/* Decide the device index and profile from --gpu and what the driver finds. */
static int resolve_gpu(pb_options *o, pb_run_env *env)
{
    pb_gpu_probe_run(&env->probe);
    o->device = o->gpu_kind == PB_GPU_INDEX ? o->gpu_index : 0;
    if (!env->probe.ok) {
        if (o->gpu_kind == PB_GPU_MODEL && pb_gpu_profile_by_id(o->gpu_model))
            env->profile = pb_gpu_profile_by_id(o->gpu_model);
        return PB_OK;
    }
    if (o->device >= env->probe.count) {
        pb_errorf("--gpu %d: there %s only %d GPU%s (indices 0-%d)", o->device, env->probe.count == 1 ? "is" : "are",
                  env->probe.count, env->probe.count == 1 ? "" : "s", env->probe.count - 1);
        return PB_ERR;
    }
    pb_gpu_device_query(o->device, 1, &env->gpu);
    env->profile = pb_gpu_profile_match(env->gpu.name, env->gpu.mem_total / 1073741824.0);
    if (o->gpu_kind == PB_GPU_MODEL && (!env->profile || !pb_gpu_model_covers(o->gpu_model, env->profile))) {
        pb_errorf("--gpu %s does not match the GPU found: device %d is '%s' (%s); use --gpu auto%s%s", o->gpu_model,
                  o->device, env->gpu.name, env->profile ? env->profile->id : "no datasheet profile",
                  env->profile ? " or --gpu " : "", env->profile ? env->profile->id : "");
        return PB_ERR;
    }
    if (!env->profile)
        pb_errorf("warning: no datasheet profile for '%s': percent-of-peak columns stay empty", env->gpu.name);
    if (env->profile)
        pb_strlcpy(o->gpu_profile, env->profile->id, sizeof o->gpu_profile);
    return PB_OK;
}

static double meminfo_bytes(const char *key)
{
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f)
        return NAN;
    char line[256];
    double kb = NAN;
    size_t klen = strlen(key);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, klen) == 0 && line[klen] == ':') {
            kb = atof(line + klen + 1);
            break;
        }
    fclose(f);
    return kb * 1024;
}

/* Refuse sizes that cannot fit before anything is allocated. */
static int check_memory(const pb_options *o, const pb_run_env *env)
{
    int gpu_asked = 0, host_asked = 0;
    for (size_t i = 0; i < pb_nbackend_specs; ++i)
        if (o->backends & (1u << i)) {
            gpu_asked |= pb_backend_specs[i].gpu;
            host_asked |= !pb_backend_specs[i].gpu;
        }
    host_asked |= o->allow_host_fallback;
    double host_total = meminfo_bytes("MemTotal"), host_avail = meminfo_bytes("MemAvailable");
    for (int t = 0; t < o->ndtypes; ++t)
        for (int s = 0; s < o->nsizes; ++s) {
            pb_case c = {o->bench, o->dtypes[t], o->sizes[s], {0}};
            for (int p = 0; p < o->bench->nparams; ++p) /* the largest parameter values */
                for (int k = 0; k < o->nparams[p]; ++k)
                    if (o->params[p][k] > c.param[p])
                        c.param[p] = o->params[p][k];
            char why[256];
            if (o->bench->validate && o->bench->validate(&c, why, sizeof why) != PB_OK) {
                pb_errorf("%s", why);
                return PB_ERR;
            }
            double dev_bytes = pb_case_total_bytes(&c);
            double host_bytes = 2 * dev_bytes; /* inputs + output copy + reference, roughly */
            const char *sz = o->bench->size_option + 2;
            if (gpu_asked && env->probe.ok && !isnan(env->gpu.mem_free) && dev_bytes > 0.97 * env->gpu.mem_free) {
                pb_errorf("%s=%zu (%s) needs %.2f GiB of device memory, but %s has %.2f GiB free", sz, c.n,
                          pb_dtype_name(c.dtype), dev_bytes / 1073741824.0, env->gpu.name,
                          env->gpu.mem_free / 1073741824.0);
                return PB_ERR;
            }
            if (host_bytes > host_total) {
                pb_errorf("%s=%zu (%s) needs about %.2f GiB of host memory, but this machine has %.2f GiB", sz, c.n,
                          pb_dtype_name(c.dtype), host_bytes / 1073741824.0, host_total / 1073741824.0);
                return PB_ERR;
            }
            if ((host_asked || gpu_asked) && host_bytes > host_avail)
                pb_errorf("warning: %s=%zu (%s) needs about %.2f GiB of host memory; %.2f GiB are available", sz,
                          c.n, pb_dtype_name(c.dtype), host_bytes / 1073741824.0, host_avail / 1073741824.0);
        }
    return PB_OK;
}

/* Rows for a backend whose worker could not run at all. */
static void skip_rows(const pb_options *o, const pb_backend_spec *spec, const char *why, pb_rowset *rows)
{
    if (spec->library && (!o->bench->lib_backend || strcmp(spec->cli, o->bench->lib_backend) != 0))
        return; /* this library has no variant of the benchmark */
    const char *libname = spec->library ? "lib" : !spec->gpu ? "baseline" : NULL;
    int idx[PB_MAX_PARAMS];
    for (int t = 0; t < o->ndtypes; ++t)
        for (int s = 0; s < o->nsizes; ++s) {
            memset(idx, 0, sizeof idx);
            do {
                pb_case c;
                pb_options_case(o, t, s, idx, &c);
                for (int v = 0; libname ? v < 1 : o->bench->variants[v] != NULL; ++v) {
                    if (!libname && !(o->variants & (1u << v)))
                        continue;
                    pb_row r;
                    pb_row_init(&r);
                    pb_strlcpy(r.benchmark, o->bench->name, sizeof r.benchmark);
                    pb_strlcpy(r.variant, libname ? libname : o->bench->variants[v], sizeof r.variant);
                    pb_strlcpy(r.backend, spec->backend, sizeof r.backend);
                    pb_strlcpy(r.compiler, spec->compiler, sizeof r.compiler);
                    pb_strlcpy(r.dtype, pb_dtype_name(c.dtype), sizeof r.dtype);
                    r.size = (double)c.n;
                    pb_case_params_string(&c, r.params, sizeof r.params);
                    pb_strlcpy(r.verified, "SKIP", sizeof r.verified);
                    pb_strlcpy(r.git_sha, pb_git_sha, sizeof r.git_sha);
                    pb_strlcpy(r.note, why, sizeof r.note);
                    pb_rowset_push(rows, &r);
                }
            } while (pb_options_next_combo(o, idx));
        }
}

/* One line per distinct reason for skipped rows, naming the backends it hit. */
static void print_skip_reasons(const pb_rowset *rows)
{
    enum { MAX_REASONS = 32 };
    const char *note[MAX_REASONS];
    char who[MAX_REASONS][256];
    int n = 0;
    for (size_t i = 0; i < rows->n; ++i) {
        const pb_row *r = &rows->rows[i];
        if (strcmp(r->verified, "SKIP") != 0)
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
        snprintf(one, sizeof one, "%s/%s", r->backend, r->compiler);
        if (!strstr(who[k], one)) {
            strncat(who[k], who[k][0] ? ", " : "", sizeof who[k] - strlen(who[k]) - 1);
            strncat(who[k], one, sizeof who[k] - strlen(who[k]) - 1);
        }
    }
    for (int k = 0; k < n; ++k)
        printf("  skipped %s: %s\n", who[k], note[k]);
}

static void remove_tree(const char *dir, const char *const *workers, int n)
{
    char p[PATH_MAX];
    for (int w = 0; w < n; ++w) {
        snprintf(p, sizeof p, "%s/%s.csv", dir, workers[w]);
        unlink(p);
        snprintf(p, sizeof p, "%s/%s.meta", dir, workers[w]);
        unlink(p);
    }
    rmdir(dir);
}

/* Find the GPU, check memory, summarise the host; announce what was found. */
static int prepare_env(pb_options *o, pb_run_env *env)
{
    memset(env, 0, sizeof *env);
    gethostname(env->hostname, sizeof env->hostname - 1);
    time_t now = time(NULL);
    strftime(env->started, sizeof env->started, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    if (resolve_gpu(o, env) != PB_OK || check_memory(o, env) != PB_OK)
        return PB_ERR;
    pb_topo_summary(env->probe.ok ? env->gpu.pci_bus_id : NULL, &env->topo);
    if (!o->quiet) {
        if (env->probe.ok)
            fprintf(stderr, "portbench: GPU %d: %s (%s), %.1f GiB, driver %d\n", o->device, env->gpu.name,
                    env->profile ? env->profile->id : "no profile", env->gpu.mem_total / 1073741824.0,
                    env->probe.driver_version);
        else
            fprintf(stderr, "portbench: no GPU (%s): GPU backends will be skipped%s\n", env->probe.why,
                    o->allow_host_fallback ? "; OpenMP target code runs on the host" : "");
        fprintf(stderr, "portbench: host %s: %d cores, %d NUMA node(s), GPU near NUMA node %s\n", env->hostname,
                env->topo.cores, env->topo.numa_nodes, env->topo.gpu_numa);
    }
    return PB_OK;
}

/* The measured ceilings of this GPU: 1 loaded, 0 none (no GPU, or no default file),
 * -1 error (an explicit --ceilings file that cannot be read). */
static int load_ceilings(const pb_options *o, const pb_run_env *env, pb_ceilings *c)
{
    char path[PATH_MAX], err[PATH_MAX + 128];
    if (o->ceilings[0]) {
        if (pb_ceilings_read(o->ceilings, c, err, sizeof err) != 0) {
            pb_errorf("%s", err);
            return -1;
        }
        if (env->probe.ok && strcmp(c->uuid, env->gpu.uuid) != 0)
            pb_errorf("warning: %s was measured on %s (%s), not on this GPU (%s)", o->ceilings, c->device, c->uuid,
                      env->gpu.uuid);
        return 1;
    }
    if (!env->probe.ok)
        return 0;
    pb_ceilings_default_path(env->gpu.uuid, path, sizeof path);
    if (access(path, R_OK) != 0)
        return 0;
    if (pb_ceilings_read(path, c, err, sizeof err) != 0) {
        pb_errorf("warning: %s (ignored)", err);
        return 0;
    }
    return 1;
}

/* Run one worker per compiler for the backends in o, appending their rows; workers
 * started are added to workers[] (once each, for the metadata). Returns 1 if a worker
 * crashed or could not run, 0 otherwise, -1 on an internal error. */
static int run_workers(pb_options *o, const char *tmpdir, pb_rowset *rows, const char **workers, int *nworkers)
{
    int worker_failed = 0;
    unsigned done = 0; /* specs whose worker ran in this call */
    for (size_t i = 0; i < pb_nbackend_specs; ++i) {
        if (!(o->backends & (1u << i)) || (done & (1u << i)))
            continue;
        const char *w = pb_backend_specs[i].worker;
        int seen = 0;
        for (int k = 0; k < *nworkers; ++k)
            seen |= strcmp(workers[k], w) == 0;
        if (!seen)
            workers[(*nworkers)++] = w;
        unsigned mask = 0; /* every requested backend this worker holds */
        for (size_t j = 0; j < pb_nbackend_specs; ++j)
            if ((o->backends & (1u << j)) && strcmp(pb_backend_specs[j].worker, w) == 0)
                mask |= 1u << j;
        done |= mask;
        snprintf(o->emit, sizeof o->emit, "%s/%s.csv", tmpdir, w);
        snprintf(o->meta, sizeof o->meta, "%s/%s.meta", tmpdir, w);
        static char *wargv[256];
        static char store[64 * 1024];
        wargv[0] = (char *)w;
        if (pb_options_to_argv(o, mask, wargv + 1, 254, store, sizeof store) < 0) {
            pb_errorf("internal error: worker command line too long");
            return -1;
        }
        if (!o->quiet)
            fprintf(stderr, "portbench: running %s\n", w);
        unlink(o->emit);
        int rc = pb_run_worker(w, wargv);
        char why[256] = "";
        if (rc == 127)
            snprintf(why, sizeof why, "backend not built: %s/%s not found", pb_libexec_dir(), w);
        else if (rc > 128) {
            snprintf(why, sizeof why, "%s crashed (signal %d)", w, rc - 128);
            worker_failed = 1;
        } else if (rc == 2 || rc == 126) {
            snprintf(why, sizeof why, "%s could not run (exit status %d)", w, rc);
            worker_failed = 1;
        }
        pb_rowset got = {0};
        char rerr[512];
        if (access(o->emit, R_OK) == 0 && pb_csv_read(o->emit, &got, rerr, sizeof rerr) != 0) {
            pb_errorf("%s", rerr);
            worker_failed = 1;
        }
        for (size_t k = 0; k < got.n; ++k)
            pb_rowset_push(rows, &got.rows[k]);
        pb_rowset_free(&got);
        if (why[0]) {
            pb_errorf("%s", why);
            if (rc == 127)
                for (size_t j = 0; j < pb_nbackend_specs; ++j)
                    if (mask & (1u << j))
                        skip_rows(o, &pb_backend_specs[j], why, rows);
        }
    }
    return worker_failed;
}

/* The directory where the workers leave their rows and metadata (template in dir). */
static int make_tmpdir(char *dir)
{
    if (mkdtemp(dir))
        return 0;
    pb_errorf("cannot create a temporary directory in /tmp");
    return -1;
}

/* The CSV of a run and its FILE.meta.json. 0, or -1 after saying what failed. */
static int write_results(const char *csv, const pb_rowset *rows, int argc, char **argv, const pb_run_env *env,
                         const char *tmpdir, const char *const *workers, int nworkers, int quiet)
{
    FILE *f = fopen(csv, "w");
    if (!f) {
        pb_errorf("cannot write %s", csv);
        return -1;
    }
    pb_csv_write_header(f);
    for (size_t i = 0; i < rows->n; ++i)
        pb_csv_write_row(f, &rows->rows[i]);
    if (fclose(f) != 0) {
        pb_errorf("writing %s failed", csv);
        return -1;
    }
    char meta[PATH_MAX + 16];
    snprintf(meta, sizeof meta, "%s.meta.json", csv);
    write_meta_json(meta, argc, argv, env, tmpdir, workers, nworkers);
    if (!quiet)
        fprintf(stderr, "portbench: wrote %s and %s\n", csv, meta);
    return 0;
}

static int cmd_bench(const pb_bench *b, int argc, char **argv, int full_argc, char **full_argv)
{
    static pb_options o;
    char err[512];
    pb_options_defaults(&o, b);
    pb_record_opts rec; /* --record and --label are the driver's own: taken out before parsing */
    char *kept[argc + 1];
    int nkept;
    if (pb_record_take_options(argc, argv, kept, &nkept, &rec, err, sizeof err) != 0) {
        pb_errorf("%s", err);
        return 2;
    }
    argc = nkept;
    argv = kept;
    if (pb_wants_help(argc, argv)) {
        pb_print_bench_help(stdout, b);
        pb_record_print_help(stdout);
        return 0;
    }
    if (pb_options_parse(&o, argc, argv, 0, err, sizeof err) != PB_OK) {
        pb_errorf("%s", err);
        return 2;
    }
    pb_options_finish(&o);

    static pb_run_env env;
    if (prepare_env(&o, &env) != PB_OK)
        return 2;
    pb_ceilings ceil;
    int have_ceilings = load_ceilings(&o, &env, &ceil);
    if (have_ceilings < 0)
        return 2;

    char tmpdir[] = "/tmp/portbench.XXXXXX";
    if (make_tmpdir(tmpdir) != 0)
        return 2;
    pb_rowset rows = {0};
    const char *workers[8];
    int nworkers = 0, worker_failed = run_workers(&o, tmpdir, &rows, workers, &nworkers);
    if (worker_failed < 0)
        return 2;

    pb_rows_apply_clock(&rows, o.clock);
    if (have_ceilings)
        pb_ceilings_apply(&rows, &ceil);
    pb_rows_speedup(&rows);
    pb_table_print(stdout, &rows);
    int failed = 0, skipped = 0;
    for (size_t i = 0; i < rows.n; ++i) {
        failed += strcmp(rows.rows[i].verified, "FAIL") == 0;
        skipped += strcmp(rows.rows[i].verified, "SKIP") == 0;
    }
    printf("\n%zu rows: %zu passed, %d failed, %d skipped\n", rows.n, rows.n - (size_t)failed - (size_t)skipped,
           failed, skipped);
    if (skipped)
        print_skip_reasons(&rows);
    if (o.csv[0] && write_results(o.csv, &rows, full_argc, full_argv, &env, tmpdir, workers, nworkers, o.quiet))
        failed = 1;
    if (rec.on) {
        char run[PATH_MAX], meta[PATH_MAX + 32];
        const char *gpu = !env.probe.ok ? NULL : env.profile ? env.profile->id : env.gpu.name;
        if (pb_record_run(&rec, gpu, b->name, &rows, full_argc, full_argv, run, sizeof run, err, sizeof err) != 0) {
            pb_errorf("%s", err);
            failed = 1;
        } else {
            snprintf(meta, sizeof meta, "%s/%s", run, PB_RECORD_META);
            write_meta_json(meta, full_argc, full_argv, &env, tmpdir, workers, nworkers);
            if (!o.quiet)
                fprintf(stderr, "portbench: recorded the run in %s\n", run);
        }
    }
    remove_tree(tmpdir, workers, nworkers);
    pb_rowset_free(&rows);
    return failed || worker_failed ? 1 : 0;
}

/* One measurement of `ceilings`: bench's variants (a list, or "all") on backends (comma
 * list) at sizes, dtypes, with the shared options of `base`. */
static int ceiling_run(const pb_options *base, const char *bench, const char *variants, const char *backends,
                       const char *sizes, const char *dtypes, const char *tmpdir, pb_rowset *rows, const char **workers,
                       int *nworkers)
{
    static pb_options o;
    char err[256];
    pb_options_defaults(&o, pb_bench_find(bench));
    if (pb_parse_variants(o.bench, variants, &o.variants, err, sizeof err) != PB_OK) {
        pb_errorf("internal error: %s", err);
        return -1;
    }
    o.warmup = base->warmup;
    o.reps = base->reps;
    o.time_budget = base->time_budget;
    o.quiet = base->quiet;
    o.device = base->device;
    pb_strlcpy(o.clock, base->clock, sizeof o.clock);
    pb_strlcpy(o.gpu_profile, base->gpu_profile, sizeof o.gpu_profile);
    o.no_baselines = 1;
    if (pb_parse_backends(backends, &o.backends, err, sizeof err) || pb_parse_sizes(sizes, o.sizes, PB_MAX_SIZES,
                                                                                   &o.nsizes, err, sizeof err)) {
        pb_errorf("internal error: %s", err);
        return -1;
    }
    char dt[32];
    pb_strlcpy(dt, dtypes, sizeof dt);
    o.ndtypes = 0;
    for (char *save = NULL, *t = strtok_r(dt, ",", &save); t; t = strtok_r(NULL, ",", &save))
        pb_dtype_parse(t, &o.dtypes[o.ndtypes++]);
    return run_workers(&o, tmpdir, rows, workers, nworkers);
}

/* portbench ceilings: measure this GPU's sustained bandwidth (largest stream result,
 * CUDA and clang OpenMP), a device-to-device cudaMemcpy, and the FP32/FP64 FMA rates;
 * store them for the benchmark commands' pct_measured_* columns. */
static int cmd_ceilings(int argc, char **argv, int full_argc, char **full_argv)
{
    static pb_options o;
    char err[512];
    if (pb_wants_help(argc, argv)) {
        printf("usage: portbench ceilings [--gpu SPEC] [--n LIST] [--reps N] [--warmup N] [--clock host|device]\n"
               "                          [--ceilings FILE] [--csv FILE] [--quiet]\n"
               "  Measures the sustained bandwidth of each access pattern, the largest verified result of:\n"
               "  read + write: stream (kernel and best, CUDA and clang OpenMP); read only: a sum (reduce best,\n"
               "  CUDA and clang OpenMP, and CUB); write only: fill (kernel and best, CUDA and clang OpenMP, and\n"
               "  cudaMemset); each in float and double at the --n sizes (default 2^25..2^28); a device-to-device\n"
               "  cudaMemcpy (same sizes, for reference) and the FP32/FP64 FMA rates (CUDA and clang OpenMP,\n"
               "  n = 2^22..2^26, chain 1024), and writes them to\n"
               "  FILE (default: a per-GPU file in $PORTBENCH_CEILINGS_DIR or ~/.cache/portbench), which the\n"
               "  benchmark commands read to fill pct_measured_bw (against the ceiling of the benchmark's access\n"
               "  pattern) and pct_measured_flops.\n");
        return 0;
    }
    pb_options_defaults(&o, pb_bench_find("stream"));
    o.nsizes = 0;
    if (pb_options_parse(&o, argc, argv, 0, err, sizeof err) != PB_OK) {
        pb_errorf("%s", err);
        return 2;
    }
    o.backends = 1u << pb_backend_spec_find("cuda");
    static pb_run_env env;
    if (prepare_env(&o, &env) != PB_OK)
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
    char tmpdir[] = "/tmp/portbench.XXXXXX";
    if (make_tmpdir(tmpdir) != 0)
        return 2;
    pb_rowset rows = {0};
    const char *workers[8];
    int nworkers = 0, failed = 0;
    /* read + write (stream), read only (a sum: reduce best and CUB), write only (fill best
     * and cudaMemset), the cudaMemcpy reference, and the FMA rates */
    failed |= ceiling_run(&o, "stream", "all", "cuda,omp@clang", sizes, "float,double", tmpdir, &rows, workers,
                          &nworkers);
    failed |= ceiling_run(&o, "reduce", "best", "cuda,omp@clang,cub", sizes, "float,double", tmpdir, &rows, workers,
                          &nworkers);
    failed |= ceiling_run(&o, "fill", "all", "cuda,omp@clang,cudart", sizes, "float,double", tmpdir, &rows, workers,
                          &nworkers);
    failed |= ceiling_run(&o, "copy", "all", "cudart", sizes, "double", tmpdir, &rows, workers, &nworkers);
    failed |= ceiling_run(&o, "fma", "all", "cuda,omp@clang", "2^22,2^24,2^26", "float,double", tmpdir, &rows, workers,
                          &nworkers);
    pb_rows_apply_clock(&rows, o.clock);
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
        if (strcmp(rows.rows[i].clock, "device") == 0)
            pb_strlcpy(c.clock, "device", sizeof c.clock);
    for (size_t i = 0; i < rows.n; ++i)
        failed |= strcmp(rows.rows[i].verified, "PASS") != 0;
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
    if (failed || c.stream_gbs <= 0 || c.read_gbs <= 0 || c.write_gbs <= 0 || c.fma_fp32_gflops <= 0 ||
        c.fma_fp64_gflops <= 0) {
        pb_errorf("a ceiling measurement failed or was skipped: %s not written", path);
        failed = 1;
    } else if (pb_ceilings_write(path, &c, err, sizeof err) != 0) {
        pb_errorf("%s", err);
        failed = 1;
    } else {
        printf("written to %s\n", path);
    }
    if (o.csv[0] && write_results(o.csv, &rows, full_argc, full_argv, &env, tmpdir, workers, nworkers, o.quiet))
        failed = 1;
    remove_tree(tmpdir, workers, nworkers);
    pb_rowset_free(&rows);
    return failed ? 1 : 0;
}

int main(int argc, char **argv)
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
    if (strcmp(cmd, "help") == 0) {
        const pb_bench *b = argc > 2 ? pb_bench_find(argv[2]) : NULL;
        if (argc > 2 && pb_tools_help(argv[2], stdout) == 0)
            return 0;
        if (b)
            pb_print_bench_help(stdout, b);
        else
            usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "list") == 0)
        return cmd_list();
    if (strcmp(cmd, "ceilings") == 0)
        return cmd_ceilings(argc - 2, argv + 2, argc, argv);
    if (strcmp(cmd, "tune") == 0)
        return pb_cmd_tune(argc - 2, argv + 2);
    if (strcmp(cmd, "compare") == 0)
        return pb_cmd_compare(argc - 2, argv + 2, stdout);
    if (strcmp(cmd, "history") == 0)
        return pb_cmd_history(argc - 2, argv + 2, stdout);
    if (strcmp(cmd, "report") == 0)
        return pb_cmd_report(argc - 2, argv + 2, stdout);
    if (strcmp(cmd, "columns") == 0) { /* the CSV layout, as a markdown table */
        printf("| column | meaning |\n|---|---|\n");
        for (size_t i = 0; i < pb_csv_ncolumns(); ++i)
            printf("| `%s` | %s |\n", pb_csv_column_name(i), pb_csv_column_doc(i));
        return 0;
    }
    const pb_bench *b = pb_bench_find(cmd);
    if (b)
        return cmd_bench(b, argc - 2, argv + 2, argc, argv);
    pb_errorf("unknown command '%s' (try 'portbench --help')", cmd);
    return 2;
}
