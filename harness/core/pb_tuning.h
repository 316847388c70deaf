/* pb_tuning.h - launch shapes of the `best` variants, per benchmark, programming model,
 * toolchain and GPU architecture: one data table (pb_tuning.c). A backend looks its
 * shapes up at init from the GPU the harness describes (pb_backend_config.gpu); the
 * environment variable PB_TUNE overrides them at run time without recompiling, which is
 * how `portbench tune` sweeps the candidates (driver/pb_tune.c). */
#ifndef PB_TUNING_H
#define PB_TUNING_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One launch shape. Each `best` kernel documents what the fields mean for it. */
typedef struct pb_shape {
    int per_sm;  /* teams (OpenMP) or blocks (CUDA) per SM; 0 = one per work item, no cap */
    int threads; /* GPU threads per team or block (gcc: lanes; an OpenMP thread is 32 of them) */
    int elems;   /* independent elements per thread and step (CUDA stream/copy/fill/reduce:
                  * 16-byte vectors; dmvm: vectors or elements per row) */
    int rows;    /* dmvm: rows per team or block; 1 elsewhere */
    int vector;  /* OpenMP stream, copy, fill, reduce, dmvm: 0 = each of a lane's `elems` loads is
                  * one element; 16 = each is 16 contiguous bytes (4 floats or ints, 2 doubles),
                  * which the `aligned` clause lets a compiler load as one vector. Elsewhere 0
                  * only (CUDA's kernels always load 16-byte vectors where the data allows it). */
    int form;    /* the kernel's expression: 0 = the best kernel of docs/best.md; 1.. = an
                  * alternative written the way a compiler compiles well (OpenMP dmvm, stream,
                  * copy, fill, fma: forms 1 and 2, see pb_tuning.c). A compiler's form comes from the
                  * table, never from its name in kernel code. Best variants without the form
                  * skip it (pb_best_forms). */
    int method;  /* how the OpenMP kernel is written, SPECaccel's "method" (pb_best_methods):
                  * 0 = `target teams distribute parallel for simd` (the kernels of every form),
                  * 1 = `target teams loop`, 2 = `target teams ompx_bare` (LLVM's extension:
                  * CUDA-style block and thread ids). Form 0 only; a compiler without the
                  * construct skips it (pb_tuning_set_methods). */
} pb_shape;

/* Accepted values: what the kernels are instantiated for. */
#define PB_SHAPE_MAX_PER_SM 64
#define PB_SHAPE_MAX_THREADS 1024 /* a multiple of 32 */
#define PB_SHAPE_ELEMS "1,2,4,8,16" /* powers of two up to 16 (16: OpenMP stream, copy, fill, reduce) */
#define PB_SHAPE_ROWS "1,2,4"
#define PB_SHAPE_VECTOR "0,16"
#define PB_SHAPE_FORM "0,1,2"
#define PB_SHAPE_METHOD "0,1,2"
enum { PB_METHOD_DPF = 0, PB_METHOD_LOOP = 1, PB_METHOD_BARE = 2, PB_NMETHODS = 3 };

typedef struct pb_tuning_row {
    const char *bench;     /* dmvm, reduce, stream, copy, fill, fma */
    const char *variant;   /* best */
    const char *model;     /* cuda or omp */
    const char *toolchain; /* nvcc, clang, gcc, an id (clang-16: that toolchain only), or "*" */
    const char *dtype;     /* float, double, int, or "*" for any (a lane moves 4 or 8 bytes per
                            * element, so the shape that keeps enough bytes in flight differs) */
    int cc;                /* compute capability x 10 (80, 86, 90), 0 for any */
    pb_shape shape;
    const char *source;    /* where the row comes from: a sweep (GPU, date) or the design default */
} pb_tuning_row;

extern const pb_tuning_row pb_tuning_table[];
extern const size_t pb_tuning_nrows;

/* The environment variable read by pb_tuning_lookup. Its value is a ';'-separated list of
 * sections, each "[TOOLCHAIN:]key=value,key=value" with keys per_sm, threads, elems,
 * rows, vector, form, method; a section with a toolchain prefix (nvcc, clang, gcc, or a
 * toolchain id: clang-16) applies only to the toolchains it names (clang: every clang),
 * one without applies to all; the more specific section wins. Keys not given keep the
 * table's value. */
#define PB_TUNE_ENV "PB_TUNE"

/* The shape of (bench, variant, model, toolchain, dtype) on a GPU of compute capability cc
 * (x 10, 0 when unknown): the most specific table row (exact cc before any cc, then exact
 * dtype before "*", then the toolchain: its id (clang-16) before its family (clang) before
 * "*"), then the PB_TUNE overrides. `toolchain` is a family or an id (pb_tuning_toolchain). `src` (may be NULL) says where the
 * shape comes from. 0 on success; -1 when no row matches (out is then all zero). A
 * PB_TUNE that does not parse or holds values outside the accepted ones is ignored, and
 * `src` says so. */
int pb_tuning_lookup(const char *bench, const char *variant, const char *model, const char *toolchain,
                     const char *dtype, int cc, pb_shape *out, char *src, size_t cap);
/* The same, and *tuned (may be NULL) says whether PB_TUNE made the shape, as a fact rather
 * than src's words: 1 a section of it applied, 0 the table's alone (no PB_TUNE, or none of
 * its sections names this toolchain), -1 it was ignored (it does not parse). */
int pb_tuning_lookup_tuned(const char *bench, const char *variant, const char *model, const char *toolchain,
                           const char *dtype, int cc, pb_shape *out, char *src, size_t cap, int *tuned);

/* The toolchain name a worker looks its rows up with: its id (clang-16, gcc-12) when the
 * id begins with the compiler family ("clang", "gcc"), else the family (a toolchain added
 * by path under another name, the CUDA and CPU workers): table rows and PB_TUNE sections
 * may then name the family or the id. */
const char *pb_tuning_toolchain(const char *family, const char *id);

/* The forms (pb_shape.form 0 .. forms - 1) of BENCH's best variant in MODEL (cuda, omp):
 * 1 unless the kernels have alternatives. */
int pb_best_forms(const char *bench, const char *model);

/* The methods (a mask of 1u << pb_shape.method) of BENCH's best variant in MODEL: OpenMP
 * stream, copy, fill, fma and vecadd have all three (for some elems only: the kernels
 * say which), every other best variant method 0 only. */
unsigned pb_best_methods(const char *bench, const char *model);
/* "dpf", "loop", "bare" (NULL for another value). */
const char *pb_method_name(int method);

/* The methods the compiler of this process has (a mask of 1u << method), registered by an
 * OpenMP worker at init from its build's feature tests, with `why`, a few words on why a
 * missing one is missing (kept by pointer: a string literal). A shape of a missing method
 * is skipped, and pb_tuning_lookup's source says so after the shape:
 * "...,method=2 (bare: not in this compiler, WHY)". Until set: every method. */
void pb_tuning_set_methods(unsigned have, const char *why);

/* The shape a best variant runs with: pb_tuning_lookup's, or all zero (threads = 0: the
 * variant is skipped) when no row matches, a value is outside the accepted ones, the
 * form is not one of the variant's (pb_best_forms), or the method is not one of the
 * variant's (pb_best_methods, form 0 only) or not one this compiler has. */
void pb_tuning_best_shape(const char *bench, const char *model, const char *toolchain, const char *dtype, int cc,
                          pb_shape *out);

/* Apply the fields of one "key=value,..." list to *s. 0 on success; -1 with a message. */
int pb_shape_parse(const char *spec, pb_shape *s, char *err, size_t cap);
/* 0 if every field holds an accepted value; -1 with a message. */
int pb_shape_check(const pb_shape *s, char *err, size_t cap);
/* "per_sm=4,threads=256,elems=4,rows=1" (",vector=16" added when vector is not 0,
 * ",form=1" when form is not 0, ",method=1" when method is not 0): the PB_TUNE syntax.
 * pb_shape_parse also takes a method by name (method=loop). */
void pb_shape_format(const pb_shape *s, char *buf, size_t cap);

/* The section of a PB_TUNE value that applies to toolchain, merged over *s (sections
 * without a prefix first, then the toolchain's own). 1 if any applied, 0 if none, -1
 * with a message when the value is malformed. */
int pb_tune_apply(const char *value, const char *toolchain, pb_shape *s, char *err, size_t cap);

/* Teams or blocks for `work` items of `per_team` each on a GPU with `sms` SMs: one per
 * item group when shape->per_sm is 0, else per_sm * sms, never more than the work needs
 * and at least 1. */
long pb_shape_teams(const pb_shape *s, int sms, long work, long per_team);

#ifdef __cplusplus
}
#endif
#endif
