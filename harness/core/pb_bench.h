/* pb_bench.h - what a benchmark is, independent of any backend: its buffers, its
 * parameters, its input generator, its reference, its check, and its cost model
 * (bytes and FLOPs per repetition). Every report derives GB/s and GFLOP/s from here. */
#ifndef PB_BENCH_H
#define PB_BENCH_H

#include "pb_backend.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pb_bench;

/* One measured configuration's problem. */
typedef struct pb_case {
    const struct pb_bench *bench;
    pb_dtype dtype;
    size_t n;
    long param[PB_MAX_PARAMS];
} pb_case;

typedef enum pb_buf_role {
    PB_BUF_IN,     /* generated on the host, uploaded once */
    PB_BUF_OUT,    /* poisoned before the checked run, downloaded and checked */
    PB_BUF_SCRATCH /* allocated for the kernel, never copied */
} pb_buf_role;

typedef struct pb_buf_def {
    const char *name;
    pb_buf_role role;
} pb_buf_def;

/* What the bytes of a benchmark's cost model mostly are: the measured bandwidth ceiling
 * (portbench ceilings) its rows are related to in pct_measured_bw. */
typedef enum pb_pattern {
    PB_PATTERN_READ_WRITE = 0, /* as much read as written (stream, copy): the stream ceiling */
    PB_PATTERN_READ,           /* read-dominated (dmvm, reduce): the read-only ceiling */
    PB_PATTERN_WRITE           /* write-only (fill): the write-only ceiling */
} pb_pattern;

const char *pb_pattern_name(pb_pattern p); /* read-write, read, write */

typedef struct pb_param_def {
    const char *name;   /* CSV params key and pb_args.param slot, e.g. "stride_read" */
    const char *option; /* command-line option, e.g. "--stride-read" */
    long def, min, max; /* default and accepted range */
    const char *help;
    int zero_is_size;   /* 0 stands for the size (gemm's m, n, k; transpose's cols): headers show the size */
} pb_param_def;

/* An option that sets several parameters to the same values, e.g. stream-strided's
 * --stride N for --stride-read N --stride-write N (lists and sweeps as theirs). */
typedef struct pb_param_alias {
    const char *option; /* e.g. "--stride" */
    unsigned params;    /* mask over pb_bench.params */
    const char *help;
} pb_param_alias;

/* Result of comparing an output with the reference. */
typedef struct pb_check {
    double err; /* the error measure the benchmark declares (see its cost_model text) */
    double tol; /* the tolerance it was held to */
    size_t unwritten; /* output elements still holding the poison */
} pb_check;

/* A named set of arguments a benchmark is run with by the tests and scripts that run every
 * benchmark (`portbench list --cases` prints them), so that a new benchmark is tested and
 * validated with no edit there: its sizes, parameters and dtypes, declared once, here.
 *   host      ctest's host-fallback correctness of every variant, every toolchain and the CPU
 *             (comma lists only: a variant's rows are the product of the lists' lengths)
 *   fault     the CPU baseline's corrupted result caught (PB_INJECT_FAULT): every row FAIL
 *   golden    the golden run (tests/golden/run_<id>), exactly as its snapshot names it
 *   gpu       scripts/validate_gpu.sh's correctness of every backend on a GPU
 *   sanitize  its compute-sanitizer cases (small: every CUDA kernel once)
 *   results   optional: scripts/gpu_results.sh's run of a benchmark that has no step of its own
 * "SET:WHAT" is a second set of a kind (transpose's gpu:square), run where that kind is. */
typedef struct pb_case_set {
    const char *name;
    const char *args;
} pb_case_set;

typedef struct pb_bench {
    const char *name;       /* command name: dmvm, reduce, stream ... */
    const char *summary;    /* one line for `portbench list` */
    const char *size_option;/* --nx or --n */
    const char *default_sizes;
    const char *cost_model; /* one line: what is counted as bytes and FLOPs, and the check */
    const char *const *variants; /* kernel variants in table order, NULL-terminated */
    const char *lib_backend;/* backend that holds the library bar (cublas, cub), or NULL */
    unsigned dtypes;        /* supported dtypes mask */
    pb_dtype default_dtype;
    int nparams;
    pb_param_def params[PB_MAX_PARAMS];
    int nbufs;
    pb_buf_def bufs[PB_MAX_BUFS];
    /* Elements (of the case's dtype) in buffer b. */
    size_t (*buf_elems)(const pb_case *c, int b);
    double (*bytes)(const pb_case *c);
    double (*flops)(const pb_case *c);
    /* Fill input buffer b with seeded, varied values. */
    void (*fill)(const pb_case *c, int b, void *host, uint64_t seed);
    /* Reference output, computed once per case on the host in higher precision;
     * returns a malloc'ed block the check understands, NULL on allocation failure.
     * NULL when the check works from the inputs alone. */
    void *(*reference)(const pb_case *c, void *const *in);
    void (*check)(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res);
    /* Print the course-style step table (time, bandwidth, step and cumulative speedup). */
    int steps_view;
    /* The table shows GFLOP/s instead of GB/s. */
    int flops_headline;
    /* Optional extra validation of a case (sizes, parameters); PB_ERR with a reason. */
    int (*validate)(const pb_case *c, char *why, size_t cap);
    /* Optional aliases of the parameter options (NULL option ends the list). */
    pb_param_alias aliases[PB_MAX_PARAMS];
    /* Optional: elements processed per repetition, reported as elems_per_s (histogram,
     * rank sort); NULL leaves the column empty. */
    double (*elems)(const pb_case *c);
    /* Optional: a version that cannot run a case (a size limit of that version only);
     * PB_SKIP with the reason, which becomes the SKIP row's note, else PB_OK. */
    int (*variant_check)(const pb_case *c, const char *variant, char *why, size_t cap);
    /* Optional: the CPU baseline's bound, for a case whose cost no run should pay unasked
     * (rank sort's n^2 comparisons): PB_SKIP with the estimated time of one run on
     * `threads` threads in why when the case is beyond it, else PB_OK. The baseline then
     * runs only when --backend cpu names it. */
    int (*baseline_limit)(const pb_case *c, int threads, char *why, size_t cap);
    /* Access pattern of the cost model's bytes: which measured ceiling applies. */
    pb_pattern pattern;
    /* Swept over sizes (micro benchmarks): the table has sizes as rows and one column per
     * backend and variant; otherwise versions are the rows, one table per size. */
    int size_sweep;
    /* The named argument sets of the tests and scripts (pb_case_set), ended by a NULL name. */
    const pb_case_set *cases;
} pb_bench;

extern const pb_bench *const pb_benches[];
extern const size_t pb_nbenches;
const pb_bench *pb_bench_find(const char *name);
/* The arguments of b's case set `set` (pb_case_set), NULL when b declares none. */
const char *pb_bench_case(const pb_bench *b, const char *set);

/* The CSV params field of a case: "name=value;name=value". */
void pb_case_params_string(const pb_case *c, char *buf, size_t cap);
/* A params field as headers show it: a parameter whose 0 stands for the size shows that
 * size (gemm at 4096: m=0;n=0;k=0 reads m=4096;n=4096;k=4096). size NaN (a header over
 * several sizes) leaves such parameters out. The CSV keeps the field as it is: it is
 * the case's key. */
void pb_params_shown(const char *benchmark, const char *params, double size, char *buf, size_t cap);

/* Helpers shared by benchmark definitions. */
size_t pb_case_buf_bytes(const pb_case *c, int b);
double pb_case_total_bytes(const pb_case *c); /* all buffers: what must fit in memory */
/* Cost-model terms of several benchmarks: none (no arithmetic: copies, counts,
 * comparisons), and one per element n (one FLOP or one key per element). */
double pb_cost_none(const pb_case *c);
double pb_cost_per_elem(const pb_case *c);
/* buf_elems of the benchmarks whose every buffer holds n elements. */
size_t pb_buf_elems_n(const pb_case *c, int b);
void pb_fill_unit(pb_dtype t, void *host, size_t count, uint64_t seed, uint64_t stream);
/* Poison value: NaN for floating types, INT32_MIN for int. */
void pb_poison(pb_dtype t, void *host, size_t count);
int pb_is_poison(pb_dtype t, const void *host, size_t i);
double pb_load(pb_dtype t, const void *host, size_t i); /* element i as double */
/* Normwise relative error of `count` outputs against a double reference:
 * max_i |out_i - ref_i| / max_i |ref_i| (absolute when the reference is all zero). */
void pb_check_normwise(pb_dtype t, const double *ref, const void *out, size_t count,
                       double tol, pb_check *res);
/* Compare out[k*out_stride] with want(k) for k < count: exact for int, else
 * normwise with tolerance tol. want_of(k, ctx) gives the expected value. */
void pb_check_elements(pb_dtype t, const void *out, size_t count, size_t out_stride, double tol,
                       double (*want_of)(size_t k, const void *ctx), const void *ctx, pb_check *res);

/* Unit roundoff of the dtype (0 for int). */
double pb_eps(pb_dtype t);

#ifdef __cplusplus
}
#endif
#endif
