/* Micro benchmarks (course seeds/004): stream, strided stream, FMA, strided FMA, a plain
 * copy whose library variant is cudaMemcpy, and a write-only fill whose library variant
 * is cudaMemset (the references for `ceilings`).
 *
 * Cost models (one repetition; T = element type):
 *  stream          dest[i] = src[i] + 1      bytes 2*n*sizeof(T), FLOPs n
 *  stream-strided  dest[sw*i] = src[sr*i]    bytes 2*n*sizeof(T): useful bytes only, as the
 *                                            course counts; the hardware moves whole sectors
 *  fma             chain of acc = a*acc + b  bytes 2*n*sizeof(T), FLOPs 2*chain*n
 *  fma-strided     only i % stride == 0      bytes and FLOPs of the m = ceil(n/stride) active
 *  copy            dest[i] = src[i]          bytes 2*n*sizeof(T)
 *  fill            dest[i] = c               bytes n*sizeof(T) (written only)
 * Checks: stream and copy element by element, exactly; FMA against the closed form
 * 1 + a^chain (x0 - 1) in double, tolerance 16*chain*eps(T) (each step adds at most one
 * rounding of a value below 2 and a < 1 damps earlier ones); fill: every element equal
 * to c exactly.
 * `kernel` is the course's version, `best` the fastest code each model allows, with
 * launch shapes from the tuning table (harness/core/pb_tuning.c). */
#include "pb_bench.h"
#include "pb_shapes.h"

#include <math.h>
#include <stdio.h>

enum { SRC, DEST };

#include <string.h>

static const char *const kernel_only[] = {"kernel", NULL};
static const char *const kernel_best[] = {"kernel", "best", NULL};

static double bytes_2n(const pb_case *c) { return 2.0 * (double)c->n * (double)pb_dtype_size(c->dtype); }

static void fill_src(const pb_case *c, int b, void *host, uint64_t seed)
{
    pb_fill_unit(c->dtype, host, c->bench->buf_elems(c, b), seed, (uint64_t)b);
}

/* ---- stream and copy ---- */

typedef struct elem_ctx {
    pb_dtype t;
    const void *src;
    size_t stride;
    double add;
} elem_ctx;

/* the expected value, rounded to T as the kernel's arithmetic is */
static double want_plus(size_t k, const void *p)
{
    const elem_ctx *e = p;
    double x = pb_load(e->t, e->src, k * e->stride);
    return e->t == PB_FLOAT ? (double)(float)(x + e->add) : x + e->add;
}

static void stream_check(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res)
{
    (void)ref;
    elem_ctx e = {c->dtype, in[SRC], 1, 1.0};
    pb_check_elements(c->dtype, out, c->n, 1, 0, want_plus, &e, res);
}

static void copy_check(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res)
{
    (void)ref;
    elem_ctx e = {c->dtype, in[SRC], 1, 0.0};
    pb_check_elements(c->dtype, out, c->n, 1, 0, want_plus, &e, res);
}

/* the case sets' sizes the micro benchmarks share (pb_case_set): awkward host sizes, and on
 * a GPU sizes past every grid-stride step */
#define MICRO_HOST "--n 1,31,33,1000,4097,100003"
#define MICRO_GPU "--size 1,31,33,1000,100003,16777217"

static const pb_case_set stream_cases[] = {{"host", MICRO_HOST " --dtype float,double"},
                                           {"fault", "--n 33 --dtype float,double"},
                                           {"golden", "--variants all --n 1,33,4097 --dtype float,double"},
                                           {"gpu", MICRO_GPU " --dtype float,double"},
                                           {"sanitize", "--size 33,1000 --dtype float,double"},
                                           {NULL, NULL}};

const pb_bench pb_bench_stream = {
    .name = "stream",
    .summary = "stream: dest[i] = src[i] + 1, bandwidth over the number of elements",
    .size_option = "--n",
    .default_sizes = "2^24",
    .cost_model = "bytes = 2*n*sizeof(T); FLOPs = n; check: every element exactly",
    .variants = kernel_best,
    .dtypes = PB_DT_FP,
    .default_dtype = PB_DOUBLE,
    .nbufs = 2,
    .bufs = {{"src", PB_BUF_IN}, {"dest", PB_BUF_OUT}},
    .buf_elems = pb_buf_elems_n,
    .bytes = bytes_2n,
    .flops = pb_cost_per_elem,
    .fill = fill_src,
    .check = stream_check,
    .pattern = PB_PATTERN_READ_WRITE,
    .size_sweep = 1,
    .cases = stream_cases,
};

static const pb_case_set copy_cases[] = {{"host", MICRO_HOST " --dtype float,double"},
                                         {"fault", "--n 33 --dtype float,double"},
                                         {"golden", "--variants all --n 1,33,4097 --dtype float,double"},
                                         {"gpu", MICRO_GPU " --dtype float,double"},
                                         {"sanitize", "--size 33,1000 --dtype float,double"},
                                         {NULL, NULL}};

const pb_bench pb_bench_copy = {
    .name = "copy",
    .summary = "copy: dest[i] = src[i]; the library variant is cudaMemcpy device to device",
    .size_option = "--n",
    .default_sizes = "2^24",
    .cost_model = "bytes = 2*n*sizeof(T) (read + write); check: every element exactly",
    .variants = kernel_best,
    .lib_backend = "cudart",
    .dtypes = PB_DT_FP,
    .default_dtype = PB_DOUBLE,
    .nbufs = 2,
    .bufs = {{"src", PB_BUF_IN}, {"dest", PB_BUF_OUT}},
    .buf_elems = pb_buf_elems_n,
    .bytes = bytes_2n,
    .flops = pb_cost_none,
    .fill = fill_src,
    .check = copy_check,
    .pattern = PB_PATTERN_READ_WRITE,
    .size_sweep = 1,
    .cases = copy_cases,
};

/* ---- strided stream ---- */

enum { P_STRIDE_READ, P_STRIDE_WRITE };

static size_t strided_elems(const pb_case *c, int b)
{
    return c->n * (size_t)c->param[b == SRC ? P_STRIDE_READ : P_STRIDE_WRITE];
}

static void strided_check(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res)
{
    (void)ref;
    elem_ctx e = {c->dtype, in[SRC], (size_t)c->param[P_STRIDE_READ], 0.0};
    pb_check_elements(c->dtype, out, c->n, (size_t)c->param[P_STRIDE_WRITE], 0, want_plus, &e, res);
}

static const pb_case_set stream_strided_cases[] = {
    {"host", MICRO_HOST " --stride-read 1,3 --stride-write 1,2 --dtype float,double"},
    {"fault", "--n 33 --stride-read 3 --dtype float,double"},
    {"golden", "--variants all --n 1,1000 --stride-read 1,3 --stride-write 1,2 --dtype float,double"},
    {"gpu", "--size 1,33,1000,100003 --stride-read 1,3,32 --stride-write 1,2 --dtype float,double"},
    {"sanitize", "--size 33,100 --stride-read 1,3 --stride-write 1,2 --dtype float,double"},
    {NULL, NULL}};

const pb_bench pb_bench_stream_strided = {
    .name = "stream-strided",
    .summary = "strided stream: dest[sw*i] = src[sr*i], the cost of uncoalesced access",
    .size_option = "--n",
    .default_sizes = "2^22",
    .cost_model = "bytes = 2*n*sizeof(T): useful bytes only (the hardware moves whole sectors); "
                  "check: every written element exactly",
    .variants = kernel_only,
    .dtypes = PB_DT_FP,
    .default_dtype = PB_DOUBLE,
    .nparams = 2,
    .params = {{"stride_read", "--stride-read", 1, 1, 1024, "read stride sr"},
               {"stride_write", "--stride-write", 1, 1, 1024, "write stride sw"}},
    /* the course's strided copy uses one stride for both: dest[s*i] = src[s*i] */
    .aliases = {{"--stride", (1u << P_STRIDE_READ) | (1u << P_STRIDE_WRITE),
                 "read and write stride alike, the course's strided copy (a list pairs them: 2,4 = 2/2, 4/4)"}},
    .nbufs = 2,
    .bufs = {{"src", PB_BUF_IN}, {"dest", PB_BUF_OUT}},
    .buf_elems = strided_elems,
    .bytes = bytes_2n,
    .flops = pb_cost_none,
    .fill = fill_src,
    .check = strided_check,
    .pattern = PB_PATTERN_READ_WRITE,
    .size_sweep = 1,
    .cases = stream_strided_cases,
};

/* ---- FMA ---- */

enum { P_CHAIN, P_STRIDE };

typedef struct fma_ctx {
    pb_dtype t;
    const void *src;
    size_t stride;
    double ak; /* a^chain */
} fma_ctx;

static double want_fma(size_t k, const void *p)
{
    const fma_ctx *f = p;
    return 1.0 + f->ak * (pb_load(f->t, f->src, k * f->stride) - 1.0);
}

static size_t active(const pb_case *c)
{
    size_t s = c->bench->nparams > 1 ? (size_t)c->param[P_STRIDE] : 1;
    return (c->n + s - 1) / s;
}

static double fma_bytes(const pb_case *c) { return 2.0 * (double)active(c) * (double)pb_dtype_size(c->dtype); }

static double fma_flops(const pb_case *c) { return 2.0 * (double)c->param[P_CHAIN] * (double)active(c); }

static void fma_check(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res)
{
    (void)ref;
    size_t stride = c->bench->nparams > 1 ? (size_t)c->param[P_STRIDE] : 1;
    fma_ctx f = {c->dtype, in[SRC], stride, pow(PB_FMA_A, (double)c->param[P_CHAIN])};
    double tol = 16 * (double)c->param[P_CHAIN] * pb_eps(c->dtype);
    pb_check_elements(c->dtype, out, active(c), stride, tol, want_fma, &f, res);
}

static const pb_case_set fma_cases[] = {{"host", MICRO_HOST " --chain 1,7 --dtype float,double"},
                                        {"fault", "--n 33 --chain 7 --dtype float,double"},
                                        {"golden", "--variants all --n 1,1000 --chain 1,7 --dtype float,double"},
                                        {"gpu", "--size 1,33,1000,100003,1048579 --chain 64,300 --dtype float,double"},
                                        {"sanitize", "--size 33,100 --chain 8 --dtype float,double"},
                                        {NULL, NULL}};

const pb_bench pb_bench_fma = {
    .name = "fma",
    .summary = "FMA: per element a dependent chain acc = a*acc + b, GFLOP/s over elements",
    .size_option = "--n",
    .default_sizes = "2^24",
    .cost_model = "FLOPs = 2*chain*n; bytes = 2*n*sizeof(T); check: closed form 1 + a^chain (x0 - 1) in "
                  "double, tolerance 16*chain*eps(T)",
    .variants = kernel_best,
    .dtypes = PB_DT_FP,
    .default_dtype = PB_DOUBLE,
    .nparams = 1,
    .params = {{"chain", "--chain", 1024, 1, 1 << 20, "FMAs per element (dependent chain)"}},
    .flops_headline = 1,
    .nbufs = 2,
    .bufs = {{"src", PB_BUF_IN}, {"dest", PB_BUF_OUT}},
    .buf_elems = pb_buf_elems_n,
    .bytes = fma_bytes,
    .flops = fma_flops,
    .fill = fill_src,
    .check = fma_check,
    .pattern = PB_PATTERN_READ_WRITE,
    .size_sweep = 1,
    .cases = fma_cases,
};

static const pb_case_set fma_strided_cases[] = {
    {"host", MICRO_HOST " --chain 5 --stride 1,3 --dtype float,double"},
    {"fault", "--n 33 --chain 5 --stride 3 --dtype float,double"},
    {"golden", "--variants all --n 1,1000 --chain 5 --stride 1,3 --dtype float,double"},
    {"gpu", "--size 1,33,1000,100003 --chain 64 --stride 1,3,32 --dtype float,double"},
    {"sanitize", "--size 33,100 --chain 8 --stride 3 --dtype float,double"},
    {NULL, NULL}};

const pb_bench pb_bench_fma_strided = {
    .name = "fma-strided",
    .summary = "strided FMA: only elements whose index is divisible by the stride compute",
    .size_option = "--n",
    .default_sizes = "2^24",
    .cost_model = "FLOPs = 2*chain*ceil(n/stride); bytes = 2*ceil(n/stride)*sizeof(T); check: closed form "
                  "in double for every active element",
    .variants = kernel_only,
    .dtypes = PB_DT_FP,
    .default_dtype = PB_DOUBLE,
    .nparams = 2,
    .params = {{"chain", "--chain", 1024, 1, 1 << 20, "FMAs per element (dependent chain)"},
               {"stride", "--stride", 2, 1, 1 << 20, "only i % stride == 0 computes"}},
    .flops_headline = 1,
    .nbufs = 2,
    .bufs = {{"src", PB_BUF_IN}, {"dest", PB_BUF_OUT}},
    .buf_elems = pb_buf_elems_n,
    .bytes = fma_bytes,
    .flops = fma_flops,
    .fill = fill_src,
    .check = fma_check,
    .pattern = PB_PATTERN_READ_WRITE,
    .size_sweep = 1,
    .cases = fma_strided_cases,
};

/* ---- fill (write only) ---- */

enum { FILL_DEST };

static double bytes_1n(const pb_case *c) { return (double)c->n * (double)pb_dtype_size(c->dtype); }

static double want_fill(size_t k, const void *p)
{
    (void)k;
    return *(const double *)p;
}

static void fill_check(const pb_case *c, void *const *in, const void *ref, const void *out, pb_check *res)
{
    (void)in;
    (void)ref;
    double want;
    if (c->dtype == PB_FLOAT) {
        float v;
        memset(&v, PB_FILL_BYTE, sizeof v);
        want = v;
    } else {
        memset(&want, PB_FILL_BYTE, sizeof want);
    }
    pb_check_elements(c->dtype, out, c->n, 1, 0, want_fill, &want, res);
}

static const pb_case_set fill_cases[] = {{"host", MICRO_HOST " --dtype float,double"},
                                         {"fault", "--n 33 --dtype float,double"},
                                         {"golden", "--variants all --n 1,33,4097 --dtype float,double"},
                                         {"gpu", MICRO_GPU " --dtype float,double"},
                                         {"sanitize", "--size 33,1000 --dtype float,double"},
                                         {NULL, NULL}};

const pb_bench pb_bench_fill = {
    .name = "fill",
    .summary = "fill: dest[i] = c, write-only bandwidth; the library variant is cudaMemset",
    .size_option = "--n",
    .default_sizes = "2^24",
    .cost_model = "bytes = n*sizeof(T) (written only; c has every byte 0x3f, as cudaMemset writes it); "
                  "check: every element exactly",
    .variants = kernel_best,
    .lib_backend = "cudart",
    .dtypes = PB_DT_FP,
    .default_dtype = PB_DOUBLE,
    .nbufs = 1,
    .bufs = {{"dest", PB_BUF_OUT}},
    .buf_elems = pb_buf_elems_n,
    .bytes = bytes_1n,
    .flops = pb_cost_none,
    .check = fill_check,
    .pattern = PB_PATTERN_WRITE,
    .size_sweep = 1,
    .cases = fill_cases,
};
