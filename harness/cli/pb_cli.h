/* pb_cli.h - command-line options of the benchmark commands: the driver parses them once
 * and hands each worker a plan (pb_plan.h), the settings and every row to measure. */
#ifndef PB_CLI_H
#define PB_CLI_H

#include "pb_backends.h"
#include "pb_bench.h"
#include "pb_opt.h"

#include <limits.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PB_MAX_SIZES 1024
#define PB_MAX_VALUES 64

typedef enum { PB_GPU_AUTO, PB_GPU_INDEX, PB_GPU_MODEL, PB_GPU_ALL } pb_gpu_kind;

#define PB_MAX_GPUS 64

typedef struct pb_options {
    const pb_bench *bench;
    pb_backend_mask backends;  /* bit i: pb_backend_at(i) */
    pb_backend_mask backends_named; /* the ones --backend named (baselines join later) */
    unsigned variants;         /* mask over bench->variants */
    size_t sizes[PB_MAX_SIZES];
    int nsizes;
    pb_dtype dtypes[PB_NDTYPES];
    int ndtypes;
    long params[PB_MAX_PARAMS][PB_MAX_VALUES];
    int nparams[PB_MAX_PARAMS];
    unsigned tied;             /* mask over bench->aliases given after their parameters: those
                                  parameters take their values together (--stride 2,4: 2/2, 4/4) */
    int warmup, reps;
    double time_budget;        /* seconds of timed repetitions per configuration, 0 = none */
    double max_noise;          /* --max-noise: repeat until the median's relative noise is below this
                                  fraction (pb_median_noise), at most reps; 0 = off */
    uint64_t seed;
    int threads;               /* 0 = one per core */
    pb_gpu_kind gpu_kind;
    int gpu_index;             /* the first of gpu_list */
    int gpu_list[PB_MAX_GPUS]; /* --gpu 0,1: device indices (PB_GPU_INDEX) */
    int ngpu_list;
    char gpu_model[32];
    int gpu_serial;            /* several GPUs: one after another instead of at once */
    int spread;                /* several GPUs or ranks: min/median/max per variant */
    int wide;                  /* tables one line per row, however wide (driver only) */
    double mpi_timeout;        /* seconds a rank waits for the others at the gather */
    int mpi_local_rank;        /* under MPI: this rank's place on its node (its GPU); else -1 */
    int mpi_local_size;        /* under MPI: the ranks on its node; else 0 */
    char csv[PATH_MAX];        /* "-": standard output */
    char json[PATH_MAX];       /* results file in JSON (driver only) */
    int record;                /* --record[=DIR] (driver only) */
    char record_dir[PATH_MAX];
    char label[64];
    char db[PATH_MAX];           /* --db FILE: the run is imported into this results store too */
    int fail_on_skip;          /* a skipped row makes the exit status 1 (driver only) */
    int no_baselines;
    int allow_host_fallback;
    int quiet;
    char clock[8];             /* host or device, empty = default */
    char ceilings[PATH_MAX];   /* measured-ceilings file (driver only) */
    int dry_run;               /* --dry-run: print the plan, measure nothing (driver only) */
    int energy;                /* --energy: energy per repetition of GPU rows (pb_energy.h) */
    double energy_window;      /* --energy-window: its shortest window, seconds */
    int energy_window_given;
    double cooldown;           /* --cooldown: seconds before each GPU configuration, PB_COOLDOWN_AUTO, 0 = none */
    /* set by the driver for the plan (pb_plan.h) */
    int device;
    char gpu_profile[32];
    char gpu_uuid[64];         /* of `device`, for the rows the driver writes itself */
    double start_temp_c;       /* the GPU's temperature when the run began (--cooldown auto), NaN unknown */
    char tune[512];            /* launch shapes in PB_TUNE syntax (portbench tune's candidate), carried by the
                                  plan so that a kept plan reruns them; empty: the workers' environment */
} pb_options;

/* Defaults for bench (NULL allowed for option-free commands). */
void pb_options_defaults(pb_options *o, const pb_bench *bench);

/* Parse argv[0..argc) (the options after the command name). Returns PB_OK, PB_OPT_HELP
 * (print the help, exit 0), or PB_ERR with one line in err. Paths that do not fit are
 * refused, never cut. */
int pb_options_parse(pb_options *o, int argc, char **argv, char *err, size_t cap);

/* Every case of the request (each dtype, size and parameter combination, ranges
 * included) through the benchmark's validate: PB_ERR with the first refusal in err, so
 * that a list is refused as its single values are. */
int pb_options_check_cases(const pb_options *o, char *err, size_t cap);

/* Apply the implicit rules: baselines unless --no-baselines. */
void pb_options_finish(pb_options *o);

/* Iterating the measured configurations: dtype t, size s and parameter combination
 * idx (start all zero; next_combo advances it and returns 0 after the last). */
void pb_options_case(const pb_options *o, int t, int s, const int *idx, pb_case *c);
int pb_options_next_combo(const pb_options *o, int *idx);

/* Pieces, exposed for tests. */
int pb_parse_sizes(const char *spec, size_t *out, int max, int *n, char *err, size_t cap);
int pb_parse_variants(const pb_bench *b, const char *spec, unsigned *mask, char *err, size_t cap);
int pb_parse_backends(const char *spec, pb_backend_mask *mask, char *err, size_t cap);
/* Copy a path option's value; PB_ERR (never a cut path) when it is empty or too long. */
int pb_copy_path(const char *opt, const char *val, char *dst, size_t cap, char *err, size_t errcap);

void pb_print_bench_help(FILE *f, const pb_bench *b);

#ifdef __cplusplus
}
#endif
#endif
