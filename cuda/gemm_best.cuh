/* gemm_best.cuh - gemm's `best` CUDA kernel: k8's warptiling plus what a SIMT SGEMM
 * needs on top of it to keep the FMA pipe busy (cuda/gemm.cu launches it; the
 * candidate shapes and the per-architecture choice are there, docs/gemm.md has why):
 *  - register prefetch, two shared-memory stages, ONE barrier per tile: tile t+1 is
 *    loaded from global memory into registers before tile t is computed and stored into
 *    the other stage after it, so the global latency hides behind the FMAs;
 *  - a main loop without bounds checks: the partial k tile (k % BK) is the FIRST tile,
 *    loaded with guards before the loop, so every tile inside the loop is a full one;
 *    rows of A past m and columns of B past n are clamped to the last valid one once
 *    (computed, never stored), so loads in the loop need no test at all;
 *  - 16-byte global loads into registers, As stored transposed (padded rows) so that a
 *    lane's fragment of A is one 16-byte shared load (LDS.128), fragments of B too;
 *  - lanes arranged in the warp so that fragment loads are broadcasts without bank
 *    conflicts (8 x 4 or 4 x 8 lanes over a sub-tile of 4 x 4 fragments);
 *  - optional grouped block order (`group` tile-rows per band) for L2 reuse.
 * The shape is a template (best_shape); VEC = false is the scalar path for rows whose
 * length is not a multiple of 16 bytes (or unaligned): the same kernel with element
 * loads. Correct for any m, n, k >= 1: the barrier sits in a loop with the same trip
 * count for every thread, stores of C are guarded.
 * Written in the subset of CUDA that tests/gemm_emu.cpp compiles for the host, so the
 * kernel is run and checked without a GPU (PB_EMU_POISON_SHARED fills the shared
 * arrays with NaN there, so that a read of an unwritten element shows). */
#ifndef PB_GEMM_BEST_CUH
#define PB_GEMM_BEST_CUH

#include "gemm_common.cuh"

#ifndef PB_EMU_POISON_SHARED
#define PB_EMU_POISON_SHARED(array) ((void)0)
#endif

/* Block tile BM x BN x BK; warps of WM x WN, each covered in WMITER x WNITER steps of a
 * sub-tile in which every lane holds a 4 x 4 fragment; MINB blocks per SM (launch bound:
 * 65536 / (NT * MINB) registers per thread at most). */
template <int BM_, int BN_, int BK_, int WM_, int WN_, int WMITER_, int WNITER_, int MINB_>
struct best_shape {
    static constexpr int BM = BM_, BN = BN_, BK = BK_, WM = WM_, WN = WN_, WMITER = WMITER_, WNITER = WNITER_,
                         MINB = MINB_, NT = (BM / WM) * (BN / WN) * 32;
};

template <typename T, typename S, bool VEC>
__global__ void __launch_bounds__(S::NT, S::MINB) gemm_best_kernel(GEMM_ARGS, int group, bool vecC)
{
    constexpr int BM = S::BM, BN = S::BN, BK = S::BK, WM = S::WM, WN = S::WN, WMITER = S::WMITER,
                  WNITER = S::WNITER, NT = S::NT;
    constexpr int V = vec16<T>::n, TM = 4, TN = 4;
    constexpr int WSUBM = WM / WMITER, WSUBN = WN / WNITER, LANES_N = WSUBN / TN;
    constexpr int ASTRIDE = BM + V; /* 16 bytes of padding: the transposing stores spread over the banks */
    constexpr int GA = BM * BK / V / NT, GB = BK * BN / V / NT; /* 16-byte groups per thread and tile */
    static_assert(BM % WM == 0 && BN % WN == 0 && WM % WMITER == 0 && WN % WNITER == 0, "warps must tile the block");
    static_assert((WSUBM / TM) * (WSUBN / TN) == 32, "lanes must tile the warp's sub-tile");
    static_assert(BK % V == 0 && TM % V == 0 && TN % V == 0, "16-byte groups must tile the fragments");
    static_assert(GA >= 1 && GB >= 1 && GA * V * NT == BM * BK && GB * V * NT == BK * BN,
                  "every thread loads the same number of 16-byte groups");
    typedef typename vec16<T>::type vec_t;

    __shared__ __align__(16) T As[2][BK][ASTRIDE];
    __shared__ __align__(16) T Bs[2][BK][BN];
    PB_EMU_POISON_SHARED(As);
    PB_EMU_POISON_SHARED(Bs);

    /* the block's tile of C: row-major over tiles, or in bands of `group` tile-rows
     * (consecutive blocks share the columns of B and a few row panels of A) */
    int bi = blockIdx.y, bj = blockIdx.x;
    if (group > 1) {
        const int tn = gridDim.x, tm = gridDim.y, id = blockIdx.y * tn + blockIdx.x; /* < 2^31: PB_GEMM_MAX_MN */
        const int band = id / (group * tn), first = band * group, in = id - first * tn;
        const int rows = tm - first < group ? tm - first : group;
        bi = first + in % rows;
        bj = in / rows;
    }
    const int row0 = bi * BM, col0 = bj * BN;

    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int wr = warp / (BN / WN), wc = warp % (BN / WN); /* warp's place in the block tile */
    const int lr = lane / LANES_N, lc = lane % LANES_N;     /* lane's place in a sub-tile */
    const int am = wr * WM + lr * TM, bn = wc * WN + lc * TN; /* first fragment row / column in the tile */

    /* This thread's share of a tile: group p of A is row ar of the tile, columns ac .. +V
     * (stored transposed: As[.][ac + j][ar]), group p of B row br, columns bc .. +V. The
     * pointers advance by one tile per step; the guards of the first tile need ac and br. */
    const T *pa[GA]; /* row of A (clamped to m-1) at the group's column */
    const T *pb[GB]; /* VEC: row br of B at the group's column (clamped to n-V); else row br at column 0 */
    int sa[GA], sb[GB]; /* offsets of the groups in a shared stage */
    int bcol[GB][VEC ? 1 : V]; /* !VEC: the group's columns of B, each clamped to n-1 */
#pragma unroll
    for (int p = 0; p < GA; ++p) {
        const int g = tid + p * NT, ar = g / (BK / V), ac = g % (BK / V) * V;
        const int row = row0 + ar < m ? row0 + ar : m - 1;
        pa[p] = A + (size_t)row * k + ac;
        sa[p] = ac * ASTRIDE + ar;
    }
#pragma unroll
    for (int p = 0; p < GB; ++p) {
        const int g = tid + p * NT, br = g / (BN / V), bc = g % (BN / V) * V;
        sb[p] = br * BN + bc;
        if (VEC) {
            pb[p] = B + (size_t)br * n + (col0 + bc < n ? col0 + bc : n - V);
        } else {
            pb[p] = B + (size_t)br * n;
#pragma unroll
            for (int j = 0; j < (VEC ? 1 : V); ++j)
                bcol[p][j] = col0 + bc + j < n ? col0 + bc + j : n - 1;
        }
    }

    T ra[GA][V], rb[GB][V]; /* the next tile, on its way from global memory */
    /* the first tile: k columns 0 .. r0-1 of A and rows 0 .. r0-1 of B, zero beyond */
    auto fetch_first = [&](int r0) {
#pragma unroll
        for (int p = 0; p < GA; ++p) {
            const int ac = (tid + p * NT) % (BK / V) * V;
            if (VEC) {
                if (ac < r0) /* r0 and ac are multiples of V: the group is all in or all out */
                    unpack(*reinterpret_cast<const vec_t *>(pa[p]), ra[p]);
                else
#pragma unroll
                    for (int j = 0; j < V; ++j)
                        ra[p][j] = T(0);
            } else {
#pragma unroll
                for (int j = 0; j < V; ++j)
                    ra[p][j] = ac + j < r0 ? pa[p][j] : T(0);
            }
        }
#pragma unroll
        for (int p = 0; p < GB; ++p) {
            if ((tid + p * NT) / (BN / V) < r0) {
                if (VEC)
                    unpack(*reinterpret_cast<const vec_t *>(pb[p]), rb[p]);
                else
#pragma unroll
                    for (int j = 0; j < V; ++j)
                        rb[p][j] = pb[p][bcol[p][VEC ? 0 : j]];
            } else {
#pragma unroll
                for (int j = 0; j < V; ++j)
                    rb[p][j] = T(0);
            }
        }
    };
    /* a full tile: no test at all; then the pointers move on by one tile (BK columns of
     * A, BK rows of B) */
    auto fetch_full = [&]() {
#pragma unroll
        for (int p = 0; p < GA; ++p) {
            if (VEC)
                unpack(*reinterpret_cast<const vec_t *>(pa[p]), ra[p]);
            else
#pragma unroll
                for (int j = 0; j < V; ++j)
                    ra[p][j] = pa[p][j];
            pa[p] += BK;
        }
#pragma unroll
        for (int p = 0; p < GB; ++p) {
            if (VEC)
                unpack(*reinterpret_cast<const vec_t *>(pb[p]), rb[p]);
            else
#pragma unroll
                for (int j = 0; j < V; ++j)
                    rb[p][j] = pb[p][bcol[p][VEC ? 0 : j]];
            pb[p] += (size_t)BK * n;
        }
    };
    auto stash = [&](int s) {
#pragma unroll
        for (int p = 0; p < GA; ++p)
#pragma unroll
            for (int j = 0; j < V; ++j)
                (&As[s][0][0])[sa[p] + j * ASTRIDE] = ra[p][j];
#pragma unroll
        for (int p = 0; p < GB; ++p)
            *reinterpret_cast<vec_t *>(&Bs[s][0][0] + sb[p]) = pack(rb[p]);
    };

    T acc[WMITER * TM][WNITER * TN], regM[WMITER * TM], regN[WNITER * TN];
#pragma unroll
    for (int i = 0; i < WMITER * TM; ++i)
#pragma unroll
        for (int j = 0; j < WNITER * TN; ++j)
            acc[i][j] = T(0);
    auto compute = [&](int s) {
#pragma unroll
        for (int d = 0; d < BK; ++d) {
#pragma unroll
            for (int wm = 0; wm < WMITER; ++wm)
#pragma unroll
                for (int i = 0; i < TM; i += V)
                    unpack(*reinterpret_cast<const vec_t *>(&As[s][d][am + wm * WSUBM + i]), regM + wm * TM + i);
#pragma unroll
            for (int wn = 0; wn < WNITER; ++wn)
#pragma unroll
                for (int j = 0; j < TN; j += V)
                    unpack(*reinterpret_cast<const vec_t *>(&Bs[s][d][bn + wn * WSUBN + j]), regN + wn * TN + j);
#pragma unroll
            for (int i = 0; i < WMITER * TM; ++i)
#pragma unroll
                for (int j = 0; j < WNITER * TN; ++j)
                    acc[i][j] += regM[i] * regN[j];
        }
    };

    const int ntiles = (k + BK - 1) / BK, r0 = k - (ntiles - 1) * BK; /* r0 in 1 .. BK */
    fetch_first(r0);
#pragma unroll
    for (int p = 0; p < GA; ++p)
        pa[p] += r0;
#pragma unroll
    for (int p = 0; p < GB; ++p)
        pb[p] += (size_t)r0 * n;
    stash(0);
    __syncthreads();
    for (int t = 0; t < ntiles; ++t) {
        const bool more = t + 1 < ntiles; /* the same for every thread: the barrier stays uniform */
        if (more)
            fetch_full();
        compute(t & 1);
        if (more)
            stash((t + 1) & 1); /* the other stage: its last reads were before the previous barrier */
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

/* The candidates of the float sweep (PB_GEMM_BEST_CONFIG=i picks row i; cuda/gemm.cu
 * maps compute capabilities to a row): index, shape (BM, BN, BK, WM, WN, WMITER, WNITER,
 * MINB), group (grouped block order, 0 = row-major). Shapes that repeat share a kernel. */
#define PB_GEMM_BEST_CONFIGS(X)                                                                              \
    X(0, 128, 128, 8, 64, 32, 2, 2, 2, 0)   /* 8x8 per thread, lanes 8x4, 256 threads, 2 blocks/SM */       \
    X(1, 128, 128, 16, 64, 32, 2, 2, 2, 0)  /* 0 with BK 16 (k8's tile): half the barriers */               \
    X(2, 128, 128, 8, 32, 64, 2, 2, 2, 0)   /* 0 with warps of 32x64, lanes 4x8 */                          \
    X(3, 128, 256, 8, 64, 64, 2, 4, 1, 0)   /* 8x16 per thread, 256 threads, 1 block/SM */                  \
    X(4, 256, 128, 8, 64, 64, 4, 2, 1, 0)   /* 16x8 per thread (lanes 4x8), 1 block/SM */                   \
    X(5, 128, 128, 8, 64, 64, 2, 4, 2, 0)   /* 8x16 per thread, 128 threads, 2 blocks/SM */                 \
    X(6, 128, 128, 8, 64, 32, 2, 2, 2, 8)   /* 0 in bands of 8 tile-rows (L2) */                             \
    X(7, 128, 256, 8, 64, 64, 2, 4, 1, 8)   /* 3 in bands of 8 tile-rows (L2) */
#define PB_GEMM_BEST_NCONFIGS 8

/* Shapes outside the sweep: float rows that are not 16-byte groups (any candidate falls
 * back to it: the sweep runs aligned sizes), and double (64 accumulators are 128
 * registers alone: one block per SM). */
typedef best_shape<128, 128, 8, 64, 32, 2, 2, 2> best_shape_scalar_float;
typedef best_shape<128, 128, 8, 64, 32, 2, 2, 1> best_shape_double;

#endif
