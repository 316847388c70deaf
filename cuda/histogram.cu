/* Histogram in CUDA (course seeds/003, histogram.cu), `best`, and CUB's DeviceHistogram:
 * int32 counts of n int or float keys over `bins` bins; bins from keys by the PB_HIST_*
 * formulas of pb_shapes.h (keys out of range are not counted, as in CUB). The variants'
 * table ends the file. */
#include "cuda_common.h"
#include "histogram_best.cuh"

#include <cub/device/device_histogram.cuh>
#include <thrust/iterator/transform_iterator.h>

#include <stdint.h>

#define BLOCK PB_HIST_BLOCK

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

/* the bins of a run (SKIP outside 1..PB_HIST_MAX_BINS) and its counts set to 0, queued
 * before the kernel on the same stream: every variant counts into zeroed bins */
static int counts_zeroed(const pb_args *a, int *bins)
{
    *bins = (int)a->param[HIST_BINS];
    if (*bins < 1 || *bins > PB_HIST_MAX_BINS)
        return PB_SKIP;
    if (cudaMemsetAsync(a->buf[HIST_COUNTS], 0, (size_t)*bins * sizeof(int), 0) != cudaSuccess)
        return pb_cuda_check_launch("cudaMemsetAsync");
    return PB_OK;
}

template <typename K>
static int histogram(int shared, const pb_args *a)
{
    const long n = (long)a->n;
    int bins;
    const int zeroed = counts_zeroed(a, &bins);
    if (zeroed != PB_OK)
        return zeroed;
    const K *keys = (const K *)a->buf[HIST_KEYS];
    int *counts = (int *)a->buf[HIST_COUNTS];
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

template <typename K, int U>
static void hist_best_launch(unsigned grid, unsigned block, int copies, long n, int bins, const K *keys, int *counts)
{
    const int vec = (uintptr_t)keys % 16 == 0;
    hist_best<K, U><<<grid, block, (size_t)copies * bins * sizeof(int)>>>(n, bins, copies, vec, keys, counts);
}

template <typename K> static int hist_best_run(const pb_args *a)
{
    const pb_shape *sh = pb_cuda_best_shape("histogram", a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    const long n = (long)a->n;
    int bins;
    const int zeroed = counts_zeroed(a, &bins);
    if (zeroed != PB_OK)
        return zeroed;
    const K *keys = (const K *)a->buf[HIST_KEYS];
    int *counts = (int *)a->buf[HIST_COUNTS];
    const unsigned block = (unsigned)sh->threads;
    const long fit = PB_HIST_BEST_SMEM / ((long)bins * (long)sizeof(int)), warps = block / 32;
    if (fit < 1) { /* one copy does not fit: one global atomic per key */
        hist_global<K><<<(unsigned)((n + block - 1) / block), block>>>(n, bins, keys, counts);
        return pb_cuda_check_launch("histogram best (global atomics)");
    }
    const int copies = (int)(fit < warps ? fit : warps);
    const long vecs = (n + vec16<K>::n - 1) / vec16<K>::n;
    const unsigned grid = (unsigned)pb_shape_teams(sh, pb_cuda_sms(), vecs, (long)block * sh->elems);
    switch (sh->elems) {
    case 1:
        hist_best_launch<K, 1>(grid, block, copies, n, bins, keys, counts);
        break;
    case 2:
        hist_best_launch<K, 2>(grid, block, copies, n, bins, keys, counts);
        break;
    case 4:
        hist_best_launch<K, 4>(grid, block, copies, n, bins, keys, counts);
        break;
    case 8:
        hist_best_launch<K, 8>(grid, block, copies, n, bins, keys, counts);
        break;
    default:
        hist_best_launch<K, 16>(grid, block, copies, n, bins, keys, counts);
        break;
    }
    return pb_cuda_check_launch("histogram best");
}

static int run_global(const pb_args *a)
{
    return a->dtype == PB_INT ? histogram<int32_t>(0, a) : histogram<float>(0, a);
}
static int run_shared(const pb_args *a)
{
    return a->dtype == PB_INT ? histogram<int32_t>(1, a) : histogram<float>(1, a);
}
static int run_best(const pb_args *a)
{
    return a->dtype == PB_INT ? hist_best_run<int32_t>(a) : hist_best_run<float>(a);
}

/* int keys: levels 0..bins, unit width, bin = key; float keys: levels over j in [0, 2^24). */
static int run_cub(const pb_args *a)
{
    const int bins = (int)a->param[HIST_BINS];
    int *counts = (int *)a->buf[HIST_COUNTS];
    const long long n = (long long)a->n;
    if (a->dtype == PB_INT)
        return cub_histogram((const int *)a->buf[HIST_KEYS], counts, bins, bins, n);
    return cub_histogram(thrust::make_transform_iterator((const float *)a->buf[HIST_KEYS], float_key_to_j()), counts,
                         bins, 1 << 24, n);
}

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; in the
 * benchmark's order (harness/benchmarks/bench_histogram.c lists the names) */
extern "C" const pb_variant pb_variants_cuda_histogram[] = {
    {"histogram", "global", "one global atomicAdd per key", PB_DT(PB_INT) | PB_DT(PB_FLOAT), run_global, "cuda", 0},
    {"histogram", "shared", "per-block shared-memory histogram, merged with one global atomic per bin",
     PB_DT(PB_INT) | PB_DT(PB_FLOAT), run_shared, "cuda", 0},
    {"histogram", "best",
     "a shared-memory histogram per warp, 16-byte key loads, several per thread, one merge per block",
     PB_DT(PB_INT) | PB_DT(PB_FLOAT), run_best, "cuda", PB_V_SHAPED},
    {"histogram", "lib", "CUB cub::DeviceHistogram::HistogramEven", PB_DT(PB_INT) | PB_DT(PB_FLOAT), run_cub, "cub", 0},
    {0}};
