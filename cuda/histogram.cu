/* Histogram in CUDA (course seeds/003, histogram.cu) and CUB's DeviceHistogram: int32
 * counts of n int or float keys over `bins` bins; bins from keys by the PB_HIST_*
 * formulas of pb_shapes.h (keys out of range are not counted, as in CUB). */
#include "cuda_common.h"

#include <cub/device/device_histogram.cuh>
#include <thrust/iterator/transform_iterator.h>

#include <stdint.h>

#define BLOCK PB_HIST_BLOCK

__device__ inline int bin_of(int32_t k, int bins) { return PB_HIST_BIN_INT(k, bins); }
__device__ inline int bin_of(float x, int bins)
{
    const float j = PB_HIST_J(x);
    return PB_HIST_BIN_J(j, bins);
}

/* global (the course's kernel): one thread per key, one atomicAdd on a global count. */
template <typename K>
__global__ void hist_global(long n, int bins, const K *__restrict__ keys, int *__restrict__ counts)
{
    const long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (i < n) {
        const int b = bin_of(keys[i], bins);
        if (b >= 0)
            atomicAdd(&counts[b], 1);
    }
}

/* shared: each block counts its keys (grid-stride) in a shared-memory histogram with
 * shared-memory atomics, then adds it to the global counts with one atomic per
 * non-empty bin. Every thread reaches both barriers. */
template <typename K>
__global__ void hist_shared(long n, int bins, const K *__restrict__ keys, int *__restrict__ counts)
{
    extern __shared__ int local[];
    for (int b = threadIdx.x; b < bins; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    const long stride = (long)gridDim.x * blockDim.x;
    for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += stride) {
        const int b = bin_of(keys[i], bins);
        if (b >= 0)
            atomicAdd(&local[b], 1);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < bins; b += blockDim.x)
        if (local[b])
            atomicAdd(&counts[b], local[b]);
}

template <typename K>
static int histogram(int shared, const pb_args *a)
{
    const long n = (long)a->n;
    const int bins = (int)a->param[0];
    if (bins < 1 || bins > PB_HIST_MAX_BINS)
        return PB_SKIP;
    const K *keys = (const K *)a->buf[0];
    int *counts = (int *)a->buf[1];
    if (cudaMemsetAsync(counts, 0, (size_t)bins * sizeof(int), 0) != cudaSuccess)
        return pb_cuda_check_launch("cudaMemsetAsync");
    long blocks = (n + BLOCK - 1) / BLOCK;
    if (shared) {
        blocks = blocks < PB_HIST_MAX_BLOCKS ? blocks : PB_HIST_MAX_BLOCKS;
        hist_shared<K><<<(unsigned)blocks, BLOCK, (size_t)bins * sizeof(int)>>>(n, bins, keys, counts);
    } else {
        hist_global<K><<<(unsigned)blocks, BLOCK>>>(n, bins, keys, counts);
    }
    return pb_cuda_check_launch("histogram");
}

/* Float keys reach CUB as their exact integer j (or -1, below the lowest level): CUB's
 * integer path then computes floor(j * bins / 2^24) exactly, the same bin as ours. */
struct float_key_to_j {
    __host__ __device__ int operator()(float x) const
    {
        const float j = PB_HIST_J(x);
        return PB_HIST_J_VALID(j) ? (int)j : -1;
    }
};

/* CUB: temporary storage is kept between calls (allocated in the warm-up runs). */
static void *cub_temp(size_t need)
{
    static void *temp;
    static size_t have;
    if (need > have) {
        cudaFree(temp);
        temp = nullptr;
        have = 0;
        if (cudaMalloc(&temp, need) != cudaSuccess)
            return nullptr;
        have = need;
    }
    return temp;
}

template <typename It>
static int cub_histogram(It samples, int *counts, int bins, int upper, long long n)
{
    size_t need = 0;
    if (cub::DeviceHistogram::HistogramEven(nullptr, need, samples, counts, bins + 1, 0, upper, n) != cudaSuccess)
        return pb_cuda_check_launch("cub::DeviceHistogram::HistogramEven size query");
    void *temp = cub_temp(need ? need : 1);
    if (!temp)
        return pb_cuda_check_launch("cub temporary storage");
    if (cub::DeviceHistogram::HistogramEven(temp, need, samples, counts, bins + 1, 0, upper, n) != cudaSuccess)
        return pb_cuda_check_launch("cub::DeviceHistogram::HistogramEven");
    return PB_OK;
}

extern "C" {
int pb_cuda_histogram_global(const pb_args *a)
{
    return a->dtype == PB_INT ? histogram<int32_t>(0, a) : histogram<float>(0, a);
}
int pb_cuda_histogram_shared(const pb_args *a)
{
    return a->dtype == PB_INT ? histogram<int32_t>(1, a) : histogram<float>(1, a);
}

/* int keys: levels 0..bins, unit width, bin = key; float keys: levels over j in [0, 2^24). */
int pb_cub_histogram(const pb_args *a)
{
    const int bins = (int)a->param[0];
    int *counts = (int *)a->buf[1];
    const long long n = (long long)a->n;
    if (a->dtype == PB_INT)
        return cub_histogram((const int *)a->buf[0], counts, bins, bins, n);
    return cub_histogram(thrust::make_transform_iterator((const float *)a->buf[0], float_key_to_j()), counts, bins,
                         1 << 24, n);
}
}
