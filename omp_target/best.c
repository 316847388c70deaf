/* `best` in OpenMP target: the launch shapes of this GPU (pb_omp_best_init, from the
 * tuning table and PB_TUNE) and the dtype dispatch of best_kernels.inc (reduce's best is
 * in reduce_kernels.inc; histogram's and rank sort's in best_histogram_ranksort.inc), with the table
 * of their rows (dmvm's, stream's, copy's, fill's, fma's, histogram's, ranksort's: the registry lists
 * each after its benchmark's other rows).
 * One translation unit for these kernels, not one per benchmark: a kernel's registers
 * depend on the other kernels of its unit (llvm-project#60641): moving dmvm's into a unit
 * of its own changed clang-19's counts of every best kernel of both units
 * (scripts/device_resources.sh). */
#include "omp_common.h"
#include "pb_bench.h"

#include <math.h>
#include <string.h>

/* The offload proof of method 1 (`target teams loop`, best_kernels.inc): an OpenMP API
 * call (omp_is_initial_device, PB_MARK_RAN_ON) is not allowed in a `loop` region (gcc
 * refuses it), and a call to a function of ours made clang-19 give the loop one thread
 * per team; a variable is read instead, PB_RAN_ON_HOST in the host's copy and
 * PB_RAN_ON_DEVICE in the device's (pb_omp_best_init). */
#pragma omp declare target
int pb_omp_best_where = PB_RAN_ON_HOST; /* visible: the host updates the device copy */
#pragma omp end declare target
#define PB_MARK_RAN_ON_LOOP(p) (*(p) = pb_omp_best_where)

#define PB_OMP_KERNELS "best_kernels.inc"
#define PB_OMP_KERNELS2 "best_vecadd_window_transpose.inc" /* vecadd, window, transpose: after the kernels above */
#include "omp_instantiate.inc"

/* histogram's and rank sort's best kernels, for int and float keys */
#define HKEY int32_t
#define HSFX _int
#define HBIN(k, bins) PB_HIST_BIN_INT(k, bins)
#include "best_histogram_ranksort.inc"
#undef HKEY
#undef HSFX
#undef HBIN

#define HKEY float
#define HSFX _float
#define HBIN(x, bins) PB_HIST_BIN_J(PB_HIST_J(x), bins)
#include "best_histogram_ranksort.inc"
#undef HKEY
#undef HSFX
#undef HBIN

/* one row per benchmark of pb_benches (harness/benchmarks/pb_benchmarks.def), the first PB_BEST_MAX */
enum { PB_BEST_MAX = 32 };
static pb_shape shapes[PB_BEST_MAX][PB_NDTYPES]; /* a float lane moves half a double one's bytes */
static const pb_shape none;

/* the methods this build has (omp_common.h), and why the others are missing */
static unsigned best_methods(const char **why)
{
    unsigned have = 1u << PB_METHOD_DPF;
    if (PB_OMP_LOOP)
        have |= 1u << PB_METHOD_LOOP;
    if (PB_OMP_BARE)
        have |= 1u << PB_METHOD_BARE;
    *why = "its configure test failed"; /* pb_omp_features in CMakeLists.txt, omp_target/features/ */
    return have;
}

#ifndef PB_TOOLCHAIN
#define PB_TOOLCHAIN "" /* this worker's toolchain id (clang-16), set by CMake */
#endif

void pb_omp_best_init(int cc, int sms)
{
    (void)sms;
    /* the device's copy of pb_omp_best_where says "device"; on the host (fallback) both are one */
    pb_omp_best_where = PB_RAN_ON_DEVICE;
    PB_PRAGMA(omp target update to(pb_omp_best_where) device(pb_omp_device()))
    pb_omp_best_where = PB_RAN_ON_HOST;
    const char *why;
    const unsigned have = best_methods(&why);
    pb_tuning_set_methods(have, why);
    for (size_t b = 0; b < pb_nbenches && b < PB_BEST_MAX; ++b)
        for (int t = 0; t < PB_NDTYPES; ++t)
            pb_tuning_best_shape(pb_benches[b]->name, "omp",
                                 pb_tuning_toolchain(PB_OMP_GCC ? "gcc" : "clang", PB_TOOLCHAIN),
                                 pb_dtype_name((pb_dtype)t), cc, &shapes[b][t]);
}

const pb_shape *pb_omp_best_shape(const char *bench, pb_dtype dtype)
{
    for (size_t b = 0; b < pb_nbenches && b < PB_BEST_MAX; ++b)
        if (strcmp(pb_benches[b]->name, bench) == 0 && dtype >= 0 && dtype < PB_NDTYPES)
            return &shapes[b][dtype];
    return &none;
}

static int run_dmvm_best(const pb_args *a)
{
    const pb_shape *sh = pb_omp_best_shape("dmvm", a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    if (a->dtype == PB_FLOAT)
        return dmvm_best__float(sh, (long)a->n, a->buf[DMVM_MAT], a->buf[DMVM_SRC], a->buf[DMVM_DEST], a->ran_on);
    return dmvm_best__double(sh, (long)a->n, a->buf[DMVM_MAT], a->buf[DMVM_SRC], a->buf[DMVM_DEST], a->ran_on);
}

/* the kernels of stream, copy and fill: n, src, dest, value, teams, threads, elems, vector, form, method,
 * ran_on */
typedef int (*micro_float)(long, const float *, float *, float, long, int, int, int, int, int, int *);
typedef int (*micro_double)(long, const double *, double *, double, long, int, int, int, int, int, int *);

/* stream, copy (src = buf 0, dest = buf 1) and fill (dest = buf 0, value: every byte PB_FILL_BYTE) */
static int micro(const char *bench, const pb_args *a)
{
    const pb_shape *sh = pb_omp_best_shape(bench, a->dtype);
    if (!sh->threads || (sh->form && (sh->elems != 1 || sh->vector)))
        return PB_SKIP; /* forms 1 and 2 (pb_best_forms): one element per iteration */
    const int fill = strcmp(bench, "fill") == 0, copy = strcmp(bench, "copy") == 0;
    void *src = fill ? NULL : a->buf[0], *dest = a->buf[fill ? 0 : 1];
    if (sh->vector && (!pb_omp_aligned16(src) || !pb_omp_aligned16(dest)))
        return PB_SKIP; /* not seen: omp_target_alloc's and malloc's arrays are aligned */
    /* work items: elements, or with vector = 16 the 16-byte groups of them */
    const long n = (long)a->n, unit = sh->vector ? sh->vector / (long)pb_dtype_size(a->dtype) : 1,
               teams = pb_shape_teams(sh, pb_omp_sms(), (n / unit + sh->elems - 1) / sh->elems, sh->threads);
    if (a->dtype == PB_FLOAT) {
        float v;
        memset(&v, PB_FILL_BYTE, sizeof v);
        const micro_float fn = fill ? fill_best__float : copy ? copy_best__float : stream_best__float;
        return fn(n, src, dest, v, teams, sh->threads, sh->elems, sh->vector, sh->form, sh->method, a->ran_on);
    }
    double v;
    memset(&v, PB_FILL_BYTE, sizeof v);
    const micro_double fn = fill ? fill_best__double : copy ? copy_best__double : stream_best__double;
    return fn(n, src, dest, v, teams, sh->threads, sh->elems, sh->vector, sh->form, sh->method, a->ran_on);
}

static int run_stream_best(const pb_args *a) { return micro("stream", a); }
static int run_copy_best(const pb_args *a) { return micro("copy", a); }
static int run_fill_best(const pb_args *a) { return micro("fill", a); }

static int run_fma_best(const pb_args *a)
{
    const pb_shape *sh = pb_omp_best_shape("fma", a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    const long n = (long)a->n, teams = pb_shape_teams(sh, pb_omp_sms(), (n + sh->elems - 1) / sh->elems, sh->threads);
    if (a->dtype == PB_FLOAT)
        return fma_best__float(n, a->param[0], (float)PB_FMA_A, (float)PB_FMA_B, a->buf[0], a->buf[1], teams,
                               sh->threads, sh->elems, sh->vector, sh->form, sh->method, a->ran_on);
    return fma_best__double(n, a->param[0], PB_FMA_A, PB_FMA_B, a->buf[0], a->buf[1], teams, sh->threads, sh->elems,
                            sh->vector, sh->form, sh->method, a->ran_on);
}

/* ---- vecadd, window, transpose (best_vecadd_window_transpose.inc): their rows are in their benchmarks'
 * tables (omp_target/<bench>.c), where the registry keeps them in the benchmark's order ---- */
int pb_omp_vecadd_best(const pb_args *a)
{
    const pb_shape *sh = pb_omp_best_shape("vecadd", a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    if (a->dtype == PB_FLOAT)
        return vecadd_best__float(sh, (long)a->n, a->buf[VECADD_A], a->buf[VECADD_B], a->buf[VECADD_C], a->ran_on);
    return vecadd_best__double(sh, (long)a->n, a->buf[VECADD_A], a->buf[VECADD_B], a->buf[VECADD_C], a->ran_on);
}

int pb_omp_window_best(const pb_args *a)
{
    const pb_shape *sh = pb_omp_best_shape("window", a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    if (a->dtype == PB_FLOAT)
        return window_best__float(sh, (long)a->n, a->param[WINDOW_RADIUS], a->buf[WINDOW_IN], a->buf[WINDOW_OUT],
                                  a->ran_on);
    return window_best__double(sh, (long)a->n, a->param[WINDOW_RADIUS], a->buf[WINDOW_IN], a->buf[WINDOW_OUT],
                               a->ran_on);
}

/* Form 1 of transpose's and rank sort's best: the course version that some compilers run
 * fastest (the table's rows say which: clang-14's transpose at float, clang-16's rank sort),
 * called through its own row, so that it is the same kernel compiled in its own unit. Every
 * form-0 shape the H100's tune measured was slower there (docs/best.md). */
extern const pb_variant pb_variants_omp_transpose[], pb_variants_omp_ranksort[];
static int course_version(const pb_variant *table, const char *name, const pb_args *a)
{
    for (const pb_variant *v = table; v->name; ++v)
        if (strcmp(v->name, name) == 0)
            return v->run(a);
    return PB_ERR; /* the table below names a course version that is gone */
}

int pb_omp_transpose_best(const pb_args *a)
{
    const pb_shape *sh = pb_omp_best_shape("transpose", a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    if (sh->form == 1)
        return course_version(pb_variants_omp_transpose, "unrolled", a);
    const long m = (long)a->n, n = a->param[TRANSPOSE_COLS] ? a->param[TRANSPOSE_COLS] : m;
    if (a->dtype == PB_FLOAT)
        return transpose_best__float(sh, m, n, a->buf[TRANSPOSE_IN], a->buf[TRANSPOSE_OUT], a->ran_on);
    return transpose_best__double(sh, m, n, a->buf[TRANSPOSE_IN], a->buf[TRANSPOSE_OUT], a->ran_on);
}

/* ---- histogram and rank sort (best_histogram_ranksort.inc): their rows in the table below ---- */
static int run_histogram_best(const pb_args *a)
{
    const pb_shape *sh = pb_omp_best_shape("histogram", a->dtype);
    const int bins = (int)a->param[HIST_BINS];
    if (a->dtype == PB_INT)
        return hist_best__int(sh, (long)a->n, bins, a->buf[HIST_KEYS], a->buf[HIST_COUNTS], a->ran_on);
    return hist_best__float(sh, (long)a->n, bins, a->buf[HIST_KEYS], a->buf[HIST_COUNTS], a->ran_on);
}

static int run_ranksort_best(const pb_args *a)
{
    const pb_shape *sh = pb_omp_best_shape("ranksort", a->dtype);
    if (sh->threads && sh->form == 1)
        return course_version(pb_variants_omp_ranksort, "grid", a);
    if (a->dtype == PB_INT)
        return rank_best__int(sh, (long)a->n, a->buf[RANKSORT_KEYS], a->buf[RANKSORT_SORTED], a->ran_on);
    return rank_best__float(sh, (long)a->n, a->buf[RANKSORT_KEYS], a->buf[RANKSORT_SORTED], a->ran_on);
}

const pb_variant pb_variants_omp_best[] = {
    {"dmvm", "best", "tuned teams/threads, rows per team sharing src, independent loads per lane, simd reduction",
     PB_DT_FP, run_dmvm_best, "omp", PB_V_SHAPED},
    {"stream", "best", "tuned teams/threads, several independent elements per lane", PB_DT_FP, run_stream_best, "omp",
     PB_V_SHAPED},
    {"copy", "best", "tuned teams/threads, several independent elements per lane", PB_DT_FP, run_copy_best, "omp",
     PB_V_SHAPED},
    {"fill", "best", "tuned teams/threads, several independent elements per lane", PB_DT_FP, run_fill_best, "omp",
     PB_V_SHAPED},
    {"fma", "best", "several elements per lane, their chains interleaved: independent FMAs (same results)", PB_DT_FP,
     run_fma_best, "omp", PB_V_SHAPED},
    {"histogram", "best",
     "a team-shared histogram per team, several keys per lane in flight, one merge per team" PB_TEAM_SHARED_NOTE,
     PB_DT(PB_INT) | PB_DT(PB_FLOAT), run_histogram_best, "omp", PB_V_SHAPED},
    {"ranksort", "best", "rank sort: several keys per lane (register blocking), the tie rule only where it can apply",
     PB_DT(PB_INT) | PB_DT(PB_FLOAT), run_ranksort_best, "omp", PB_V_SHAPED},
    {0}};
