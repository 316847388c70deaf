/* cuda_common.h - helpers shared by the CUDA kernels and the CUDA backends. */
#ifndef PB_CUDA_COMMON_H
#define PB_CUDA_COMMON_H

#include "pb_backend.h"
#include "pb_shapes.h"
#include "pb_tuning.h"

#include <cublas_v2.h>
#include <cuda_runtime.h>

/* Launch check: a failed launch becomes PB_ERR (the message goes to stderr). */
int pb_cuda_check_launch(const char *what);

static inline unsigned pb_blocks(long n, long per_block, long cap)
{
    long b = (n + per_block - 1) / per_block;
    if (b < 1)
        b = 1;
    return (unsigned)(b > cap ? cap : b);
}

/* Sum of v[0..N) over the whole block (blockDim.x a multiple of 32, at most 1024):
 * shuffles within each warp, then one warp over the per-warp sums. The result is valid
 * in thread 0. Contains __syncthreads: every thread of the block must call it. */
template <typename T, int N>
__device__ void pb_block_sum(T (&v)[N])
{
    __shared__ T warp_sums[N][32];
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32, nwarps = blockDim.x / 32;
#pragma unroll
    for (int i = 0; i < N; ++i)
        for (int off = 16; off > 0; off /= 2)
            v[i] += __shfl_down_sync(0xffffffffu, v[i], off);
    if (lane == 0)
#pragma unroll
        for (int i = 0; i < N; ++i)
            warp_sums[i][warp] = v[i];
    __syncthreads();
    if (warp == 0) {
#pragma unroll
        for (int i = 0; i < N; ++i) {
            v[i] = lane < nwarps ? warp_sums[i][lane] : T(0);
            for (int off = 16; off > 0; off /= 2)
                v[i] += __shfl_down_sync(0xffffffffu, v[i], off);
        }
    }
    __syncthreads(); /* warp_sums may be reused by the caller's next call */
}

/* cuda_common.cu: pick the launch shapes of the `best` kernels for this GPU (cc x 10, SMs),
 * from the tuning table and PB_TUNE; the shape of a benchmark's best (threads = 0 when
 * none: the variant is skipped) and the GPU's SM count. */
void pb_cuda_best_init(int cc, int sms);
const pb_shape *pb_cuda_best_shape(const char *bench, pb_dtype dtype);
int pb_cuda_sms(void);

/* backend.cu: the cuBLAS handle of the cublas backend (NULL before its init). */
cublasHandle_t pb_cublas_handle(void);

#endif
