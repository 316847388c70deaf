/* pb_plan.h - the plan: what the driver asks of a worker, one JSON document (the format is
 * in docs/channel.md). The driver parses the options once and enumerates every row once, one
 * item per row with an integer id; a worker runs exactly the items of its own backends
 * (`pb-<worker> PLAN.json [ROWS.jsonl]`) and answers with JSON Lines (pb_stream.h), one
 * row per item, joined by id. A compiler developer reruns one worker from its plan, without
 * the driver. */
#ifndef PB_PLAN_H
#define PB_PLAN_H

#include "pb_bench.h"
#include "pb_cli.h"
#include "pb_result.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PB_PLAN_FORMAT "portbench.plan"
#define PB_PLAN_VERSION 1 /* another version is refused: the worker exits 2 */

typedef enum pb_plan_clock { PB_PLAN_CLOCK_AUTO, PB_PLAN_CLOCK_HOST, PB_PLAN_CLOCK_DEVICE } pb_plan_clock;

enum { PB_PLAN_MAX_BACKENDS = 64 };

/* A backend of the run, as the worker that holds it knows it. */
typedef struct pb_plan_backend {
    char id[48];     /* the --backend spelling the items name: cuda, omp@clang-19, cpu */
    char name[16];   /* pb_backend.name inside the worker: cuda, omp, cpu */
    char worker[64]; /* the executable that holds it: pb-omp-clang-19 */
    int joined;      /* a baseline that joined, not named by --backend: its bound applies
                        (pb_bench.baseline_limit) */
} pb_plan_backend;

/* One row to measure. */
typedef struct pb_plan_item {
    long id;     /* unique in the plan; the row that answers it carries it */
    size_t cas;  /* index in pb_plan.cases */
    int backend; /* index in pb_plan.backends */
    char variant[32];
} pb_plan_item;

/* One problem: a dtype, a size and the benchmark's parameters. */
typedef struct pb_plan_case {
    pb_dtype dtype;
    size_t n;
    long param[PB_MAX_PARAMS];
} pb_plan_case;

typedef struct pb_plan {
    const pb_bench *bench;
    /* settings */
    int warmup, reps;
    double time_budget; /* seconds per configuration, 0 = none */
    double max_noise;   /* --max-noise as a fraction, 0 = off */
    uint64_t seed;      /* a string in the JSON: 64 bits do not fit a JSON number */
    int threads;        /* 0 = one per core */
    pb_plan_clock clock;
    int allow_host_fallback, quiet;
    int progress; /* the worker writes a line per row to stderr (the driver does it itself) */
    int has_tune; /* tune holds the launch shapes of `portbench tune` (PB_TUNE syntax) */
    char tune[512];
    int energy;           /* --energy */
    double energy_window; /* --energy-window, seconds */
    double cooldown;      /* --cooldown: seconds, PB_COOLDOWN_AUTO ("auto" in the JSON), 0 = none */
    double start_temp_c;  /* the GPU's temperature when the run began (--cooldown auto), NaN unknown (null) */
    /* the GPU the worker is given (index 0 and empty strings without one) */
    int gpu_index;
    char gpu_uuid[64], gpu_profile[32];
    pb_plan_backend backends[PB_PLAN_MAX_BACKENDS];
    int nbackends;
    pb_plan_case *cases;
    size_t ncases, cases_cap;
    pb_plan_item *items; /* in id order, which is the order of the run's rows */
    size_t nitems, items_cap;
} pb_plan;

/* The clock --clock asks for ("host", "device"; anything else, the default "": auto). */
pb_plan_clock pb_plan_clock_of(const char *option);

/* Settings from the option defaults (pb_options_defaults), no backend, case or item. */
void pb_plan_init(pb_plan *p, const pb_bench *bench);
void pb_plan_free(pb_plan *p);

/* The settings and the GPU of a run from its parsed options (no backend, case or item):
 * the one place where options become what a worker is told. */
void pb_plan_settings(pb_plan *p, const pb_options *o);

/* Add a backend (its index, or -1 when the table is full), a case (its index, or -1 out
 * of memory) and an item (0, or -1 out of memory). */
int pb_plan_add_backend(pb_plan *p, const char *id, const char *name, const char *worker, int joined);
long pb_plan_add_case(pb_plan *p, const pb_plan_case *c);
int pb_plan_add_item(pb_plan *p, long id, size_t cas, int backend, const char *variant);

/* The case of plan case k as the benchmarks take it. */
void pb_plan_case_of(const pb_plan *p, size_t k, pb_case *c);

/* The identity of the row that answers item it (its case from the plan): benchmark,
 * variant, backend, compiler, compiler_version and toolchain (given: those of the worker
 * that holds the backend, as it says them or the driver has them from its description),
 * dtype, size, params, bytes and flops of the cost model, git_sha, host, the plan's GPU
 * (gpu_index, gpu_uuid) and the timestamp; everything else empty. The one place a row is
 * started: by the worker that measures it, and by the driver for an item no worker
 * answered. */
void pb_plan_item_row(const pb_plan *p, const pb_plan_item *it, const char *compiler, const char *compiler_version,
                      const char *toolchain, pb_row *r);

/* Write the plan as JSON: the items of every backend (worker NULL), or of the backends of
 * one worker only (and only those backends and the cases they have items in). PB_OK, or
 * PB_ERR when the stream failed. */
int pb_plan_write(FILE *f, const pb_plan *p, const char *worker);

/* Read a plan written by pb_plan_write (text of len bytes; name for messages). Refused with
 * one line in err: not JSON, not a plan, another version, an unknown benchmark, dtype,
 * parameter, backend or setting, an item naming a backend the plan does not list, an id
 * twice. PB_OK or PB_ERR. */
int pb_plan_read(const char *text, size_t len, const char *name, pb_plan *p, char *err, size_t cap);
/* The same from a file ("-": standard input). */
int pb_plan_read_file(const char *path, pb_plan *p, char *err, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
