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
    const long m = (long)a->n, n = a->param[TRANSPOSE_COLS] ? a->param[TRANSPOSE_COLS] : m;
    const long tm = (m + TILE - 1) / TILE, tn = (n + TILE - 1) / TILE;
    if (tm * tn > 0x7fffffffL)
        return PB_SKIP;
    const T *in = (const T *)a->buf[TRANSPOSE_IN];
    T *out = (T *)a->buf[TRANSPOSE_OUT];
    const unsigned grid = (unsigned)(tm * tn);
    switch (which) {
    case NAIVE: transpose_naive<T><<<grid, dim3(TILE, TILE)>>>(m, n, tn, in, out); break;
    case TILED: transpose_tile<T, 0><<<grid, dim3(TILE, TILE)>>>(m, n, tn, in, out); break;
    case PADDED: transpose_tile<T, 1><<<grid, dim3(TILE, TILE)>>>(m, n, tn, in, out); break;
    default: transpose_unrolled<T><<<grid, dim3(TILE, ROWS)>>>(m, n, tn, in, out); break;
    }
    return pb_cuda_check_launch("transpose");
}

/* best: coalesced reads and writes through a padded shared tile, as `unrolled`, with more
 * bytes in flight per thread and a grid sized to the GPU. A block of 32 x BY threads owns
 * a TW x TW tile (TW = 32, or 64 with elems = 2: each warp row then reads two 32-element
 * runs); each thread loads its TW/BY x TW/32 elements into registers before storing any to
 * shared memory (independent loads, all in flight at once), then writes out TW/BY x TW/32
 * elements read by columns of the tile (`TW + 1` columns: no bank conflicts for 4-byte
 * elements). per_sm > 0: per_sm blocks per SM stride over the tiles. Every load and store
 * of a partial tile is bounded by m and n; every thread reaches both barriers. */
template <typename T, int TW, int BY>
__global__ void __launch_bounds__(32 * BY)
    transpose_best(long m, long n, long tn, long ntiles, const T *__restrict__ in, T *__restrict__ out)
{
    __shared__ T tile[TW][TW + 1];
    constexpr int R = TW / BY, C = TW / 32;
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (long t = blockIdx.x; t < ntiles; t += gridDim.x) {
        const long i0 = t / tn * TW, j0 = t % tn * TW;
        T v[R][C];
#pragma unroll
        for (int k = 0; k < R; ++k)
#pragma unroll
            for (int c = 0; c < C; ++c) {
                const long i = i0 + ty + k * BY, j = j0 + c * 32 + tx;
                v[k][c] = i < m && j < n ? in[i * n + j] : T(0);
            }
#pragma unroll
        for (int k = 0; k < R; ++k)
#pragma unroll
            for (int c = 0; c < C; ++c)
                tile[ty + k * BY][c * 32 + tx] = v[k][c];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < R; ++k)
#pragma unroll
            for (int c = 0; c < C; ++c) {
                const long oi = j0 + ty + k * BY, oj = i0 + c * 32 + tx; /* out row, column */
                if (oi < n && oj < m)
                    out[oi * m + oj] = tile[c * 32 + tx][ty + k * BY];
            }
        __syncthreads(); /* the next tile overwrites the shared one */
    }
}

template <typename T, int TW, int BY> static int best_launch(const pb_shape *sh, long m, long n, const T *in, T *out)
{
    const long tm = (m + TW - 1) / TW, tn = (n + TW - 1) / TW;
    const long teams = pb_shape_teams(sh, pb_cuda_sms(), tm * tn, 1);
    if (teams > 0x7fffffffL)
        return PB_SKIP; /* not reached: at most 2^40 elements (bench_transpose.c), 2^30 tiles */
    transpose_best<T, TW, BY><<<(unsigned)teams, dim3(32, BY)>>>(m, n, tn, tm * tn, in, out);
    return pb_cuda_check_launch("transpose best");
}

/* threads, rounded down to 128, 256, 512 or 1024 (32 x BY); elems 1: 32 x 32 tiles, 2: 64 x 64 */
template <typename T> static int best(const pb_args *a)
{
    const pb_shape *sh = pb_cuda_best_shape("transpose", a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    const long m = (long)a->n, n = a->param[TRANSPOSE_COLS] ? a->param[TRANSPOSE_COLS] : m;
    const T *in = (const T *)a->buf[TRANSPOSE_IN];
    T *out = (T *)a->buf[TRANSPOSE_OUT];
    const int by = sh->threads >= 1024 ? 32 : sh->threads >= 512 ? 16 : sh->threads >= 256 ? 8 : 4;
    if (sh->elems == 1)
        switch (by) {
        case 32:
            return best_launch<T, 32, 32>(sh, m, n, in, out);
        case 16:
            return best_launch<T, 32, 16>(sh, m, n, in, out);
        case 8:
            return best_launch<T, 32, 8>(sh, m, n, in, out);
        default:
            return best_launch<T, 32, 4>(sh, m, n, in, out);
        }
    if (sh->elems == 2)
        switch (by) {
        case 32:
            return best_launch<T, 64, 32>(sh, m, n, in, out);
        case 16:
            return best_launch<T, 64, 16>(sh, m, n, in, out);
        case 8:
            return best_launch<T, 64, 8>(sh, m, n, in, out);
        default:
            return best_launch<T, 64, 4>(sh, m, n, in, out);
        }
    return PB_SKIP; /* elems 4, 8, 16: no such tile */
}

/* The library bar: geam computes C = alpha*op(A) + beta*op(B). The row-major m x n input
 * is cuBLAS's column-major n x m matrix A (lda = n); the row-major n x m result is the
 * column-major m x n C = A^T (ldc = m). With beta = 0, B is A again (op = T, ldb = n): any
 * value it holds is multiplied by 0, so the result cannot depend on whether cuBLAS reads it. */
static int run_cublas(const pb_args *a)
{
    const long m = (long)a->n, n = a->param[TRANSPOSE_COLS] ? a->param[TRANSPOSE_COLS] : m;
    if (m > 0x7fffffffL || n > 0x7fffffffL)
        return PB_SKIP;
    cublasStatus_t s;
    if (a->dtype == PB_FLOAT) {
        const float one = 1, zero = 0;
        const float *A = (const float *)a->buf[TRANSPOSE_IN];
        s = cublasSgeam(pb_cublas_handle(), CUBLAS_OP_T, CUBLAS_OP_T, (int)m, (int)n, &one, A, (int)n, &zero, A, (int)n,
                        (float *)a->buf[TRANSPOSE_OUT], (int)m);
    } else {
        const double one = 1, zero = 0;
        const double *A = (const double *)a->buf[TRANSPOSE_IN];
        s = cublasDgeam(pb_cublas_handle(), CUBLAS_OP_T, CUBLAS_OP_T, (int)m, (int)n, &one, A, (int)n, &zero, A, (int)n,
                        (double *)a->buf[TRANSPOSE_OUT], (int)m);
    }
    return s == CUBLAS_STATUS_SUCCESS ? PB_OK : PB_ERR;
}

#define BY_TYPE(which) (a->dtype == PB_FLOAT ? transpose<float>(which, a) : transpose<double>(which, a))

template <int W> static int run(const pb_args *a) { return BY_TYPE(W); }
static int run_best(const pb_args *a) { return a->dtype == PB_FLOAT ? best<float>(a) : best<double>(a); }

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; in the
 * benchmark's order (harness/benchmarks/bench_transpose.c lists the names) */
extern "C" const pb_variant pb_variants_cuda_transpose[] = {
    {"transpose", "naive", "one thread per element: coalesced reads, strided writes", PB_DT_FP, run<NAIVE>, "cuda", 0},
    {"transpose", "tile", "32x32 shared-memory tile: both sides coalesced, 32-way bank conflicts", PB_DT_FP, run<TILED>,
     "cuda", 0},
    {"transpose", "padded", "tile padded by one column: no bank conflicts", PB_DT_FP, run<PADDED>, "cuda", 0},
    {"transpose", "unrolled", "padded tile, 32x8 threads, 4 rows per thread", PB_DT_FP, run<UNROLLED>, "cuda", 0},
    {"transpose", "best", "padded 32x32 or 64x64 tile, all of a thread's loads in flight, grid sized to the GPU",
     PB_DT_FP, run_best, "cuda", PB_V_SHAPED},
    {"transpose", "lib", "cuBLAS geam with CUBLAS_OP_T (cublasSgeam / cublasDgeam)", PB_DT_FP, run_cublas, "cublas", 0},
    {0}};
