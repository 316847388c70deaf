/* Sliding-window sum in CUDA (course seeds/002, windowSumNaiveKernel / windowSumKernel):
 * out[i] = in[i-r] + ... + in[i+r], elements outside [0, n) counting as 0. Both versions
 * add the window from its left end, so they give identical results.
 * Changed from the course, and why: the course pads the input with r zeros on each side
 * (here the loads are guarded instead, so the input is the plain array); its tiled
 * kernel calls __syncthreads() inside `if (out_index < n)` (undefined when n is not a
 * multiple of the block) and loads the right halo past the end of the array; here every
 * thread reaches the barrier and the halo load is a guarded loop, so any r works. */
#include "cuda_common.h"

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
    const long n = (long)a->n, r = a->param[0];
    const long blocks = (n + BLOCK - 1) / BLOCK;
    if (blocks > 0x7fffffffL || r > PB_WINDOW_MAX_RADIUS)
        return PB_SKIP;
    const T *in = (const T *)a->buf[0];
    T *out = (T *)a->buf[1];
    if (tiled)
        window_tile<T><<<(unsigned)blocks, BLOCK, (BLOCK + 2 * r) * sizeof(T)>>>(n, r, in, out);
    else
        window_naive<T><<<(unsigned)blocks, BLOCK>>>(n, r, in, out);
    return pb_cuda_check_launch("window");
}

extern "C" {
int pb_cuda_window_naive(const pb_args *a) { return a->dtype == PB_FLOAT ? window<float>(0, a) : window<double>(0, a); }
int pb_cuda_window_tile(const pb_args *a) { return a->dtype == PB_FLOAT ? window<float>(1, a) : window<double>(1, a); }
}
