/* Reduction in CUDA: the course's global-memory tree (k0, seeds/003), Mark Harris's seven
 * kernels as the course tabulates them, a warp-shuffle kernel, one atomicAdd per element,
 * and CUB as the library bar; their table ends the file (`best` is in reduce_best.cu).
 *
 * What changed from the course, and why:
 *  - The course's last-warp unrolling (kernels 5-7) relies on a warp executing in
 *    lockstep through `volatile` shared memory. Since Volta, threads of a warp are
 *    scheduled independently, so that is a race. Here each step reads, then
 *    __syncwarp(), then writes, then __syncwarp(): the same unrolled, barrier-free
 *    (no __syncthreads) last warp, made correct.
 *  - __shfl_xor without _sync no longer exists; the shuffle kernel uses __shfl_xor_sync.
 *  - The course assumes n is a power of two: every load here is guarded, so any n >= 1
 *    works; block sizes must be powers of two (64..1024), as the tree needs.
 *  - Multi-level: like the course, kernels 1-6 write one partial sum per block and are
 *    launched again on the partials until one value is left; 7 and the shuffle kernel
 *    use a grid that fills the GPU, then one more launch. The harness times the whole
 *    reduction to one value.
 *  - k0 (seeds/003) reduces in place, data[idx] += data[idx + s] with idx = 2*s*tid,
 *    one launch per tree level. The input must stay intact for the next repetition, so
 *    the first level adds the pairs of the input into the scratch buffer (ceil(n/2)
 *    values) and the following levels work in place there, with the seed's indexing;
 *    each level launches only the threads it needs (the seed launches n/T blocks every
 *    time, most of them idle: with n = 2^28 that alone would dominate the time). */
#include "cuda_common.h"

#include <cub/device/device_reduce.cuh>

template <typename T>
__device__ T *shared_array()
{
    extern __shared__ __align__(16) unsigned char smem_raw[];
    return reinterpret_cast<T *>(smem_raw);
}

/* Kernel 0, first level: data[t] = in[2t] + in[2t+1] (dst is the result when n <= 2). */
template <typename T>
__global__ void k0_first(const T *in, T *dst, size_t n)
{
    const size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x, i = 2 * t;
    if (i < n)
        dst[t] = i + 1 < n ? in[i] + in[i + 1] : in[i];
}

/* Kernel 0, one tree level in place (the seed's kernel): idx = 2*s*tid. On the last
 * level (one thread) the sum also goes to out. */
template <typename T>
__global__ void k0_level(T *data, size_t m, size_t s, T *out)
{
    const size_t idx = 2 * s * (blockIdx.x * (size_t)blockDim.x + threadIdx.x);
    if (idx < m) {
        T v = data[idx];
        if (idx + s < m)
            v += data[idx + s];
        data[idx] = v;
        if (out)
            *out = v;
    }
}

/* Kernel 1: interleaved addressing with a divergent branch (tid % (2*s)). */
template <typename T>
__global__ void k1(const T *in, T *out, size_t n)
{
    T *s = shared_array<T>();
    const unsigned tid = threadIdx.x;
    const size_t i = blockIdx.x * (size_t)blockDim.x + tid;
    s[tid] = i < n ? in[i] : T(0);
    __syncthreads();
    for (unsigned d = 1; d < blockDim.x; d *= 2) {
        if (tid % (2 * d) == 0)
            s[tid] += s[tid + d];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s[0];
}

/* Kernel 2: interleaved addressing, strided index: no divergence, bank conflicts. */
template <typename T>
__global__ void k2(const T *in, T *out, size_t n)
{
    T *s = shared_array<T>();
    const unsigned tid = threadIdx.x;
    const size_t i = blockIdx.x * (size_t)blockDim.x + tid;
    s[tid] = i < n ? in[i] : T(0);
    __syncthreads();
    for (unsigned d = 1; d < blockDim.x; d *= 2) {
        const unsigned index = 2 * d * tid;
        if (index < blockDim.x)
            s[index] += s[index + d];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s[0];
}

/* Kernel 3: sequential addressing: conflict-free, but half the threads idle at once. */
template <typename T>
__global__ void k3(const T *in, T *out, size_t n)
{
    T *s = shared_array<T>();
    const unsigned tid = threadIdx.x;
    const size_t i = blockIdx.x * (size_t)blockDim.x + tid;
    s[tid] = i < n ? in[i] : T(0);
    __syncthreads();
    for (unsigned d = blockDim.x / 2; d > 0; d >>= 1) {
        if (tid < d)
            s[tid] += s[tid + d];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s[0];
}

/* Load for kernels 4-6: each block covers 2*blockDim elements, first add while loading. */
template <typename T>
__device__ T first_add(const T *in, size_t n, unsigned block)
{
    const size_t i = blockIdx.x * (size_t)block * 2 + threadIdx.x;
    T v = i < n ? in[i] : T(0);
    if (i + block < n)
        v += in[i + block];
    return v;
}

/* Kernel 4: first add during the global load; then as kernel 3. */
template <typename T>
__global__ void k4(const T *in, T *out, size_t n)
{
    T *s = shared_array<T>();
    const unsigned tid = threadIdx.x;
    s[tid] = first_add(in, n, blockDim.x);
    __syncthreads();
    for (unsigned d = blockDim.x / 2; d > 0; d >>= 1) {
        if (tid < d)
            s[tid] += s[tid + d];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s[0];
}

/* The last warp without __syncthreads (tid < 32, blockDim >= 64). Read, sync the warp,
 * write, sync the warp: correct under independent thread scheduling. */
template <typename T>
__device__ void last_warp(T *s, unsigned tid)
{
    T v = s[tid];
#pragma unroll
    for (unsigned d = 32; d > 0; d >>= 1) {
        v += s[tid + d];
        __syncwarp();
        s[tid] = v;
        __syncwarp();
    }
}

/* Kernel 5: unroll the last warp. */
template <typename T>
__global__ void k5(const T *in, T *out, size_t n)
{
    T *s = shared_array<T>();
    const unsigned tid = threadIdx.x;
    s[tid] = first_add(in, n, blockDim.x);
    __syncthreads();
    for (unsigned d = blockDim.x / 2; d > 32; d >>= 1) {
        if (tid < d)
            s[tid] += s[tid + d];
        __syncthreads();
    }
    if (tid < 32)
        last_warp(s, tid);
    if (tid == 0)
        out[blockIdx.x] = s[0];
}

/* The completely unrolled block tree for a block size known at compile time. */
template <typename T, unsigned B>
__device__ void unrolled_tree(T *s, unsigned tid)
{
    if (B >= 1024) {
        if (tid < 512)
            s[tid] += s[tid + 512];
        __syncthreads();
    }
    if (B >= 512) {
        if (tid < 256)
            s[tid] += s[tid + 256];
        __syncthreads();
    }
    if (B >= 256) {
        if (tid < 128)
            s[tid] += s[tid + 128];
        __syncthreads();
    }
    if (B >= 128) {
        if (tid < 64)
            s[tid] += s[tid + 64];
        __syncthreads();
    }
    if (tid < 32)
        last_warp(s, tid);
}

/* Kernel 6: completely unrolled, block size as a template parameter. */
template <typename T, unsigned B>
__global__ void k6(const T *in, T *out, size_t n)
{
    T *s = shared_array<T>();
    const unsigned tid = threadIdx.x;
    s[tid] = first_add(in, n, B);
    __syncthreads();
    unrolled_tree<T, B>(s, tid);
    if (tid == 0)
        out[blockIdx.x] = s[0];
}

/* Grid-stride sum of 2 elements per step, as kernel 7 loads. */
template <typename T, unsigned B>
__device__ T strided_sum(const T *in, size_t n)
{
    const size_t grid = 2 * (size_t)B * gridDim.x;
    T sum = 0;
    for (size_t i = blockIdx.x * (size_t)B * 2 + threadIdx.x; i < n; i += grid) {
        sum += in[i];
        if (i + B < n)
            sum += in[i + B];
    }
    return sum;
}

/* Kernel 7: multiple elements per thread (grid-stride loop), then kernel 6's tree. */
template <typename T, unsigned B>
__global__ void k7(const T *in, T *out, size_t n)
{
    T *s = shared_array<T>();
    const unsigned tid = threadIdx.x;
    s[tid] = strided_sum<T, B>(in, n);
    __syncthreads();
    unrolled_tree<T, B>(s, tid);
    if (tid == 0)
        out[blockIdx.x] = s[0];
}

/* Warp shuffle: kernel 7's loads, then butterflies within each warp (__shfl_xor_sync)
 * and one more over the per-warp sums: one __syncthreads in all. */
template <typename T>
__device__ T warp_sum(T v)
{
#pragma unroll
    for (int d = 16; d > 0; d >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, d);
    return v;
}

template <typename T, unsigned B>
__global__ void kshfl(const T *in, T *out, size_t n)
{
    __shared__ T warp_sums[32];
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    T v = warp_sum(strided_sum<T, B>(in, n));
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = warp_sum(lane < B / 32 ? warp_sums[lane] : T(0));
        if (lane == 0)
            out[blockIdx.x] = v;
    }
}

/* One atomicAdd per element into the result (course seeds/003: "low performance"). */
template <typename T>
__global__ void katomic(const T *in, T *out, size_t n)
{
    const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(out, in[i]);
}

/* ---- launching ---- */

enum kernel { K1 = 1, K2, K3, K4, K5, K6, K7, SHFL };

template <typename T, unsigned B>
static void launch_templated(int k, unsigned grid, const T *in, T *out, size_t n)
{
    const size_t smem = B * sizeof(T);
    if (k == K6)
        k6<T, B><<<grid, B, smem>>>(in, out, n);
    else if (k == K7)
        k7<T, B><<<grid, B, smem>>>(in, out, n);
    else
        kshfl<T, B><<<grid, B>>>(in, out, n);
}

/* Kernels 6, 7 and shfl exist for the block sizes compiled here (run-time choice). */
template <typename T>
static void launch_one(int k, unsigned block, unsigned grid, const T *in, T *out, size_t n)
{
    const size_t smem = block * sizeof(T);
    switch (k) {
    case K1: k1<<<grid, block, smem>>>(in, out, n); return;
    case K2: k2<<<grid, block, smem>>>(in, out, n); return;
    case K3: k3<<<grid, block, smem>>>(in, out, n); return;
    case K4: k4<<<grid, block, smem>>>(in, out, n); return;
    case K5: k5<<<grid, block, smem>>>(in, out, n); return;
    default: break;
    }
    switch (block) {
    case 64: launch_templated<T, 64>(k, grid, in, out, n); return;
    case 128: launch_templated<T, 128>(k, grid, in, out, n); return;
    case 256: launch_templated<T, 256>(k, grid, in, out, n); return;
    case 512: launch_templated<T, 512>(k, grid, in, out, n); return;
    case 1024: launch_templated<T, 1024>(k, grid, in, out, n); return;
    default: return;
    }
}

static unsigned max_resident_grid(unsigned block)
{
    static int sms;
    if (!sms && cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0) != cudaSuccess)
        sms = 1;
    return (unsigned)PB_REDUCE_K7_GRID(sms, block);
}

/* Kernel 0: one launch per tree level, everything in global memory. */
template <typename T>
static int global_tree(const pb_args *a)
{
    const unsigned block = (unsigned)a->param[REDUCE_BLOCK];
    const T *in = (const T *)a->buf[REDUCE_IN];
    T *out = (T *)a->buf[REDUCE_OUT], *data = (T *)a->buf[REDUCE_PARTIALS];
    const size_t n = a->n, m = (n + 1) / 2;
    k0_first<<<pb_blocks((long)m, block, 0x7fffffffL), block>>>(in, m == 1 ? out : data, n);
    for (size_t s = 1; s < m; s *= 2) {
        const size_t threads = (m + 2 * s - 1) / (2 * s);
        k0_level<<<pb_blocks((long)threads, block, 0x7fffffffL), block>>>(data, m, s, 2 * s >= m ? out : (T *)NULL);
        if (pb_cuda_check_launch("reduce k0 level") != PB_OK)
            return PB_ERR;
    }
    return pb_cuda_check_launch("reduce k0");
}

/* Launch passes until one value is left; partial sums ping-pong in the scratch buffer. */
template <typename T>
static int multipass(int k, const pb_args *a)
{
    const unsigned block = (unsigned)a->param[REDUCE_BLOCK];
    if (block < 64 || block > PB_REDUCE_MAX_BLOCK || (block & (block - 1)))
        return PB_SKIP;
    const size_t per_block = k <= K3 ? block : 2 * (size_t)block;
    T *out = (T *)a->buf[REDUCE_OUT], *scratch = (T *)a->buf[REDUCE_PARTIALS];
    T *ping = scratch, *pong = scratch + PB_REDUCE_PONG(a->n);
    const T *src = (const T *)a->buf[REDUCE_IN];
    size_t count = a->n;
    for (;;) {
        size_t grid = (count + per_block - 1) / per_block;
        if (k >= K7 && grid > max_resident_grid(block))
            grid = max_resident_grid(block);
        T *dst = grid == 1 ? out : src == ping ? pong : ping;
        launch_one<T>(k, block, (unsigned)grid, src, dst, count);
        if (pb_cuda_check_launch("reduce kernel") != PB_OK)
            return PB_ERR;
        if (grid == 1)
            return PB_OK;
        src = dst;
        count = grid;
    }
}

template <typename T>
static int atomic_sum(const pb_args *a)
{
    if (cudaMemsetAsync(a->buf[REDUCE_OUT], 0, sizeof(T)) != cudaSuccess)
        return pb_cuda_check_launch("cudaMemsetAsync");
    const unsigned block = 256;
    katomic<<<(unsigned)((a->n + block - 1) / block), block>>>((const T *)a->buf[REDUCE_IN], (T *)a->buf[REDUCE_OUT],
                                                               a->n);
    return pb_cuda_check_launch("atomic reduce");
}

/* CUB: temporary storage is kept between calls (allocated in the warm-up runs). */
template <typename T>
static int cub_sum(const pb_args *a)
{
    static void *temp;
    static size_t temp_bytes;
    size_t need = 0;
    if (cub::DeviceReduce::Sum(nullptr, need, (const T *)a->buf[REDUCE_IN], (T *)a->buf[REDUCE_OUT], (long long)a->n) !=
        cudaSuccess)
        return pb_cuda_check_launch("cub::DeviceReduce::Sum size query");
    if (need > temp_bytes) {
        cudaFree(temp);
        temp = nullptr;
        if (cudaMalloc(&temp, need) != cudaSuccess)
            return pb_cuda_check_launch("cub temporary storage");
        temp_bytes = need;
    }
    if (cub::DeviceReduce::Sum(temp, need, (const T *)a->buf[REDUCE_IN], (T *)a->buf[REDUCE_OUT], (long long)a->n) !=
        cudaSuccess)
        return pb_cuda_check_launch("cub::DeviceReduce::Sum");
    return PB_OK;
}

#define BY_TYPE(fn, ...)                                                                                     \
    (a->dtype == PB_INT ? fn<int>(__VA_ARGS__) : a->dtype == PB_FLOAT ? fn<float>(__VA_ARGS__) : fn<double>(__VA_ARGS__))

template <int K> static int run(const pb_args *a) { return BY_TYPE(multipass, K, a); }
static int run_k0(const pb_args *a) { return BY_TYPE(global_tree, a); }
static int run_atomic(const pb_args *a) { return BY_TYPE(atomic_sum, a); }
static int run_cub(const pb_args *a) { return BY_TYPE(cub_sum, a); }

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; in the
 * benchmark's order (harness/benchmarks/bench_reduce.c lists the names) */
extern "C" const pb_variant pb_variants_cuda_reduce[] = {
    {"reduce", "k0", "global memory only, one launch per tree level (in place, idx = 2*s*tid)", PB_DT_ALL, run_k0,
     "cuda", 0},
    {"reduce", "k1", "interleaved addressing, divergent branch (tid % 2s)", PB_DT_ALL, run<K1>, "cuda", 0},
    {"reduce", "k2", "interleaved addressing, strided index: no divergence, bank conflicts", PB_DT_ALL, run<K2>, "cuda",
     0},
    {"reduce", "k3", "sequential addressing: conflict-free", PB_DT_ALL, run<K3>, "cuda", 0},
    {"reduce", "k4", "first add during the global load: half the blocks", PB_DT_ALL, run<K4>, "cuda", 0},
    {"reduce", "k5", "last warp unrolled (__syncwarp, safe since Volta)", PB_DT_ALL, run<K5>, "cuda", 0},
    {"reduce", "k6", "completely unrolled tree, block size a template parameter", PB_DT_ALL, run<K6>, "cuda", 0},
    {"reduce", "k7", "multiple elements per thread (grid-stride), then k6's tree", PB_DT_ALL, run<K7>, "cuda", 0},
    {"reduce", "shfl", "k7's loads, warp shuffles (__shfl_xor_sync) instead of the shared-memory tree", PB_DT_ALL,
     run<SHFL>, "cuda", 0},
    {"reduce", "atomic", "one atomicAdd per element into the result", PB_DT_ALL, run_atomic, "cuda", PB_V_NO_PICK},
    {"reduce", "lib", "CUB cub::DeviceReduce::Sum", PB_DT_ALL, run_cub, "cub", 0},
    {0}};
