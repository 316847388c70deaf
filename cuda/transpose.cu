/* Matrix transpose in CUDA (course seeds/001, "Fast Matrix Transpose"): in is m x n
 * row-major, out = in^T is n x m. Each block owns one 32 x 32 tile; blocks are numbered
 * over the tiles in one grid dimension (tile rows x tile columns, columns fastest), so
 * any m and n fit. Every access is guarded: m and n need not be multiples of 32, and the
 * barrier is reached by every thread of the block. */
#include "cuda_common.h"

#define TILE PB_TRANSPOSE_TILE
#define ROWS PB_TRANSPOSE_ROWS

/* naive: one thread per element, threadIdx.x along a row of in: reads coalesced,
 * writes strided by m (each warp touches 32 rows of out). */
template <typename T>
__global__ void transpose_naive(long m, long n, long tn, const T *__restrict__ in, T *__restrict__ out)
{
    const long ti = blockIdx.x / tn, tj = blockIdx.x % tn;
    const long i = ti * TILE + threadIdx.y, j = tj * TILE + threadIdx.x;
    if (i < m && j < n)
        out[j * m + i] = in[i * n + j];
}

/* tile (PAD = 0) and padded (PAD = 1): the tile is read by rows of in into shared memory
 * (coalesced), then written by rows of out (coalesced) reading the tile by columns.
 * Without padding a column of the tile lies in one bank (32-way conflicts); one extra
 * column shifts each row by one bank. */
template <typename T, int PAD>
__global__ void transpose_tile(long m, long n, long tn, const T *__restrict__ in, T *__restrict__ out)
{
    __shared__ T tile[TILE][TILE + PAD];
    const long ti = blockIdx.x / tn, tj = blockIdx.x % tn;
    const long i = ti * TILE + threadIdx.y, j = tj * TILE + threadIdx.x;
    if (i < m && j < n)
        tile[threadIdx.y][threadIdx.x] = in[i * n + j];
    __syncthreads();
    const long oi = tj * TILE + threadIdx.y, oj = ti * TILE + threadIdx.x; /* out row, column */
    if (oi < n && oj < m)
        out[oi * m + oj] = tile[threadIdx.x][threadIdx.y];
}

/* unrolled: the padded tile with 32 x 8 threads, each copying TILE / ROWS rows: a
 * quarter of the threads per tile, more work (and loads in flight) per thread. */
template <typename T>
__global__ void transpose_unrolled(long m, long n, long tn, const T *__restrict__ in, T *__restrict__ out)
{
    __shared__ T tile[TILE][TILE + 1];
    const long ti = blockIdx.x / tn, tj = blockIdx.x % tn;
    const long i = ti * TILE + threadIdx.y, j = tj * TILE + threadIdx.x;
#pragma unroll
    for (int k = 0; k < TILE; k += ROWS)
        if (i + k < m && j < n)
            tile[threadIdx.y + k][threadIdx.x] = in[(i + k) * n + j];
    __syncthreads();
    const long oi = tj * TILE + threadIdx.y, oj = ti * TILE + threadIdx.x;
#pragma unroll
    for (int k = 0; k < TILE; k += ROWS)
        if (oi + k < n && oj < m)
            out[(oi + k) * m + oj] = tile[threadIdx.x][threadIdx.y + k];
}

enum { NAIVE, TILED, PADDED, UNROLLED };

template <typename T>
static int transpose(int which, const pb_args *a)
{
    const long m = (long)a->n, n = a->param[0] ? a->param[0] : m;
    const long tm = (m + TILE - 1) / TILE, tn = (n + TILE - 1) / TILE;
    if (tm * tn > 0x7fffffffL)
        return PB_SKIP;
    const T *in = (const T *)a->buf[0];
    T *out = (T *)a->buf[1];
    const unsigned grid = (unsigned)(tm * tn);
    switch (which) {
    case NAIVE: transpose_naive<T><<<grid, dim3(TILE, TILE)>>>(m, n, tn, in, out); break;
    case TILED: transpose_tile<T, 0><<<grid, dim3(TILE, TILE)>>>(m, n, tn, in, out); break;
    case PADDED: transpose_tile<T, 1><<<grid, dim3(TILE, TILE)>>>(m, n, tn, in, out); break;
    default: transpose_unrolled<T><<<grid, dim3(TILE, ROWS)>>>(m, n, tn, in, out); break;
    }
    return pb_cuda_check_launch("transpose");
}

#define BY_TYPE(which) (a->dtype == PB_FLOAT ? transpose<float>(which, a) : transpose<double>(which, a))

extern "C" {
int pb_cuda_transpose_naive(const pb_args *a) { return BY_TYPE(NAIVE); }
int pb_cuda_transpose_tile(const pb_args *a) { return BY_TYPE(TILED); }
int pb_cuda_transpose_padded(const pb_args *a) { return BY_TYPE(PADDED); }
int pb_cuda_transpose_unrolled(const pb_args *a) { return BY_TYPE(UNROLLED); }
}
