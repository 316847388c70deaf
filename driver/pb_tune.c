/* portbench tune BENCH: the documented sweep of launch-shape candidates for the `best`
 * variants on the GPU at hand, printed as rows of the tuning table (harness/core/pb_tuning.c)
 * to paste and commit.
 *
 * How it measures: candidate k of every toolchain's list runs as one run of `portbench
 * BENCH --variants best` (one worker per compiler, the same inputs), in this process
 * (pb_run_all: the rows come back from the workers' rows streams, as a run's do), with the
 * shapes in the plan's tune setting, which the workers run as PB_TUNE ("nvcc:...;clang:...;
 * gcc:..."); each row's record says which shape it ran with and where it came from (shape,
 * shape_source), and the sweep refuses rows whose shape did not come from the override. The
 * winner of a toolchain is its fastest verified candidate (median of the clock column; GB/s,
 * or GFLOP/s for fma), summed over the dtypes as total time. */
#define _GNU_SOURCE
#include "pb_tune.h"
#include "pb_backends.h"
#include "pb_bench.h"
#include "pb_cli.h"
#include "pb_derive.h"
#include "pb_gpu.h"
#include "pb_result.h"
#include "pb_run.h"
#include "pb_tab.h"
#include "pb_table.h"
#include "pb_tuning.h"
#include "pb_workers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The sweep: per benchmark, its size and six to twenty-four candidates (the same for every
 * toolchain; the fields not named keep the table's value; elems=16, vector=16 and form=1, 2
 * only OpenMP runs, the CUDA rows skip them; window's form=1 runs in both models). Every
 * candidate of a benchmark with forms names its form: the table's rows differ in it (gcc:
 * 2), and a candidate measures one expression for every toolchain. Likewise the method
 * (OpenMP stream, copy, fill, fma, vecadd: dpf, loop, bare): a candidate that names none
 * runs method 0 (method=0 is added to its PB_TUNE), the last candidates name methods 1 and
 * 2 (OpenMP only; bare: clang only). Few candidates and one dtype keep the whole sweep of
 * the six benchmarks within a few minutes of GPU time. */
typedef struct sweep {
    const char *bench, *size, *extra; /* extra: more options (fma: the chain) */
    const char *candidates[24];
} sweep;

/* clang-format off */
/* a shape in methods 1 (`target teams loop`) and 2 (`ompx_bare`), for the best variants that
 * have them (the same shape in method 0 is among the candidates) */
#define METHOD_SHAPES(shape) shape ",method=1", shape ",method=2"
/* the one-pass streaming kernels (stream, copy, fill) try the same shapes: one element per
 * load (vector=0), then 16-byte groups per load (vector=16, OpenMP's `aligned` clause),
 * then form 1 (OpenMP: the `kernel` loop with the shape's teams and threads) */
#define STREAMING_SHAPES                                                                                      \
    {"per_sm=0,threads=256,elems=1,vector=0,form=0", "per_sm=0,threads=256,elems=2,vector=0,form=0",        \
     "per_sm=0,threads=256,elems=4,vector=0,form=0", "per_sm=8,threads=256,elems=4,vector=0,form=0",        \
     "per_sm=16,threads=256,elems=2,vector=0,form=0", "per_sm=8,threads=512,elems=8,vector=0,form=0",       \
     "per_sm=4,threads=512,elems=16,vector=0,form=0", "per_sm=8,threads=256,elems=16,vector=0,form=0",      \
     "per_sm=0,threads=256,elems=1,vector=16,form=0", "per_sm=0,threads=256,elems=2,vector=16,form=0",      \
     "per_sm=8,threads=256,elems=4,vector=16,form=0", "per_sm=8,threads=512,elems=2,vector=16,form=0",      \
     "per_sm=0,threads=256,elems=1,vector=0,form=1", "per_sm=0,threads=128,elems=1,vector=0,form=1",        \
     "per_sm=0,threads=512,elems=1,vector=0,form=1", "per_sm=8,threads=256,elems=1,vector=0,form=1",        \
     "per_sm=0,threads=256,elems=1,vector=0,form=2",                                                        \
     METHOD_SHAPES("per_sm=0,threads=256,elems=2,vector=0,form=0"),                                         \
     METHOD_SHAPES("per_sm=0,threads=256,elems=4,vector=0,form=0")}
static const sweep sweeps[] = {
    {"dmvm", "8192", "", /* vector=16: OpenMP only, rows * elems <= 4; form=1: OpenMP only */
     {"per_sm=0,threads=256,rows=1,elems=2,vector=0,form=0", "per_sm=0,threads=256,rows=2,elems=1,vector=0,form=0",
      "per_sm=0,threads=256,rows=2,elems=2,vector=0,form=0", "per_sm=0,threads=256,rows=2,elems=4,vector=0,form=0",
      "per_sm=0,threads=256,rows=4,elems=2,vector=0,form=0", "per_sm=0,threads=512,rows=2,elems=2,vector=0,form=0",
      "per_sm=0,threads=256,rows=1,elems=2,vector=16,form=0", "per_sm=0,threads=256,rows=2,elems=1,vector=16,form=0",
      "per_sm=0,threads=256,rows=2,elems=2,vector=16,form=0", "per_sm=0,threads=256,rows=4,elems=1,vector=16,form=0",
      "per_sm=0,threads=256,rows=1,elems=1,vector=0,form=1", "per_sm=0,threads=256,rows=1,elems=2,vector=0,form=1",
      "per_sm=0,threads=256,rows=1,elems=4,vector=0,form=1", "per_sm=0,threads=256,rows=2,elems=2,vector=0,form=1",
      "per_sm=0,threads=128,rows=1,elems=2,vector=0,form=1", "per_sm=0,threads=512,rows=1,elems=1,vector=0,form=1",
      "per_sm=1,threads=256,rows=1,elems=1,vector=0,form=1", "per_sm=2,threads=256,rows=1,elems=2,vector=0,form=1",
      "per_sm=0,threads=256,rows=1,elems=1,vector=0,form=2", "per_sm=0,threads=256,rows=1,elems=2,vector=0,form=2",
      "per_sm=0,threads=256,rows=1,elems=4,vector=0,form=2"}},
    {"reduce", "2^27", "", /* at 2^25 the two launches weighed more than the memory time (H200) */
     {"per_sm=4,threads=256,elems=4,vector=0", "per_sm=8,threads=256,elems=2,vector=0",
      "per_sm=8,threads=256,elems=4,vector=0", "per_sm=8,threads=256,elems=8,vector=0",
      "per_sm=16,threads=256,elems=4,vector=0", "per_sm=8,threads=512,elems=4,vector=0",
      "per_sm=8,threads=256,elems=16,vector=0", "per_sm=4,threads=512,elems=16,vector=0",
      "per_sm=8,threads=256,elems=2,vector=16", "per_sm=8,threads=256,elems=4,vector=16",
      "per_sm=8,threads=256,elems=8,vector=16", "per_sm=4,threads=512,elems=4,vector=16"}},
    {"stream", "2^25", "", STREAMING_SHAPES},
    {"copy", "2^25", "", STREAMING_SHAPES},
    {"fill", "2^25", "", STREAMING_SHAPES},
    {"fma", "2^22", "--chain 1024", /* form=1: OpenMP only */
     {"per_sm=0,threads=256,elems=1,form=0", "per_sm=0,threads=256,elems=2,form=0", "per_sm=0,threads=256,elems=4,form=0",
      "per_sm=0,threads=256,elems=8,form=0", "per_sm=0,threads=128,elems=4,form=0", "per_sm=0,threads=512,elems=4,form=0",
      "per_sm=0,threads=128,elems=1,form=0", "per_sm=0,threads=128,elems=2,form=0", "per_sm=0,threads=512,elems=1,form=0",
      "per_sm=0,threads=512,elems=2,form=0", "per_sm=0,threads=256,elems=1,form=1", "per_sm=0,threads=128,elems=1,form=1",
      "per_sm=0,threads=512,elems=1,form=1", "per_sm=4,threads=256,elems=1,form=1", "per_sm=0,threads=256,elems=1,form=2",
      METHOD_SHAPES("per_sm=0,threads=128,elems=4,form=0"), METHOD_SHAPES("per_sm=0,threads=256,elems=8,form=0")}},
    /* vecadd, window, transpose */
    {"vecadd", "2^25", "", /* elems <= 8 */
     {"per_sm=0,threads=256,elems=1,vector=0", "per_sm=0,threads=256,elems=2,vector=0",
      "per_sm=0,threads=256,elems=4,vector=0", "per_sm=8,threads=256,elems=2,vector=0",
      "per_sm=8,threads=256,elems=4,vector=0", "per_sm=4,threads=512,elems=8,vector=0",
      "per_sm=16,threads=256,elems=2,vector=0", "per_sm=0,threads=256,elems=1,vector=16",
      "per_sm=0,threads=256,elems=2,vector=16", "per_sm=8,threads=256,elems=2,vector=16",
      "per_sm=8,threads=256,elems=4,vector=16", "per_sm=4,threads=512,elems=8,vector=16",
      METHOD_SHAPES("per_sm=0,threads=256,elems=1,vector=0"), METHOD_SHAPES("per_sm=0,threads=256,elems=2,vector=0")}},
    {"window", "2^25", "--radius 3", /* elems <= 8; form=1 (K consecutive outputs, register reuse): both models */
     {"per_sm=0,threads=256,elems=1,form=0", "per_sm=0,threads=256,elems=2,form=0", "per_sm=0,threads=256,elems=4,form=0",
      "per_sm=0,threads=128,elems=4,form=0", "per_sm=0,threads=512,elems=2,form=0", "per_sm=0,threads=256,elems=8,form=0",
      "per_sm=8,threads=256,elems=4,form=0", "per_sm=4,threads=512,elems=4,form=0", "per_sm=0,threads=256,elems=4,form=1",
      "per_sm=0,threads=256,elems=8,form=1", "per_sm=0,threads=128,elems=8,form=1", "per_sm=0,threads=512,elems=4,form=1",
      "per_sm=8,threads=256,elems=4,form=1", "per_sm=8,threads=256,elems=8,form=1", "per_sm=0,threads=128,elems=4,form=1",
      "per_sm=0,threads=256,elems=2,form=1"}},
    {"transpose", "8192", "", /* CUDA: elems 1, 2 (tile 32, 64); OpenMP: rows 1, 2 (reads or writes coalesced); form=1: OpenMP only (the course's unrolled) */
     {"per_sm=0,threads=256,elems=1,rows=1,form=0", "per_sm=0,threads=512,elems=1,rows=1,form=0", "per_sm=0,threads=1024,elems=1,rows=1,form=0",
      "per_sm=0,threads=256,elems=2,rows=1,form=0", "per_sm=0,threads=512,elems=2,rows=1,form=0", "per_sm=8,threads=256,elems=1,rows=1,form=0",
      "per_sm=0,threads=256,elems=4,rows=1,form=0", "per_sm=0,threads=256,elems=4,rows=2,form=0", "per_sm=0,threads=256,elems=8,rows=2,form=0",
      "per_sm=0,threads=512,elems=2,rows=2,form=0", "per_sm=0,threads=1024,elems=4,rows=2,form=0", "per_sm=8,threads=256,elems=4,rows=2,form=0", "per_sm=0,threads=256,elems=8,rows=2,form=1"}},
    /* histogram at the course's 2^26 int keys on 256 bins (OpenMP: elems 1-8) */
    {"histogram", "2^26", "--bins 256",
     {"per_sm=4,threads=256,elems=1,form=0", "per_sm=8,threads=256,elems=1,form=0", "per_sm=8,threads=256,elems=2,form=0",
      "per_sm=8,threads=256,elems=4,form=0", "per_sm=16,threads=256,elems=2,form=0", "per_sm=4,threads=512,elems=2,form=0",
      "per_sm=4,threads=512,elems=4,form=0", "per_sm=8,threads=128,elems=4,form=0", "per_sm=2,threads=1024,elems=2,form=0",
      "per_sm=0,threads=256,elems=4,form=0", "per_sm=8,threads=256,elems=8,form=0", "per_sm=16,threads=128,elems=8,form=0"}},
    /* ranksort at the course's 2^16 keys (per_sm unused; OpenMP: elems 1-8; form=1: OpenMP only, the course's grid) */
    {"ranksort", "2^16", "",
     {"per_sm=0,threads=128,elems=1,form=0", "per_sm=0,threads=128,elems=2,form=0", "per_sm=0,threads=128,elems=4,form=0",
      "per_sm=0,threads=256,elems=1,form=0", "per_sm=0,threads=256,elems=2,form=0", "per_sm=0,threads=256,elems=4,form=0",
      "per_sm=0,threads=64,elems=2,form=0", "per_sm=0,threads=64,elems=4,form=0", "per_sm=0,threads=64,elems=8,form=0",
      "per_sm=0,threads=32,elems=8,form=0", "per_sm=0,threads=128,elems=8,form=0", "per_sm=0,threads=512,elems=1,form=0", "per_sm=0,threads=128,elems=1,form=1"}},
};
/* clang-format on */
enum { NSWEEPS = sizeof sweeps / sizeof sweeps[0], MAX_CAND = 24, MAX_TC = 3 };

/* toolchain families: the tuning table's toolchain column and the rows' compiler */
static const char *const families[MAX_TC] = {"nvcc", "clang", "gcc"};

/* "dmvm, reduce, ...": the benchmarks of the sweep table, for the help and the errors */
static const char *sweep_names(void)
{
    static char names[256];
    if (!names[0])
        for (int s = 0; s < NSWEEPS; ++s) {
            size_t len = strlen(names);
            snprintf(names + len, sizeof names - len, "%s%s", s ? ", " : "", sweeps[s].bench);
        }
    return names;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: portbench tune BENCH [--backend LIST] [--n N] [--dtype LIST] [--warmup N] [--reps N]\n"
            "                            [--allow-host-fallback] [--quiet]\n"
            "  Runs the documented sweep of launch-shape candidates for BENCH's `best` variant on this GPU\n"
            "  and prints the fastest verified candidate of each toolchain as a row of the tuning table\n"
            "  (harness/core/pb_tuning.c), for this GPU's compute capability.\n"
            "  BENCH: %s.\n"
            "  Defaults: --backend cuda,omp,omp@gcc, the sweep's size (dmvm nx=8192, fma n=2^22, reduce n=2^27,\n"
            "  transpose n=8192, histogram n=2^26 with --bins 256, ranksort n=2^16, others n=2^25),\n"
            "  --dtype double (int for histogram and ranksort), --warmup 1, --reps 5.\n"
            "  Each candidate runs as `portbench BENCH --variants best` with the shapes as %s\n"
            "  (\"nvcc:per_sm=8,threads=256,elems=4;clang:...;gcc:...\"), the run-time override every best\n"
            "  variant reads, carried in the candidate's plan (a kept plan reruns the candidate); a candidate\n"
            "  counts only where its rows say its shape came from that override (not the table, not ignored).\n"
            "  Rows are for every dtype (\"*\"), or, with --dtype naming one dtype, for that dtype only:\n"
            "  a float lane moves half the bytes of a double one per element.\n"
            "  Without a GPU, --allow-host-fallback sweeps the OpenMP candidates on the host (a test of the\n"
            "  sweep, not a tuning): the default --backend is then the OpenMP toolchains that are built.\n"
            "  Exit status: 0 when every toolchain swept has a verified candidate, 1 when one has none (each\n"
            "  candidate's reason on stderr), 2 for bad input (checked once, before anything runs).\n"
            "  Candidates (elems=16, vector=16 and form=1, 2 run in OpenMP only; form=1 is the kernel written\n"
            "  as the course's v1 / `kernel` loop with the shape's launch clauses, form=2 the same loop without\n"
            "  them (the runtime's launch); window's form=1, in CUDA and OpenMP, sums elems consecutive outputs\n"
            "  per thread; see harness/core/pb_tuning.c; method=1 and 2 are the same kernel as `target teams loop`\n"
            "  and as `ompx_bare` (OpenMP only, bare: compilers that have it); a candidate of stream, copy,\n"
            "  fill, fma or vecadd that names no method runs method 0, `target teams distribute parallel for`):\n",
            sweep_names(), PB_TUNE_ENV);
    for (int s = 0; s < NSWEEPS; ++s) {
        fprintf(f, "    %-10s", sweeps[s].bench);
        for (int k = 0; k < MAX_CAND && sweeps[s].candidates[k]; ++k)
            fprintf(f, "%s%s", k ? "; " : "", sweeps[s].candidates[k]);
        fputc('\n', f);
    }
}

/* One candidate: the run of o (a copy per candidate, as a run of its own starts from its
 * options) with the shapes tune (PB_TUNE syntax) in its plan, which its workers run as
 * PB_TUNE, its rows into rows; a worker's kept plan (pb_run.c's keep_plan) then reruns the
 * candidate. PB_OK, or PB_ERR when its temporary directory could not be made (said on stderr). */
static int run_candidate(const pb_options *base, const pb_run_env *env, const char *tune, pb_rowset *rows)
{
    static pb_options o;
    o = *base;
    pb_strlcpy(o.tune, tune, sizeof o.tune);
    pb_run_log log;
    if (pb_run_begin(&log) != PB_OK)
        return PB_ERR;
    pb_run_all(&o, env, rows, &log);
    pb_run_end(&log);
    return PB_OK;
}

typedef struct result {
    double time, rate; /* summed median time over the dtypes; rate of the first dtype */
    int ok, rows;
    char why[320];
} result;

int pb_cmd_tune(int argc, char **argv)
{
    if (pb_wants_help(argc, argv)) {
        usage(stdout);
        return 0;
    }
    if (argc < 1 || argv[0][0] == '-') {
        pb_errorf("tune needs a benchmark: portbench tune BENCH (%s)", sweep_names());
        return 2;
    }
    const sweep *sw = NULL;
    for (int s = 0; s < NSWEEPS; ++s)
        if (strcmp(sweeps[s].bench, argv[0]) == 0)
            sw = &sweeps[s];
    if (!sw) {
        pb_errorf("%s '%s': tune knows %s (the benchmarks with a best variant)",
                  pb_bench_find(argv[0]) ? "no best variant to tune in" : "unknown benchmark", argv[0], sweep_names());
        return 2;
    }
    enum { VAL = 64 };
    char backends[VAL] = "", size[VAL], dtypes[VAL] = "double", warmup[VAL] = "1", reps[VAL] = "5";
    pb_strlcpy(size, sw->size, sizeof size);
    int fallback = 0, quiet = 0, dtype_given = 0;
    for (int i = 1; i < argc; ++i) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *dst = strcmp(o, "--backend") == 0 ? backends
                    : strcmp(o, "--n") == 0      ? size
                    : strcmp(o, "--dtype") == 0  ? dtypes
                    : strcmp(o, "--warmup") == 0 ? warmup
                    : strcmp(o, "--reps") == 0   ? reps
                                                 : NULL;
        if (dst) {
            if (!v) {
                pb_errorf("tune: %s needs a value", o);
                return 2;
            }
            pb_strlcpy(dst, v, VAL);
            dtype_given |= dst == dtypes;
            ++i;
        } else if (strcmp(o, "--allow-host-fallback") == 0) {
            fallback = 1;
        } else if (strcmp(o, "--quiet") == 0) {
            quiet = 1;
        } else {
            pb_errorf("tune: unknown option '%s' (portbench tune --help)", o);
            return 2;
        }
    }
    if (!dtype_given && !(pb_bench_find(sw->bench)->dtypes & PB_DT(PB_DOUBLE))) /* histogram, ranksort: int */
        pb_strlcpy(dtypes, pb_dtype_name(pb_bench_find(sw->bench)->default_dtype), sizeof dtypes);
    unsetenv(PB_TUNE_ENV); /* each candidate's plan gives its shapes; the table's rows are the base */
    /* the GPU: its compute capability is the table row's key */
    pb_gpu_probe probe;
    pb_gpu_device gpu;
    memset(&gpu, 0, sizeof gpu);
    pb_gpu_probe_run(&probe);
    const int have_gpu = probe.ok && pb_gpu_device_query(0, 0, &gpu) == 0;
    if (!have_gpu)
        pb_strlcpy(gpu.name, "host (no GPU)", sizeof gpu.name);
    if (!backends[0]) { /* the default: what is built of cuda, omp, omp@gcc; CUDA only on a GPU */
        static const char *const defaults[] = {"cuda", "omp", "omp@gcc"};
        for (size_t d = 0; d < sizeof defaults / sizeof *defaults; ++d) {
            const pb_backend_spec *sp = pb_backend_at((size_t)pb_backend_find(defaults[d]));
            if (!pb_backend_built(sp, pb_libexec_dir()) || (strcmp(sp->backend, "cuda") == 0 && !have_gpu))
                continue;
            snprintf(backends + strlen(backends), sizeof backends - strlen(backends), "%s%s", backends[0] ? "," : "",
                     defaults[d]);
        }
        if (!backends[0] && (have_gpu || fallback)) {
            pb_errorf("tune: no toolchain to tune: of cuda, omp, omp@gcc none is built%s (portbench list)",
                      have_gpu ? "" : " that runs without a GPU");
            return 2;
        }
        if (!backends[0]) /* no GPU and no fallback: said below, after the other checks */
            pb_strlcpy(backends, "cuda,omp,omp@gcc", sizeof backends);
    }
    /* the values are checked here so that a mistake is one clear line, not six failed runs */
    char err[512];
    pb_backend_mask mask = 0;
    int want[MAX_TC] = {0};
    /* what the printed rows and the PB_TUNE sections name: the family, or the toolchain id
     * when the one asked for is not the family's default (omp@clang-16 -> rows for clang-16) */
    char toolchains[MAX_TC][32];
    for (int t = 0; t < MAX_TC; ++t)
        pb_strlcpy(toolchains[t], families[t], sizeof toolchains[t]);
    if (pb_parse_backends(backends, &mask, err, sizeof err) != PB_OK) {
        pb_errorf("tune: %s", err);
        return 2;
    }
    for (size_t i = 0; i < pb_backend_count(); ++i) {
        if (!(mask & ((pb_backend_mask)1 << i)))
            continue;
        const pb_backend_spec *sp = pb_backend_at(i);
        int t = strcmp(sp->backend, "cuda") == 0 ? 0 : strcmp(sp->backend, "omp") != 0 ? MAX_TC
                : strcmp(sp->compiler, "clang") == 0 ? 1 : strcmp(sp->compiler, "gcc") == 0 ? 2 : MAX_TC;
        if (t == MAX_TC) {
            pb_errorf("tune: --backend %s has no best variant to tune (cuda, omp@<toolchain>)", sp->cli);
            return 2;
        }
        if (t == 0 && !have_gpu && fallback) {
            pb_errorf("tune: --backend %s: CUDA runs on a GPU only, and there is none (%s)", sp->cli,
                      probe.ok ? "device 0 not readable" : probe.why);
            return 2;
        }
        if (want[t]) {
            pb_errorf("tune: --backend %s: one toolchain per compiler family in one sweep (%s is asked for already)",
                      sp->cli, toolchains[t]);
            return 2;
        }
        want[t] = 1;
        if (t > 0 && !sp->is_default && sp->toolchain[0])
            pb_strlcpy(toolchains[t], pb_tuning_toolchain(families[t], sp->toolchain), sizeof toolchains[t]);
    }
    size_t sizes[PB_MAX_SIZES];
    int nsizes = 0;
    if (pb_parse_sizes(size, sizes, PB_MAX_SIZES, &nsizes, err, sizeof err) != PB_OK || nsizes != 1) {
        pb_errorf("tune: --n %s: %s", size, nsizes > 1 ? "one size only" : err);
        return 2;
    }
    char dcopy[64];
    pb_strlcpy(dcopy, dtypes, sizeof dcopy);
    for (char *save = NULL, *t = strtok_r(dcopy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        pb_dtype d;
        if (pb_dtype_parse(t, &d) != PB_OK || !(pb_bench_find(sw->bench)->dtypes & (1u << d))) {
            pb_errorf("tune: --dtype %s: not a dtype of %s", t, sw->bench);
            return 2;
        }
    }
    if (atoi(warmup) < 0 || atoi(reps) < 1) {
        pb_errorf("tune: --warmup needs an integer >= 0 and --reps one >= 1");
        return 2;
    }
    if (!have_gpu && !fallback) {
        pb_errorf("tune measures on a GPU, and there is none (%s); --allow-host-fallback sweeps the OpenMP "
                  "candidates on the host (a test of the sweep, not a tuning)",
                  probe.ok ? "device 0 not readable" : probe.why);
        return 2;
    }

    const int cc = 10 * gpu.cc_major + gpu.cc_minor;
    int ncand = 0;
    while (ncand < MAX_CAND && sw->candidates[ncand])
        ++ncand;

    /* One run's options for every candidate, checked once here (what is built, every case,
     * memory): one line and exit 2, not the same error from every candidate's run. */
    char *args[32];
    int na = 0;
    args[na++] = "--backend";
    args[na++] = backends;
    args[na++] = "--variants";
    args[na++] = "best";
    args[na++] = (char *)pb_bench_find(sw->bench)->size_option;
    args[na++] = size;
    args[na++] = "--dtype";
    args[na++] = dtypes;
    args[na++] = "--warmup";
    args[na++] = warmup;
    args[na++] = "--reps";
    args[na++] = reps;
    args[na++] = "--no-baselines";
    args[na++] = "--quiet";
    if (fallback)
        args[na++] = "--allow-host-fallback";
    char extra[64];
    pb_strlcpy(extra, sw->extra, sizeof extra);
    for (char *save = NULL, *t = strtok_r(extra, " ", &save); t && na < 30; t = strtok_r(NULL, " ", &save))
        args[na++] = t;
    args[na] = NULL;
    static pb_options po;
    static pb_run_env env;
    pb_options_defaults(&po, pb_bench_find(sw->bench));
    if (pb_options_parse(&po, na, args, err, sizeof err) != PB_OK) {
        pb_errorf("tune: %s", err);
        return 2;
    }
    pb_options_finish(&po);
    if (pb_run_prepare(&po, &env) != PB_OK)
        return 2;

    /* a stop signal is passed on to the running candidate's worker, which keeps what it
     * measured; the sweep then ends, its runs' temporary files removed */
    pb_signals_install();
    static result res[MAX_CAND][MAX_TC];
    memset(res, 0, sizeof res);
    int any_run_failed = 0;
    for (int k = 0; k < ncand && !pb_interrupted(); ++k) {
        char tune[512] = "";
        /* a best variant with methods runs the candidate's, else method 0 (not the table's) */
        const char *method0 =
            pb_best_methods(sw->bench, "omp") != 1u && !strstr(sw->candidates[k], "method=") ? ",method=0" : "";
        for (int t = 0; t < MAX_TC; ++t) {
            size_t len = strlen(tune);
            snprintf(tune + len, sizeof tune - len, "%s%s:%s%s", len ? ";" : "", toolchains[t], sw->candidates[k],
                     method0);
        }
        if (!quiet)
            fprintf(stderr, "portbench: tune %s: candidate %d/%d: %s\n", sw->bench, k + 1, ncand, sw->candidates[k]);
        pb_rowset rows = {0};
        int rc = run_candidate(&po, &env, tune, &rows);
        if (pb_interrupted()) {
            pb_rowset_free(&rows);
            break;
        }
        if (rc != PB_OK) {
            any_run_failed = 1;
            for (int t = 0; t < MAX_TC; ++t)
                snprintf(res[k][t].why, sizeof res[k][t].why, "the run failed");
            continue;
        }
        const pb_derive_in din = {PB_PLAN_CLOCK_AUTO, NULL, 0, 0};
        pb_rows_derive(&rows, &din);
        for (int t = 0; t < MAX_TC; ++t) {
            result *r = &res[k][t];
            r->ok = 1;
            for (size_t i = 0; i < rows.n; ++i) {
                const pb_row *row = &rows.rows[i];
                if (strcmp(row->compiler, families[t]) != 0 || strcmp(row->variant, "best") != 0)
                    continue;
                r->rows++;
                if (row->verified != PB_VERIFIED_PASS) {
                    r->ok = 0;
                    snprintf(r->why, sizeof r->why, "%s %s: %s", pb_verified_name(row->verified), row->dtype,
                             row->note);
                } else if (row->shape_source != PB_SHAPE_TUNE) { /* the worker's fact, not the note's words */
                    r->ok = 0;
                    snprintf(r->why, sizeof r->why, "the shape override was not applied (shape_source %s): %s",
                             row->shape_source ? pb_shape_source_name(row->shape_source) : "none", row->note);
                } else {
                    r->time += pb_row_time(row);
                    if (r->rows == 1)
                        r->rate = strcmp(sw->bench, "fma") == 0 ? row->gflops : row->gbs;
                }
            }
            if (!r->rows)
                r->ok = 0;
        }
        pb_rowset_free(&rows);
    }
    if (pb_interrupted()) {
        pb_errorf("tune %s: interrupted (%s): no rows", sw->bench, strsignal(pb_interrupted()));
        return 128 + pb_interrupted();
    }

    time_t now = time(NULL);
    char date[16];
    strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));
    const char *unit = strcmp(sw->bench, "fma") == 0 ? "GFLOP/s" : "GB/s";
    printf("tune %s on %s (cc %d), %s=%s, dtype %s, %s reps: %s of the first dtype per candidate\n", sw->bench,
           gpu.name, cc, pb_bench_find(sw->bench)->size_option + 2, size, dtypes, reps, unit);
    /* a candidate per row, a toolchain per column (the table printer, fixed widths) */
    int nwant = 0;
    for (int t = 0; t < MAX_TC; ++t)
        nwant += want[t] != 0;
    pb_tab tab;
    pb_tab_init(&tab, nwant + 1);
    tab.sep = " ";
    for (int c = 0; c <= nwant; ++c)
        pb_tab_column(&tab, c, c ? PB_ALIGN_RIGHT : PB_ALIGN_LEFT, c ? 14 : 52, 1);
    pb_tab_put(&tab, "candidate");
    for (int t = 0; t < MAX_TC; ++t)
        if (want[t])
            pb_tab_put(&tab, "%s", toolchains[t]);
    for (int k = 0; k < ncand; ++k) {
        pb_tab_put(&tab, "%s", sw->candidates[k]);
        for (int t = 0; t < MAX_TC; ++t)
            if (want[t]) {
                if (res[k][t].ok) /* 4 significant digits at least: ranksort's GB/s are below 1 */
                    pb_tab_put(&tab, "%.*f", res[k][t].rate < 10 ? 4 : res[k][t].rate < 100 ? 2 : 1, res[k][t].rate);
                else
                    pb_tab_put(&tab, "-");
            }
    }
    pb_tab_print(stdout, &tab, PB_FMT_TEXT);
    pb_tab_free(&tab);
    int missing = 0;
    /* a sweep of one dtype named with --dtype gives rows for that dtype; the default
     * (double) gives rows for every dtype, as the table held before it had a dtype */
    const char *row_dtype = dtype_given && !strchr(dtypes, ',') ? dtypes : "*";
    printf("\nrows for harness/core/pb_tuning.c (fastest verified candidate per toolchain):\n");
    for (int t = 0; t < MAX_TC; ++t) {
        if (!want[t])
            continue;
        int best = -1;
        for (int k = 0; k < ncand; ++k)
            if (res[k][t].ok && (best < 0 || res[k][t].time < res[best][t].time))
                best = k;
        if (best < 0) {
            missing = 1;
            printf("    /* %s: no verified candidate (%s) */\n", toolchains[t],
                   res[0][t].why[0] ? res[0][t].why : "no rows");
            continue;
        }
        /* the winner's full shape: the table's row for this GPU with the candidate applied */
        pb_shape sh;
        char src[256];
        pb_tuning_lookup(sw->bench, "best", t == 0 ? "cuda" : "omp", toolchains[t],
                         strcmp(row_dtype, "*") ? row_dtype : NULL, cc, &sh, src, sizeof src);
        pb_tune_apply(sw->candidates[best], toolchains[t], &sh, err, sizeof err);
        if (!strstr(sw->candidates[best], "method="))
            sh.method = 0; /* as it ran (method=0 added above) */
        printf("    {\"%s\", \"best\", \"%s\", \"%s\", \"%s\", %d, {%d, %d, %d, %d, %d, %d, %d}, \"portbench tune %s, "
               "%s, %s %s=%s: %.*f %s\"},%s\n",
               sw->bench, t == 0 ? "cuda" : "omp", toolchains[t], row_dtype, cc, sh.per_sm, sh.threads, sh.elems,
               sh.rows, sh.vector, sh.form, sh.method, date, gpu.name, dtypes,
               pb_bench_find(sw->bench)->size_option + 2, size,
               res[best][t].rate < 10    ? 4
               : res[best][t].rate < 100 ? 2
                                         : 1,
               res[best][t].rate, unit, fallback && !probe.ok ? " /* host fallback: not a GPU result */" : "");
    }
    for (int k = 0; k < ncand; ++k)
        for (int t = 0; t < MAX_TC; ++t)
            if (want[t] && !res[k][t].ok && res[k][t].why[0])
                fprintf(stderr, "portbench: tune %s: candidate %d (%s) %s: %s\n", sw->bench, k + 1, sw->candidates[k],
                        toolchains[t], res[k][t].why);
    return missing || any_run_failed ? 1 : 0;
}
