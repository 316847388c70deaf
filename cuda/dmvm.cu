/* dMVM V0-V9 in CUDA, templated on the element type. V0-V6 are the course's kernels
 * with its traps fixed (bounds and barrier placement for any nx); V7-V9 are this
 * project's translations of the OpenMP-only versions (a block plays a team). */
#include "cuda_common.h"

#include <cublas_v2.h>

enum { TILE = PB_DMVM_TILE, COL_BLOCKS = PB_DMVM_COL_THREADS / PB_DMVM_TILE };

/* V0 (course): one thread per row, dest[row] accumulated in global memory. */
template <typename T>
__global__ void dmvm_v0(long nx, const T *mat, const T *src, T *dest)
{
    const long row = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (row < nx) {
        dest[row] = 0;
        for (long col = 0; col < nx; ++col)
            dest[row] += mat[row * nx + col] * src[col];
    }
}

/* V1 (course): one thread per row, register accumulator. */
template <typename T>
__global__ void dmvm_v1(long nx, const T *mat, const T *src, T *dest)
{
    const long row = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (row < nx) {
        T acc = 0;
        for (long col = 0; col < nx; ++col)
            acc += mat[row * nx + col] * src[col];
        dest[row] = acc;
    }
}

/* V2 (course): 2D grid, one thread per (row, col), x walks rows; atomicAdd per element. */
template <typename T>
__global__ void dmvm_v2(long nx, const T *mat, const T *src, T *dest)
{
    const long row = blockIdx.x * (long)blockDim.x + threadIdx.x;
    const long col = blockIdx.y * (long)blockDim.y + threadIdx.y;
    if (row < nx && col < nx)
        atomicAdd(&dest[row], mat[row * nx + col] * src[col]);
}

/* V3 (course): grid-stride loops, a partial sum per (thread, row), one atomicAdd each;
 * x walks rows, so a warp reads 32 different rows (uncoalesced). */
template <typename T>
__global__ void dmvm_v3(long nx, const T *mat, const T *src, T *dest)
{
    const long row_start = blockIdx.x * (long)blockDim.x + threadIdx.x, row_stride = (long)gridDim.x * blockDim.x;
    const long col_start = blockIdx.y * (long)blockDim.y + threadIdx.y, col_stride = (long)gridDim.y * blockDim.y;
    if (col_start >= nx)
        return;
    for (long row = row_start; row < nx; row += row_stride) {
        T acc = 0;
        for (long col = col_start; col < nx; col += col_stride)
            acc += mat[row * nx + col] * src[col];
        atomicAdd(&dest[row], acc);
    }
}

/* V4 (course): V3 with x walking columns: a warp reads 32 consecutive elements. */
template <typename T>
__global__ void dmvm_v4(long nx, const T *mat, const T *src, T *dest)
{
    const long col_start = blockIdx.x * (long)blockDim.x + threadIdx.x, col_stride = (long)gridDim.x * blockDim.x;
    const long row_start = blockIdx.y * (long)blockDim.y + threadIdx.y, row_stride = (long)gridDim.y * blockDim.y;
    if (col_start >= nx)
        return;
    for (long row = row_start; row < nx; row += row_stride) {
        T acc = 0;
        for (long col = col_start; col < nx; col += col_stride)
            acc += mat[row * nx + col] * src[col];
        atomicAdd(&dest[row], acc);
    }
}

/* V5 (course, fixed): 32x32 blocks sum their rows into shared out[32] first, then one
 * atomicAdd per row per block. The course loops over rows per thread and syncs inside
 * that loop, whose trip count differs between threads when nx % 32 != 0 (undefined
 * behaviour), and writes dest[row + threadIdx.x] unguarded. Here the block walks row
 * tiles together (same trip count for all threads), and every access is guarded. */
template <typename T>
__global__ void dmvm_v5(long nx, const T *mat, const T *src, T *dest)
{
    __shared__ T out[TILE];
    const unsigned tx = threadIdx.x, ty = threadIdx.y;
    for (long row0 = blockIdx.y * (long)TILE; row0 < nx; row0 += (long)gridDim.y * TILE) {
        if (ty == 0)
            out[tx] = 0;
        __syncthreads();
        const long row = row0 + ty;
        if (row < nx) {
            T acc = 0;
            for (long col = blockIdx.x * (long)TILE + tx; col < nx; col += (long)gridDim.x * TILE)
                acc += mat[row * nx + col] * src[col];
            atomicAdd(&out[ty], acc);
        }
        __syncthreads();
        /* The threads that zero out[] are the ones that read it back: no third barrier. */
        if (ty == 0 && row0 + tx < nx)
            atomicAdd(&dest[row0 + tx], out[tx]);
    }
}

/* V6 (course, fixed): V5 with each 32-column slice of src staged in shared in[32],
 * loaded by one row of threads and read by all 32. Fixed: the column loop walks slices
 * together (uniform trip count, guarded loads), and a second barrier keeps in[] from
 * being overwritten by the next slice while other threads still read it (the race in
 * the course code). */
template <typename T>
__global__ void dmvm_v6(long nx, const T *mat, const T *src, T *dest)
{
    __shared__ T out[TILE];
    __shared__ T in[TILE];
    const unsigned tx = threadIdx.x, ty = threadIdx.y;
    for (long row0 = blockIdx.y * (long)TILE; row0 < nx; row0 += (long)gridDim.y * TILE) {
        if (ty == 0)
            out[tx] = 0;
        const long row = row0 + ty;
        T acc = 0;
        for (long col0 = blockIdx.x * (long)TILE; col0 < nx; col0 += (long)gridDim.x * TILE) {
            if (ty == 0)
                in[tx] = col0 + tx < nx ? src[col0 + tx] : T(0);
            __syncthreads();
            if (row < nx && col0 + tx < nx)
                acc += mat[row * nx + col0 + tx] * in[tx];
            __syncthreads();
        }
        if (row < nx)
            atomicAdd(&out[ty], acc);
        __syncthreads();
        if (ty == 0 && row0 + tx < nx)
            atomicAdd(&dest[row0 + tx], out[tx]);
    }
}

/* V7-V9 (translations of the OpenMP versions): a block of PB_DMVM_ROW_THREADS threads
 * owns ROWS consecutive rows (the OpenMP team), its threads stride over the columns
 * (the parallel for) and a block reduction replaces reduction(+:acc). ROWS = 1 is V7,
 * 4 is V8 and PB_DMVM_V9_BLK is V9; ROWS is a template parameter like the slides' blk. */
template <typename T, int ROWS>
__global__ void dmvm_rows(long nx, const T *mat, const T *src, T *dest)
{
    for (long row0 = blockIdx.x * (long)ROWS; row0 < nx; row0 += (long)gridDim.x * ROWS) {
        T acc[ROWS];
#pragma unroll
        for (int b = 0; b < ROWS; ++b)
            acc[b] = 0;
        for (long col = threadIdx.x; col < nx; col += blockDim.x) {
            const T s = src[col];
#pragma unroll
            for (int b = 0; b < ROWS; ++b)
                if (row0 + b < nx)
                    acc[b] += mat[(row0 + b) * nx + col] * s;
        }
        pb_block_sum(acc);
        if (threadIdx.x == 0)
#pragma unroll
            for (int b = 0; b < ROWS; ++b)
                if (row0 + b < nx)
                    dest[row0 + b] = acc[b];
    }
}

/* ---- launchers ---- */

template <typename T>
static int launch(int version, long nx, const T *mat, const T *src, T *dest)
{
    const dim3 tile(TILE, TILE);
    const long tiles = (nx + TILE - 1) / TILE;
    const unsigned col_blocks = pb_blocks(nx, TILE, COL_BLOCKS);
    if (version >= 2 && version <= 6 && cudaMemsetAsync(dest, 0, nx * sizeof(T)) != cudaSuccess)
        return pb_cuda_check_launch("cudaMemsetAsync");
    switch (version) {
    case 0: dmvm_v0<<<pb_blocks(nx, PB_DMVM_ROW_BLOCK, 1L << 30), PB_DMVM_ROW_BLOCK>>>(nx, mat, src, dest); break;
    case 1: dmvm_v1<<<pb_blocks(nx, PB_DMVM_ROW_BLOCK, 1L << 30), PB_DMVM_ROW_BLOCK>>>(nx, mat, src, dest); break;
    case 2:
        if (tiles > 65535)
            return PB_SKIP; /* one thread per element: grid.y would exceed the limit */
        dmvm_v2<<<dim3((unsigned)tiles, (unsigned)tiles), tile>>>(nx, mat, src, dest);
        break;
    case 3: dmvm_v3<<<dim3(pb_blocks(nx, TILE, 1L << 30), col_blocks), tile>>>(nx, mat, src, dest); break;
    case 4: dmvm_v4<<<dim3(col_blocks, pb_blocks(nx, TILE, 65535)), tile>>>(nx, mat, src, dest); break;
    case 5: dmvm_v5<<<dim3(col_blocks, pb_blocks(nx, TILE, 65535)), tile>>>(nx, mat, src, dest); break;
    case 6: dmvm_v6<<<dim3(col_blocks, pb_blocks(nx, TILE, 65535)), tile>>>(nx, mat, src, dest); break;
    case 7: dmvm_rows<T, 1><<<pb_blocks(nx, 1, 1L << 30), PB_DMVM_ROW_THREADS>>>(nx, mat, src, dest); break;
    case 8:
        dmvm_rows<T, PB_DMVM_V8_ROWS><<<pb_blocks(nx, PB_DMVM_V8_ROWS, 1L << 30), PB_DMVM_ROW_THREADS>>>(nx, mat, src, dest);
        break;
    case 9:
        dmvm_rows<T, PB_DMVM_V9_BLK><<<pb_blocks(nx, PB_DMVM_V9_BLK, 1L << 30), PB_DMVM_ROW_THREADS>>>(nx, mat, src, dest);
        break;
    default: return PB_ERR;
    }
    return pb_cuda_check_launch("dmvm kernel");
}

static int run_version(int version, const pb_args *a)
{
    if (a->dtype == PB_FLOAT)
        return launch<float>(version, (long)a->n, (const float *)a->buf[0], (const float *)a->buf[1],
                             (float *)a->buf[2]);
    return launch<double>(version, (long)a->n, (const double *)a->buf[0], (const double *)a->buf[1],
                          (double *)a->buf[2]);
}

extern "C" {
int pb_cuda_dmvm_v0(const pb_args *a) { return run_version(0, a); }
int pb_cuda_dmvm_v1(const pb_args *a) { return run_version(1, a); }
int pb_cuda_dmvm_v2(const pb_args *a) { return run_version(2, a); }
int pb_cuda_dmvm_v3(const pb_args *a) { return run_version(3, a); }
int pb_cuda_dmvm_v4(const pb_args *a) { return run_version(4, a); }
int pb_cuda_dmvm_v5(const pb_args *a) { return run_version(5, a); }
int pb_cuda_dmvm_v6(const pb_args *a) { return run_version(6, a); }
int pb_cuda_dmvm_v7(const pb_args *a) { return run_version(7, a); }
int pb_cuda_dmvm_v8(const pb_args *a) { return run_version(8, a); }
int pb_cuda_dmvm_v9(const pb_args *a) { return run_version(9, a); }
}
