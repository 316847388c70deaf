/* Rank sort in CUDA (course seeds/003, "CUDA Rank Sort") and CUB's DeviceRadixSort.
 * One thread per key counts rank(i) = #{j : a[j] < a[i]} + #{j < i : a[j] == a[i]} over
 * all n keys and writes the key at that rank. Changed from the course, and why: the
 * course counts only smaller keys and assumes distinct keys (equal keys would write the
 * same position and leave holes); the second term orders ties by index (stable), so
 * the ranks are a permutation. The course's n/T blocks need n to be a multiple of T;
 * here the last block is guarded. */
#include "cuda_common.h"

#include <cub/device/device_radix_sort.cuh>

#include <stdint.h>

template <typename K>
__global__ void ranksort(long n, const K *__restrict__ a, K *__restrict__ out)
{
    const long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const K self = a[i];
    long x = 0;
    for (long j = 0; j < n; ++j)
        x += (a[j] < self) | ((a[j] == self) & (j < i));
    out[x] = self;
}

/* block: the course's ranksort<<<1, n>>> (n <= 1024, bench_ranksort.c skips more);
 * grid: ceil(n / T) blocks of T threads. */
template <typename K>
static int rank_sort(int grid, const pb_args *a)
{
    const long n = (long)a->n;
    const K *in = (const K *)a->buf[0];
    K *out = (K *)a->buf[1];
    if (!grid) {
        if (n > PB_RANKSORT_MAX_BLOCK)
            return PB_SKIP;
        ranksort<K><<<1, (unsigned)n>>>(n, in, out);
    } else {
        const long blocks = (n + PB_RANKSORT_BLOCK - 1) / PB_RANKSORT_BLOCK;
        ranksort<K><<<(unsigned)blocks, PB_RANKSORT_BLOCK>>>(n, in, out);
    }
    return pb_cuda_check_launch("ranksort");
}

/* CUB: temporary storage is kept between calls (allocated in the warm-up runs). */
template <typename K>
static int cub_sort(const pb_args *a)
{
    static void *temp;
    static size_t have;
    const K *in = (const K *)a->buf[0];
    K *out = (K *)a->buf[1];
    const long long n = (long long)a->n;
    size_t need = 0;
    if (cub::DeviceRadixSort::SortKeys(nullptr, need, in, out, n) != cudaSuccess)
        return pb_cuda_check_launch("cub::DeviceRadixSort::SortKeys size query");
    if (need > have) {
        cudaFree(temp);
        temp = nullptr;
        have = 0;
        if (cudaMalloc(&temp, need) != cudaSuccess)
            return pb_cuda_check_launch("cub temporary storage");
        have = need;
    }
    if (cub::DeviceRadixSort::SortKeys(temp, need, in, out, n) != cudaSuccess)
        return pb_cuda_check_launch("cub::DeviceRadixSort::SortKeys");
    return PB_OK;
}

extern "C" {
int pb_cuda_ranksort_block(const pb_args *a)
{
    return a->dtype == PB_INT ? rank_sort<int32_t>(0, a) : rank_sort<float>(0, a);
}
int pb_cuda_ranksort_grid(const pb_args *a)
{
    return a->dtype == PB_INT ? rank_sort<int32_t>(1, a) : rank_sort<float>(1, a);
}
int pb_cub_ranksort(const pb_args *a) { return a->dtype == PB_INT ? cub_sort<int32_t>(a) : cub_sort<float>(a); }
}
