/* GEMM in CUDA: C_out = alpha*A*B + beta*C_in, row-major (A m x k, B k x n, C m x n),
 * the course's SGEMM ladder (seeds/000) as templates for float and double, each step
 * adding one idea:
 *   k1  naive: one thread per element of C; threadIdx.x walks rows (uncoalesced)
 *   k2  global-memory coalescing: threadIdx.x walks columns of B and C
 *   k3  shared-memory cache blocking: 32x32 tiles of A and B staged in shared memory
 *   k4  1D blocktiling: each thread computes TM = 8 elements of a column (registers)
 *   k5  2D blocktiling: each thread computes an 8x8 tile from register fragments
 *   k6  vectorised loads: 16-byte global loads (float4/double2), As stored transposed
 *       so that fragments are 16-byte shared loads (LDS.128)
 *   k7  autotuned: k6's kernel with BM, BN, BK, TM, TN from a per-architecture table
 *       (the sweep: PB_GEMM_K7_CONFIG, docs/gemm.md)
 *   k8  warptiling: a warp owns a 64x32 sub-tile, each thread 2x2 fragments of 4x4, so
 *       fragment loads are conflict-free broadcasts and the warp's working set is compact
 *   best k8's warptiling + register prefetch into two shared stages (one barrier per tile)
 *       + a main loop without bounds checks; the shape from a table of candidates
 *       (cuda/gemm_best.cuh, PB_GEMM_BEST_CONFIG, docs/gemm.md)
 * Every kernel is correct for any m, n, k >= 1: tiles are zero-padded on load (every
 * global load is bounds-checked), barriers sit in loops with the same trip count for
 * every thread of the block, stores are guarded. 16-byte loads and stores are used only
 * where the row length is a multiple of 4 floats / 2 doubles (then every group is
 * aligned: cudaMalloc returns 256-byte aligned memory, checked on the host) and the group
 * lies in range; everything else takes the scalar path.
 * The library bar is cublasSgemm/cublasDgemm (backend cublas, its handle from backend.cu);
 * the file ends with every row of the benchmark.
 * Register and shared-memory use per kernel, and the SASS facts: docs/gemm.md. */
#include "cuda_common.h"
#include "gemm_common.cuh"
#include "gemm_best.cuh"

#include <cublas_v2.h>
#include <stdint.h>
#include <stdlib.h>

/* ---- k1: naive ---- */

/* One thread per element of C. Consecutive threads (threadIdx.x) take consecutive rows:
 * a warp reads 32 different rows of A and writes C with stride n (the course's kernel 1). */
template <typename T>
__global__ void __launch_bounds__(1024) k1_naive(GEMM_ARGS)
{
    const int row = blockIdx.x * 32 + threadIdx.x, col = blockIdx.y * 32 + threadIdx.y;
    if (row >= m || col >= n)
        return;
    T acc = 0;
    for (int l = 0; l < k; ++l)
        acc += A[(size_t)row * k + l] * B[(size_t)l * n + col];
    Cout[(size_t)row * n + col] = alpha * acc + beta * Cin[(size_t)row * n + col];
}

/* ---- k2: global-memory coalescing ---- */

/* The same work per thread; consecutive threads take consecutive columns, so a warp
 * reads one row segment of B (coalesced), one element of A (broadcast), writes C coalesced. */
template <typename T>
__global__ void __launch_bounds__(1024) k2_coalesced(GEMM_ARGS)
{
    const int row = blockIdx.y * 32 + threadIdx.x / 32, col = blockIdx.x * 32 + threadIdx.x % 32;
    if (row >= m || col >= n)
        return;
    T acc = 0;
    for (int l = 0; l < k; ++l)
        acc += A[(size_t)row * k + l] * B[(size_t)l * n + col];
    Cout[(size_t)row * n + col] = alpha * acc + beta * Cin[(size_t)row * n + col];
}

/* ---- k3: shared-memory cache blocking ---- */

/* A 32x32 block stages 32x32 tiles of A and B in shared memory; each element loaded from
 * global memory serves 32 threads. Threads outside C still load (zeros) and reach both
 * barriers: the tile loop has the same trip count for all. */
template <typename T>
__global__ void __launch_bounds__(1024) k3_smem(GEMM_ARGS)
{
    constexpr int S = 32;
    __shared__ T As[S][S], Bs[S][S];
    const int tr = threadIdx.x / S, tc = threadIdx.x % S;
    const int row = blockIdx.y * S + tr, col = blockIdx.x * S + tc;
    T acc = 0;
    for (int k0 = 0; k0 < k; k0 += S) {
        As[tr][tc] = row < m && k0 + tc < k ? A[(size_t)row * k + k0 + tc] : T(0);
        Bs[tr][tc] = k0 + tr < k && col < n ? B[(size_t)(k0 + tr) * n + col] : T(0);
        __syncthreads();
#pragma unroll
        for (int d = 0; d < S; ++d)
            acc += As[tr][d] * Bs[d][tc];
        __syncthreads(); /* the tiles are overwritten next */
    }
    if (row < m && col < n)
        Cout[(size_t)row * n + col] = alpha * acc + beta * Cin[(size_t)row * n + col];
}

/* ---- k4: 1D blocktiling ---- */

/* 64x64 block tile, BK = 8, 512 threads, each computing TM = 8 rows of one column: one
 * Bs value from shared memory serves 8 FMAs (register reuse). */
template <typename T>
__global__ void __launch_bounds__(512) k4_1d(GEMM_ARGS)
{
    constexpr int BM = 64, BN = 64, BK = 8, TM = 8;
    __shared__ T As[BM][BK], Bs[BK][BN];
    const int tid = threadIdx.x, tc = tid % BN, tr = tid / BN; /* tr in 0..7: rows tr*TM .. +TM */
    const int ar = tid / BK, ac = tid % BK, br = tid / BN, bc = tid % BN;
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    T acc[TM] = {};
    for (int k0 = 0; k0 < k; k0 += BK) {
        As[ar][ac] = row0 + ar < m && k0 + ac < k ? A[(size_t)(row0 + ar) * k + k0 + ac] : T(0);
        Bs[br][bc] = k0 + br < k && col0 + bc < n ? B[(size_t)(k0 + br) * n + col0 + bc] : T(0);
        __syncthreads();
#pragma unroll
        for (int d = 0; d < BK; ++d) {
            const T b = Bs[d][tc];
#pragma unroll
            for (int i = 0; i < TM; ++i)
                acc[i] += As[tr * TM + i][d] * b;
        }
        __syncthreads();
    }
    const int col = col0 + tc;
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int row = row0 + tr * TM + i;
        if (row < m && col < n)
            Cout[(size_t)row * n + col] = alpha * acc[i] + beta * Cin[(size_t)row * n + col];
    }
}

/* ---- k5: 2D blocktiling ---- */

/* 128x128 block tile, BK = 8, 256 threads, each an 8x8 tile of C: per step of the dot
 * product, 8 values of A and 8 of B in registers give 64 FMAs (outer product). */
template <typename T>
__global__ void __launch_bounds__(256) k5_2d(GEMM_ARGS)
{
    constexpr int BM = 128, BN = 128, BK = 8, TM = 8, TN = 8, NT = 256;
    __shared__ T As[BM][BK], Bs[BK][BN];
    const int tid = threadIdx.x, tr = tid / (BN / TN), tc = tid % (BN / TN);
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    T acc[TM][TN] = {}, regM[TM], regN[TN];
    for (int k0 = 0; k0 < k; k0 += BK) {
#pragma unroll
        for (int p = 0; p < BM * BK / NT; ++p) {
            const int e = tid + p * NT, r = e / BK, c = e % BK;
            As[r][c] = row0 + r < m && k0 + c < k ? A[(size_t)(row0 + r) * k + k0 + c] : T(0);
        }
#pragma unroll
        for (int p = 0; p < BK * BN / NT; ++p) {
            const int e = tid + p * NT, r = e / BN, c = e % BN;
            Bs[r][c] = k0 + r < k && col0 + c < n ? B[(size_t)(k0 + r) * n + col0 + c] : T(0);
        }
        __syncthreads();
#pragma unroll
        for (int d = 0; d < BK; ++d) {
#pragma unroll
            for (int i = 0; i < TM; ++i)
                regM[i] = As[tr * TM + i][d];
#pragma unroll
            for (int j = 0; j < TN; ++j)
                regN[j] = Bs[d][tc * TN + j];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j)
                    acc[i][j] += regM[i] * regN[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int row = row0 + tr * TM + i;
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            const int col = col0 + tc * TN + j;
            if (row < m && col < n)
                Cout[(size_t)row * n + col] = alpha * acc[i][j] + beta * Cin[(size_t)row * n + col];
        }
    }
}

/* ---- k6 / k7: vectorised loads, tile shape as template parameters ---- */

/* Load the BM x BK tile of A at (row0, k0) into As[BK][BM + PAD] transposed, and the
 * BK x BN tile of B at (k0, col0) into Bs[BK][BN], in 16-byte groups; NT threads. */
template <typename T, int BM, int BN, int BK, int PAD, int NT>
__device__ __forceinline__ void load_tiles(const T *__restrict__ A, const T *__restrict__ B, int m, int n, int k,
                                           int row0, int col0, int k0, bool vecA, bool vecB, T (*As)[BM + PAD],
                                           T (*Bs)[BN])
{
    constexpr int V = vec16<T>::n, GA = BM * BK / V, GB = BK * BN / V;
    const int tid = threadIdx.x;
#pragma unroll
    for (int p = 0; p < (GA + NT - 1) / NT; ++p) {
        const int g = tid + p * NT, r = g / (BK / V), c = g % (BK / V) * V;
        if (GA % NT == 0 || g < GA) {
            T v[V];
            load_group(A, m, k, row0 + r, k0 + c, vecA, v);
#pragma unroll
            for (int j = 0; j < V; ++j)
                As[c + j][r] = v[j];
        }
    }
#pragma unroll
    for (int p = 0; p < (GB + NT - 1) / NT; ++p) {
        const int g = tid + p * NT, r = g / (BN / V), c = g % (BN / V) * V;
        if (GB % NT == 0 || g < GB) {
            T v[V];
            load_group(B, k, n, k0 + r, col0 + c, vecB, v);
            *reinterpret_cast<typename vec16<T>::type *>(&Bs[r][c]) = pack(v);
        }
    }
}

/* k6 (and k7 with other parameters): k5's structure, 16-byte global loads, As
 * transposed so that a thread's TM values of A are contiguous (LDS.128), Bs read as
 * 16-byte groups, C read and written as 16-byte groups. */
template <typename T, int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__((BM / TM) * (BN / TN))
    k6_vec(GEMM_ARGS, bool vecA, bool vecB, bool vecC)
{
    constexpr int V = vec16<T>::n, NT = (BM / TM) * (BN / TN), PAD = V;
    static_assert(TM % V == 0 && TN % V == 0 && BK % V == 0 && BN % V == 0, "16-byte groups must tile the shape");
    __shared__ __align__(16) T As[BK][BM + PAD];
    __shared__ __align__(16) T Bs[BK][BN];
    const int tid = threadIdx.x, tr = tid / (BN / TN), tc = tid % (BN / TN);
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    T acc[TM][TN] = {}, regM[TM], regN[TN];
    for (int k0 = 0; k0 < k; k0 += BK) {
        load_tiles<T, BM, BN, BK, PAD, NT>(A, B, m, n, k, row0, col0, k0, vecA, vecB, As, Bs);
        __syncthreads();
#pragma unroll
        for (int d = 0; d < BK; ++d) {
#pragma unroll
            for (int i = 0; i < TM; i += V)
                unpack(*reinterpret_cast<const typename vec16<T>::type *>(&As[d][tr * TM + i]), regM + i);
#pragma unroll
            for (int j = 0; j < TN; j += V)
                unpack(*reinterpret_cast<const typename vec16<T>::type *>(&Bs[d][tc * TN + j]), regN + j);
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j)
                    acc[i][j] += regM[i] * regN[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; j += V)
            store_group(Cin, Cout, m, n, row0 + tr * TM + i, col0 + tc * TN + j, vecC, &acc[i][j], alpha, beta);
}

/* ---- k8 and best: warptiling ---- */

/* Block tile BM x BN x BK, NT threads = NW warps, each owning a WM x WN warp tile that it
 * covers in WMITER x WNITER steps of (WM/WMITER) x (WN/WNITER); in each step a lane holds
 * a TM x TN fragment. Per thread: (WMITER*TM) x (WNITER*TN) accumulators. */
template <typename T>
struct warp_shape;
template <>
struct warp_shape<float> {
    static constexpr int BM = 128, BN = 128, BK = 16, WM = 64, WN = 32, WMITER = 2, WNITER = 2, TM = 4, TN = 4,
                         NT = 256, MINB = 2; /* two blocks per SM: at most 128 registers */
};
template <>
struct warp_shape<double> {
    static constexpr int BM = 128, BN = 128, BK = 8, WM = 64, WN = 32, WMITER = 2, WNITER = 2, TM = 4, TN = 4,
                         NT = 256, MINB = 1; /* 64 double accumulators need 128 registers alone */
};

/* k8: load, barrier, compute, barrier (best adds the overlap: cuda/gemm_best.cuh). */
template <typename T>
__global__ void __launch_bounds__(warp_shape<T>::NT, warp_shape<T>::MINB)
    k8_warptile(GEMM_ARGS, bool vecA, bool vecB, bool vecC)
{
    typedef warp_shape<T> S;
    constexpr int BM = S::BM, BN = S::BN, BK = S::BK, WM = S::WM, WN = S::WN, WMITER = S::WMITER,
                  WNITER = S::WNITER, TM = S::TM, TN = S::TN, NT = S::NT;
    constexpr int V = vec16<T>::n, PAD = V;
    constexpr int WSUBM = WM / WMITER, WSUBN = WN / WNITER, LANES_N = WSUBN / TN;
    static_assert((BM / WM) * (BN / WN) * 32 == NT, "warps must tile the block");
    static_assert((WSUBM / TM) * (WSUBN / TN) == 32, "lanes must tile the warp's sub-tile");
    static_assert(TM % V == 0 && TN % V == 0 && BK % V == 0, "16-byte groups must tile the fragments");
    /* per-thread share of a tile, in 16-byte groups (registers between load and store) */
    constexpr int GA = (BM * BK / V + NT - 1) / NT, GB = (BK * BN / V + NT - 1) / NT;
    __shared__ __align__(16) T As[1][BK][BM + PAD];
    __shared__ __align__(16) T Bs[1][BK][BN];

    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int wr = warp / (BN / WN), wc = warp % (BN / WN);  /* warp's place in the block tile */
    const int lr = lane / LANES_N, lc = lane % LANES_N;      /* lane's place in a sub-tile */
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    const int am = wr * WM + lr * TM, bn = wc * WN + lc * TN; /* first fragment row / column in the tile */

    T acc[WMITER * TM][WNITER * TN] = {}, regM[WMITER * TM], regN[WNITER * TN];
    T pa[GA][V], pb[GB][V]; /* the tile, on its way from global memory */

    /* global -> registers (pa, pb) and registers -> shared stage s */
    auto fetch = [&](int k0) {
#pragma unroll
        for (int p = 0; p < GA; ++p) {
            const int g = tid + p * NT, r = g / (BK / V), c = g % (BK / V) * V;
            if (g < BM * BK / V)
                load_group(A, m, k, row0 + r, k0 + c, vecA, pa[p]);
        }
#pragma unroll
        for (int p = 0; p < GB; ++p) {
            const int g = tid + p * NT, r = g / (BN / V), c = g % (BN / V) * V;
            if (g < BK * BN / V)
                load_group(B, k, n, k0 + r, col0 + c, vecB, pb[p]);
        }
    };
    auto stash = [&](int s) {
#pragma unroll
        for (int p = 0; p < GA; ++p) {
            const int g = tid + p * NT, r = g / (BK / V), c = g % (BK / V) * V;
            if (g < BM * BK / V)
#pragma unroll
                for (int j = 0; j < V; ++j)
                    As[s][c + j][r] = pa[p][j];
        }
#pragma unroll
        for (int p = 0; p < GB; ++p) {
            const int g = tid + p * NT, r = g / (BN / V), c = g % (BN / V) * V;
            if (g < BK * BN / V)
                *reinterpret_cast<typename vec16<T>::type *>(&Bs[s][r][c]) = pack(pb[p]);
        }
    };
    auto compute = [&](int s) {
#pragma unroll
        for (int d = 0; d < BK; ++d) {
#pragma unroll
            for (int wm = 0; wm < WMITER; ++wm)
#pragma unroll
                for (int i = 0; i < TM; i += V)
                    unpack(*reinterpret_cast<const typename vec16<T>::type *>(&As[s][d][am + wm * WSUBM + i]),
                           regM + wm * TM + i);
#pragma unroll
            for (int wn = 0; wn < WNITER; ++wn)
#pragma unroll
                for (int j = 0; j < TN; j += V)
                    unpack(*reinterpret_cast<const typename vec16<T>::type *>(&Bs[s][d][bn + wn * WSUBN + j]),
                           regN + wn * TN + j);
#pragma unroll
            for (int i = 0; i < WMITER * TM; ++i)
#pragma unroll
                for (int j = 0; j < WNITER * TN; ++j)
                    acc[i][j] += regM[i] * regN[j];
        }
    };

    const int ntiles = (k + BK - 1) / BK;
    for (int t = 0; t < ntiles; ++t) {
        fetch(t * BK);
        stash(0);
        __syncthreads();
        compute(0);
        __syncthreads();
    }

#pragma unroll
    for (int wm = 0; wm < WMITER; ++wm)
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
            for (int wn = 0; wn < WNITER; ++wn)
#pragma unroll
                for (int j = 0; j < TN; j += V)
                    store_group(Cin, Cout, m, n, row0 + am + wm * WSUBM + i, col0 + bn + wn * WSUBN + j, vecC,
                                &acc[wm * TM + i][wn * TN + j], alpha, beta);
}

/* ---- launching ---- */

static unsigned tiles(int extent, int tile) { return (unsigned)((extent + tile - 1) / tile); }

/* 16-byte groups are usable on a matrix with rows of `cols` elements when the row length
 * is a multiple of the group and the base is 16-byte aligned. */
template <typename T>
static bool vec_ok(const void *p, int cols)
{
    return cols % vec16<T>::n == 0 && ((uintptr_t)p & 15) == 0;
}

template <typename T>
struct gemm_problem {
    int m, n, k;
    T alpha, beta;
    const T *A, *B, *Cin;
    T *Cout;
    bool vecA, vecB, vecC;
};

template <typename T>
static gemm_problem<T> problem(const pb_args *a)
{
    gemm_problem<T> p;
    p.m = (int)PB_GEMM_M(a);
    p.n = (int)PB_GEMM_N(a);
    p.k = (int)PB_GEMM_K(a);
    p.alpha = (T)PB_GEMM_ALPHA;
    p.beta = (T)PB_GEMM_BETA;
    p.A = (const T *)a->buf[0];
    p.B = (const T *)a->buf[1];
    p.Cin = (const T *)a->buf[2];
    p.Cout = (T *)a->buf[3];
    p.vecA = vec_ok<T>(p.A, p.k);
    p.vecB = vec_ok<T>(p.B, p.n);
    p.vecC = vec_ok<T>(p.Cin, p.n) && vec_ok<T>(p.Cout, p.n);
    return p;
}

#define PLAIN(p) p.m, p.n, p.k, p.alpha, p.A, p.B, p.beta, p.Cin, p.Cout
#define VEC(p) PLAIN(p), p.vecA, p.vecB, p.vecC

enum step { K1 = 1, K2, K3, K4, K5, K6, K8 };

template <typename T, int BM, int BN, int BK, int TM, int TN>
static void launch_k6(const gemm_problem<T> &p)
{
    k6_vec<T, BM, BN, BK, TM, TN><<<dim3(tiles(p.n, BN), tiles(p.m, BM)), (BM / TM) * (BN / TN)>>>(VEC(p));
}

template <typename T>
static int run_step(int s, const pb_args *a)
{
    const gemm_problem<T> p = problem<T>(a);
    typedef warp_shape<T> W;
    switch (s) {
    case K1: k1_naive<T><<<dim3(tiles(p.m, 32), tiles(p.n, 32)), dim3(32, 32)>>>(PLAIN(p)); break;
    case K2: k2_coalesced<T><<<dim3(tiles(p.n, 32), tiles(p.m, 32)), 1024>>>(PLAIN(p)); break;
    case K3: k3_smem<T><<<dim3(tiles(p.n, 32), tiles(p.m, 32)), 1024>>>(PLAIN(p)); break;
    case K4: k4_1d<T><<<dim3(tiles(p.n, 64), tiles(p.m, 64)), 512>>>(PLAIN(p)); break;
    case K5: k5_2d<T><<<dim3(tiles(p.n, 128), tiles(p.m, 128)), 256>>>(PLAIN(p)); break;
    case K6: launch_k6<T, 128, 128, 8, 8, 8>(p); break;
    case K8: k8_warptile<T><<<dim3(tiles(p.n, W::BN), tiles(p.m, W::BM)), W::NT>>>(VEC(p)); break;
    default: return PB_ERR;
    }
    return pb_cuda_check_launch("gemm kernel");
}

/* ---- k7: the autotuned parameters ----
 * The candidates of the sweep: (BM, BN, BK, TM, TN), threads = (BM/TM)*(BN/TN). Each is
 * compiled for float and double. PB_GEMM_K7_CONFIG=i (an index into this list) runs
 * candidate i instead of the table's choice: scripts/gemm_k7_sweep.sh runs them all. */
#define K7_CONFIGS(X)                                                                                        \
    X(128, 128, 8, 8, 8)   /* 0: k6's shape (the course's kernel 6) */                                     \
    X(128, 128, 16, 8, 8)  /* 1: the course's A6000 optimum */                                             \
    X(64, 64, 16, 4, 4)    /* 2: the course's A100 optimum */                                              \
    X(128, 64, 16, 8, 4)   /* 3 */                                                                          \
    X(64, 128, 16, 4, 8)   /* 4 */                                                                          \
    X(128, 128, 16, 8, 4)  /* 5: 512 threads */                                                            \
    X(64, 64, 8, 4, 4)     /* 6 */                                                                          \
    X(128, 64, 8, 8, 8)    /* 7: 128 threads */

template <typename T>
static int launch_k7_config(int cfg, const gemm_problem<T> &p)
{
    int i = 0;
#define X(bm, bn, bk, tm, tn)                                                                                \
    if (cfg == i++) {                                                                                        \
        launch_k6<T, bm, bn, bk, tm, tn>(p);                                                                 \
        return pb_cuda_check_launch("gemm k7");                                                              \
    }
    K7_CONFIGS(X)
#undef X
    return PB_SKIP;
}

/* The per-architecture choice: compute capability -> candidate for float and double.
 * sm_80 and sm_86 follow the course's sweeps (A100, A6000); sm_90 (H100/H200) and any
 * other GPU use the last row until a sweep on that GPU says otherwise (docs/gemm.md). */
static const struct {
    int cc, cfg_float, cfg_double;
} k7_table[] = {
    {80, 2, 2},
    {86, 1, 1},
    {90, 1, 1},
};

static int k7_choice(pb_dtype t)
{
    const char *env = getenv("PB_GEMM_K7_CONFIG");
    if (env && *env)
        return atoi(env);
    static int row = -1; /* one device per worker: look it up once */
    if (row < 0) {
        int dev = 0, major = 0, minor = 0;
        cudaGetDevice(&dev);
        cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
        cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev);
        const int n = (int)(sizeof k7_table / sizeof k7_table[0]);
        row = n - 1;
        for (int r = 0; r < n; ++r)
            if (k7_table[r].cc == 10 * major + minor)
                row = r;
    }
    return t == PB_FLOAT ? k7_table[row].cfg_float : k7_table[row].cfg_double;
}

/* ---- best: the candidates of PB_GEMM_BEST_CONFIGS (gemm_best.cuh) ----
 * float: PB_GEMM_BEST_CONFIG=i runs candidate i instead of the table's choice
 * (scripts/gemm_best_sweep.sh runs them all); rows that are not 16-byte groups take the
 * scalar kernel whatever the candidate. double: one shape (not swept). */
template <typename T, typename S, bool VEC>
static int launch_best(const gemm_problem<T> &p, int group)
{
    gemm_best_kernel<T, S, VEC><<<dim3(tiles(p.n, S::BN), tiles(p.m, S::BM)), S::NT>>>(PLAIN(p), group, p.vecC);
    return pb_cuda_check_launch("gemm best");
}

static int launch_best_float(int cfg, const gemm_problem<float> &p)
{
    if (cfg < 0 || cfg >= PB_GEMM_BEST_NCONFIGS)
        return PB_SKIP;
    if (!(p.vecA && p.vecB))
        return launch_best<float, best_shape_scalar_float, false>(p, 0);
#define X(i, bm, bn, bk, wm, wn, wmiter, wniter, minb, group)                                                \
    if (cfg == i)                                                                                            \
        return launch_best<float, best_shape<bm, bn, bk, wm, wn, wmiter, wniter, minb>, true>(p, group);
    PB_GEMM_BEST_CONFIGS(X)
#undef X
    return PB_SKIP;
}

static int launch_best_double(const gemm_problem<double> &p)
{
    return p.vecA && p.vecB ? launch_best<double, best_shape_double, true>(p, 0)
                            : launch_best<double, best_shape_double, false>(p, 0);
}

/* The per-architecture choice for float: compute capability -> candidate. Any other GPU
 * takes the last row. Until a sweep on that GPU says otherwise these are the design's
 * guesses (docs/gemm.md: scripts/gemm_best_sweep.sh, then edit the row). */
static const struct {
    int cc, cfg_float;
} best_table[] = {
    {80, 0},
    {86, 0},
    {90, 0},
};

/* PB_GEMM_BEST_CONFIG as a candidate index; anything that is not a number in range
 * makes the variant SKIP (a sweep with a typo must not measure the default). */
static int best_choice(void)
{
    const char *env = getenv("PB_GEMM_BEST_CONFIG");
    if (env && *env) {
        char *end;
        const long v = strtol(env, &end, 10);
        return *end == '\0' && v >= 0 && v < PB_GEMM_BEST_NCONFIGS ? (int)v : -1;
    }
    static int row = -1; /* one device per worker: look it up once */
    if (row < 0) {
        int dev = 0, major = 0, minor = 0;
        cudaGetDevice(&dev);
        cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
        cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev);
        const int n = (int)(sizeof best_table / sizeof best_table[0]);
        row = n - 1;
        for (int r = 0; r < n; ++r)
            if (best_table[r].cc == 10 * major + minor)
                row = r;
    }
    return best_table[row].cfg_float;
}

/* ---- cuBLAS: column-major, so the row-major product C = A*B is computed as
 * C^T = B^T * A^T: B is passed first (an n x k column-major matrix with ld n), then A
 * (k x m, ld k); C^T is n x m with ld n, exactly row-major C. C_in is copied into C_out
 * first (the copy is part of the library's time). */
template <typename T>
static int cublas_gemm(cublasHandle_t h, const pb_args *a);

template <>
int cublas_gemm<float>(cublasHandle_t h, const pb_args *a)
{
    const gemm_problem<float> p = problem<float>(a);
    if (cudaMemcpyAsync(p.Cout, p.Cin, (size_t)p.m * p.n * sizeof(float), cudaMemcpyDeviceToDevice, 0) != cudaSuccess)
        return pb_cuda_check_launch("gemm C_in copy");
    return cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, p.n, p.m, p.k, &p.alpha, p.B, p.n, p.A, p.k, &p.beta, p.Cout,
                       p.n) == CUBLAS_STATUS_SUCCESS
               ? PB_OK
               : PB_ERR;
}

template <>
int cublas_gemm<double>(cublasHandle_t h, const pb_args *a)
{
    const gemm_problem<double> p = problem<double>(a);
    if (cudaMemcpyAsync(p.Cout, p.Cin, (size_t)p.m * p.n * sizeof(double), cudaMemcpyDeviceToDevice, 0) !=
        cudaSuccess)
        return pb_cuda_check_launch("gemm C_in copy");
    return cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, p.n, p.m, p.k, &p.alpha, p.B, p.n, p.A, p.k, &p.beta, p.Cout,
                       p.n) == CUBLAS_STATUS_SUCCESS
               ? PB_OK
               : PB_ERR;
}

#define BY_TYPE(fn, ...) (a->dtype == PB_FLOAT ? fn<float>(__VA_ARGS__) : fn<double>(__VA_ARGS__))

static int run_k1(const pb_args *a) { return BY_TYPE(run_step, K1, a); }
static int run_k2(const pb_args *a) { return BY_TYPE(run_step, K2, a); }
static int run_k3(const pb_args *a) { return BY_TYPE(run_step, K3, a); }
static int run_k4(const pb_args *a) { return BY_TYPE(run_step, K4, a); }
static int run_k5(const pb_args *a) { return BY_TYPE(run_step, K5, a); }
static int run_k6(const pb_args *a) { return BY_TYPE(run_step, K6, a); }
static int run_k7(const pb_args *a)
{
    const int cfg = k7_choice(a->dtype);
    return a->dtype == PB_FLOAT ? launch_k7_config<float>(cfg, problem<float>(a))
                                : launch_k7_config<double>(cfg, problem<double>(a));
}
static int run_k8(const pb_args *a) { return BY_TYPE(run_step, K8, a); }
static int run_best(const pb_args *a)
{
    return a->dtype == PB_FLOAT ? launch_best_float(best_choice(), problem<float>(a))
                                : launch_best_double(problem<double>(a));
}
static int run_cublas(const pb_args *a) { return BY_TYPE(cublas_gemm, pb_cublas_handle(), a); }

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; in the
 * benchmark's order (harness/benchmarks/bench_gemm.c lists the names) */
extern "C" const pb_variant pb_variants_cuda_gemm[] = {
    {"gemm", "k1", "naive: one thread per element of C, threadIdx.x walks rows (uncoalesced)", PB_DT_FP, run_k1, "cuda",
     0},
    {"gemm", "k2", "global-memory coalescing: threadIdx.x walks columns of B and C", PB_DT_FP, run_k2, "cuda", 0},
    {"gemm", "k3", "shared-memory cache blocking: 32x32 tiles of A and B reused by the block", PB_DT_FP, run_k3, "cuda",
     0},
    {"gemm", "k4", "1D blocktiling: 8 outputs per thread, one shared B value serves 8 FMAs", PB_DT_FP, run_k4, "cuda",
     0},
    {"gemm", "k5", "2D blocktiling: 8x8 outputs per thread from register fragments (outer products)", PB_DT_FP, run_k5,
     "cuda", 0},
    {"gemm", "k6", "vectorised loads: 16-byte global loads, As transposed for 16-byte shared loads", PB_DT_FP, run_k6,
     "cuda", 0},
    {"gemm", "k7", "autotuned: k6 with BM,BN,BK,TM,TN per GPU architecture (sweep: PB_GEMM_K7_CONFIG)", PB_DT_FP,
     run_k7, "cuda", 0},
    {"gemm", "k8", "warptiling: warp tiles of 64x32, 2x2 fragments of 4x4 per lane", PB_DT_FP, run_k8, "cuda", 0},
    {"gemm", "best",
     "k8 + register prefetch into two shared stages, a loop without bounds tests; shape per GPU (PB_GEMM_BEST_CONFIG)",
     PB_DT_FP, run_best, "cuda", 0},
    {"gemm", "lib", "cuBLAS gemm on C^T = B^T A^T (row-major as column-major), after copying C_in to C_out", PB_DT_FP,
     run_cublas, "cublas", 0},
    {0}};
