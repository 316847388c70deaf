/* `best` in CUDA: the fastest correct code this project knows for reduce, stream, copy,
 * fill and fma (dmvm's is in dmvm.cu), with launch shapes from the tuning table
 * (harness/pb_tuning.c) chosen at init for the GPU at hand (compute capability, SM count,
 * pb_cuda_best_shape). What each does:
 *  - wide loads: 16 bytes per load (float4, double2, int4) where the data allows it,
 *    several per thread and step, so that enough bytes are in flight per SM to cover
 *    the memory latency (the `kernel` variants move 4 or 8 bytes per thread: float
 *    stream reached only 0.75x of cudaMemcpy on the H100);
 *  - reduce: each block a contiguous run of tiles, `elems` independent accumulators of
 *    16-byte loads, block sums by shuffles, one partial per block; the last block to
 *    finish sums the partials in the same launch (a second kernel cost its launch and
 *    gap, about 1% at 2^28);
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

enum { B_STREAM, B_COPY, B_FILL };
static const char *const micro_bench[] = {"stream", "copy", "fill"};

/* ---- reduce ---- */

__device__ inline double hsum(const double2 &v) { return v.x + v.y; }
__device__ inline float hsum(const float4 &v) { return (v.x + v.y) + (v.z + v.w); }
__device__ inline int hsum(const int4 &v) { return (v.x + v.y) + (v.z + v.w); }

/* Each block sums its own contiguous run of tiles, the tiles shared evenly among the blocks
 * (CUB's even share): a tile is U * blockDim.x vectors of 16 bytes, thread t loading t,
 * t + blockDim.x, ...: U independent coalesced loads. The vectors after the last whole
 * tile and the n % W elements after the last vector go to the first threads of the grid.
 * Then the block's sum (shuffles). One block: its sum is out[0]. More: each block writes
 * part[blockIdx.x], fences, and takes a ticket; the block with the last ticket sums the
 * partials into out[0] and sets the ticket back to 0 for the next launch (the
 * threadfence reduction of the CUDA programming guide). `in` is 16-byte aligned. */
template <typename T, int U>
__global__ void __launch_bounds__(PB_SHAPE_MAX_THREADS, 2) /* <= 32 registers: 2048 threads per SM */
    reduce_best(const T *__restrict__ in, T *part, T *out, size_t n, unsigned *ticket)
{
    typedef typename vec16<T>::type V;
    constexpr int W = vec16<T>::n;
    const size_t nv = n / W, tile = (size_t)U * blockDim.x, ntiles = nv / tile;
    const size_t per = ntiles / gridDim.x, rem = ntiles % gridDim.x, b = blockIdx.x;
    const size_t t0 = b * per + (b < rem ? b : rem), t1 = t0 + per + (b < rem ? 1 : 0);
    const size_t gid = b * blockDim.x + threadIdx.x;
    const V *v = reinterpret_cast<const V *>(in);
    T acc[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
        acc[u] = T(0);
    for (size_t t = t0; t < t1; ++t) {
        const V *p = v + t * tile + threadIdx.x;
        V x[U];
#pragma unroll
        for (int u = 0; u < U; ++u)
            x[u] = p[u * blockDim.x];
#pragma unroll
        for (int u = 0; u < U; ++u)
            acc[u] += hsum(x[u]);
    }
    for (size_t i = ntiles * tile + gid; i < nv; i += (size_t)gridDim.x * blockDim.x)
        acc[0] += hsum(v[i]);
    if (nv * W + gid < n) /* the n % W elements after the last vector */
        acc[0] += in[nv * W + gid];
    T sum[1] = {acc[0]};
#pragma unroll
    for (int u = 1; u < U; ++u)
        sum[0] += acc[u];
    pb_block_sum(sum);
    if (gridDim.x == 1) {
        if (threadIdx.x == 0)
            out[0] = sum[0];
        return;
    }
    __shared__ bool last;
    if (threadIdx.x == 0) {
        part[blockIdx.x] = sum[0];
        __threadfence(); /* the partial is visible to every block before the ticket is */
        last = atomicAdd(ticket, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (!last)
        return;
    sum[0] = T(0);
    for (unsigned k = threadIdx.x; k < gridDim.x; k += blockDim.x)
        sum[0] += __ldcg(part + k); /* from L2: other SMs wrote them */
    pb_block_sum(sum);
    if (threadIdx.x == 0) {
        out[0] = sum[0];
        *ticket = 0;
    }
}

/* the ticket counter of reduce_best on this worker's device (one per process), zeroed once */
static unsigned *reduce_ticket()
{
    static unsigned *ticket;
    if (!ticket && (cudaMalloc(&ticket, sizeof *ticket) != cudaSuccess || cudaMemset(ticket, 0, sizeof *ticket) != cudaSuccess)) {
        cudaFree(ticket);
        ticket = nullptr;
    }
    return ticket;
}

template <typename T>
static int reduce_run(const pb_args *a)
{
    const pb_shape *sh = pb_cuda_best_shape("reduce", a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    unsigned *ticket = reduce_ticket();
    if (!ticket) {
        fprintf(stderr, "portbench: pb-cuda: reduce best: no device memory for its ticket counter: %s\n",
                cudaGetErrorString(cudaGetLastError()));
        return PB_ERR;
    }
    const size_t n = a->n, nv = n / vec16<T>::n;
    const unsigned block = (unsigned)sh->threads;
    const unsigned grid = (unsigned)pb_shape_teams(sh, pb_cuda_sms(), (long)nv, (long)block * sh->elems);
    const T *in = (const T *)a->buf[0];
    T *out = (T *)a->buf[1], *part = (T *)a->buf[2];
    switch (sh->elems) {
    case 1: reduce_best<T, 1><<<grid, block>>>(in, part, out, n, ticket); break;
    case 2: reduce_best<T, 2><<<grid, block>>>(in, part, out, n, ticket); break;
    case 4: reduce_best<T, 4><<<grid, block>>>(in, part, out, n, ticket); break;
    case 8: reduce_best<T, 8><<<grid, block>>>(in, part, out, n, ticket); break;
    default: return PB_SKIP;
    }
    return pb_cuda_check_launch("reduce best");
}

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

extern "C" {
int pb_cuda_reduce_best(const pb_args *a)
{
    return a->dtype == PB_INT ? reduce_run<int>(a) : a->dtype == PB_FLOAT ? reduce_run<float>(a) : reduce_run<double>(a);
}
int pb_cuda_stream_best(const pb_args *a)
{
    return a->dtype == PB_FLOAT ? micro_run<float, OP_STREAM>(B_STREAM, a) : micro_run<double, OP_STREAM>(B_STREAM, a);
}
int pb_cuda_copy_best(const pb_args *a)
{
    return a->dtype == PB_FLOAT ? micro_run<float, OP_COPY>(B_COPY, a) : micro_run<double, OP_COPY>(B_COPY, a);
}
int pb_cuda_fill_best(const pb_args *a)
{
    return a->dtype == PB_FLOAT ? micro_run<float, OP_FILL>(B_FILL, a) : micro_run<double, OP_FILL>(B_FILL, a);
}
int pb_cuda_fma_best(const pb_args *a) { return a->dtype == PB_FLOAT ? fma_run<float>(a) : fma_run<double>(a); }
}
