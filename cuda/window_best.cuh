/* window_best.cuh - the window sum's `best` kernels (cuda/window.cu), in a header of their
 * own so that tests/course_best_emu.cpp runs them on the host (tests/cuda_emu.h).
 * out[i] = in[i-r] + ... + in[i+r], zero outside [0, n), each output added from the left
 * end as naive adds it (identical results; a running sum out[i+1] = out[i] + x[i+1+r] -
 * x[i-r] would carry rounding along the array, beyond the 2(2r+1)eps tolerance). */
#ifndef PB_WINDOW_BEST_CUH
#define PB_WINDOW_BEST_CUH

#include "best_common.cuh"

/* the tile's dynamic shared array (the emulation gives it a static one) */
#ifndef PB_WINDOW_SMEM
#define PB_WINDOW_SMEM(name) extern __shared__ __align__(16) unsigned char name[]
#endif

/* Both forms stage a block's tile the same way: W = blockDim.x * U outputs from `base`,
 * whose inputs [base - r, base + W + r) are loaded into shared memory once, as 16-byte
 * vectors (float4, double2) where a whole aligned vector lies inside [0, n) and the input
 * is 16-byte aligned (vec), element by element (zero outside [0, n)) elsewhere, from lo,
 * base - r aligned down. Shared element x (x = 0 at lo) is at s[x] (PAD = 0) or, form 1,
 * at s[x + (x + c) / PAD] (one pad word per PAD elements, see window_best_reg). */
template <typename T> __device__ inline long window_lo(long base, long r)
{
    constexpr long VW = vec16<T>::n;
    return (base - r) >= 0 ? (base - r) / VW * VW : -((r - base + VW - 1) / VW) * VW; /* aligned down */
}

template <int PAD> __device__ inline unsigned window_pos(unsigned x, unsigned c)
{
    return PAD > 1 ? x + (x + c) / PAD : x;
}

/* form 1: input m of a thread, from its pointer w (see window_best_reg) */
template <int K> __device__ inline unsigned window_at(unsigned m) { return K > 1 ? m + m / K : m; }

template <typename T, int PAD>
__device__ inline void window_stage(long n, long r, long base, long W, bool vec, const T *__restrict__ in, T *s,
                                    unsigned c)
{
    typedef typename vec16<T>::type V;
    constexpr long VW = vec16<T>::n;
    const long lo = window_lo<T>(base, r);
    const long nvec = (base + W + r - lo + VW - 1) / VW; /* vectors covering [lo, base + W + r) */
    for (long k = threadIdx.x; k < nvec; k += blockDim.x) {
        const long g = lo + k * VW;
        if (vec && g >= 0 && g + VW <= n) {
            V v = reinterpret_cast<const V *>(in)[g / VW];
            if (PAD > 1) {
#pragma unroll
                for (int j = 0; j < VW; ++j)
                    s[window_pos<PAD>((unsigned)(k * VW + j), c)] = lane<T>(v, j);
            } else {
                reinterpret_cast<V *>(s)[k] = v;
            }
        } else {
#pragma unroll
            for (long j = 0; j < VW; ++j)
                s[window_pos<PAD>((unsigned)(k * VW + j), c)] = g + j >= 0 && g + j < n ? in[g + j] : T(0);
        }
    }
}

/* the elements of shared memory the tile needs, in either form: W + 2r + 2 * 16 / sizeof(T)
 * (the aligned start before the halo, and the vector that holds its end), and with form 1's
 * padding one more word per K */
inline long window_best_smem_elems(long W, long r, long vw, int K)
{
    const long e = W + 2 * r + 2 * vw;
    return K > 1 ? e + e / K + 2 : e;
}

/* form 0: each input read once from DRAM, and every read of it after that from shared
 * memory: then each thread computes U outputs, t, t + blockDim.x, ...: consecutive threads
 * read consecutive shared words (no bank conflicts) and store consecutive outputs
 * (coalesced); each output reads its 2r+1 inputs from shared memory (2r+1 loads and adds
 * per output: on the H100 instruction bound at float R=3, 0.75 of cudaMemcpy). per_sm > 0:
 * a grid sized to the GPU, blocks stride over the tiles. */
template <typename T, int U>
__global__ void __launch_bounds__(PB_SHAPE_MAX_THREADS)
    window_best(long n, long r, long ntiles, bool vec, const T *__restrict__ in, T *__restrict__ out)
{
    PB_WINDOW_SMEM(smem);
    T *s = reinterpret_cast<T *>(smem);
    const long W = (long)blockDim.x * U;
    for (long tile = blockIdx.x; tile < ntiles; tile += gridDim.x) {
        const long base = tile * W; /* first output of the tile */
        window_stage<T, 0>(n, r, base, W, vec, in, s, 0);
        __syncthreads();
        const long off = base - r - window_lo<T>(base, r); /* s[off + t] = in[base + t - r] */
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const long t = threadIdx.x + (long)u * blockDim.x;
            if (base + t < n) {
                const T *w = s + off + t;
                T acc = 0;
                for (long k = 0; k <= 2 * r; ++k)
                    acc += w[k];
                out[base + t] = acc;
            }
        }
        __syncthreads(); /* the next tile overwrites s */
    }
}

/* form 1: register reuse. Thread t computes K CONSECUTIVE outputs i0 = base + t*K ...
 * i0 + K - 1 from the 2r + K inputs in[i0 - r ... i0 + K - 1 + r], each read from shared
 * memory once and added to every accumulator whose window holds it: (2r + K) / K shared
 * loads per output instead of 2r + 1 (float R=3, K=8: 1.75 instead of 7), the adds of each
 * output still in naive's order (input m of the thread goes to the outputs e with
 * e <= m <= e + 2r, m rising). Three phases with the same adds: the first K-1 inputs (a
 * triangle of accumulators, unrolled), the inputs every accumulator takes (a loop of
 * 2r + 2 - K trips), the last K-1 (a triangle); they need 2r + 2 >= K, smaller windows
 * (r = 1, 2 at K = 8) sum each output from shared memory as form 0.
 * Bank conflicts: thread t's words are K apart from thread t+1's, so shared element x sits
 * at x + (x + c) / K (one pad word per K; c makes off + c, the first input's element, a
 * multiple of K): threads are K + 1 words apart, odd for K = 2, 4, 8, every bank once per
 * warp (double: each half-warp's 8-byte words in distinct banks), and input m of a thread
 * is at w[m + m / K], a constant offset from one pointer (no address arithmetic per load
 * in the first phase; the last adds the run-time 2r + 1).
 * Stores: where K is a multiple of the 16-byte vector's elements and out is 16-byte
 * aligned, each thread stores its K outputs as K / (16 / sizeof(T)) vectors (a warp's store
 * of float K=4 is 512 contiguous bytes); else K scalar stores a warp stride K apart,
 * merged in L2 (not measured against staging them through shared memory). */
template <typename T, int K>
__global__ void __launch_bounds__(PB_SHAPE_MAX_THREADS)
    window_best_reg(long n, long r, long ntiles, bool vec, bool vst, const T *__restrict__ in, T *__restrict__ out)
{
    typedef typename vec16<T>::type V;
    constexpr int VW = vec16<T>::n;
    PB_WINDOW_SMEM(smem);
    T *s = reinterpret_cast<T *>(smem);
    const long W = (long)blockDim.x * K;
    const unsigned d = (unsigned)(2 * r + 1); /* the window's length */
    for (long tile = blockIdx.x; tile < ntiles; tile += gridDim.x) {
        const long base = tile * W;
        const unsigned off = (unsigned)(base - r - window_lo<T>(base, r)); /* element off: in[base - r] */
        const unsigned c = (K - off % K) % K;
        window_stage<T, K>(n, r, base, W, vec, in, s, c);
        __syncthreads();
        /* element off + t*K + m is at w[m + m / K] (K = 1: w[m]) */
        const T *w = s + off + threadIdx.x * K + (K > 1 ? threadIdx.x + (off + c) / K : 0);
        const long i0 = base + (long)threadIdx.x * K;
        T acc[K];
#pragma unroll
        for (int e = 0; e < K; ++e)
            acc[e] = 0;
        if (i0 < n) {
            if (d + 1 >= K) {
#pragma unroll
                for (int m = 0; m < K - 1; ++m) { /* inputs 0 .. K-2: outputs 0 .. m */
                    const T v = w[window_at<K>(m)];
#pragma unroll
                    for (int e = 0; e <= m; ++e)
                        acc[e] += v;
                }
#pragma unroll 2
                for (unsigned m = K - 1; m < d; ++m) { /* inputs K-1 .. 2r: every output */
                    const T v = w[window_at<K>(m)];
#pragma unroll
                    for (int e = 0; e < K; ++e)
                        acc[e] += v;
                }
#pragma unroll
                for (int q = 0; q < K - 1; ++q) { /* inputs 2r+1 .. 2r+K-1: outputs q+1 .. K-1 */
                    const T v = w[window_at<K>(d + q)];
#pragma unroll
                    for (int e = q + 1; e < K; ++e)
                        acc[e] += v;
                }
            } else {
#pragma unroll
                for (int e = 0; e < K; ++e)
                    for (unsigned k = 0; k < d; ++k)
                        acc[e] += w[window_at<K>(e + k)];
            }
            if (K % VW == 0 && vst && i0 + K <= n) {
#pragma unroll
                for (int q = 0; q < K / VW; ++q) {
                    V v;
#pragma unroll
                    for (int j = 0; j < VW; ++j)
                        lane<T>(v, j) = acc[q * VW + j];
                    reinterpret_cast<V *>(out)[(i0 + q * VW) / VW] = v;
                }
            } else {
#pragma unroll
                for (int e = 0; e < K; ++e)
                    if (i0 + e < n)
                        out[i0 + e] = acc[e];
            }
        }
        __syncthreads(); /* the next tile overwrites s */
    }
}

#endif
