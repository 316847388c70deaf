/* reduce's `best` in CUDA, with the launch shape of the tuning table (pb_cuda_best_shape),
 * and its row: each block a contiguous run of tiles, `elems` independent accumulators of
 * 16-byte loads, block sums by shuffles, one partial per block; the last block to finish
 * sums the partials in the same launch (a second kernel cost its launch and gap, about 1%
 * at 2^28). A translation unit of its own: in reduce.cu, whose k-kernels declare a
 * 16-byte-aligned dynamic shared array, ptxas gave these kernels 8-12 more bytes of static
 * shared memory than they had in best.cu. */
#include "best_common.cuh"
#include "cuda_common.h"

#include <stdio.h>

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
    if (!ticket &&
        (cudaMalloc(&ticket, sizeof *ticket) != cudaSuccess || cudaMemset(ticket, 0, sizeof *ticket) != cudaSuccess)) {
        cudaFree(ticket);
        ticket = nullptr;
    }
    return ticket;
}

template <typename T> static int reduce_run(const pb_args *a)
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
    const T *in = (const T *)a->buf[REDUCE_IN];
    T *out = (T *)a->buf[REDUCE_OUT], *part = (T *)a->buf[REDUCE_PARTIALS];
    switch (sh->elems) {
    case 1:
        reduce_best<T, 1><<<grid, block>>>(in, part, out, n, ticket);
        break;
    case 2:
        reduce_best<T, 2><<<grid, block>>>(in, part, out, n, ticket);
        break;
    case 4:
        reduce_best<T, 4><<<grid, block>>>(in, part, out, n, ticket);
        break;
    case 8:
        reduce_best<T, 8><<<grid, block>>>(in, part, out, n, ticket);
        break;
    default:
        return PB_SKIP;
    }
    return pb_cuda_check_launch("reduce best");
}

#define BY_TYPE(fn, ...)                             \
    (a->dtype == PB_INT     ? fn<int>(__VA_ARGS__)   \
     : a->dtype == PB_FLOAT ? fn<float>(__VA_ARGS__) \
                            : fn<double>(__VA_ARGS__))

static int run_best(const pb_args *a) { return BY_TYPE(reduce_run, a); }

extern "C" const pb_variant pb_variants_cuda_reduce_best[] = {
    {"reduce", "best", "grid-stride, 16-byte loads into independent accumulators, shuffles, one partial per block",
     PB_DT_ALL, run_best, "cuda", PB_V_SHAPED},
    {0}};
