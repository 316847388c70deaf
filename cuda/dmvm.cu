/* dMVM V0-V9, best and the cuBLAS bar in CUDA, templated on the element type, and their
 * table. V0-V6 are the course's kernels with its traps fixed (bounds and barrier placement
 * for any nx); V7-V9 are this project's translations of the OpenMP-only versions (a block
 * plays a team). */
#include "best_common.cuh"
#include "cuda_common.h"

#include <cublas_v2.h>
#include <type_traits>

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

template <int V> static int run(const pb_args *a)
{
    if (a->dtype == PB_FLOAT)
        return launch<float>(V, (long)a->n, (const float *)a->buf[DMVM_MAT], (const float *)a->buf[DMVM_SRC],
                             (float *)a->buf[DMVM_DEST]);
    return launch<double>(V, (long)a->n, (const double *)a->buf[DMVM_MAT], (const double *)a->buf[DMVM_SRC],
                          (double *)a->buf[DMVM_DEST]);
}

/* ---- best: the fastest correct dmvm this project knows, shape from the tuning table ---- */

/* `rows` rows per block share each src load, `elems` independent loads per row and step,
 * one block reduction (shuffles) per row group; every load is guarded, and every kernel is
 * bounded for PB_SHAPE_MAX_THREADS (1024) threads, so that any shape the table or PB_TUNE
 * names can launch. */
/* ROWS rows per block; each thread loads U independent chunks of W elements (W = 16/sizeof(T)
 * when VEC, else 1) per row and step, src loaded once for all ROWS rows. */
template <typename T, int ROWS, int U, bool VEC>
__global__ void __launch_bounds__(PB_SHAPE_MAX_THREADS)
    dmvm_best(long nx, const T *__restrict__ mat, const T *__restrict__ src, T *__restrict__ dest)
{
    typedef typename vec16<T>::type V16;
    typedef typename std::conditional<VEC, V16, T>::type V;
    constexpr int W = VEC ? (int)vec16<T>::n : 1;
    const long ncols = nx / W; /* VEC only when nx % W == 0 */
    const long step = (long)blockDim.x * U;
    const V *s = reinterpret_cast<const V *>(src);
    for (long row0 = blockIdx.x * (long)ROWS; row0 < nx; row0 += (long)gridDim.x * ROWS) {
        T acc[ROWS];
#pragma unroll
        for (int r = 0; r < ROWS; ++r)
            acc[r] = T(0);
        for (long c0 = threadIdx.x; c0 < ncols; c0 += step) {
            V x[U], m[ROWS][U];
#pragma unroll
            for (int u = 0; u < U; ++u) {
                const long c = c0 + (long)u * blockDim.x;
                const bool ok = c < ncols;
                x[u] = ok ? s[c] : V{};
#pragma unroll
                for (int r = 0; r < ROWS; ++r) {
                    m[r][u] = ok && row0 + r < nx ? reinterpret_cast<const V *>(mat + (row0 + r) * nx)[c] : V{};
                }
            }
#pragma unroll
            for (int u = 0; u < U; ++u)
#pragma unroll
                for (int r = 0; r < ROWS; ++r)
#pragma unroll
                    for (int k = 0; k < W; ++k)
                        acc[r] += lane<T>(m[r][u], k) * lane<T>(x[u], k);
        }
        pb_block_sum(acc);
        if (threadIdx.x == 0)
#pragma unroll
            for (int r = 0; r < ROWS; ++r)
                if (row0 + r < nx)
                    dest[row0 + r] = acc[r];
    }
}

template <typename T, int ROWS, int U>
static void dmvm_launch(unsigned grid, unsigned block, long nx, const T *mat, const T *src, T *dest)
{
    /* rows start on 16-byte boundaries when nx * sizeof(T) is a multiple of 16 (cudaMalloc
     * aligns the matrix itself) */
    if ((nx * (long)sizeof(T)) % 16 == 0)
        dmvm_best<T, ROWS, U, true><<<grid, block>>>(nx, mat, src, dest);
    else
        dmvm_best<T, ROWS, U, false><<<grid, block>>>(nx, mat, src, dest);
}

template <typename T, int ROWS>
static int dmvm_by_elems(int elems, unsigned grid, unsigned block, long nx, const T *mat, const T *src, T *dest)
{
    switch (elems) {
    case 1:
        dmvm_launch<T, ROWS, 1>(grid, block, nx, mat, src, dest);
        return PB_OK;
    case 2:
        dmvm_launch<T, ROWS, 2>(grid, block, nx, mat, src, dest);
        return PB_OK;
    case 4:
        dmvm_launch<T, ROWS, 4>(grid, block, nx, mat, src, dest);
        return PB_OK;
    default:
        return PB_SKIP; /* elems = 8 is not instantiated for dmvm */
    }
}

template <typename T> static int dmvm_run(const pb_args *a)
{
    const pb_shape *sh = pb_cuda_best_shape("dmvm", a->dtype);
    if (!sh->threads)
        return PB_SKIP;
    const long nx = (long)a->n;
    const unsigned grid = (unsigned)pb_shape_teams(sh, pb_cuda_sms(), nx, sh->rows), block = (unsigned)sh->threads;
    const T *mat = (const T *)a->buf[DMVM_MAT], *src = (const T *)a->buf[DMVM_SRC];
    T *dest = (T *)a->buf[DMVM_DEST];
    int rc;
    switch (sh->rows) {
    case 1:
        rc = dmvm_by_elems<T, 1>(sh->elems, grid, block, nx, mat, src, dest);
        break;
    case 2:
        rc = dmvm_by_elems<T, 2>(sh->elems, grid, block, nx, mat, src, dest);
        break;
    case 4:
        rc = dmvm_by_elems<T, 4>(sh->elems, grid, block, nx, mat, src, dest);
        break;
    default:
        rc = PB_SKIP;
    }
    return rc == PB_OK ? pb_cuda_check_launch("dmvm best") : rc;
}

static int run_best(const pb_args *a) { return a->dtype == PB_FLOAT ? dmvm_run<float>(a) : dmvm_run<double>(a); }

/* ---- lib: cuBLAS ---- */

/* cuBLAS is column-major: the row-major nx x nx matrix is its transpose, so
 * dest = mat * src is gemv with CUBLAS_OP_T and lda = nx. */
static int run_cublas(const pb_args *a)
{
    const int nx = (int)a->n;
    cublasStatus_t s;
    if (a->dtype == PB_FLOAT) {
        const float one = 1, zero = 0;
        s = cublasSgemv(pb_cublas_handle(), CUBLAS_OP_T, nx, nx, &one, (const float *)a->buf[DMVM_MAT], nx,
                        (const float *)a->buf[DMVM_SRC], 1, &zero, (float *)a->buf[DMVM_DEST], 1);
    } else {
        const double one = 1, zero = 0;
        s = cublasDgemv(pb_cublas_handle(), CUBLAS_OP_T, nx, nx, &one, (const double *)a->buf[DMVM_MAT], nx,
                        (const double *)a->buf[DMVM_SRC], 1, &zero, (double *)a->buf[DMVM_DEST], 1);
    }
    return s == CUBLAS_STATUS_SUCCESS ? PB_OK : PB_ERR;
}

#define STR2(x) #x
#define STR(x) STR2(x)

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; in the
 * benchmark's order (harness/benchmarks/bench_dmvm.c lists the names) */
extern "C" const pb_variant pb_variants_cuda_dmvm[] = {
    {"dmvm", "v0", "one thread per row, dest[row] accumulated in global memory", PB_DT_FP, run<0>, "cuda", 0},
    {"dmvm", "v1", "one thread per row, register accumulator: cut global-memory traffic", PB_DT_FP, run<1>, "cuda", 0},
    {"dmvm", "v2", "2D grid, one thread per (row,col), atomicAdd: parallelism vs atomic congestion", PB_DT_FP, run<2>,
     "cuda", 0},
    {"dmvm", "v3", "grid-stride partial sums, one atomicAdd per (thread,row); x on rows (uncoalesced)", PB_DT_FP,
     run<3>, "cuda", 0},
    {"dmvm", "v4", "V3 with x on columns: coalesced reads", PB_DT_FP, run<4>, "cuda", 0},
    {"dmvm", "v5", "32x32 blocks aggregate rows in shared memory, one atomicAdd per row per block", PB_DT_FP, run<5>,
     "cuda", 0},
    {"dmvm", "v6", "V5 + src slice staged in shared memory (race-free: two barriers)", PB_DT_FP, run<6>, "cuda", 0},
    {"dmvm", "v7", "one block per row, block reduction over columns: no atomics", PB_DT_FP, run<7>, "cuda", 0},
    {"dmvm", "v8", "4 rows per block, 4 accumulators: each src load serves 4 rows", PB_DT_FP, run<8>, "cuda", 0},
    {"dmvm", "v9", "blk rows per block as a template parameter (blk = " STR(PB_DMVM_V9_BLK) ")", PB_DT_FP, run<9>,
     "cuda", 0},
    {"dmvm", "best", "tuned rows per block, 16-byte loads, several per thread in flight, shuffle reduction", PB_DT_FP,
     run_best, "cuda", PB_V_SHAPED},
    {"dmvm", "lib", "cuBLAS gemv (CUBLAS_OP_T on the row-major matrix)", PB_DT_FP, run_cublas, "cublas", 0},
    {0}};
