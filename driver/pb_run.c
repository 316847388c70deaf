#define _GNU_SOURCE
#include "pb_run.h"
#include "pb_backends.h"
#include "pb_bench.h"
#include "pb_energy.h"
#include "pb_nvml.h"
#include "pb_output.h"
#include "pb_progress.h"
#include "pb_stream.h"
#include "pb_version.h"
#include "pb_workers.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- preparing ---- */

/* A readable name of --gpu for messages. */
static void gpu_spec_text(const pb_options *o, char *buf, size_t cap)
{
    if (o->gpu_kind == PB_GPU_MODEL)
        snprintf(buf, cap, "%s", o->gpu_model);
    else if (o->gpu_kind == PB_GPU_ALL)
        snprintf(buf, cap, "all");
    else {
        buf[0] = '\0';
        for (int k = 0; k < o->ngpu_list; ++k) {
            size_t n = strlen(buf);
            snprintf(buf + n, cap - n, "%s%d", k ? "," : "", o->gpu_list[k]);
        }
    }
}

/* The GPUs of the run from --gpu and what the driver finds. */
static int resolve_gpu(pb_options *o, pb_run_env *env)
{
    char spec[128];
    gpu_spec_text(o, spec, sizeof spec);
    pb_gpu_probe_run(&env->probe);
    const char *fake = getenv("PB_TEST_FAKE_GPUS"); /* test hook: N GPUs that are not there */
    if (!env->probe.ok && fake && atoi(fake) > 0) {
        env->probe.ok = 1;
        env->probe.count = atoi(fake) < PB_MAX_GPUS ? atoi(fake) : PB_MAX_GPUS;
    }
    o->device = o->gpu_kind == PB_GPU_INDEX ? o->gpu_list[0] : 0;
    if (!env->probe.ok) {
        if (o->gpu_kind != PB_GPU_AUTO) {
            pb_errorf("--gpu %s: no GPU found (%s)", spec, env->probe.why);
            return PB_ERR;
        }
        return PB_OK;
    }
    int idx[PB_MAX_GPUS], n = 0;
    if (o->mpi_local_rank >= 0 && o->mpi_local_rank >= env->probe.count) {
        /* more ranks than GPUs on this node: this rank has none, and its workers must
         * not find one either */
        snprintf(env->probe.why, sizeof env->probe.why, "no GPU for node-local rank %d (%d GPU%s on this node)",
                 o->mpi_local_rank, env->probe.count, env->probe.count == 1 ? "" : "s");
        env->probe.ok = 0;
        setenv("CUDA_VISIBLE_DEVICES", "", 1);
        return PB_OK;
    }
    if (o->mpi_local_rank >= 0)
        idx[n++] = o->mpi_local_rank;
    else if (o->gpu_kind == PB_GPU_ALL)
        for (int k = 0; k < env->probe.count && k < PB_MAX_GPUS; ++k)
            idx[n++] = k;
    else if (o->gpu_kind == PB_GPU_INDEX)
        for (int k = 0; k < o->ngpu_list; ++k)
            idx[n++] = o->gpu_list[k];
    else
        idx[n++] = 0;
    if (o->mpi_local_rank >= 0 && o->gpu_kind == PB_GPU_MODEL)
        n = 1; /* the local rank's GPU, checked against the model below */
    for (int k = 0; k < n; ++k) {
        if (idx[k] >= env->probe.count) {
            pb_errorf("--gpu %s: there %s only %d GPU%s (indices 0-%d)", spec, env->probe.count == 1 ? "is" : "are",
                      env->probe.count, env->probe.count == 1 ? "" : "s", env->probe.count - 1);
            return PB_ERR;
        }
        pb_gpu_device *g = &env->gpus[k];
        if (fake && pb_gpu_device_query(idx[k], 1, g) != 0) {
            memset(g, 0, sizeof *g);
            snprintf(g->name, sizeof g->name, "fake GPU %d", idx[k]);
            snprintf(g->uuid, sizeof g->uuid, "GPU-fake-%d", idx[k]);
            g->mem_free = NAN;
        } else if (!fake) {
            pb_gpu_device_query(idx[k], 1, g);
        }
        g->index = idx[k];
        env->profiles[k] = pb_gpu_profile_match(g->name, g->mem_total / 1073741824.0);
        if (o->gpu_kind == PB_GPU_MODEL && (!env->profiles[k] || !pb_gpu_model_covers(o->gpu_model, env->profiles[k]))) {
            pb_errorf("--gpu %s does not match the GPU found: device %d is '%s' (%s); use --gpu auto%s%s", o->gpu_model,
                      idx[k], g->name, env->profiles[k] ? env->profiles[k]->id : "no datasheet profile",
                      env->profiles[k] ? " or --gpu " : "", env->profiles[k] ? env->profiles[k]->id : "");
            return PB_ERR;
        }
        if (!env->profiles[k])
            pb_errorf("warning: no datasheet profile for '%s': percent-of-peak columns stay empty", g->name);
    }
    env->ngpus = n;
    env->gpu = env->gpus[0];
    env->profile = env->profiles[0];
    o->device = env->gpu.index;
    pb_strlcpy(o->gpu_uuid, env->gpu.uuid, sizeof o->gpu_uuid);
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

static int asked(const pb_options *o, size_t i) { return (o->backends >> i) & 1u; }

/* Refuse sizes that cannot fit before anything is allocated. */
static int check_memory(const pb_options *o, const pb_run_env *env)
{
    int gpu_asked = 0, host_asked = o->allow_host_fallback;
    for (size_t i = 0; i < pb_backend_count(); ++i)
        if (asked(o, i)) {
            gpu_asked |= pb_backend_at(i)->gpu;
            host_asked |= !pb_backend_at(i)->gpu;
        }
    char why[256];
    if (pb_options_check_cases(o, why, sizeof why) != PB_OK) {
        pb_errorf("%s", why);
        return PB_ERR;
    }
    double host_total = meminfo_bytes("MemTotal"), host_avail = meminfo_bytes("MemAvailable");
    for (int t = 0; t < o->ndtypes; ++t)
        for (int s = 0; s < o->nsizes; ++s) {
            pb_case c = {o->bench, o->dtypes[t], o->sizes[s], {0}};
            for (int p = 0; p < o->bench->nparams; ++p) /* the largest parameter values */
                for (int k = 0; k < o->nparams[p]; ++k)
                    if (o->params[p][k] > c.param[p])
                        c.param[p] = o->params[p][k];
            double dev_bytes = pb_case_total_bytes(&c);
            double host_bytes = 2 * dev_bytes; /* inputs + output copy + reference, roughly */
            const char *sz = o->bench->size_option + 2;
            for (int g = 0; g < env->ngpus && gpu_asked; ++g) {
                const pb_gpu_device *d = &env->gpus[g];
                if (!isnan(d->mem_free) && dev_bytes > 0.97 * d->mem_free) {
                    pb_errorf("%s=%zu (%s) needs %.2f GiB of device memory, but GPU %d (%s) has %.2f GiB free", sz, c.n,
                              pb_dtype_name(c.dtype), dev_bytes / 1073741824.0, d->index, d->name,
                              d->mem_free / 1073741824.0);
                    return PB_ERR;
                }
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

/* A backend named on the command line must exist in this installation. */
static int check_built(const pb_options *o)
{
    for (size_t i = 0; i < pb_backend_count(); ++i) {
        const pb_backend_spec *s = pb_backend_at(i);
        if (!((o->backends_named >> i) & 1u) || pb_backend_built(s, pb_libexec_dir()))
            continue;
        char built[1024] = "";
        for (size_t j = 0; j < pb_backend_count(); ++j)
            if (pb_backend_built(pb_backend_at(j), pb_libexec_dir())) {
                size_t k = strlen(built);
                snprintf(built + k, sizeof built - k, "%s%s", k ? ", " : "", pb_backend_at(j)->cli);
            }
        pb_errorf("--backend %s: not built in this installation (%s/%s is missing); built: %s", s->cli,
                  pb_libexec_dir(), s->worker, built[0] ? built : "none");
        return PB_ERR;
    }
    return PB_OK;
}

int pb_run_prepare(pb_options *o, pb_run_env *env)
{
    memset(env, 0, sizeof *env);
    gethostname(env->hostname, sizeof env->hostname - 1);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    strftime(env->started, sizeof env->started, "%Y-%m-%dT%H:%M:%SZ", gmtime(&ts.tv_sec));
    env->started_unix_us = (double)ts.tv_sec * 1e6 + (double)(ts.tv_nsec / 1000);
    double startup, interval;
    char err[160];
    if (pb_startup_timeout(&startup, err, sizeof err) != PB_OK ||
        pb_progress_interval(&interval, err, sizeof err) != PB_OK) {
        pb_errorf("%s", err);
        return PB_ERR;
    }
    if (check_built(o) != PB_OK || resolve_gpu(o, env) != PB_OK || check_memory(o, env) != PB_OK)
        return PB_ERR;
    pb_topo_summary(env->probe.ok ? env->gpu.pci_bus_id : NULL, &env->topo);
    for (int g = 0; g < env->ngpus; ++g) {
        pb_topo t;
        pb_topo_summary(env->gpus[g].pci_bus_id, &t);
        pb_strlcpy(env->gpu_numa[g], t.gpu_numa, sizeof env->gpu_numa[g]);
    }
    if (o->threads && env->topo.ok && o->threads > env->topo.pus) {
        pb_errorf("--threads %d: this machine has %d hardware threads", o->threads, env->topo.pus);
        return PB_ERR;
    }
    if (!o->quiet) {
        for (int g = 0; g < env->ngpus; ++g)
            fprintf(stderr, "portbench: GPU %d: %s (%s), %.1f GiB, driver %d, near NUMA node %s\n", env->gpus[g].index,
                    env->gpus[g].name, env->profiles[g] ? env->profiles[g]->id : "no profile",
                    env->gpus[g].mem_total / 1073741824.0, env->probe.driver_version, env->gpu_numa[g]);
        if (env->ngpus > 1)
            fprintf(stderr, "portbench: %d GPUs %s, one process each%s\n", env->ngpus,
                    o->gpu_serial ? "one after another" : "at once (contention is part of the measurement)",
                    ", bound to the cores and memory nearest its GPU");
        if (!env->probe.ok)
            fprintf(stderr, "portbench: no GPU (%s): GPU backends will be skipped%s\n", env->probe.why,
                    o->allow_host_fallback ? "; OpenMP target code runs on the host" : "");
        fprintf(stderr, "portbench: host %s: %d cores, %d NUMA node(s)\n", env->hostname, env->topo.cores,
                env->topo.numa_nodes);
    }
    return PB_OK;
}

/* ---- the temporary directory ---- */

int pb_run_begin(pb_run_log *log)
{
    memset(log, 0, sizeof *log);
    const char *t = getenv("TMPDIR");
    /* room below it for the workers' files, whose paths go to them whole */
    if ((size_t)snprintf(log->tmpdir, sizeof log->tmpdir, "%s/portbench.XXXXXX", t && *t ? t : "/tmp") >=
            PATH_MAX - 128 ||
        !mkdtemp(log->tmpdir)) {
        pb_errorf("cannot create a temporary directory in %s: %s", t && *t ? t : "/tmp", strerror(errno));
        return PB_ERR;
    }
    return PB_OK;
}

/* rm -r of a directory holding files and directories of files. */
static void remove_tree(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL)
            if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
                char p[PATH_MAX + 300];
                snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
                if (unlink(p) != 0 && depth < 2)
                    remove_tree(p, depth + 1);
            }
        closedir(d);
    }
    rmdir(dir);
}

void pb_run_end(pb_run_log *log)
{
    if (!log->tmpdir[0])
        return;
    remove_tree(log->tmpdir, 0);
    log->tmpdir[0] = '\0';
}

/* ---- the plan: every row of the run, once ---- */

static int variant_wanted(const pb_options *o, const char *variant)
{
    for (int k = 0; o->bench->variants[k]; ++k)
        if (strcmp(o->bench->variants[k], variant) == 0)
            return (o->variants >> k) & 1u;
    return 1; /* lib and baseline rows come with their backend */
}

/* 1 if every backend of mask has a variant in the worker's listing (a listing that omits
 * a requested backend would make its rows vanish). */
static int listing_covers(pb_backend_mask mask, const pb_worker_variant *list, int nlist, char *why, size_t cap)
{
    for (size_t i = 0; i < pb_backend_count(); ++i) {
        if (!((mask >> i) & 1u))
            continue;
        int found = 0;
        for (int k = 0; k < nlist && !found; ++k)
            found = strcmp(list[k].backend, pb_backend_at(i)->backend) == 0;
        if (!found) {
            snprintf(why, cap, "%s: unreadable variant listing: no variant of backend %s", pb_backend_at(i)->worker,
                     pb_backend_at(i)->backend);
            return 0;
        }
    }
    return 1;
}

void pb_run_plan_free(pb_run_plan *rp)
{
    pb_plan_free(&rp->plan);
    free(rp->item);
    rp->item = NULL;
    rp->item_cap = 0;
}

/* One item: plan backend b (table entry spec) of case k, its compiler from the listing
 * entry v (NULL: the table's). */
static int add_item(pb_run_plan *rp, long *id, size_t k, int b, int spec, const char *variant,
                    const pb_worker_variant *v)
{
    pb_plan *p = &rp->plan;
    size_t i = p->nitems;
    if (pb_plan_add_item(p, (*id)++, k, b, variant) != 0)
        return PB_ERR;
    if (rp->item_cap < p->items_cap) { /* item[] grows with the plan's items */
        pb_run_item *t = realloc(rp->item, p->items_cap * sizeof *t);
        if (!t)
            return PB_ERR;
        rp->item = t;
        rp->item_cap = p->items_cap;
    }
    pb_run_item *it = &rp->item[i];
    const pb_backend_spec *s = pb_backend_at((size_t)spec);
    it->spec = spec;
    pb_strlcpy(it->compiler, v ? v->compiler : s->compiler, sizeof it->compiler);
    pb_strlcpy(it->version, v ? v->version : "", sizeof it->version);
    pb_strlcpy(it->toolchain, v ? v->toolchain : s->toolchain, sizeof it->toolchain);
    return PB_OK;
}

/* The items of plan backend b (table entry spec) for case k: from its worker's listing,
 * else (a worker that is not built or cannot start) from the variants the benchmark
 * declares. */
static int add_items(pb_run_plan *rp, const pb_options *o, int b, int spec, size_t k, const pb_worker_variant *list,
                     int nlist, long *id)
{
    const pb_backend_spec *s = pb_backend_at((size_t)spec);
    pb_dtype dt = rp->plan.cases[k].dtype;
    if (nlist >= 0) {
        for (int v = 0; v < nlist; ++v)
            if (!strcmp(list[v].backend, s->backend) && !strcmp(list[v].benchmark, o->bench->name) &&
                (list[v].dtypes & (1u << dt)) && variant_wanted(o, list[v].variant) &&
                add_item(rp, id, k, b, spec, list[v].variant, &list[v]) != PB_OK)
                return PB_ERR;
        return PB_OK;
    }
    if (s->library) /* a library has at most the benchmark's library row */
        return o->bench->lib_backend && strcmp(o->bench->lib_backend, s->cli) == 0
                   ? add_item(rp, id, k, b, spec, "lib", NULL)
                   : PB_OK;
    if (!s->gpu)
        return add_item(rp, id, k, b, spec, "baseline", NULL);
    for (int v = 0; o->bench->variants[v]; ++v)
        if (((o->variants >> v) & 1u) && add_item(rp, id, k, b, spec, o->bench->variants[v], NULL) != PB_OK)
            return PB_ERR;
    return PB_OK;
}

int pb_run_plan_build(const pb_options *o, pb_run_plan *rp)
{
    memset(rp, 0, sizeof *rp);
    pb_plan *p = &rp->plan;
    pb_plan_init(p, o->bench);
    pb_plan_settings(p, o);
    /* the cases: every dtype, size and parameter combination, in the order a worker runs them */
    int idx[PB_MAX_PARAMS];
    for (int t = 0; t < o->ndtypes; ++t)
        for (int sz = 0; sz < o->nsizes; ++sz) {
            memset(idx, 0, sizeof idx);
            do {
                pb_case c;
                pb_options_case(o, t, sz, idx, &c);
                pb_plan_case pc = {c.dtype, c.n, {0}};
                memcpy(pc.param, c.param, sizeof pc.param);
                if (pb_plan_add_case(p, &pc) < 0)
                    return PB_ERR;
            } while (pb_options_next_combo(o, idx));
        }
    /* the workers in the backend table's order, each with every backend asked of it */
    long id = 0;
    for (size_t i = 0; i < pb_backend_count(); ++i) {
        if (!asked(o, i))
            continue;
        const char *w = pb_backend_at(i)->worker;
        int wi = 0;
        while (wi < rp->nworkers && strcmp(rp->workers[wi].name, w) != 0)
            ++wi;
        if (wi < rp->nworkers)
            continue; /* its backends came with its first one */
        pb_run_worker *rw = &rp->workers[rp->nworkers++];
        pb_strlcpy(rw->name, w, sizeof rw->name);
        int first = p->nbackends, spec[PB_PLAN_MAX_BACKENDS];
        for (size_t j = i; j < pb_backend_count(); ++j) {
            const pb_backend_spec *s = pb_backend_at(j);
            if (!asked(o, j) || strcmp(s->worker, w) != 0)
                continue;
            int b = pb_plan_add_backend(p, s->cli, s->backend, w, !((o->backends_named >> j) & 1u));
            if (b < 0)
                return PB_ERR;
            spec[b] = (int)j;
            rw->mask |= (pb_backend_mask)1 << j;
            rw->built |= pb_backend_built(s, pb_libexec_dir());
        }
        const pb_worker_variant *list = NULL;
        rw->n = pb_worker_list(w, &list, rw->why, sizeof rw->why);
        if (pb_interrupted()) /* stopped while a worker listed its variants */
            return PB_ERR;
        if (rw->n >= 0 && !listing_covers(rw->mask, list, rw->n, rw->why, sizeof rw->why))
            rw->n = -1;
        rw->first = id;
        for (size_t k = 0; k < p->ncases; ++k)
            for (int b = first; b < p->nbackends; ++b)
                if (add_items(rp, o, b, spec[b], k, list, rw->n, &id) != PB_OK)
                    return PB_ERR;
        rw->end = id;
    }
    return PB_OK;
}

/* The row of plan item i that the driver reports when its worker does not (skipped or
 * failed, with the reason): as a worker starts one (pb_plan_item_row), with the compiler of
 * the worker's description, and the run's GPU profile. */
static void item_row(const pb_options *o, const pb_run_plan *rp, size_t i, pb_row *r)
{
    const pb_run_item *x = &rp->item[i];
    pb_plan_item_row(&rp->plan, &rp->plan.items[i], x->compiler, x->version, x->toolchain, r);
    pb_strlcpy(r->gpu_profile, o->gpu_profile, sizeof r->gpu_profile);
}

/* ---- running ---- */

/* What to say about rows a worker did not deliver. */
static void exit_reason(const char *w, const pb_worker_exit *ex, char *buf, size_t cap)
{
    const char *sep = ex->last_line[0] ? ": " : "";
    if (ex->startup_timeout > 0)
        snprintf(buf, cap, "not measured: %s did not start within %g s (killed; PORTBENCH_STARTUP_TIMEOUT sets the "
                 "bound)%s%s", w, ex->startup_timeout, sep, ex->last_line);
    else if (ex->signal)
        snprintf(buf, cap, "not measured: %s crashed (signal %d)%s%s", w, ex->signal, sep, ex->last_line);
    else if (ex->status)
        snprintf(buf, cap, "not measured: %s exited with status %d%s%s", w, ex->status, sep, ex->last_line);
    else
        snprintf(buf, cap, "not measured: %s ended without reporting this row", w);
}

/* A row in words, for messages: "cpu v3 double nx=8 block=64". */
static void row_text(const pb_options *o, const pb_row *r, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s %s %s %s %s=%.0f%s%s", r->benchmark, r->backend, r->variant, r->dtype,
             o->bench->size_option + 2, r->size, r->params[0] ? " " : "", r->params);
}

/* A failed worker's plan, kept out of the temporary directory for a rerun without the
 * driver: $TMPDIR/portbench-<worker>-<pid>.plan.json, and the command that reruns it, once.
 * A process that runs the same worker again (tune's candidates, ceilings' runs) keeps each
 * failed plan under a name of its own (-<pid>-2, -3, ...): a printed command reruns its plan.
 * A copy that fails (a full disk) is removed: no file but a whole plan stays under that name. */
static void keep_plan(const char *w, const char *plan)
{
    const char *t = getenv("TMPDIR");
    char kept[PATH_MAX + 128];
    snprintf(kept, sizeof kept, "%s/portbench-%s-%ld.plan.json", t && *t ? t : "/tmp", w, (long)getpid());
    FILE *in = fopen(plan, "r"), *out = NULL;
    for (int k = 1; in && !out && k <= 1000; ++k) {
        char nth[16] = "";
        if (k > 1)
            snprintf(nth, sizeof nth, "-%d", k);
        snprintf(kept, sizeof kept, "%s/portbench-%s-%ld%s.plan.json", t && *t ? t : "/tmp", w, (long)getpid(), nth);
        int fd = open(kept, O_WRONLY | O_CREAT | O_EXCL, 0666);
        out = fd >= 0 ? fdopen(fd, "w") : NULL;
        if (fd >= 0 && !out)
            close(fd);
        if (!out && errno != EEXIST)
            break;
    }
    char buf[65536];
    size_t n;
    int ok = in && out, err = ok ? 0 : errno;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (!(ok = fwrite(buf, 1, n, out) == n))
            err = errno;
    if (ok && ferror(in))
        ok = 0, err = errno;
    if (out && fclose(out) != 0 && ok)
        ok = 0, err = errno;
    if (in)
        fclose(in);
    if (out && !ok)
        unlink(kept); /* part of the plan: it would not rerun the worker's */
    if (ok)
        fprintf(stderr, "portbench: reproduce: %s/%s %s\n", pb_libexec_dir(), w, kept);
    else
        pb_errorf("cannot keep the plan of %s in %s: %s", w, kept, strerror(err));
}

/* Write the plan of worker w (its backends and items) to path. PB_OK or PB_ERR. */
static int write_plan(const pb_run_plan *rp, const char *w, const char *path)
{
    FILE *f = fopen(path, "w");
    int ok = f && pb_plan_write(f, &rp->plan, w) == PB_OK;
    if (f)
        ok &= fclose(f) == 0;
    return ok ? PB_OK : PB_ERR;
}

static void run_one_worker(pb_options *o, const pb_run_plan *rp, int wi, pb_rowset *rows, pb_run_log *log)
{
    const pb_run_worker *rw = &rp->workers[wi];
    const char *w = rw->name;
    const long first = rw->first, nitems = rw->end - rw->first;
    if (rw->n < 0) {
        /* not built: skipped (only possible for backends not named on the command line);
         * present but not startable, or its listing unreadable: failed; its rows in the
         * order of the backend table */
        pb_errorf("%s", rw->why);
        for (size_t j = 0; j < pb_backend_count(); ++j)
            for (long i = first; ((rw->mask >> j) & 1u) && i < rw->end; ++i)
                if (rp->item[i].spec == (int)j) {
                    pb_row r;
                    item_row(o, rp, (size_t)i, &r);
                    r.verified = rw->built ? PB_VERIFIED_FAIL : PB_VERIFIED_SKIP;
                    snprintf(r.note, sizeof r.note, "%s", rw->why);
                    pb_rowset_push(rows, &r);
                }
        log->failed |= rw->built;
        return;
    }
    char plan[PATH_MAX + 80], emit[PATH_MAX + 80];
    snprintf(plan, sizeof plan, "%s/%s.plan.json", log->tmpdir, w);
    snprintf(emit, sizeof emit, "%s/%s.rows.jsonl", log->tmpdir, w);
    char *seen = calloc((size_t)nitems + 1, 1); /* seen[id - first]: its row came */
    const int planned = seen && write_plan(rp, w, plan) == PB_OK;
    if (!o->quiet && rw->end > rw->first) /* where the run is: the plan knows every row */
        fprintf(stderr, "portbench: running %s: rows %ld-%ld of %zu\n", w, rw->first + 1, rw->end, rp->plan.nitems);
    else if (!o->quiet)
        fprintf(stderr, "portbench: running %s\n", w);
    pb_worker_exit ex;
    char *wargv[] = {NULL, plan, emit, NULL};
    if (planned) {
        pb_progress_watch(emit); /* its rows counted as it writes them */
        pb_worker_run(w, wargv, 0, &ex, NULL);
    } else { /* not started: its rows FAIL with the reason */
        memset(&ex, 0, sizeof ex);
        ex.status = 126;
        snprintf(ex.last_line, sizeof ex.last_line, "cannot write %s.plan.json: %s", w,
                 seen ? strerror(errno) : "out of memory");
    }
    if (pb_interrupted())
        log->interrupted = pb_interrupted();

    /* Its rows, joined to the plan by id: each must answer an item of this worker, once;
     * anything else, or a line the reader refuses, means the worker's output is damaged. */
    pb_stream got;
    memset(&got, 0, sizeof got);
    char damaged[600] = "", rerr[512];
    const size_t dirlen = strlen(log->tmpdir) + 1; /* messages name the file, not the temporary directory */
    if (access(emit, R_OK) == 0 && pb_stream_read_file(emit, &got, rerr, sizeof rerr) != 0)
        pb_strlcpy(damaged, strncmp(rerr, emit, dirlen) == 0 ? rerr + dirlen : rerr, sizeof damaged);
    int failed_rows = 0;
    for (size_t k = 0; k < got.rows.n; ++k) {
        pb_row *r = &got.rows.rows[k];
        const long id = got.ids[k], i = id - first;
        const int known = id >= first && id < rw->end;
        const char *bad = !known                            ? "a row nobody asked for"
                          : seen[i]                         ? "a second row for the same item"
                          : r->verified == PB_VERIFIED_NONE ? "verified is not PASS, FAIL or SKIP"
                          : r->verified == PB_VERIFIED_PASS && !(r->time_median_s > 0 && isfinite(r->time_median_s))
                              ? "a PASS row without a time"
                              : NULL;
        char text[256];
        pb_row want;
        if (known) { /* its identity is its plan item's */
            item_row(o, rp, (size_t)id, &want);
            pb_strlcpy(r->benchmark, want.benchmark, sizeof r->benchmark);
            pb_strlcpy(r->backend, want.backend, sizeof r->backend);
            pb_strlcpy(r->variant, want.variant, sizeof r->variant);
            pb_strlcpy(r->dtype, want.dtype, sizeof r->dtype);
            pb_strlcpy(r->params, want.params, sizeof r->params);
            r->size = want.size;
        }
        row_text(o, r, text, sizeof text);
        if (bad) { /* refused: left out */
            pb_errorf("%s: refused %s: id %ld: %s (%s)", w, bad, id, text, pb_verified_name(r->verified));
            if (!damaged[0])
                snprintf(damaged, sizeof damaged, "%s.rows.jsonl:%ld: %s (id %ld: %s)", w, got.lines[k], bad, id, text);
            continue;
        }
        seen[i] = 1;
        if (!r->gpu_uuid[0]) /* the worker's CPU rows: the GPU whose run they belong to */
            pb_strlcpy(r->gpu_uuid, o->gpu_uuid, sizeof r->gpu_uuid);
        failed_rows += r->verified == PB_VERIFIED_FAIL;
        pb_rowset_push(rows, r);
    }
    pb_stream_free(&got);
    char reason[700];
    if (damaged[0])
        snprintf(reason, sizeof reason, "%s wrote damaged results: %s", w, damaged);
    else
        exit_reason(w, &ex, reason, sizeof reason);
    size_t missing = 0;
    for (long i = 0; i < nitems; ++i) { /* in the plan's order */
        if (seen && seen[i])
            continue;
        ++missing;
        if (log->interrupted)
            continue; /* not measured because the user stopped the run: left out */
        pb_row r;
        item_row(o, rp, (size_t)(first + i), &r);
        r.verified = PB_VERIFIED_FAIL;
        pb_strlcpy(r.note, reason, sizeof r.note);
        pb_rowset_push(rows, &r);
    }
    if (!log->interrupted) {
        int bad_exit = ex.signal || (ex.status != 0 && !(ex.status == 1 && failed_rows));
        if (damaged[0]) {
            log->failed = 1;
            pb_errorf("%s wrote damaged results: %s; %zu row(s) not measured", w, damaged, missing);
        }
        if (missing || bad_exit) {
            log->failed = 1;
            char text[400];
            exit_reason(w, &ex, text, sizeof text);
            if (ex.startup_timeout > 0 || ex.signal || ex.status || !damaged[0])
                pb_errorf("%s; %zu row(s) not measured", text + strlen("not measured: "), missing);
        }
        if (planned && (damaged[0] || missing || bad_exit)) /* a plan not written whole reruns nothing */
            keep_plan(w, plan);
    }
    free(seen);
}

void pb_run_workers(pb_options *o, pb_rowset *rows, pb_run_log *log)
{
    /* --cooldown auto waits for the temperature the GPU had when the run began: read
     * before the first worker warms it (each GPU of --gpu all in its own process) */
    unsigned celsius;
    if (o->cooldown == PB_COOLDOWN_AUTO && isnan(o->start_temp_c) && o->gpu_uuid[0] &&
        pb_nvml_open(o->gpu_uuid) == 0 && pb_nvml_temperature_c(&celsius) == 0)
        o->start_temp_c = celsius;
    /* every row of the request, once */
    pb_run_plan *rp = calloc(1, sizeof *rp);
    if (!rp || pb_run_plan_build(o, rp) != PB_OK) {
        if (pb_interrupted()) { /* stopped while the workers listed their variants: nothing measured */
            log->interrupted = pb_interrupted();
        } else {
            pb_errorf("the plan of this run does not fit in memory");
            log->failed = 1;
        }
        if (rp)
            pb_run_plan_free(rp);
        free(rp);
        return;
    }
    /* progress: rows done of the plan's, each row's case and work for the estimate */
    pb_progress_begin(rp->plan.nitems, o->quiet, pb_worker_prefix_get());
    for (size_t i = 0; i < rp->plan.nitems; ++i) {
        pb_case c;
        pb_plan_case_of(&rp->plan, rp->plan.items[i].cas, &c);
        pb_progress_row(i, rp->plan.items[i].cas, o->bench->bytes(&c) + o->bench->flops(&c));
    }
    for (int k = 0; k < rp->nworkers && !log->interrupted; ++k) {
        const char *w = rp->workers[k].name;
        int seen = 0;
        for (int j = 0; j < log->nworkers; ++j)
            seen |= strcmp(log->worker[j], w) == 0;
        if (!seen && log->nworkers < PB_RUN_MAX_WORKERS)
            pb_strlcpy(log->worker[log->nworkers++], w, sizeof log->worker[0]);
        pb_progress_worker_begin(w, rp->workers[k].first, rp->workers[k].end);
        run_one_worker(o, rp, k, rows, log);
        if (pb_interrupted())
            log->interrupted = pb_interrupted();
        pb_progress_worker_end(log->interrupted);
    }
    pb_progress_end(log->interrupted);
    pb_run_plan_free(rp);
    free(rp);
}

/* ---- several GPUs ---- */

/* o for the run of GPU k of several. */
static void use_gpu(pb_options *o, const pb_run_env *env, int k)
{
    const pb_gpu_device *g = &env->gpus[k];
    o->device = g->index;
    pb_strlcpy(o->gpu_uuid, g->uuid, sizeof o->gpu_uuid);
    pb_strlcpy(o->gpu_profile, env->profiles[k] ? env->profiles[k]->id : "", sizeof o->gpu_profile);
}

/* The driver's own hello on a rows stream it writes (a GPU's run to the parent, an MPI
 * rank to rank 0); the workers' hellos stay in their own streams. */
void pb_run_stream_hello(pb_stream_hello *h)
{
    memset(h, 0, sizeof *h);
    pb_strlcpy(h->worker, "portbench", sizeof h->worker);
    pb_strlcpy(h->git_sha, pb_git_sha, sizeof h->git_sha);
}

/* The run of GPU k of several, in a forked copy of the driver bound near its GPU: it runs
 * the workers into dir and answers the parent with dir/rows.jsonl, a rows stream whose
 * end record says how the run went and where it was bound. */
static void gpu_runner(pb_options *o, const pb_run_env *env, int k, const char *dir, const char *bound)
{
    const pb_gpu_device *g = &env->gpus[k];
    use_gpu(o, env, k);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "[gpu %d] ", g->index);
    pb_worker_prefix(prefix);
    if (!o->quiet)
        fprintf(stderr, "%sbound to %s\n", prefix, bound);
    pb_run_log sub;
    memset(&sub, 0, sizeof sub);
    pb_strlcpy(sub.tmpdir, dir, sizeof sub.tmpdir);
    pb_rowset rows = {0};
    pb_run_workers(o, &rows, &sub);
    char p[PATH_MAX + 64];
    snprintf(p, sizeof p, "%s/rows.jsonl", dir);
    pb_stream_hello h;
    pb_run_stream_hello(&h);
    pb_stream_end end = {.run_failed = sub.failed, .interrupted = sub.interrupted};
    pb_strlcpy(end.bound, bound, sizeof end.bound);
    FILE *f = fopen(p, "w");
    int ok = f && pb_stream_write_rowset(f, &h, &rows, NULL, &end) == PB_OK; /* the rows whole, samples too */
    if (f)
        ok &= fclose(f) == 0;
    if (!ok) /* the parent then says the run ended without its results */
        pb_errorf("cannot write %s: %s", p, strerror(errno));
    pb_rowset_free(&rows);
}

/* Start the run of GPU k: a forked driver bound near the GPU. */
static pid_t start_gpu_run(pb_options *o, const pb_run_env *env, int k, pb_run_log *log)
{
    char dir[PATH_MAX + 32];
    snprintf(dir, sizeof dir, "%s/gpu%d", log->tmpdir, env->gpus[k].index);
    if (mkdir(dir, 0700) != 0) {
        pb_errorf("cannot create %s: %s", dir, strerror(errno));
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        pb_child_forget_all();
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        static pb_options copy;
        copy = *o;
        char bound[256];
        const char *bus[PB_MAX_GPUS];
        for (int j = 0; j < env->ngpus; ++j)
            bus[j] = env->gpus[j].pci_bus_id;
        /* at once: the GPUs share the cores near them; one after another: each has them all */
        if (o->gpu_serial ? pb_topo_bind_near(&bus[k], 1, 0, bound, sizeof bound) != 0
                          : pb_topo_bind_near(bus, env->ngpus, k, bound, sizeof bound) != 0)
            snprintf(bound, sizeof bound, "not bound (the GPU's locality is unknown to hwloc)");
        gpu_runner(&copy, env, k, dir, bound);
        fflush(NULL);
        _exit(0);
    }
    if (pid > 0)
        pb_child_watch(pid);
    return pid;
}

/* Wait for GPU k's run and take its rows: those of its stream (a torn last line left out),
 * and from its end record how the run went and where it was bound. A run that ended
 * without its end record failed; the rows it wrote are kept. */
static void finish_gpu_run(pid_t pid, const pb_run_env *env, int k, pb_rowset *rows, pb_run_log *log)
{
    int status = 0;
    while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (pid > 0)
        pb_child_unwatch(pid);
    char p[PATH_MAX + 64], err[512];
    snprintf(p, sizeof p, "%s/gpu%d/rows.jsonl", log->tmpdir, env->gpus[k].index);
    pb_stream got;
    memset(&got, 0, sizeof got);
    if (access(p, R_OK) == 0 && pb_stream_read_file(p, &got, err, sizeof err) != 0) {
        pb_errorf("%s", err);
        log->failed = 1;
    } else if (!got.has_end) {
        pb_errorf("the run of GPU %d ended without its results (%s)", env->gpus[k].index,
                  pid <= 0              ? "it did not start"
                  : WIFSIGNALED(status) ? "killed by a signal"
                                        : "no status");
        log->failed = 1;
    } else {
        log->failed |= got.end.run_failed || got.end.rows != (long)got.rows.n;
        if (got.end.interrupted)
            log->interrupted = got.end.interrupted;
    }
    pb_strlcpy(log->bound[k], got.end.bound[0] ? got.end.bound : "unknown", sizeof log->bound[k]);
    for (size_t i = 0; i < got.rows.n; ++i)
        pb_rowset_push(rows, &got.rows.rows[i]);
    pb_stream_free(&got);
}

/* The workers a run uses, in order, for the metadata (every GPU runs the same ones). */
static void note_workers(const pb_options *o, pb_run_log *log)
{
    for (size_t i = 0; i < pb_backend_count(); ++i) {
        if (!asked(o, i))
            continue;
        const char *w = pb_backend_at(i)->worker;
        int seen = 0;
        for (int k = 0; k < log->nworkers; ++k)
            seen |= strcmp(log->worker[k], w) == 0;
        if (!seen && log->nworkers < PB_RUN_MAX_WORKERS)
            pb_strlcpy(log->worker[log->nworkers++], w, sizeof log->worker[0]);
    }
}

/* An MPI rank near its GPU: the ranks of the node with a GPU each (local ranks 0 ..
 * min(local size, GPUs) - 1, GPU = local rank) run at once and share the cores near them. */
static int mpi_bind(const pb_options *o, const pb_run_env *env, pb_run_log *log)
{
    pb_gpu_device d[PB_MAX_GPUS];
    const char *bus[PB_MAX_GPUS];
    int n = o->mpi_local_size > 0 ? o->mpi_local_size : 1;
    if (n > env->probe.count)
        n = env->probe.count;
    if (n > PB_MAX_GPUS)
        n = PB_MAX_GPUS;
    for (int j = 0; j < n; ++j) {
        memset(&d[j], 0, sizeof d[j]);
        if (j == o->mpi_local_rank)
            d[j] = env->gpu;
        else
            pb_gpu_device_query(j, 0, &d[j]);
        bus[j] = d[j].pci_bus_id;
    }
    return pb_topo_bind_near(bus, n, o->mpi_local_rank, log->bound[0], sizeof log->bound[0]);
}

void pb_run_all(pb_options *o, const pb_run_env *env, pb_rowset *rows, pb_run_log *log)
{
    if (env->ngpus <= 1) {
        /* an MPI rank shares its node with others: it runs near its own GPU */
        if (env->ngpus == 1 && o->mpi_local_rank >= 0 && mpi_bind(o, env, log) != 0)
            pb_strlcpy(log->bound[0], "not bound (the GPU's locality is unknown to hwloc)", sizeof log->bound[0]);
        pb_run_workers(o, rows, log);
        return;
    }
    log->per_gpu_dirs = 1;
    note_workers(o, log);
    pid_t pids[PB_MAX_GPUS];
    if (o->gpu_serial) {
        for (int k = 0; k < env->ngpus && !pb_interrupted(); ++k)
            finish_gpu_run(start_gpu_run(o, env, k, log), env, k, rows, log);
    } else {
        for (int k = 0; k < env->ngpus; ++k)
            pids[k] = start_gpu_run(o, env, k, log);
        for (int k = 0; k < env->ngpus; ++k)
            finish_gpu_run(pids[k], env, k, rows, log);
    }
    if (pb_interrupted())
        log->interrupted = pb_interrupted();
}

int pb_run_dry(pb_options *o, const pb_run_env *env, FILE *f)
{
    for (int k = 0; k < (env->ngpus > 1 ? env->ngpus : 1); ++k) {
        if (env->ngpus > 1)
            use_gpu(o, env, k);
        pb_run_plan *rp = calloc(1, sizeof *rp);
        int built = rp && pb_run_plan_build(o, rp) == PB_OK;
        int written = built && pb_plan_write(f, &rp->plan, NULL) == PB_OK && fflush(f) == 0;
        if (rp)
            pb_run_plan_free(rp);
        free(rp);
        if (pb_interrupted())
            return 128 + pb_interrupted();
        if (!written) {
            pb_errorf("--dry-run: %s", built ? "cannot write the plan" : "the plan of this run does not fit in memory");
            return 2;
        }
    }
    return 0;
}

/* ---- metadata ---- */

static void add_str(cJSON *o, const char *k, const char *v) { cJSON_AddStringToObject(o, k, v ? v : ""); }

/* A worker's metadata from the hello and backend records of its rows stream: its
 * git_sha, toolchain, build_flags and device_clock, and per backend its compiler and
 * compiler_version, then why it was skipped, or its device, device_uuid, threads and
 * detail (those it has). A stream that is missing or damaged gives what it holds. */
static cJSON *worker_json(const char *path)
{
    cJSON *w = cJSON_CreateObject(), *bes = cJSON_CreateObject();
    pb_stream s;
    char err[512];
    pb_stream_read_file(path, &s, err, sizeof err); /* what it holds up to a damaged line, if any */
    if (s.has_hello) {
        add_str(w, "git_sha", s.hello.git_sha);
        add_str(w, "toolchain", s.hello.toolchain);
        add_str(w, "build_flags", s.hello.build_flags);
        add_str(w, "device_clock", s.hello.device_clock);
    }
    for (size_t k = 0; k < s.nbackends; ++k) {
        const pb_stream_backend *b = &s.backends[k];
        cJSON_DeleteItemFromObjectCaseSensitive(bes, b->backend);
        cJSON *o = cJSON_AddObjectToObject(bes, b->backend);
        add_str(o, "compiler", b->compiler);
        add_str(o, "compiler_version", b->compiler_version);
        if (b->status != PB_BACKEND_OK) {
            add_str(o, "skipped", b->why);
            continue;
        }
        add_str(o, "device", b->device);
        if (b->device_uuid[0])
            add_str(o, "device_uuid", b->device_uuid);
        if (b->threads)
            cJSON_AddNumberToObject(o, "threads", b->threads);
        if (b->detail[0])
            add_str(o, "detail", b->detail);
    }
    pb_stream_free(&s);
    cJSON_AddItemToObject(w, "backends", bes);
    return w;
}

/* Where a worker left its metadata for the run of GPU `gpu`. */
static void worker_meta_path(const pb_run_log *log, int gpu, const char *w, char *buf, size_t cap)
{
    if (log->per_gpu_dirs)
        snprintf(buf, cap, "%s/gpu%d/%s.rows.jsonl", log->tmpdir, gpu, w);
    else
        snprintf(buf, cap, "%s/%s.rows.jsonl", log->tmpdir, w);
}

static cJSON *gpu_json(const pb_run_env *env, const pb_run_log *log, int k)
{
    cJSON *gpu = cJSON_CreateObject();
    const pb_gpu_device *g = &env->gpus[k];
    char cc[16];
    snprintf(cc, sizeof cc, "%d.%d", g->cc_major, g->cc_minor);
    cJSON_AddNumberToObject(gpu, "index", g->index);
    add_str(gpu, "name", g->name);
    add_str(gpu, "uuid", g->uuid);
    add_str(gpu, "pci_bus_id", g->pci_bus_id);
    cJSON_AddNumberToObject(gpu, "memory_bytes", g->mem_total);
    add_str(gpu, "compute_capability", cc);
    cJSON_AddNumberToObject(gpu, "sm_count", g->sms);
    cJSON_AddNumberToObject(gpu, "l2_bytes", g->l2_bytes);
    cJSON_AddNumberToObject(gpu, "sm_clock_max_mhz", g->sm_clock_khz / 1000);
    cJSON_AddNumberToObject(gpu, "mem_clock_max_mhz", g->mem_clock_khz / 1000);
    cJSON_AddNumberToObject(gpu, "cuda_driver_version", env->probe.driver_version);
    add_str(gpu, "profile", env->profiles[k] ? env->profiles[k]->id : "");
    add_str(gpu, "numa_node", env->gpu_numa[k]);
    if (log->bound[k][0])
        add_str(gpu, "bound_to", log->bound[k]);
    if (log->per_gpu_dirs) {
        cJSON *workers = cJSON_AddObjectToObject(gpu, "workers");
        for (int w = 0; w < log->nworkers; ++w) {
            char p[PATH_MAX + 80];
            worker_meta_path(log, g->index, log->worker[w], p, sizeof p);
            cJSON_AddItemToObject(workers, log->worker[w], worker_json(p));
        }
    }
    return gpu;
}

void *pb_run_meta(int argc, char **argv, const pb_run_env *env, const pb_run_log *log)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddNumberToObject(root, "schema_version", 1);
    cJSON_AddBoolToObject(root, "complete", !log->interrupted);
    if (log->interrupted)
        add_str(root, "interrupted_by", pb_signal_name(log->interrupted));
    cJSON *args = cJSON_AddArrayToObject(root, "argv");
    char *cmd = NULL;
    size_t len = 0;
    FILE *cf = open_memstream(&cmd, &len);
    for (int i = 0; i < argc; ++i) {
        cJSON_AddItemToArray(args, cJSON_CreateString(argv[i]));
        if (cf)
            fprintf(cf, "%s%s", i ? " " : "", argv[i]);
    }
    if (cf)
        fclose(cf);
    add_str(root, "command_line", cmd ? cmd : "");
    free(cmd);
    add_str(root, "portbench_version", pb_version);
    add_str(root, "git_sha", pb_git_sha);
    /* what "-dirty" stands for: the tracked files that differ from the commit at build time */
    cJSON_AddNumberToObject(root, "git_dirty_count", pb_git_dirty_count);
    cJSON *dirty = cJSON_AddArrayToObject(root, "git_dirty_files");
    for (const char *p = pb_git_dirty; *p;) {
        const size_t n = strcspn(p, "\n");
        char *name = strndup(p, n);
        if (name)
            cJSON_AddItemToArray(dirty, cJSON_CreateString(name));
        free(name);
        p += n + (p[n] == '\n');
    }
    add_str(root, "hostname", env->hostname);
    add_str(root, "started_utc", env->started);
    cJSON_AddNumberToObject(root, "started_unix_us", env->started_unix_us); /* exact in a double until 2255 */
    char fin[32];
    time_t now = time(NULL);
    strftime(fin, sizeof fin, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    add_str(root, "finished_utc", fin);
    /* "gpu": the first GPU (as before several GPUs), "gpus": every GPU of the run */
    cJSON *gpus = cJSON_CreateArray();
    for (int k = 0; k < env->ngpus; ++k)
        cJSON_AddItemToArray(gpus, gpu_json(env, log, k));
    if (env->ngpus)
        cJSON_AddItemToObject(root, "gpu", cJSON_Duplicate(cJSON_GetArrayItem(gpus, 0), 1));
    else
        add_str(cJSON_AddObjectToObject(root, "gpu"), "absent", env->probe.why);
    cJSON_AddItemToObject(root, "gpus", gpus);
    cJSON *topo = cJSON_AddObjectToObject(root, "topology");
    cJSON_AddNumberToObject(topo, "packages", env->topo.packages);
    cJSON_AddNumberToObject(topo, "cores", env->topo.cores);
    cJSON_AddNumberToObject(topo, "pus", env->topo.pus);
    cJSON_AddNumberToObject(topo, "numa_nodes", env->topo.numa_nodes);
    add_str(topo, "gpu_numa_node", env->topo.gpu_numa);
    add_str(topo, "cpu_model", env->topo.cpu_model);
    cJSON *workers = cJSON_AddObjectToObject(root, "workers");
    int first_gpu = env->ngpus ? env->gpus[0].index : 0;
    for (int k = 0; k < log->nworkers; ++k) {
        char p[PATH_MAX + 80];
        worker_meta_path(log, first_gpu, log->worker[k], p, sizeof p);
        cJSON_AddItemToObject(workers, log->worker[k], worker_json(p));
    }
    return root;
}
