/* Vector add in CUDA (course seeds/002: vecAddKernel): c = a + b, the course's two kernels
 * and `best`; their table ends the file. */
#include "best_common.cuh"
#include "cuda_common.h"

#include <stdint.h>
#include <type_traits>

/* naive: the course's kernel, one thread per element. */
template <typename T>
__global__ void vecadd_naive(size_t n, const T *__restrict__ a, const T *__restrict__ b, T *__restrict__ c)
{
    const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

/* gridstride: at most PB_VECADD_GS_BLOCKS blocks; each thread strides over the array by
 * the total thread count, so one launch shape serves every n. */
template <typename T>
__global__ void vecadd_gridstride(size_t n, const T *__restrict__ a, const T *__restrict__ b, T *__restrict__ c)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride)
        c[i] = a[i] + b[i];
}

template <typename T>
static int vecadd(int gridstride, const pb_args *a)
{
    const size_t n = a->n;
    const T *x = (const T *)a->buf[VECADD_A], *y = (const T *)a->buf[VECADD_B];
    T *z = (T *)a->buf[VECADD_C];
    size_t blocks = (n + PB_VECADD_BLOCK - 1) / PB_VECADD_BLOCK;
    if (gridstride)
        blocks = blocks < PB_VECADD_GS_BLOCKS ? blocks : PB_VECADD_GS_BLOCKS;
    if (blocks > 0x7fffffffu)
        return PB_SKIP;
    if (gridstride)
        vecadd_gridstride<<<(unsigned)blocks, PB_VECADD_BLOCK>>>(n, x, y, z);
    else
        vecadd_naive<<<(unsigned)blocks, PB_VECADD_BLOCK>>>(n, x, y, z);
    return pb_cuda_check_launch("vecadd");
}

/* best: what makes it fast is bytes in flight. Each thread loads U 16-byte vectors
 * (float4, double2) of a and of b before it adds and stores any (2*U independent 16-byte
 * loads per thread, where the naive kernel has two 4- or 8-byte loads), in a grid sized to
 * the GPU (per_sm blocks per SM from the tuning table, grid-stride beyond it; per_sm 0: one
 * thread per U vectors). Each of the U slots is coalesced (slot u of a block: consecutive
 * vectors). Arrays not all 16-byte aligned take the same loop over single elements (W = 1);
 * the n % W elements after the last whole vector go one per thread of block 0. Every load
 * and store is bounded by n. */
/* 16 vectors of a and b in registers (U = 8) need more than the 64 registers a thread of
 * a 1024-thread block may have (ptxas spilled them): those kernels are bounded for
 * VECADD_MAX_WIDE threads per block. */
#define VECADD_MAX_WIDE (PB_SHAPE_MAX_THREADS / 2)
template <typename T, int U, bool VEC>
__global__ void __launch_bounds__((VEC && U >= 8) ? VECADD_MAX_WIDE : PB_SHAPE_MAX_THREADS)
    vecadd_best(size_t n, const T *__restrict__ a, const T *__restrict__ b, T *__restrict__ c)
{
    typedef typename std::conditional<VEC, typename vec16<T>::type, T>::type L;
    constexpr int W = sizeof(L) / sizeof(T);
    const size_t nv = n / W, step = (size_t)gridDim.x * blockDim.x * U;
    const L *la = reinterpret_cast<const L *>(a), *lb = reinterpret_cast<const L *>(b);
    L *lc = reinterpret_cast<L *>(c);
    for (size_t base = blockIdx.x * (size_t)blockDim.x * U + threadIdx.x; base < nv; base += step) {
        L x[U], y[U];
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const size_t k = base + (size_t)u * blockDim.x;
            if (k < nv) {
                x[u] = la[k];
                y[u] = lb[k];
            }
        }
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const size_t k = base + (size_t)u * blockDim.x;
            if (k < nv) {
                L z;
#pragma unroll
                for (int j = 0; j < W; ++j)
                    lane<T>(z, j) = lane<T>(x[u], j) + lane<T>(y[u], j);
                lc[k] = z;
            }
        }
    }
    const size_t tail = nv * W + threadIdx.x;
    if (W > 1 && blockIdx.x == 0 && tail < n)
        c[tail] = a[tail] + b[tail];
}

static bool aligned16(const void *p) { return (uintptr_t)p % 16 == 0; }

template <typename T, bool VEC> static int best_launch(const pb_shape *sh, size_t n, const T *x, const T *y, T *z)
{
    const size_t w = VEC ? vec16<T>::n : 1;
    const unsigned block = (unsigned)sh->threads;
    const long teams = pb_shape_teams(sh, pb_cuda_sms(), (long)(n / w), (long)block * sh->elems);
    if (teams > 0x7fffffffL)
        return PB_SKIP; /* not reached: per_sm 0 with elems 1 and n >= 2^31 * 256 elements */
    const unsigned grid = (unsigned)teams;
    if (VEC && sh->elems >= 8 && block > VECADD_MAX_WIDE)
        return PB_SKIP; /* a shape (elems=8 with more than 512 threads) its registers do not allow */
    switch (sh->elems) {
    case 1:
        vecadd_best<T, 1, VEC><<<grid, block>>>(n, x, y, z);
        break;
    case 2:
        vecadd_best<T, 2, VEC><<<grid, block>>>(n, x, y, z);
        break;
    case 4:
        vecadd_best<T, 4, VEC><<<grid, block>>>(n, x, y, z);
        break;
    case 8:
        vecadd_best<T, 8, VEC><<<grid, block>>>(n, x, y, z);
        break;
    default:
        return PB_SKIP; /* elems = 16: OpenMP only */
    }
    return pb_cuda_check_launch("vecadd best");
}

template <typename T> static int best(const pb_args *a)
{
    const pb_shape *sh = pb_cuda_best_shape("vecadd", a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    const T *x = (const T *)a->buf[VECADD_A], *y = (const T *)a->buf[VECADD_B];
    T *z = (T *)a->buf[VECADD_C];
    if (aligned16(x) && aligned16(y) && aligned16(z))
        return best_launch<T, true>(sh, a->n, x, y, z);
    return best_launch<T, false>(sh, a->n, x, y, z);
}

static int run_naive(const pb_args *a) { return a->dtype == PB_FLOAT ? vecadd<float>(0, a) : vecadd<double>(0, a); }
static int run_gridstride(const pb_args *a)
{
    return a->dtype == PB_FLOAT ? vecadd<float>(1, a) : vecadd<double>(1, a);
}
static int run_best(const pb_args *a) { return a->dtype == PB_FLOAT ? best<float>(a) : best<double>(a); }

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; in the
 * benchmark's order (harness/benchmarks/bench_vecadd.c lists the names) */
extern "C" const pb_variant pb_variants_cuda_vecadd[] = {
    {"vecadd", "naive", "one thread per element (the course's vecAddKernel)", PB_DT_FP, run_naive, "cuda", 0},
    {"vecadd", "gridstride", "at most 1024 blocks, each thread strides over the array", PB_DT_FP, run_gridstride,
     "cuda", 0},
    {"vecadd", "best", "16-byte loads of a and b, several per thread in flight, grid sized to the GPU (tuned shape)",
     PB_DT_FP, run_best, "cuda", PB_V_SHAPED},
    {0}};
