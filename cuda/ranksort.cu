/* Rank sort in CUDA (course seeds/003, "CUDA Rank Sort"), `best`, and CUB's DeviceRadixSort.
 * One thread per key counts rank(i) = #{j : a[j] < a[i]} + #{j < i : a[j] == a[i]} over
 * all n keys and writes the key at that rank. Changed from the course, and why: the
 * course counts only smaller keys and assumes distinct keys (equal keys would write the
 * same position and leave holes); the second term orders ties by index (stable), so
 * the ranks are a permutation. The course's n/T blocks need n to be a multiple of T;
 * here the last block is guarded. The variants' table ends the file. */
#include "cuda_common.h"
#include "ranksort_best.cuh"

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
    const K *in = (const K *)a->buf[RANKSORT_KEYS];
    K *out = (K *)a->buf[RANKSORT_SORTED];
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

template <typename K, int R> static void ranksort_best_launch(unsigned block, long n, const K *in, K *out)
{
    const long per_block = (long)block * R;
    ranksort_best<K, R><<<(unsigned)((n + per_block - 1) / per_block), block>>>(n, in, out);
}

template <typename K> static int ranksort_best_run(const pb_args *a)
{
    const pb_shape *sh = pb_cuda_best_shape("ranksort", a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    const long n = (long)a->n;
    const K *in = (const K *)a->buf[RANKSORT_KEYS];
    K *out = (K *)a->buf[RANKSORT_SORTED];
    const unsigned block = (unsigned)sh->threads;
    switch (sh->elems) {
    case 1:
        ranksort_best_launch<K, 1>(block, n, in, out);
        break;
    case 2:
        ranksort_best_launch<K, 2>(block, n, in, out);
        break;
    case 4:
        ranksort_best_launch<K, 4>(block, n, in, out);
        break;
    case 8:
        ranksort_best_launch<K, 8>(block, n, in, out);
        break;
    default:
        ranksort_best_launch<K, 16>(block, n, in, out);
        break;
    }
    return pb_cuda_check_launch("ranksort best");
}

/* CUB: temporary storage is kept between calls (allocated in the warm-up runs). */
template <typename K>
static int cub_sort(const pb_args *a)
{
    static void *temp;
    static size_t have;
    const K *in = (const K *)a->buf[RANKSORT_KEYS];
    K *out = (K *)a->buf[RANKSORT_SORTED];
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

static int run_block(const pb_args *a)
{
    return a->dtype == PB_INT ? rank_sort<int32_t>(0, a) : rank_sort<float>(0, a);
}
static int run_grid(const pb_args *a) { return a->dtype == PB_INT ? rank_sort<int32_t>(1, a) : rank_sort<float>(1, a); }
static int run_best(const pb_args *a)
{
    return a->dtype == PB_INT ? ranksort_best_run<int32_t>(a) : ranksort_best_run<float>(a);
}
static int run_cub(const pb_args *a) { return a->dtype == PB_INT ? cub_sort<int32_t>(a) : cub_sort<float>(a); }

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; in the
 * benchmark's order (harness/benchmarks/bench_ranksort.c lists the names) */
extern "C" const pb_variant pb_variants_cuda_ranksort[] = {
    {"ranksort", "block", "rank sort in one block, one thread per key (n <= 1024)", PB_DT(PB_INT) | PB_DT(PB_FLOAT),
     run_block, "cuda", 0},
    {"ranksort", "grid", "rank sort in n/T blocks of T threads, one per key", PB_DT(PB_INT) | PB_DT(PB_FLOAT), run_grid,
     "cuda", 0},
    {"ranksort", "best", "rank sort: tiles of keys in shared memory, several keys per thread (register blocking)",
     PB_DT(PB_INT) | PB_DT(PB_FLOAT), run_best, "cuda", PB_V_SHAPED},
    {"ranksort", "lib", "CUB cub::DeviceRadixSort::SortKeys (radix sort, stable)", PB_DT(PB_INT) | PB_DT(PB_FLOAT),
     run_cub, "cub", 0},
    {0}};
