/* Sliding-window sum in CUDA (course seeds/002, windowSumNaiveKernel / windowSumKernel):
 * out[i] = in[i-r] + ... + in[i+r], elements outside [0, n) counting as 0. Both versions
 * add the window from its left end, so they give identical results.
 * Changed from the course, and why: the course pads the input with r zeros on each side
 * (here the loads are guarded instead, so the input is the plain array); its tiled
 * kernel calls __syncthreads() inside `if (out_index < n)` (undefined when n is not a
 * multiple of the block) and loads the right halo past the end of the array; here every
 * thread reaches the barrier and the halo load is a guarded loop, so any r works. */
#include "cuda_common.h"
#include "window_best.cuh"

#include <stdint.h>

#define BLOCK PB_WINDOW_BLOCK

/* naive: each output reads its 2r+1 inputs from global memory. */
template <typename T>
__global__ void window_naive(long n, long r, const T *__restrict__ in, T *__restrict__ out)
{
    const long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (i < n) {
        T acc = 0;
        for (long j = i - r; j <= i + r; ++j)
            acc += j >= 0 && j < n ? in[j] : T(0);
        out[i] = acc;
    }
}

/* tile: the block loads its BLOCK inputs plus r halo elements on each side into shared
 * memory once (dynamic size BLOCK + 2r), then every output sums from there. */
template <typename T>
__global__ void window_tile(long n, long r, const T *__restrict__ in, T *__restrict__ out)
{
    extern __shared__ __align__(16) unsigned char smem[];
    T *temp = reinterpret_cast<T *>(smem);
    const long base = blockIdx.x * (long)BLOCK;
    for (long k = threadIdx.x; k < BLOCK + 2 * r; k += BLOCK) {
        const long g = base - r + k;
        temp[k] = g >= 0 && g < n ? in[g] : T(0);
    }
    __syncthreads();
    const long i = base + threadIdx.x;
    if (i < n) {
        T acc = 0;
        for (long k = threadIdx.x; k <= threadIdx.x + 2 * r; ++k)
            acc += temp[k];
        out[i] = acc;
    }
}

template <typename T>
static int window(int tiled, const pb_args *a)
{
    const long n = (long)a->n, r = a->param[WINDOW_RADIUS];
    const long blocks = (n + BLOCK - 1) / BLOCK;
    if (blocks > 0x7fffffffL || r > PB_WINDOW_MAX_RADIUS)
        return PB_SKIP;
    const T *in = (const T *)a->buf[WINDOW_IN];
    T *out = (T *)a->buf[WINDOW_OUT];
    if (tiled)
        window_tile<T><<<(unsigned)blocks, BLOCK, (BLOCK + 2 * r) * sizeof(T)>>>(n, r, in, out);
    else
        window_naive<T><<<(unsigned)blocks, BLOCK>>>(n, r, in, out);
    return pb_cuda_check_launch("window");
}

/* best: cuda/window_best.cuh (form 0: a shared tile, U outputs per thread blockDim.x
 * apart; form 1: the same tile, K consecutive outputs per thread, each input loaded from
 * shared memory once per thread and added to every output whose window holds it). */
template <typename T, int U> static int window_best_launch(const pb_shape *sh, long n, long r, const T *in, T *out)
{
    const unsigned block = (unsigned)sh->threads;
    const long W = (long)block * U, ntiles = (n + W - 1) / W;
    const long teams = pb_shape_teams(sh, pb_cuda_sms(), ntiles, 1);
    if (teams > 0x7fffffffL)
        return PB_SKIP; /* not reached: 2^31 tiles of at least 32 outputs */
    const size_t bytes = (size_t)window_best_smem_elems(W, r, vec16<T>::n, sh->form ? U : 1) * sizeof(T);
    const bool vec = (uintptr_t)in % 16 == 0;
    if (sh->form) {
        if (bytes > 48 * 1024 &&
            cudaFuncSetAttribute(window_best_reg<T, U>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes) !=
                cudaSuccess)
            return pb_cuda_check_launch("window best: shared memory of the tile");
        window_best_reg<T, U><<<(unsigned)teams, block, bytes>>>(n, r, ntiles, vec, (uintptr_t)out % 16 == 0, in, out);
    } else {
        if (bytes > 48 * 1024 && cudaFuncSetAttribute(window_best<T, U>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                      (int)bytes) != cudaSuccess)
            return pb_cuda_check_launch("window best: shared memory of the tile");
        window_best<T, U><<<(unsigned)teams, block, bytes>>>(n, r, ntiles, vec, in, out);
    }
    return pb_cuda_check_launch("window best");
}

template <typename T> static int best(const pb_args *a)
{
    const pb_shape *sh = pb_cuda_best_shape("window", a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    const long n = (long)a->n, r = a->param[WINDOW_RADIUS];
    const T *in = (const T *)a->buf[WINDOW_IN];
    T *out = (T *)a->buf[WINDOW_OUT];
    switch (sh->elems) {
    case 1:
        return window_best_launch<T, 1>(sh, n, r, in, out);
    case 2:
        return window_best_launch<T, 2>(sh, n, r, in, out);
    case 4:
        return window_best_launch<T, 4>(sh, n, r, in, out);
    case 8:
        return window_best_launch<T, 8>(sh, n, r, in, out);
    default:
        return PB_SKIP; /* elems = 16: OpenMP only */
    }
}

static int run_naive(const pb_args *a) { return a->dtype == PB_FLOAT ? window<float>(0, a) : window<double>(0, a); }
static int run_tile(const pb_args *a) { return a->dtype == PB_FLOAT ? window<float>(1, a) : window<double>(1, a); }
static int run_best(const pb_args *a) { return a->dtype == PB_FLOAT ? best<float>(a) : best<double>(a); }

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; in the
 * benchmark's order (harness/benchmarks/bench_window.c lists the names) */
extern "C" const pb_variant pb_variants_cuda_window[] = {
    {"window", "naive", "each output reads its 2R+1 inputs from global memory", PB_DT_FP, run_naive, "cuda", 0},
    {"window", "tile", "shared-memory tile with halo: each input read once per block", PB_DT_FP, run_tile, "cuda", 0},
    {"window", "best", "16-byte loads of tile and halo into shared memory, several outputs per thread (tuned shape)",
     PB_DT_FP, run_best, "cuda", PB_V_SHAPED},
    {0}};
