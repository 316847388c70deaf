/* ranksort_best.cuh - rank sort's `best` kernel (cuda/ranksort.cu), in a header of its own
 * so that tests/course_best_emu.cpp runs it on the host (tests/cuda_emu.h). */
#ifndef PB_RANKSORT_BEST_CUH
#define PB_RANKSORT_BEST_CUH

/* ---- best ----
 * The course's O(n^2) count, made fast: each block stages the keys in tiles of
 * PB_RANKSORT_TILE in shared memory (one global load per key per block instead of one per
 * key per thread; every thread of a warp reads the same tile element, a broadcast), and
 * every thread counts R keys against each tile element it reads (register blocking: one
 * shared load serves R comparisons). The tie rule needs j < i only where the tile and the
 * block's keys overlap: a tile wholly before the block's first key counts a[j] <= self, one
 * wholly after its last key a[j] < self, one compare per pair as the course's distinct
 * keys; the few tiles in between use the full rule. The same ranks as `grid`, stable.
 * Shape (tuning table): threads per block, elems = R keys per thread (thread t of block b
 * has keys b*threads*R + r*threads + t, r < R: coalesced); per_sm unused (one block per
 * threads*R keys). */
#define PB_RANKSORT_TILE 2048

enum { RULE_LE, RULE_LT, RULE_TIE };

template <typename K, int R, int RULE>
__device__ inline void rank_tile(const K *tile, int len, long j0, const K (&self)[R], const long (&idx)[R], int (&x)[R])
{
#pragma unroll 4
    for (int t = 0; t < len; ++t) {
        const K v = tile[t];
#pragma unroll
        for (int r = 0; r < R; ++r) {
            if (RULE == RULE_LE)
                x[r] += v <= self[r];
            else if (RULE == RULE_LT)
                x[r] += v < self[r];
            else
                x[r] += (v < self[r]) | ((v == self[r]) & (j0 + t < idx[r]));
        }
    }
}

template <typename K, int R> __global__ void ranksort_best(long n, const K *__restrict__ a, K *__restrict__ out)
{
    __shared__ K tile[PB_RANKSORT_TILE];
    const long first = (long)blockIdx.x * blockDim.x * R,
               last = first + (long)blockDim.x * R - 1; /* the block's keys */
    K self[R];
    long idx[R];
    int x[R];
#pragma unroll
    for (int r = 0; r < R; ++r) {
        idx[r] = first + (long)r * blockDim.x + threadIdx.x;
        self[r] = idx[r] < n ? a[idx[r]] : K(0);
        x[r] = 0;
    }
    for (long j0 = 0; j0 < n; j0 += PB_RANKSORT_TILE) {
        const int len = (int)(n - j0 < PB_RANKSORT_TILE ? n - j0 : PB_RANKSORT_TILE);
        __syncthreads(); /* the previous tile is counted by every thread */
        for (int t = threadIdx.x; t < len; t += blockDim.x)
            tile[t] = a[j0 + t];
        __syncthreads();
        if (j0 + len <= first)
            rank_tile<K, R, RULE_LE>(tile, len, j0, self, idx, x);
        else if (j0 > last)
            rank_tile<K, R, RULE_LT>(tile, len, j0, self, idx, x);
        else
            rank_tile<K, R, RULE_TIE>(tile, len, j0, self, idx, x);
    }
#pragma unroll
    for (int r = 0; r < R; ++r)
        if (idx[r] < n)
            out[x[r]] = self[r];
}

#endif
