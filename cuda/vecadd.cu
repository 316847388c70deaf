/* Vector add in CUDA (course seeds/002: vecAddKernel): c = a + b. */
#include "cuda_common.h"

/* naive: the course's kernel, one thread per element. */
template <typename T>
__global__ void vecadd_naive(size_t n, const T *__restrict__ a, const T *__restrict__ b, T *__restrict__ c)
{
    const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

/* gridstride: at most PB_VECADD_GS_BLOCKS blocks; each thread strides over the array by
 * the total thread count, so one launch shape serves every n. */
template <typename T>
__global__ void vecadd_gridstride(size_t n, const T *__restrict__ a, const T *__restrict__ b, T *__restrict__ c)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride)
        c[i] = a[i] + b[i];
}

template <typename T>
static int vecadd(int gridstride, const pb_args *a)
{
    const size_t n = a->n;
    const T *x = (const T *)a->buf[0], *y = (const T *)a->buf[1];
    T *z = (T *)a->buf[2];
    size_t blocks = (n + PB_VECADD_BLOCK - 1) / PB_VECADD_BLOCK;
    if (gridstride)
        blocks = blocks < PB_VECADD_GS_BLOCKS ? blocks : PB_VECADD_GS_BLOCKS;
    if (blocks > 0x7fffffffu)
        return PB_SKIP;
    if (gridstride)
        vecadd_gridstride<<<(unsigned)blocks, PB_VECADD_BLOCK>>>(n, x, y, z);
    else
        vecadd_naive<<<(unsigned)blocks, PB_VECADD_BLOCK>>>(n, x, y, z);
    return pb_cuda_check_launch("vecadd");
}

extern "C" {
int pb_cuda_vecadd_naive(const pb_args *a)
{
    return a->dtype == PB_FLOAT ? vecadd<float>(0, a) : vecadd<double>(0, a);
}
int pb_cuda_vecadd_gridstride(const pb_args *a)
{
    return a->dtype == PB_FLOAT ? vecadd<float>(1, a) : vecadd<double>(1, a);
}
}
