/* worker.c - the measurement loop shared by every worker executable (pb-cuda,
 * pb-omp-clang, pb-omp-gcc, pb-cpu). A worker holds the backends one compiler built;
 * `--describe` says which (JSON), and `pb-<worker> PLAN.json [ROWS.jsonl]` runs exactly a
 * plan (pb_plan.h; the driver's, or `portbench ... --dry-run`'s): the items of its own
 * backends, one row each, written with the item's id to the rows stream (pb_stream.h)
 * after a hello and a backend record per backend (docs/channel.md).
 *
 * Per configuration: one checked run (output poisoned with NaN first, offload proof for
 * OpenMP target), which also tells how long a run takes; warm-up runs; timed repetitions,
 * each completed before the host clock stops; then the last repetition's output is
 * checked again. --time-budget bounds the whole: warm-ups are cut first, then
 * repetitions, never the checked run or the last repetition.
 *
 * Start-up (the plan, CUPTI, backend initialisation) ends with a line on the descriptor
 * $PB_WORKER_READY_FD: the driver bounds the start-up, never the measurement. Exit
 * status: 0 every row passed or skipped, 1 a row failed, 2 bad arguments or a plan it
 * cannot run (one line on stderr, nothing run), 3 the rows could not be written (the
 * file's name and the reason on stderr). */
#define _GNU_SOURCE
#include "pb_backends.h"
#include "pb_bench.h"
#include "pb_derive.h"
#include "pb_energy.h"
#include "pb_facts.h"
#include "pb_gpu.h"
#include "pb_nvml.h"
#include "pb_plan.h"
#include "pb_rate.h"
#include "pb_registry.h"
#include "pb_result.h"
#include "pb_stats.h"
#include "pb_stream.h"
#include "pb_trace.h"
#include "pb_tuning.h"
#include "pb_version.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef PB_WORKER_NAME
#define PB_WORKER_NAME "pb-worker"
#endif
#ifndef PB_BUILD_FLAGS
#define PB_BUILD_FLAGS ""
#endif
#ifndef PB_TOOLCHAIN
#define PB_TOOLCHAIN "" /* compiler-major of this worker, set by CMake */
#endif

typedef struct worker {
    const pb_plan *o;
    const pb_gpu_profile *profile;
    FILE *emit; /* the rows stream (pb_stream.h) */
    const char *emit_name;
    const pb_plan_item *item; /* the plan item being measured: its row answers it, with its id */
    int failures;
    int rows;
    char gpu_uuid[64]; /* of the GPU this worker was given, when the driver found it */
    double start_temp_c; /* its temperature when the run began (--cooldown auto), NaN unknown */
    int cc; /* compute capability x 10 of the GPU (0: none), the key of the tuning table */
} worker;

typedef struct backend_state {
    const pb_backend *be;
    int joined; /* a baseline that joined, not named by --backend (pb_plan_backend.joined) */
    int status; /* PB_OK, or PB_SKIP/PB_ERR from init */
    char why[256];
    pb_device_info dev;
} backend_state;

/* Host-side buffers of one case. */
typedef struct host_case {
    pb_case c;
    void *buf[PB_MAX_BUFS];
    void *ref;
    void *out; /* download target for the output buffer */
    int out_buf;
} host_case;

enum { EXIT_CANNOT_WRITE = 3 };

/* A worker that cannot record what it measures stops at once, naming the file and the
 * reason (a full TMPDIR, say): the driver puts that line in the notes of the rows. */
static void check_written(FILE *f, const char *name, int close_it)
{
    errno = 0;
    int bad = fflush(f) != 0 || ferror(f);
    int e = errno ? errno : EIO;
    if (close_it && fclose(f) != 0 && !bad) {
        bad = 1;
        e = errno ? errno : EIO;
    }
    if (bad) {
        fprintf(stderr, "%s: cannot write %s: %s\n", PB_WORKER_NAME, name, strerror(e));
        _exit(EXIT_CANNOT_WRITE); /* no exit-time flush of the stream that failed */
    }
}

/* Start-up is over: tell the driver, which bounds the start-up but not the measurement. */
static void report_started(void)
{
    const char *fd = getenv("PB_WORKER_READY_FD");
    int n = fd ? atoi(fd) : -1;
    if (n > 2) {
        ssize_t rc = write(n, "started\n", 8);
        (void)rc; /* a driver that stopped listening has nothing to learn */
        close(n);
    }
}

/* The row of the item being measured (w->item, of backend bs): its identity from the plan
 * (pb_plan_item_row), then what this worker knows of where it runs. */
static void row_start(const worker *w, const backend_state *bs, pb_row *r)
{
    const pb_backend *be = bs->be;
    pb_plan_item_row(w->o, w->item, be->compiler, be->compiler_version, PB_TOOLCHAIN, r);
    /* the GPU this worker found, where it found one (a plan written by hand may not name it);
     * without one the driver gives its CPU rows the run's */
    pb_strlcpy(r->gpu_uuid, w->gpu_uuid, sizeof r->gpu_uuid);
    if (bs->status == PB_OK) {
        int gpu_row = !bs->dev.on_host;
        pb_strlcpy(r->device, gpu_row ? bs->dev.name : "host", sizeof r->device);
        if (gpu_row && w->profile)
            pb_strlcpy(r->gpu_profile, w->profile->id, sizeof r->gpu_profile);
        r->offload = gpu_row ? PB_OFFLOAD_DEVICE : be->offload ? PB_OFFLOAD_HOST_FALLBACK : PB_OFFLOAD_CPU;
        if (bs->dev.threads > 0)
            r->threads = bs->dev.threads;
    }
}

/* Test hooks (tests/failures.sh): the worker dies after N rows, as if it crashed or
 * exited early (PB_TEST_CRASH_AFTER, PB_TEST_EXIT_AFTER), or slows down so that a
 * signal can reach it mid-run (PB_TEST_ROW_DELAY_MS). */
static void test_hooks(int rows_done)
{
    const char *crash = getenv("PB_TEST_CRASH_AFTER"), *quit = getenv("PB_TEST_EXIT_AFTER");
    const char *delay = getenv("PB_TEST_ROW_DELAY_MS");
    if (crash && rows_done >= atoi(crash))
        raise(SIGSEGV);
    if (quit && rows_done >= atoi(quit)) {
        fprintf(stderr, "%s: test hook: exit after %d rows\n", PB_WORKER_NAME, rows_done);
        exit(1);
    }
    if (delay) {
        struct timespec ts = {atoi(delay) / 1000, (long)(atoi(delay) % 1000) * 1000000L};
        nanosleep(&ts, NULL);
    }
}

static void emit_row(worker *w, pb_row *r, int progress)
{
    if (r->verified == PB_VERIFIED_FAIL)
        ++w->failures;
    /* its rates on the host clock, for this stream and the progress line, by the function the
     * driver derives every row of the run with (it derives them again, on the run's clock) */
    pb_row_derive(r, 0, NULL);
    pb_stream_write_row(w->emit, w->item->id, r); /* one line, with its samples */
    check_written(w->emit, w->emit_name, 0);
    test_hooks(++w->rows);
    if (w->o->quiet || !w->o->progress || !progress)
        return;
    char extra[128] = "", series[64], rate[32];
    const pb_bench *b = pb_bench_find(r->benchmark);
    const char *size_name = b->size_option + 2;
    pb_series_title(r->backend, r->toolchain, series, sizeof series);
    if (r->params[0]) {
        char params[96];
        pb_params_shown(r->benchmark, r->params, r->size, params, sizeof params);
        snprintf(extra, sizeof extra, " %s", params);
    }
    if (r->verified == PB_VERIFIED_SKIP)
        fprintf(stderr, "  [%s] %s %s %s %s=%.0f%s: SKIP (%s)\n", series, r->benchmark, r->variant, r->dtype,
                size_name, r->size, extra, r->note);
    else
        fprintf(stderr, "  [%s] %s %s %s %s=%.0f%s: %.4g ms, %s %s, %s%s%s\n", series, r->benchmark, r->variant,
                r->dtype, size_name, r->size, extra, r->time_median_s * 1e3,
                pb_rate_text(pb_row_rate(r), rate, sizeof rate), pb_row_unit(r), pb_verified_name(r->verified),
                r->note[0] ? ": " : "", r->note);
}

/* A row not measured, SKIP or FAIL, with the reason; a SKIP's progress line is left out
 * when the reason was already announced for the whole backend. */
static void emit_unmeasured(worker *w, const backend_state *bs, pb_verified verdict, const char *why)
{
    pb_row r;
    row_start(w, bs, &r);
    r.verified = verdict;
    pb_strlcpy(r.note, why, sizeof r.note);
    emit_row(w, &r, bs->status == PB_OK);
}

static void emit_skip(worker *w, const backend_state *bs, const char *why)
{
    emit_unmeasured(w, bs, PB_VERIFIED_SKIP, why);
}

/* Test hooks (tests/channel.sh): an allocation that fails, of the harness's host copies
 * (PB_TEST_FAIL_HOST_ALLOC) or of a backend's buffers (PB_TEST_FAIL_BACKEND_ALLOC). */
static void *host_alloc(size_t bytes) { return getenv("PB_TEST_FAIL_HOST_ALLOC") ? NULL : malloc(bytes); }

/* One repetition: launch, then wait for completion. */
static int one_rep(const pb_backend *be, const pb_variant *v, const pb_args *a, double *device_s)
{
    double dev = -1;
    int rc = be->rep_begin();
    if (rc == PB_OK)
        rc = v->run(a);
    int rc2 = be->rep_end(&dev);
    if (device_s)
        *device_s = dev;
    return rc != PB_OK ? rc : rc2;
}

/* Download the output and compare it with the reference. Returns 1 if it passes. */
static int check_output(const pb_backend *be, const host_case *h, const pb_args *a, pb_check *res, char *note,
                        size_t cap)
{
    const pb_case *c = &h->c;
    size_t bytes = pb_case_buf_bytes(c, h->out_buf);
    if (be->download(h->out, a->buf[h->out_buf], bytes) != PB_OK) {
        snprintf(note, cap, "download of the output failed");
        return 0;
    }
    if (getenv("PB_INJECT_FAULT")) /* test hook: proves that a wrong result is caught */
        pb_poison(c->dtype, h->out, 1), ((char *)h->out)[0] ^= 1;
    c->bench->check(c, h->buf, h->ref, h->out, res);
    if (res->unwritten) {
        snprintf(note, cap, "%zu output elements never written", res->unwritten);
        return 0;
    }
    if (!(res->err <= res->tol)) {
        snprintf(note, cap, "error %.3g exceeds tolerance %.3g", res->err, res->tol);
        return 0;
    }
    return 1;
}

/* Offload proof: where did the checked run's target region execute? */
static int check_offload(const backend_state *bs, const pb_args *a, char *note, size_t cap)
{
    int where = PB_RAN_UNKNOWN;
    if (bs->be->download(&where, a->ran_on, sizeof where) != PB_OK) {
        snprintf(note, cap, "could not read the offload flag");
        return 0;
    }
    int expect = bs->dev.on_host ? PB_RAN_ON_HOST : PB_RAN_ON_DEVICE;
    if (where == expect)
        return 1;
    if (where == PB_RAN_ON_HOST)
        snprintf(note, cap, "target region ran on the host although a GPU is present (offload failed)");
    else if (where == PB_RAN_ON_DEVICE)
        snprintf(note, cap, "target region ran on a device although host fallback was expected");
    else
        snprintf(note, cap, "target region did not report where it ran");
    return 0;
}

/* Per-repetition times of the timed loop. */
typedef struct timing {
    double *host;    /* host clock around each completed repetition */
    double *device;  /* device time per repetition, -1 when unknown */
    double *kernels; /* kernels per repetition (traced) */
    double *kernel_sum;
    double *sm_mhz;  /* SM clock read right after each repetition (NVML), NaN when unknown */
    pb_device_clock device_clock;
    pb_launch_facts facts; /* traced: the launch that took most of the time */
} timing;

static void timing_free(timing *t)
{
    free(t->host);
    free(t->device);
    free(t->kernels);
    free(t->kernel_sum);
    free(t->sm_mhz);
    memset(t, 0, sizeof *t);
}

/* The timed loop. With tracing, each repetition's host window is stamped in CUPTI's
 * clock (outside the host-timed interval) and the recorded GPU activity is assigned to
 * windows afterwards; without it, CUDA backends still give event times. With clocks, the
 * SM clock is read after each repetition, outside its timed window. */
static int timed_reps(const pb_backend *be, const pb_variant *v, const pb_args *a, int reps, int traced, int clocks,
                      timing *t)
{
    memset(t, 0, sizeof *t);
    size_t n = (size_t)reps;
    t->host = calloc(n, sizeof *t->host);
    t->device = calloc(n, sizeof *t->device);
    t->kernels = calloc(n, sizeof *t->kernels);
    t->kernel_sum = calloc(n, sizeof *t->kernel_sum);
    t->sm_mhz = calloc(n, sizeof *t->sm_mhz);
    uint64_t *begin = traced ? calloc(n, sizeof *begin) : NULL, *end = traced ? calloc(n, sizeof *end) : NULL;
    int rc = PB_OK;
    if (!t->host || !t->device || !t->kernels || !t->kernel_sum || !t->sm_mhz || (traced && (!begin || !end)))
        rc = PB_ERR;
    for (size_t i = 0; i < n && t->sm_mhz; ++i)
        t->sm_mhz[i] = NAN;
    const pb_span *spans;
    if (traced) {
        pb_trace_collect(&spans); /* drop the warm-up and checked runs */
        pb_trace_resources(0);    /* their launches told each kernel's local memory */
        /* One untimed repetition first: on the H100 the first repetition after these two
         * calls took 1.2x (dmvm) to 2.5x (reduce) the median on both clocks, and with
         * --max-noise the first of every round did (results/h100/noise/). Its activities
         * start before begin[0], so no repetition's window takes them. */
        if (rc == PB_OK)
            rc = one_rep(be, v, a, NULL);
    }
    for (int i = 0; i < reps && rc == PB_OK; ++i) {
        if (traced)
            begin[i] = pb_trace_timestamp();
        double t0 = pb_now();
        rc = one_rep(be, v, a, &t->device[i]);
        t->host[i] = pb_now() - t0;
        if (traced)
            end[i] = pb_trace_timestamp();
        if (clocks)
            t->sm_mhz[i] = pb_nvml_sm_clock();
    }
    if (traced)
        pb_trace_resources(1);
    if (rc == PB_OK && traced) {
        size_t nspans = pb_trace_collect(&spans);
        pb_rep_device *dev = calloc(n, sizeof *dev);
        if (dev) {
            pb_trace_assign(spans, nspans, begin, end, reps, dev);
            pb_trace_launch_facts(spans, nspans, begin, end, reps, &t->facts);
            for (size_t i = 0; i < n; ++i) {
                t->device[i] = dev[i].device_s;
                t->kernels[i] = dev[i].kernels;
                t->kernel_sum[i] = dev[i].kernels ? dev[i].kernel_sum_s : -1;
            }
            t->device_clock = PB_DCLOCK_CUPTI;
        }
        free(dev);
    } else if (rc == PB_OK && t->device[0] >= 0) {
        t->device_clock = PB_DCLOCK_CUDA_EVENTS;
        for (size_t i = 0; i < n; ++i)
            t->kernels[i] = t->kernel_sum[i] = -1;
    } else {
        for (size_t i = 0; i < n && t->kernels; ++i)
            t->kernels[i] = t->kernel_sum[i] = -1;
    }
    free(begin);
    free(end);
    return rc;
}

/* Append u's m repetitions to t's n (t keeps its device clock and launch facts, those of
 * its first repetitions). PB_OK, or PB_ERR out of memory. */
static int timing_append(timing *t, size_t n, const timing *u, size_t m)
{
    double **dst[5] = {&t->host, &t->device, &t->kernels, &t->kernel_sum, &t->sm_mhz};
    double *const src[5] = {u->host, u->device, u->kernels, u->kernel_sum, u->sm_mhz};
    for (int k = 0; k < 5; ++k) {
        double *p = realloc(*dst[k], (n + m) * sizeof *p);
        if (!p)
            return PB_ERR;
        memcpy(p + n, src[k], m * sizeof *p);
        *dst[k] = p;
    }
    if (!t->device_clock)
        t->device_clock = u->device_clock;
    return PB_OK;
}

/* The times the row's noise is judged on: the device time where the rows of a GPU have
 * one and --clock is not host (the clock the rates will most likely use), else the host's. */
static const double *noise_times(const pb_plan *o, const timing *t, int gpu_row)
{
    return gpu_row && t->device_clock && o->clock != PB_PLAN_CLOCK_HOST ? t->device : t->host;
}

/* --max-noise: timed repetitions in rounds (each the timed loop as it is), first
 * min(6, max) of them (6: the fewest with a 95% interval of the median), then half as
 * many again each round, until the median's relative noise is at most the target, max
 * repetitions ran (max: --reps, or fewer where the time budget cut them, then *stop is
 * "time-budget"), or the budget has no room for another round. The count in *reps, why
 * it stopped in *stop. */
static int adaptive_reps(const pb_plan *o, const pb_backend *be, const pb_variant *v, const pb_args *a, int max,
                         const char *max_reason, double spent, double one, int traced, int gpu_row, timing *t,
                         int *reps, const char **stop)
{
    double t0 = pb_now();
    int n = max < 6 ? max : 6; /* the fewest with a 95% interval of the median */
    int rc = timed_reps(be, v, a, n, traced, gpu_row, t);
    *stop = max_reason;
    while (rc == PB_OK) {
        if (pb_median_noise(noise_times(o, t, gpu_row), (size_t)n) <= o->max_noise) {
            *stop = "noise";
            break;
        }
        if (n >= max)
            break;
        int more = n / 2 > 0 ? n / 2 : 1;
        if (more > max - n)
            more = max - n;
        if (o->time_budget > 0) { /* what the budget has left, as it went */
            double fit = one > 0 ? (o->time_budget - spent - (pb_now() - t0)) / one - traced : more;
            if (fit < 1) {
                *stop = "time-budget";
                break;
            }
            if (fit < more)
                more = (int)fit;
        }
        timing u;
        rc = timed_reps(be, v, a, more, traced, gpu_row, &u);
        if (rc == PB_OK)
            rc = timing_append(t, (size_t)n, &u, (size_t)more);
        timing_free(&u);
        if (rc == PB_OK)
            n += more;
    }
    *reps = n;
    return rc;
}

/* Add a remark to the row's note ("; " between remarks). */
static void note_add(pb_row *r, const char *text)
{
    if (!text[0])
        return;
    size_t len = strlen(r->note);
    snprintf(r->note + len, sizeof r->note - len, "%s%s", len ? "; " : "", text);
}

/* The summary columns from the repetitions, and the repetitions themselves as the row's
 * samples (device time NaN where unknown). */
static void record_times(pb_row *r, const timing *t, int reps)
{
    pb_stats hs, ds, ks, ss;
    pb_stats_compute(t->host, (size_t)reps, &hs);
    r->reps = reps;
    r->time_median_s = hs.median;
    r->time_min_s = hs.min;
    r->time_max_s = hs.max;
    r->time_mean_s = hs.mean;
    r->time_stddev_s = hs.stddev;
    if (t->device_clock && pb_stats_compute(t->device, (size_t)reps, &ds) == 0) {
        r->device_time_median_s = ds.median;
        r->device_time_min_s = ds.min;
        r->device_time_stddev_s = ds.stddev;
        r->device_clock = t->device_clock;
        if (ds.n < (size_t)reps)
            snprintf(r->note, sizeof r->note, "device time seen in %zu of %d repetitions", ds.n, reps);
    }
    if (pb_stats_compute(t->kernels, (size_t)reps, &ks) == 0)
        r->kernels_per_rep = ks.median;
    if (pb_stats_compute(t->kernel_sum, (size_t)reps, &ss) == 0)
        r->kernel_time_median_s = ss.median;
    pb_sample *smp = malloc((size_t)reps * sizeof *smp);
    for (int i = 0; smp && i < reps; ++i)
        smp[i] = (pb_sample){t->host[i], t->device_clock && t->device[i] >= 0 ? t->device[i] : NAN, t->sm_mhz[i]};
    if (smp) {
        free(r->samples);
        r->samples = smp;
        r->nsamples = (size_t)reps;
    } else {
        note_add(r, "samples not kept (out of memory)");
    }
}

static void record_gpu_state(pb_row *r, const pb_gpu_state *before, const pb_gpu_state *after)
{
    if (!before->ok || !after->ok)
        return;
    r->sm_clock_mhz = after->sm_mhz;
    r->mem_clock_mhz = after->mem_mhz;
    unsigned long long reasons = before->reasons | after->reasons;
    snprintf(r->throttle_reasons, sizeof r->throttle_reasons, "0x%llx", reasons);
    r->throttled = pb_nvml_throttled(reasons) ? PB_TRI_YES : PB_TRI_NO;
}

/* One repetition for pb_energy_measure. */
typedef struct energy_rep_ctx {
    const pb_backend *be;
    const pb_variant *v;
    const pb_args *a;
} energy_rep_ctx;

static int energy_rep(void *ctx)
{
    const energy_rep_ctx *e = ctx;
    return one_rep(e->be, e->v, e->a, NULL);
}

/* best never runs slower than a course version of its own backend. The tuning table holds
 * one launch shape per GPU, toolchain and dtype, swept at one size; at other sizes a course
 * version can be faster (on the H100, clang-14's dmvm v8 from nx=1000 to 6000, with the
 * matrix in L2 or rows that are not whole 16-byte groups: results/h100/best/20261126T1433Z_dmvm_sizes/).
 * Timed on the host clock, the pick chose wrong at small sizes, where launch overhead
 * outweighs the kernel (results/h100/best/20261126T1512Z_pick_host_clock/).
 * So a GPU row of `best` first times best and every course version of its benchmark that
 * this backend runs for the case (the fastest of PICK_CALLS timed calls each, on the clock
 * the row reports: the device's where traced, as the timed loop; after two calls, a version
 * far slower than the fastest so far gets no more), then
 * runs the fastest for everything after: its check, warm-ups and timed repetitions. The
 * row stays `best`; its note names what ran. Off where a run measures one candidate on
 * purpose (PB_TUNE: portbench tune; gemm's candidate selectors) and on the host
 * (PB_TEST_BEST_PICK=1 turns it on there for the tests; =course makes a course version win). */
enum { PICK_CALLS = 3 };
static const char *const gemm_selectors[] = {"PB_GEMM_K7_CONFIG", "PB_GEMM_BEST_CONFIG", "PB_GEMM_OMP_BEST_CONFIG"};

static double pick_time(const pb_plan *o, const pb_backend *be, const pb_variant *v, const pb_args *a, double fastest,
                        int traced, int gpu_row)
{
    /* A first call loads the kernel (CUDA loads modules lazily: a first launch can take
     * milliseconds); then a version whose second call, on the host clock, takes over 4x the
     * fastest so far plus a millisecond (more than any launch overhead explains) gets no
     * more: gcc's course gemm at n=4096 takes seconds a call. */
    const double t_first = pb_now();
    if (one_rep(be, v, a, NULL) != PB_OK)
        return INFINITY;
    const double first = pb_now() - t_first;
    if (first > 4 * fastest + 0.1) /* slower than loading a module explains: one call is enough */
        return first;
    const double t0 = pb_now();
    if (one_rep(be, v, a, NULL) != PB_OK)
        return INFINITY;
    const double one = pb_now() - t0;
    if (one > 4 * fastest + 1e-3)
        return one;
    timing t;
    const int rc = timed_reps(be, v, a, PICK_CALLS, traced, 0, &t);
    const double *s = rc == PB_OK ? noise_times(o, &t, gpu_row) : NULL; /* the clock the row reports */
    double best = INFINITY;
    for (int k = 0; s && k < PICK_CALLS; ++k)
        best = s[k] < best ? s[k] : best;
    timing_free(&t);
    return rc == PB_OK ? best : INFINITY;
}

static const pb_variant *pick_fastest(const pb_plan *o, const backend_state *bs, const pb_variant *v, const pb_case *c,
                                      pb_args *a, int gpu_row, char *note, size_t cap)
{
    const char *test = getenv("PB_TEST_BEST_PICK");
    int on = strcmp(v->name, "best") == 0 && (gpu_row || test) && !getenv(PB_TUNE_ENV);
    for (size_t k = 0; k < sizeof gemm_selectors / sizeof *gemm_selectors; ++k)
        on = on && !getenv(gemm_selectors[k]);
    if (!on)
        return v;
    const int traced = gpu_row && pb_trace_active(); /* the device clock, as the row's times */
    const double t_pick = pb_now();
    const double mine = pick_time(o, bs->be, v, a, INFINITY, traced, gpu_row);
    if (!(mine < INFINITY))
        return v; /* best does not run here: its own checked run says why */
    const double best_s = test && strcmp(test, "course") == 0 ? INFINITY : mine;
    const pb_variant *course = NULL; /* the fastest course version, course_s its time */
    double course_s = INFINITY;
    int timed = 0, versions = 0; /* course versions timed, and those this case has */
    size_t nall;
    const pb_variant *all = pb_registry_variants(pb_registry_tables, bs->be, &nall);
    for (size_t i = 0; i < nall; ++i) {
        const pb_variant *u = &all[i];
        char why[200];
        if (strcmp(u->benchmark, c->bench->name) || !strcmp(u->name, "best") || !strcmp(u->name, "lib") ||
            !strcmp(u->name, "baseline") || (u->flags & PB_V_NO_PICK) || !(u->dtypes & PB_DT(c->dtype)) ||
            (c->bench->variant_check && c->bench->variant_check(c, u->name, why, sizeof why) != PB_OK))
            continue;
        ++versions;
        /* --time-budget bounds the pick too: no more versions once it is spent (gcc-12's
         * slow reduce versions cost minutes at n = 2^24 on the H100) */
        if (o->time_budget > 0 && pb_now() - t_pick > o->time_budget)
            continue;
        ++timed;
        const double t = pick_time(o, bs->be, u, a, course_s < best_s ? course_s : best_s, traced, gpu_row);
        if (t < course_s)
            course = u, course_s = t;
    }
    char cut[96] = "";
    if (timed < versions)
        snprintf(cut, sizeof cut, "; the pick timed %d of %d course versions within --time-budget", timed, versions);
    if (course && course_s < best_s) {
        snprintf(note, cap, "ran the course's %s, faster here than best's own kernel (%.3g against %.3g ms)%s",
                 course->name, course_s * 1e3, mine * 1e3, cut);
        return course;
    }
    if (course)
        snprintf(note, cap, "best's own kernel, faster here than every course version (%.3g ms; %s %.3g ms)%s",
                 mine * 1e3, course->name, course_s * 1e3, cut);
    else if (cut[0])
        snprintf(note, cap, "best's own kernel%s", cut);
    return v;
}

static void measure(worker *w, const backend_state *bs, const pb_variant *v, const host_case *h, pb_args *a,
                    double transfer_s)
{
    const pb_plan *o = w->o;
    const pb_backend *be = bs->be;
    const pb_case *c = &h->c;
    pb_row r;
    row_start(w, bs, &r);
    r.transfer_s = transfer_s;
    int gpu_row = r.offload == PB_OFFLOAD_DEVICE;
    pb_energy_source gpu;
    pb_energy_source_nvml(&gpu);
    char cool_note[160] = "", pick_note[200] = "";
    if (gpu_row && o->cooldown != 0) /* --cooldown: before the configuration's first run */
        r.cooldown_s = pb_cooldown_wait(&gpu, o->cooldown, w->start_temp_c, cool_note, sizeof cool_note);
    /* what runs from here on: v, or for best the faster course version (pick_fastest) */
    const pb_variant *run = pick_fastest(o, bs, v, c, a, gpu_row, pick_note, sizeof pick_note);

    /* The checked run comes first (poisoned output, offload flag cleared): it is also the
     * first untimed run and tells how long one run takes, so that --time-budget bounds the
     * whole configuration. The checked run is never skipped, nor the last timed repetition;
     * warm-ups are cut first, then repetitions, and the note says what was cut. */
    int rc = PB_OK, pass = 0;
    pb_check chk = {NAN, NAN, 0};
    char note[256] = "";
    size_t out_bytes = pb_case_buf_bytes(c, h->out_buf);
    int zero = PB_RAN_UNKNOWN;
    pb_poison(c->dtype, h->out, c->bench->buf_elems(c, h->out_buf));
    rc = be->upload(a->buf[h->out_buf], h->out, out_bytes);
    if (rc == PB_OK && be->offload)
        rc = be->upload(a->ran_on, &zero, sizeof zero);
    double t0 = pb_now();
    if (rc == PB_OK)
        rc = one_rep(be, run, a, NULL);
    double one = pb_now() - t0, spent = one; /* one: the shortest untimed run so far */
    if (rc == PB_OK) {
        pass = check_output(be, h, a, &chk, note, sizeof note);
        if (pass && be->offload)
            pass = check_offload(bs, a, note, sizeof note);
    }
    const double budget = o->time_budget;
    int warmups = 0;
    while (rc == PB_OK && warmups < o->warmup && !(budget > 0 && spent + one * (1 + o->reps) > budget)) {
        double t = pb_now();
        rc = one_rep(be, run, a, NULL);
        double d = pb_now() - t;
        spent += d;
        one = d < one ? d : one;
        ++warmups;
    }

    pb_gpu_state before, after;
    if (gpu_row)
        pb_nvml_sample(&before);
    /* The timed repetitions in what the budget has left (at least one); a traced loop
     * runs one untimed repetition first (timed_reps). */
    const int traced = gpu_row && pb_trace_active();
    int reps = o->reps;
    if (budget > 0 && one > 0 && spent + one * (reps + traced) > budget) {
        double fit = (budget - spent) / one - traced;
        reps = fit < 1 ? 1 : fit < reps ? (int)fit : reps;
    }
    const char *stop = reps < o->reps ? "time-budget" : "reps";
    timing t = {0}; /* freed on every path, also when the warm-up failed */
    if (rc == PB_OK && o->max_noise > 0)
        rc = adaptive_reps(o, be, run, a, reps, stop, spent, one, traced, gpu_row, &t, &reps, &stop);
    else if (rc == PB_OK)
        rc = timed_reps(be, run, a, reps, traced, gpu_row, &t);
    if (gpu_row) {
        pb_nvml_sample(&after);
        record_gpu_state(&r, &before, &after);
    }
    if (rc == PB_OK && pass) {
        pb_check again;
        pass = check_output(be, h, a, &again, note, sizeof note);
        if (again.err > chk.err || isnan(chk.err))
            chk = again;
    }
    /* --energy: a window of repetitions of its own, after the timed ones and the check */
    pb_energy energy;
    int energy_measured = rc == PB_OK && pass && gpu_row && o->energy;
    if (energy_measured) {
        energy_rep_ctx ec = {be, run, a};
        rc = pb_energy_measure(&gpu, energy_rep, &ec, o->energy_window, &energy);
    }

    if (rc == PB_SKIP) {
        r.verified = PB_VERIFIED_SKIP;
        pb_strlcpy(r.note, "this variant does not support the configuration", sizeof r.note);
    } else if (rc != PB_OK) {
        r.verified = PB_VERIFIED_FAIL;
        snprintf(r.note, sizeof r.note, "%s failed to run (backend error)", v->name);
    } else {
        record_times(&r, &t, reps);
        pb_strlcpy(r.stop_reason, stop, sizeof r.stop_reason);
        r.noise_pct = 100 * pb_median_noise(noise_times(o, &t, gpu_row), (size_t)reps);
        pb_facts_launch(&r, &t.facts, w->cc); /* the rates: pb_row_derive, as emit_row writes the row */
        r.max_rel_err = chk.err;
        r.tolerance = chk.tol;
        r.verified = pass ? PB_VERIFIED_PASS : PB_VERIFIED_FAIL;
        char timing_note[sizeof r.note];
        pb_strlcpy(timing_note, r.note, sizeof timing_note);
        r.note[0] = '\0';
        note_add(&r, note); /* a failed check says why first */
        if (pass && r.offload == PB_OFFLOAD_HOST_FALLBACK)
            note_add(&r, "OpenMP target region ran on the host (no GPU)");
        int reps_cut = strcmp(stop, "time-budget") == 0; /* not --max-noise's own stop */
        if (reps_cut || warmups < o->warmup) {
            char cut[200] = "", part[64];
            if (reps_cut)
                snprintf(cut, sizeof cut, "%d repetitions instead of %d", reps, o->reps);
            if (warmups < o->warmup) {
                snprintf(part, sizeof part, "%s%d warm-ups instead of %d", cut[0] ? ", " : "", warmups, o->warmup);
                strncat(cut, part, sizeof cut - strlen(cut) - 1);
            }
            snprintf(part, sizeof part, ": one takes %.3g s (--time-budget %g s)", one, budget);
            strncat(cut, part, sizeof cut - strlen(cut) - 1);
            note_add(&r, cut);
        }
        note_add(&r, timing_note);
        if (energy_measured)
            pb_facts_energy(&r, &energy);
        note_add(&r, cool_note);
    }
    if (strcmp(v->name, "best") == 0) { /* what ran (the pick), then the launch shape of best's own kernel */
        note_add(&r, pick_note);
        pb_shape sh;
        char shape[200], text[210];
        int tuned = 0;
        if (run == v && pb_tuning_lookup_tuned(c->bench->name, v->name, be->name,
                                               pb_tuning_toolchain(be->compiler, PB_TOOLCHAIN), pb_dtype_name(c->dtype),
                                               bs->dev.on_host ? 0 : w->cc, &sh, shape, sizeof shape, &tuned) == 0) {
            snprintf(text, sizeof text, "shape %s", shape);
            note_add(&r, text);
            /* the same as facts of the row record (the note is words, and may be cut) */
            pb_shape_format(&sh, r.shape, sizeof r.shape);
            r.shape_source = tuned > 0 ? PB_SHAPE_TUNE : tuned < 0 ? PB_SHAPE_IGNORED : PB_SHAPE_TABLE;
        }
    }
    /* gemm's candidate selectors (cuda/gemm.cu, omp_target/gemm.c): a row measured under
     * one says so, since it did not run the table's choice */
    for (size_t k = 0; k < sizeof gemm_selectors / sizeof *gemm_selectors; ++k) {
        const char *val = getenv(gemm_selectors[k]);
        if (val && strcmp(c->bench->name, "gemm") == 0 && (!strcmp(v->name, "best") || !strcmp(v->name, "k7"))) {
            size_t len = strlen(r.note);
            snprintf(r.note + len, sizeof r.note - len, "%s%s=%s (run-time override)", len ? "; " : "",
                     gemm_selectors[k], val);
        }
    }
    timing_free(&t);
    emit_row(w, &r, 1);
    free(r.samples);
}

static void free_host_case(host_case *h)
{
    for (int b = 0; b < PB_MAX_BUFS; ++b)
        free(h->buf[b]);
    free(h->ref);
    memset(h, 0, sizeof *h);
}

/* Generate inputs and the reference for one case. PB_ERR with a reason on failure. */
static int prepare_host_case(const pb_plan *o, host_case *h, char *why, size_t cap)
{
    const pb_case *c = &h->c;
    const pb_bench *b = c->bench;
    h->out_buf = -1;
    for (int k = 0; k < b->nbufs; ++k) {
        if (b->bufs[k].role == PB_BUF_SCRATCH)
            continue;
        size_t bytes = pb_case_buf_bytes(c, k);
        h->buf[k] = host_alloc(bytes ? bytes : 1);
        if (!h->buf[k]) {
            snprintf(why, cap, "host allocation of %zu bytes for %s failed", bytes, b->bufs[k].name);
            return PB_ERR;
        }
        if (b->bufs[k].role == PB_BUF_IN)
            b->fill(c, k, h->buf[k], o->seed);
        else
            h->out_buf = k, h->out = h->buf[k];
    }
    h->ref = b->reference ? b->reference(c, h->buf) : NULL;
    if (b->reference && !h->ref) {
        snprintf(why, cap, "host allocation for the reference failed");
        return PB_ERR;
    }
    return PB_OK;
}

/* One plan item of this worker: the backend that measures it and the variant. */
typedef struct work {
    const pb_plan_item *it;
    size_t cas;
    backend_state *bs;
    const pb_variant *v;
} work;

/* Allocate and upload one backend's buffers; measure each of its items of the case. */
static void run_backend_case(worker *w, backend_state *bs, const work *items, int nv, host_case *h)
{
    const pb_backend *be = bs->be;
    const pb_case *c = &h->c;
    pb_args a;
    memset(&a, 0, sizeof a);
    a.dtype = c->dtype;
    a.n = c->n;
    memcpy(a.param, c->param, sizeof a.param);
    char why[256] = "";
    int ok = 1;
    double t0 = pb_now();
    /* the backend's memory: the GPU's, or the host's for the CPU and host fallback */
    const char *where = bs->dev.on_host ? "host" : "device";
    for (int k = 0; k < c->bench->nbufs && ok; ++k) {
        size_t bytes = pb_case_buf_bytes(c, k);
        a.buf[k] = getenv("PB_TEST_FAIL_BACKEND_ALLOC") ? NULL : be->alloc(bytes ? bytes : 1);
        if (!a.buf[k]) {
            snprintf(why, sizeof why, "%s allocation of %zu bytes for %s failed (%s backend)", where, bytes,
                     c->bench->bufs[k].name, be->name);
            ok = 0;
        } else if (c->bench->bufs[k].role == PB_BUF_IN && be->upload(a.buf[k], h->buf[k], bytes) != PB_OK) {
            snprintf(why, sizeof why, "upload of %s failed", c->bench->bufs[k].name);
            ok = 0;
        }
    }
    double transfer = pb_now() - t0;
    if (ok && be->offload) {
        a.ran_on = be->alloc(sizeof(int));
        if (!a.ran_on) {
            snprintf(why, sizeof why, "%s allocation of the offload flag failed (%s backend)", where, be->name);
            ok = 0;
        }
    }
    for (int i = 0; i < nv; ++i) {
        const pb_variant *v = items[i].v;
        char vwhy[400] = "";
        w->item = items[i].it;
        if (!ok) { /* the size passed the driver's memory check: a failure, not a limit */
            emit_unmeasured(w, bs, PB_VERIFIED_FAIL, why);
            continue;
        }
        if (c->bench->variant_check && c->bench->variant_check(c, v->name, vwhy, sizeof vwhy) != PB_OK) {
            emit_skip(w, bs, vwhy); /* a limit of this version only, e.g. one block */
            continue;
        }
        if (strcmp(v->name, "baseline") == 0 && c->bench->baseline_limit &&
            c->bench->baseline_limit(c, bs->dev.threads, vwhy, sizeof vwhy) != PB_OK) {
            if (bs->joined) { /* it joined as the baseline: not paid unasked */
                size_t len = strlen(vwhy);
                snprintf(vwhy + len, sizeof vwhy - len, "; --backend %s runs it anyway", be->name);
                emit_skip(w, bs, vwhy);
                continue;
            }
            if (!w->o->quiet)
                fprintf(stderr, "portbench: %s: %s %s=%zu: %s; running it, as --backend %s asks\n", PB_WORKER_NAME,
                        c->bench->name, c->bench->size_option + 2, c->n, vwhy, be->name);
        }
        measure(w, bs, v, h, &a, transfer);
    }
    for (int k = 0; k < c->bench->nbufs; ++k)
        if (a.buf[k])
            be->release(a.buf[k]);
    if (a.ran_on)
        be->release(a.ran_on);
}

/* The items of one case (in the plan's order, those of one backend together), one
 * host_case for all of them: inputs and reference are prepared once. */
static void run_case(worker *w, const pb_case *c, const work *items, size_t n)
{
    const pb_plan *o = w->o;
    host_case h;
    memset(&h, 0, sizeof h);
    h.c = *c;
    char invalid[256] = "", unprepared[256] = "";
    int prepared = 0, prep = PB_OK;
    /* the driver refuses such a case up front; a worker run by hand skips it */
    if (c->bench->validate && c->bench->validate(c, invalid, sizeof invalid) != PB_OK) {
        if (!invalid[0])
            pb_strlcpy(invalid, "the benchmark does not take this configuration", sizeof invalid);
    } else {
        invalid[0] = '\0';
    }
    for (size_t i = 0, nv; i < n; i += nv) {
        backend_state *bs = items[i].bs;
        for (nv = 1; i + nv < n && items[i + nv].bs == bs;)
            ++nv;
        if (bs->status != PB_OK || invalid[0]) {
            for (size_t k = i; k < i + nv; ++k) {
                w->item = items[k].it;
                emit_skip(w, bs, bs->status != PB_OK ? bs->why : invalid);
            }
            continue;
        }
        if (!prepared) {
            if (!o->quiet && pb_case_total_bytes(c) > 256e6)
                fprintf(stderr, "portbench: %s: preparing %s %s=%zu inputs and reference\n", PB_WORKER_NAME,
                        pb_dtype_name(c->dtype), c->bench->size_option + 2, c->n);
            prep = prepare_host_case(o, &h, unprepared, sizeof unprepared);
            prepared = 1;
        }
        if (prep != PB_OK) { /* inputs or reference not allocated: a failure, not a limit */
            for (size_t k = i; k < i + nv; ++k) {
                w->item = items[k].it;
                emit_unmeasured(w, bs, PB_VERIFIED_FAIL, unprepared);
            }
            continue;
        }
        run_backend_case(w, bs, &items[i], (int)nv, &h);
    }
    free_host_case(&h);
}

/* The backend record of the stream: how the backend started (it replaces the `--meta`
 * lines; the driver nests it into the run's meta.json). */
static void write_backend(worker *w, const backend_state *bs)
{
    const pb_backend *be = bs->be;
    pb_stream_backend b;
    memset(&b, 0, sizeof b);
    pb_strlcpy(b.backend, be->name, sizeof b.backend);
    pb_strlcpy(b.compiler, be->compiler, sizeof b.compiler);
    pb_strlcpy(b.compiler_version, be->compiler_version, sizeof b.compiler_version);
    b.status = bs->status == PB_OK ? PB_BACKEND_OK : bs->status == PB_SKIP ? PB_BACKEND_SKIP : PB_BACKEND_ERROR;
    if (bs->status != PB_OK) {
        pb_strlcpy(b.why, bs->why, sizeof b.why);
    } else {
        pb_strlcpy(b.device, bs->dev.on_host ? "host" : bs->dev.name, sizeof b.device);
        pb_strlcpy(b.device_uuid, bs->dev.uuid, sizeof b.device_uuid);
        b.threads = bs->dev.threads;
        pb_strlcpy(b.detail, bs->dev.detail, sizeof b.detail);
    }
    pb_stream_write_backend(w->emit, &b);
    check_written(w->emit, w->emit_name, 0);
}

/* The GPU the backends will use, from the CUDA driver (after CUPTI started: the probe
 * creates no context). */
static void describe_gpu(int device, pb_gpu_desc *g)
{
    pb_gpu_probe probe;
    pb_gpu_device d;
    memset(g, 0, sizeof *g);
    pb_gpu_probe_run(&probe);
    if (!probe.ok) {
        pb_strlcpy(g->why, probe.why, sizeof g->why);
        return;
    }
    if (device >= probe.count || pb_gpu_device_query(device, 0, &d) != 0) {
        snprintf(g->why, sizeof g->why, "GPU %d not found (%d GPUs)", device, probe.count);
        return;
    }
    g->ok = 1;
    pb_strlcpy(g->name, d.name, sizeof g->name);
    pb_strlcpy(g->uuid, d.uuid, sizeof g->uuid);
    g->cc_major = d.cc_major;
    g->cc_minor = d.cc_minor;
    g->sms = d.sms;
    g->mem_total = d.mem_total;
}

/* --describe: what this worker holds, one JSON object (docs/channel.md): its toolchain
 * and build flags, and per backend its compiler and variants (benchmark, name, dtypes,
 * what it teaches). The driver reads it once per run (pb_worker_list). */
static int describe(void)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "format", "portbench.describe");
    cJSON_AddNumberToObject(root, "version", PB_PLAN_VERSION);
    cJSON_AddStringToObject(root, "worker", PB_WORKER_NAME);
    cJSON_AddStringToObject(root, "toolchain", PB_TOOLCHAIN);
    cJSON_AddStringToObject(root, "build_flags", PB_BUILD_FLAGS);
    cJSON *bes = cJSON_AddArrayToObject(root, "backends");
    for (size_t b = 0; b < pb_worker_nbackends; ++b) {
        const pb_backend *be = pb_worker_backends[b];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", be->name);
        cJSON_AddStringToObject(o, "compiler", be->compiler);
        cJSON_AddStringToObject(o, "compiler_version", be->compiler_version);
        cJSON *vs = cJSON_AddArrayToObject(o, "variants");
        size_t nall;
        const pb_variant *all = pb_registry_variants(pb_registry_tables, be, &nall);
        for (size_t i = 0; i < nall; ++i) {
            const pb_variant *v = &all[i];
            cJSON *vo = cJSON_CreateObject();
            cJSON_AddStringToObject(vo, "bench", v->benchmark);
            cJSON_AddStringToObject(vo, "name", v->name);
            cJSON *dts = cJSON_AddArrayToObject(vo, "dtypes");
            for (int t = 0; t < PB_NDTYPES; ++t)
                if (v->dtypes & PB_DT(t))
                    cJSON_AddItemToArray(dts, cJSON_CreateString(pb_dtype_name((pb_dtype)t)));
            cJSON_AddStringToObject(vo, "teaches", v->teaches);
            cJSON *fl = cJSON_AddArrayToObject(vo, "flags"); /* PB_V_*, by name */
            if (v->flags & PB_V_SHAPED)
                cJSON_AddItemToArray(fl, cJSON_CreateString("shaped"));
            if (v->flags & PB_V_NO_PICK)
                cJSON_AddItemToArray(fl, cJSON_CreateString("no_pick"));
            cJSON_AddItemToArray(vs, vo);
        }
        cJSON_AddItemToArray(bes, o);
    }
    char *text = cJSON_Print(root);
    if (text)
        printf("%s\n", text);
    free(text);
    cJSON_Delete(root);
    check_written(stdout, "the description (standard output)", 0);
    return text ? 0 : EXIT_CANNOT_WRITE;
}

/* The work of this worker in the plan: its backends (PB_ERR when it names one this
 * worker does not hold) and its items, each with its variant (PB_ERR when a backend has
 * no such variant of the benchmark for the case's dtype). Items of other workers' backends
 * (a whole plan from --dry-run) are left out. */
static int plan_work(const pb_plan *p, backend_state *states, size_t *nstates, work **out, size_t *nout, char *err,
                     size_t cap)
{
    int state_of[PB_PLAN_MAX_BACKENDS];
    *nstates = 0;
    for (int b = 0; b < p->nbackends; ++b) {
        state_of[b] = -1;
        if (strcmp(p->backends[b].worker, PB_WORKER_NAME) != 0)
            continue;
        size_t k = 0;
        while (k < pb_worker_nbackends && strcmp(pb_worker_backends[k]->name, p->backends[b].name) != 0)
            ++k;
        if (k == pb_worker_nbackends) {
            snprintf(err, cap, "backend %s: %s holds no backend \"%s\"", p->backends[b].id, PB_WORKER_NAME,
                     p->backends[b].name);
            return PB_ERR;
        }
        if (*nstates == PB_PLAN_MAX_BACKENDS)
            continue;
        backend_state *bs = &states[*nstates];
        memset(bs, 0, sizeof *bs);
        bs->be = pb_worker_backends[k];
        bs->joined = p->backends[b].joined;
        state_of[b] = (int)(*nstates)++;
    }
    if (*nstates == 0) {
        snprintf(err, cap, "the plan has no backend of %s", PB_WORKER_NAME);
        return PB_ERR;
    }
    work *v = calloc(p->nitems + 1, sizeof *v);
    if (!v) {
        snprintf(err, cap, "out of memory");
        return PB_ERR;
    }
    size_t n = 0;
    for (size_t i = 0; i < p->nitems; ++i) {
        const pb_plan_item *it = &p->items[i];
        if (state_of[it->backend] < 0)
            continue;
        backend_state *bs = &states[state_of[it->backend]];
        size_t nall, k = 0;
        const pb_variant *all = pb_registry_variants(pb_registry_tables, bs->be, &nall);
        while (k < nall && (strcmp(all[k].benchmark, p->bench->name) || strcmp(all[k].name, it->variant)))
            ++k;
        pb_dtype dt = p->cases[it->cas].dtype;
        if (k == nall || !(all[k].dtypes & PB_DT(dt))) {
            snprintf(err, cap, "item %ld: backend %s has no %s variant \"%s\"%s%s", it->id, p->backends[it->backend].id,
                     p->bench->name, it->variant, k == nall ? "" : " for ", k == nall ? "" : pb_dtype_name(dt));
            free(v);
            return PB_ERR;
        }
        v[n++] = (work){it, it->cas, bs, &all[k]};
    }
    /* case by case (the plan's order within each): one host_case per case */
    for (size_t i = 1; i < n; ++i)
        for (size_t j = i; j > 0 && v[j - 1].cas > v[j].cas; --j) {
            work t = v[j - 1];
            v[j - 1] = v[j];
            v[j] = t;
        }
    *out = v;
    *nout = n;
    return PB_OK;
}

static void usage(void)
{
    fprintf(stderr,
            "%s: a worker of portbench; usage: %s PLAN.json [ROWS.jsonl] | %s --describe\n"
            "  runs the plan (`portbench BENCH ... --dry-run` prints one; - = standard input) and writes\n"
            "  its rows as JSON Lines to ROWS.jsonl (default and -: standard output)\n",
            PB_WORKER_NAME, PB_WORKER_NAME, PB_WORKER_NAME);
}

int main(int argc, char **argv)
{
    char bad[512];
    if (pb_registry_check(pb_registry_tables, pb_worker_backends, pb_worker_nbackends, bad, sizeof bad) != PB_OK) {
        pb_errorf("%s: %s", PB_WORKER_NAME, bad);
        return 2;
    }
    if (argc == 2 && strcmp(argv[1], "--describe") == 0)
        return describe();
    if (argc < 2 || argc > 3 || (argv[1][0] == '-' && argv[1][1])) {
        usage();
        return 2;
    }
    static pb_plan o; /* large: keep it off the stack */
    static backend_state states[PB_PLAN_MAX_BACKENDS];
    size_t nstates = 0, nwork = 0;
    work *items = NULL;
    char err[600];
    if (pb_plan_read_file(argv[1], &o, err, sizeof err) != PB_OK ||
        plan_work(&o, states, &nstates, &items, &nwork, err, sizeof err) != PB_OK) {
        pb_errorf("%s: %s", PB_WORKER_NAME, err);
        return 2;
    }
    if (o.has_tune) /* `portbench tune`'s launch shapes, as PB_TUNE gives them (pb_tuning.h) */
        setenv(PB_TUNE_ENV, o.tune, 1);
    static worker w;
    w.o = &o;
    w.start_temp_c = o.start_temp_c;
    w.profile = o.gpu_profile[0] ? pb_gpu_profile_by_id(o.gpu_profile) : NULL;
    w.emit = stdout;
    const char *rows = argc == 3 && strcmp(argv[2], "-") != 0 ? argv[2] : NULL;
    w.emit_name = rows ? rows : "standard output";
    if (rows && !(w.emit = fopen(rows, "w"))) {
        pb_errorf("%s: cannot write %s: %s", PB_WORKER_NAME, rows, strerror(errno));
        return EXIT_CANNOT_WRITE;
    }

    /* The device clock: CUPTI must be recording before any CUDA context exists. */
    int gpu_requested = 0;
    for (size_t s = 0; s < nstates; ++s)
        gpu_requested |= states[s].be->gpu;
    char trace_why[160] = "";
    if (gpu_requested && o.clock != PB_PLAN_CLOCK_HOST && pb_trace_start(trace_why, sizeof trace_why) == PB_OK)
        trace_why[0] = '\0';
    else if (!trace_why[0])
        pb_strlcpy(trace_why, o.clock == PB_PLAN_CLOCK_HOST ? "--clock host" : "no GPU backend", sizeof trace_why);
    pb_stream_hello hello;
    memset(&hello, 0, sizeof hello);
    pb_strlcpy(hello.worker, PB_WORKER_NAME, sizeof hello.worker);
    pb_strlcpy(hello.toolchain, PB_TOOLCHAIN, sizeof hello.toolchain);
    pb_strlcpy(hello.git_sha, pb_git_sha, sizeof hello.git_sha);
    pb_strlcpy(hello.build_flags, PB_BUILD_FLAGS, sizeof hello.build_flags);
    snprintf(hello.device_clock, sizeof hello.device_clock, "%s%s", trace_why[0] ? "unavailable: " : "cupti",
             trace_why);
    pb_stream_write_hello(w.emit, &hello);
    check_written(w.emit, w.emit_name, 0);

    pb_backend_config cfg = {o.gpu_index, o.threads, o.allow_host_fallback, {0}};
    if (gpu_requested)
        describe_gpu(o.gpu_index, &cfg.gpu);
    if (cfg.gpu.ok) {
        pb_strlcpy(w.gpu_uuid, cfg.gpu.uuid, sizeof w.gpu_uuid);
        w.cc = 10 * cfg.gpu.cc_major + cfg.gpu.cc_minor;
    }
    for (size_t s = 0; s < nstates; ++s) {
        backend_state *bs = &states[s];
        const pb_backend *be = bs->be;
        bs->status = be->init(&cfg, &bs->dev, bs->why, sizeof bs->why);
        if (bs->status != PB_OK && !bs->why[0])
            pb_strlcpy(bs->why, "backend initialisation failed", sizeof bs->why);
        if (bs->status != PB_OK && !o.quiet)
            fprintf(stderr, "portbench: %s: backend %s skipped: %s\n", PB_WORKER_NAME, be->name, bs->why);
        if (bs->status == PB_OK && be->gpu && !bs->dev.on_host) {
            int nvml_ok = bs->dev.uuid[0] && pb_nvml_open(bs->dev.uuid) == 0;
            unsigned celsius; /* a worker started by hand: the run begins now */
            if (nvml_ok && isnan(w.start_temp_c) && pb_nvml_temperature_c(&celsius) == 0)
                w.start_temp_c = celsius;
            if (!nvml_ok && !o.quiet)
                fprintf(stderr, "portbench: %s: NVML unavailable: no clock or throttle readings\n", PB_WORKER_NAME);
            if (trace_why[0] && o.clock != PB_PLAN_CLOCK_HOST && !o.quiet)
                fprintf(stderr, "portbench: %s: no CUPTI device clock (%s)\n", PB_WORKER_NAME, trace_why);
        }
        write_backend(&w, bs);
    }
    report_started();

    for (size_t i = 0, n; i < nwork; i += n) { /* case by case */
        for (n = 1; i + n < nwork && items[i + n].cas == items[i].cas;)
            ++n;
        pb_case c;
        pb_plan_case_of(&o, items[i].cas, &c);
        run_case(&w, &c, &items[i], n);
    }

    pb_trace_stop();
    for (size_t s = 0; s < nstates; ++s)
        if (states[s].status == PB_OK && states[s].be->finish)
            states[s].be->finish();
    pb_stream_end end = {.rows = w.rows, .failed = w.failures};
    pb_stream_write_end(w.emit, &end);
    check_written(w.emit, w.emit_name, w.emit != stdout);
    free(items);
    pb_plan_free(&o);
    return w.failures ? 1 : 0;
}
