/* pb_cli.h - command-line options of the benchmark commands, shared by the driver
 * (which validates them and fans out) and the workers (which receive them resolved). */
#ifndef PB_CLI_H
#define PB_CLI_H

#include "pb_bench.h"

#include <limits.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PB_MAX_SIZES 1024
#define PB_MAX_VALUES 64

/* Backend spellings on the command line and the worker executable that holds each. */
typedef struct pb_backend_spec {
    const char *cli;     /* cuda, cublas, cub, omp@clang, omp@gcc, cpu */
    const char *backend; /* pb_backend.name inside the worker */
    const char *worker;  /* worker executable */
    const char *compiler;/* compiler (or library) that builds it, for rows the driver writes */
    int gpu;             /* runs on the GPU */
    int library;         /* a vendor library bar */
} pb_backend_spec;

extern const pb_backend_spec pb_backend_specs[];
extern const size_t pb_nbackend_specs;
/* Index into pb_backend_specs for a spelling ("omp" means omp@clang), or -1. */
int pb_backend_spec_find(const char *cli);

typedef enum { PB_GPU_AUTO, PB_GPU_INDEX, PB_GPU_MODEL } pb_gpu_kind;

typedef struct pb_options {
    const pb_bench *bench;
    unsigned backends;         /* mask over pb_backend_specs */
    unsigned variants;         /* mask over bench->variants */
    size_t sizes[PB_MAX_SIZES];
    int nsizes;
    pb_dtype dtypes[PB_NDTYPES];
    int ndtypes;
    long params[PB_MAX_PARAMS][PB_MAX_VALUES];
    int nparams[PB_MAX_PARAMS];
    int warmup, reps;
    double time_budget;        /* seconds of timed repetitions per configuration, 0 = none */
    uint64_t seed;
    int threads;               /* 0 = one per core */
    pb_gpu_kind gpu_kind;
    int gpu_index;
    char gpu_model[32];
    char csv[PATH_MAX];
    int no_baselines;
    int allow_host_fallback;
    int quiet;
    char clock[8];             /* host or device, empty = default */
    char ceilings[PATH_MAX];   /* measured-ceilings file (driver only) */
    /* set by the driver for the workers */
    int device;
    char gpu_profile[32];
    char emit[PATH_MAX];
    char meta[PATH_MAX];
    int list;
} pb_options;

/* Defaults for bench (NULL allowed for option-free commands). */
void pb_options_defaults(pb_options *o, const pb_bench *bench);

/* Parse argv[0..argc) (the options after the command name). worker != 0 also accepts
 * the driver-to-worker options. Returns PB_OK, or PB_ERR with one line in err. */
int pb_options_parse(pb_options *o, int argc, char **argv, int worker, char *err, size_t cap);

/* Apply the implicit rules: baselines unless --no-baselines. */
void pb_options_finish(pb_options *o);

/* Build the argument vector that passes o to a worker holding `backends` (a mask).
 * Strings live in `store`; returns argc (argv NULL-terminated), or -1 if it does not fit. */
int pb_options_to_argv(const pb_options *o, unsigned backends, char **argv, int maxargs,
                       char *store, size_t storecap);

/* Iterating the measured configurations: dtype t, size s and parameter combination
 * idx (start all zero; next_combo advances it and returns 0 after the last). */
void pb_options_case(const pb_options *o, int t, int s, const int *idx, pb_case *c);
int pb_options_next_combo(const pb_options *o, int *idx);

/* Pieces, exposed for tests. */
int pb_parse_sizes(const char *spec, size_t *out, int max, int *n, char *err, size_t cap);
int pb_parse_variants(const pb_bench *b, const char *spec, unsigned *mask, char *err, size_t cap);
int pb_parse_backends(const char *spec, unsigned *mask, char *err, size_t cap);

void pb_print_bench_help(FILE *f, const pb_bench *b);

#ifdef __cplusplus
}
#endif
#endif
