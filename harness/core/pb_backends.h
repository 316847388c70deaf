/* pb_backends.h - the table of backends and OpenMP toolchains (pb_backends.def), with
 * the toolchains found at run time beside it. Everything that lists, validates, orders
 * or colours backends asks this module. */
#ifndef PB_BACKENDS_H
#define PB_BACKENDS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PB_MAX_BACKENDS 64

typedef struct pb_backend_spec {
    char cli[48];       /* --backend spelling: cuda, omp@clang-19, cpu ... */
    char backend[16];   /* pb_backend.name inside the worker: cuda, omp, cpu ... */
    char toolchain[32]; /* OpenMP toolchain id (clang-19); "" for the other backends */
    char worker[64];    /* executable in libexec/portbench */
    char compiler[16];  /* compiler family or library name */
    int gpu, library, is_default;
    char color[8];      /* "#rrggbb" */
    int marker;         /* gnuplot point type */
    int discovered;     /* found in libexec, not in pb_backends.def */
} pb_backend_spec;

typedef uint64_t pb_backend_mask; /* bit i: pb_backend_at(i) */

size_t pb_backend_count(void);
const pb_backend_spec *pb_backend_at(size_t i);
/* Index of a --backend spelling (aliases resolved), or -1. */
int pb_backend_find(const char *cli);
/* Index of the spec whose rows carry (backend, toolchain); toolchain matters only for
 * omp. -1 if none. */
int pb_backend_of_row(const char *backend, const char *toolchain);
/* "cuda, omp (= omp@clang-19), omp@clang-16, ..." for help and error messages. */
const char *pb_backend_cli_list(void);
/* Mask of the backends measured when --backend is not given. */
pb_backend_mask pb_backend_defaults(void);

/* Add the OpenMP toolchains whose workers (pb-omp-<id>) are in dir but not in the
 * table. Idempotent. */
void pb_backends_discover(const char *libexec_dir);
/* 1 if the backend's worker executable is in dir. */
int pb_backend_built(const pb_backend_spec *s, const char *libexec_dir);

/* Series of a result row: its column title in tables and its label in plots:
 * "cuda", "cublas", "omp(clang-19)", "cpu(gcc-12)". */
void pb_series_title(const char *backend, const char *toolchain, char *buf, size_t cap);
/* Fixed style of a series: colour "#rrggbb" and gnuplot point type; toolchains not in
 * the table get a colour derived from their name, stable across reports. Also the
 * display rank (table order; unknown series after the known ones). */
void pb_series_style(const char *backend, const char *toolchain, const char **color, int *marker, int *rank);

#ifdef __cplusplus
}
#endif
#endif
