/* `best` in CUDA for the micro benchmarks: the fastest correct code this project knows for
 * stream, copy, fill and fma (their other variants are in micro.cu), with launch shapes
 * from the tuning table (harness/core/pb_tuning.c) chosen at init for the GPU at hand (compute
 * capability, SM count, pb_cuda_best_shape). What each does:
 *  - wide loads: 16 bytes per load (float4, double2, int4) where the data allows it,
 *    several per thread and step, so that enough bytes are in flight per SM to cover
 *    the memory latency (the `kernel` variants move 4 or 8 bytes per thread: float
 *    stream reached only 0.75x of cudaMemcpy on the H100);
 *  - fma: `elems` elements per thread, their chains interleaved, so that independent FMAs
 *    hide each other's latency (one dependent chain per thread reached 46% of the FP32
 *    peak on the H100); each element still gets exactly `chain` FMAs in the same order,
 *    so every result is bit-identical to `kernel`'s.
 * Every load is guarded; tails shorter than a vector are handled element by element.
 * Every kernel is bounded for PB_SHAPE_MAX_THREADS (1024) threads, so that any shape the
 * table or PB_TUNE names can launch. */
#include "best_common.cuh"
#include "cuda_common.h"
#include "pb_tuning.h"

#include <stdio.h>
#include <string.h>
#include <type_traits>

/* The kernels and their launches below came verbatim from cuda/best.cu (git log --follow),
 * written before .clang-format: formatting them is a change of its own, not part of a move. */
/* clang-format off */
enum { B_STREAM, B_COPY, B_FILL };
static const char *const micro_bench[] = {"stream", "copy", "fill"};

/* ---- stream, copy, fill ---- */

enum { OP_STREAM, OP_COPY, OP_FILL };

template <typename T, int OP>
__device__ inline T apply(T x, T value)
{
    return OP == OP_STREAM ? x + T(1) : OP == OP_COPY ? x : value;
}

/* Each thread moves U 16-byte vectors per step (grid-stride when the grid is capped);
 * the n % W elements after the last vector go element by element. */
template <typename T, int U, int OP>
__global__ void __launch_bounds__(PB_SHAPE_MAX_THREADS) micro_best(size_t n, const T *__restrict__ src, T *__restrict__ dest, T value)
{
    typedef typename vec16<T>::type V;
    constexpr int W = vec16<T>::n;
    const size_t nv = n / W, step = (size_t)gridDim.x * blockDim.x * U;
    const V *s = reinterpret_cast<const V *>(src);
    V *d = reinterpret_cast<V *>(dest);
    for (size_t base = blockIdx.x * (size_t)blockDim.x * U + threadIdx.x; base < nv; base += step) {
        V x[U];
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const size_t k = base + (size_t)u * blockDim.x;
            if (OP != OP_FILL && k < nv)
                x[u] = s[k];
        }
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const size_t k = base + (size_t)u * blockDim.x;
            if (k < nv) {
                V y;
#pragma unroll
                for (int j = 0; j < W; ++j)
                    lane<T>(y, j) = apply<T, OP>(OP == OP_FILL ? value : lane<T>(x[u], j), value);
                d[k] = y;
            }
        }
    }
    const size_t tail = nv * W + threadIdx.x;
    if (blockIdx.x == 0 && tail < n)
        dest[tail] = apply<T, OP>(OP == OP_FILL ? value : src[tail], value);
}

template <typename T, int OP>
static int micro_run(int which, const pb_args *a)
{
    const pb_shape *sh = pb_cuda_best_shape(micro_bench[which], a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    const size_t n = a->n, nv = n / vec16<T>::n;
    const unsigned block = (unsigned)sh->threads;
    const long teams = pb_shape_teams(sh, pb_cuda_sms(), (long)nv, (long)block * sh->elems);
    if (teams > 0x7fffffffL)
        return PB_SKIP;
    const unsigned grid = (unsigned)teams;
    const T *src = OP == OP_FILL ? NULL : (const T *)a->buf[0];
    T *dest = (T *)a->buf[OP == OP_FILL ? 0 : 1];
    T value;
    memset(&value, PB_FILL_BYTE, sizeof value);
    switch (sh->elems) {
    case 1: micro_best<T, 1, OP><<<grid, block>>>(n, src, dest, value); break;
    case 2: micro_best<T, 2, OP><<<grid, block>>>(n, src, dest, value); break;
    case 4: micro_best<T, 4, OP><<<grid, block>>>(n, src, dest, value); break;
    case 8: micro_best<T, 8, OP><<<grid, block>>>(n, src, dest, value); break;
    default: return PB_SKIP;
    }
    return pb_cuda_check_launch("micro best");
}

/* ---- fma ---- */

__device__ inline float fma_op(float a, float x, float b) { return fmaf(a, x, b); }
__device__ inline double fma_op(double a, double x, double b) { return fma(a, x, b); }

/* U elements per thread (i = base + u*blockDim.x, coalesced for each u), their chains
 * interleaved: U independent FMAs per step. 256 FMAs per unrolled loop body: FP32 FMAs
 * issue every cycle, so the body's counter, compare and branch (5 instructions in sm_90
 * SASS) take FMA slots (with 32 per body FP32 reached 82% of the H200's peak, with 128
 * 90% at 0.98 warps issued per scheduler and cycle; FP64, at half rate, had room). */
template <typename T, int U>
__global__ void __launch_bounds__(PB_SHAPE_MAX_THREADS) fma_best(size_t n, long chain, T a, T b, const T *__restrict__ src, T *__restrict__ dest)
{
    const size_t step = (size_t)gridDim.x * blockDim.x * U;
    for (size_t base = blockIdx.x * (size_t)blockDim.x * U + threadIdx.x; base < n; base += step) {
        T acc[U];
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const size_t i = base + (size_t)u * blockDim.x;
            acc[u] = i < n ? src[i] : T(0);
        }
#pragma unroll(256 / U)
        for (long k = 0; k < chain; ++k)
#pragma unroll
            for (int u = 0; u < U; ++u)
                acc[u] = fma_op(a, acc[u], b);
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const size_t i = base + (size_t)u * blockDim.x;
            if (i < n)
                dest[i] = acc[u];
        }
    }
}

template <typename T>
static int fma_run(const pb_args *a)
{
    const pb_shape *sh = pb_cuda_best_shape("fma", a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    const size_t n = a->n;
    const unsigned block = (unsigned)sh->threads;
    const long teams = pb_shape_teams(sh, pb_cuda_sms(), (long)n, (long)block * sh->elems);
    if (teams > 0x7fffffffL)
        return PB_SKIP;
    const unsigned grid = (unsigned)teams;
    const long chain = a->param[0];
    const T av = T(PB_FMA_A), bv = T(PB_FMA_B), *src = (const T *)a->buf[0];
    T *dest = (T *)a->buf[1];
    switch (sh->elems) {
    case 1: fma_best<T, 1><<<grid, block>>>(n, chain, av, bv, src, dest); break;
    case 2: fma_best<T, 2><<<grid, block>>>(n, chain, av, bv, src, dest); break;
    case 4: fma_best<T, 4><<<grid, block>>>(n, chain, av, bv, src, dest); break;
    case 8: fma_best<T, 8><<<grid, block>>>(n, chain, av, bv, src, dest); break;
    default: return PB_SKIP;
    }
    return pb_cuda_check_launch("fma best");
}

/* clang-format on */

static int run_stream_best(const pb_args *a)
{
    return a->dtype == PB_FLOAT ? micro_run<float, OP_STREAM>(B_STREAM, a) : micro_run<double, OP_STREAM>(B_STREAM, a);
}
static int run_copy_best(const pb_args *a)
{
    return a->dtype == PB_FLOAT ? micro_run<float, OP_COPY>(B_COPY, a) : micro_run<double, OP_COPY>(B_COPY, a);
}
static int run_fill_best(const pb_args *a)
{
    return a->dtype == PB_FLOAT ? micro_run<float, OP_FILL>(B_FILL, a) : micro_run<double, OP_FILL>(B_FILL, a);
}
static int run_fma_best(const pb_args *a) { return a->dtype == PB_FLOAT ? fma_run<float>(a) : fma_run<double>(a); }

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags. The registry
 * lists each row after its benchmark's rows of micro.cu (harness/worker/pb_registry.h). */
extern "C" const pb_variant pb_variants_cuda_micro_best[] = {
    {"stream", "best", "16-byte vector loads and stores, several per thread (tuned shape)", PB_DT_FP, run_stream_best,
     "cuda", PB_V_SHAPED},
    {"copy", "best", "16-byte vector loads and stores, several per thread (tuned shape)", PB_DT_FP, run_copy_best,
     "cuda", PB_V_SHAPED},
    {"fill", "best", "16-byte vector stores, several per thread (tuned shape)", PB_DT_FP, run_fill_best, "cuda",
     PB_V_SHAPED},
    {"fma", "best", "several elements per thread, their chains interleaved: independent FMAs (same results)", PB_DT_FP,
     run_fma_best, "cuda", PB_V_SHAPED},
    {0}};
