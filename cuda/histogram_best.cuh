/* histogram_best.cuh - the keys' bins and histogram's `best` kernel (cuda/histogram.cu),
 * in a header of their own so that tests/course_best_emu.cpp runs the kernel on the host
 * (tests/cuda_emu.h): CUDA C++ without CUB or the runtime API. */
#ifndef PB_HISTOGRAM_BEST_CUH
#define PB_HISTOGRAM_BEST_CUH

#include "best_common.cuh"
#include "pb_shapes.h"

#include <stdint.h>

__device__ inline int bin_of(int32_t k, int bins) { return PB_HIST_BIN_INT(k, bins); }
__device__ inline int bin_of(float x, int bins)
{
    const float j = PB_HIST_J(x);
    return PB_HIST_BIN_J(j, bins);
}

/* ---- best ----
 * What makes it fast: privatisation. A block keeps one private histogram per warp in
 * shared memory (as many copies as fit in PB_HIST_BEST_SMEM bytes; at least one per
 * block), so that the shared-memory atomics of different warps never meet on one
 * counter (with 10 bins the course's one histogram per block serialises 8 warps on 10
 * counters); each thread loads several 16-byte vectors of keys (4 keys each) before it
 * counts them, so that enough bytes are in flight per SM; and each block merges its copies
 * into global memory once, with one atomicAdd per non-empty bin. Shape (tuning table):
 * per_sm blocks per SM (0: one block per threads * elems vectors), threads per block,
 * elems = 16-byte vectors per thread and step. Keys the vectors do not cover (the
 * n % 4 last ones, or all of them when the array is not 16-byte aligned) are counted one
 * per thread. A histogram whose one copy does not fit falls back to one global atomic per
 * key (hist_global): not reached while --bins <= PB_HIST_MAX_BINS (16 KB). */
#define PB_HIST_BEST_SMEM (48 * 1024) /* dynamic shared memory without an opt-in */
#ifndef PB_HIST_PRIV                  /* the emulation (tests/course_best_emu.cpp) gives it a static array */
#define PB_HIST_PRIV(name) extern __shared__ int name[]
#endif

template <typename K> __device__ inline void count_key(int *hist, K key, int bins)
{
    const int b = bin_of(key, bins);
    if (b >= 0)
        atomicAdd(&hist[b], 1);
}

template <typename K, int U>
__global__ void hist_best(long n, int bins, int copies, int vec, const K *__restrict__ keys, int *__restrict__ counts)
{
    typedef typename vec16<K>::type V;
    enum { NV = vec16<K>::n };
    PB_HIST_PRIV(priv);
    for (int b = threadIdx.x; b < copies * bins; b += blockDim.x)
        priv[b] = 0;
    __syncthreads();
    int *mine = priv + (int)((threadIdx.x / 32) % (unsigned)copies) * bins;
    const long stride = (long)gridDim.x * blockDim.x, nvec = vec ? n / NV : 0;
    const V *kv = reinterpret_cast<const V *>(keys);
    long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
    for (; i + (U - 1) * stride < nvec; i += U * stride) { /* U vectors in flight, then counted */
        V v[U];
#pragma unroll
        for (int u = 0; u < U; ++u)
            v[u] = kv[i + u * stride];
#pragma unroll
        for (int u = 0; u < U; ++u)
#pragma unroll
            for (int k = 0; k < NV; ++k)
                count_key(mine, lane<K>(v[u], k), bins);
    }
    for (; i < nvec; i += stride) {
        V v = kv[i];
#pragma unroll
        for (int k = 0; k < NV; ++k)
            count_key(mine, lane<K>(v, k), bins);
    }
    for (long t = nvec * NV + blockIdx.x * (long)blockDim.x + threadIdx.x; t < n; t += stride)
        count_key(mine, keys[t], bins);
    __syncthreads();
    for (int b = threadIdx.x; b < bins; b += blockDim.x) {
        int sum = 0;
        for (int c = 0; c < copies; ++c)
            sum += priv[c * bins + b];
        if (sum)
            atomicAdd(&counts[b], sum);
    }
}

#endif
