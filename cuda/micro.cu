/* Micro benchmarks in CUDA (course seeds/004, left column): stream, strided stream,
 * FMA, strided FMA, a plain copy and a fill. One thread per element, PB_MICRO_BLOCK
 * threads per block, no grid-stride loop: the course's shape (`best` is in micro_best.cu).
 * The file ends with their rows and those of the runtime's copy and memset. */
#include "cuda_common.h"

#include <string.h>

template <typename T>
__global__ void stream_kernel(size_t n, const T *__restrict__ src, T *__restrict__ dest)
{
    const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        dest[i] = src[i] + T(1);
}

template <typename T>
__global__ void copy_kernel(size_t n, const T *__restrict__ src, T *__restrict__ dest)
{
    const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        dest[i] = src[i];
}

template <typename T>
__global__ void fill_kernel(size_t n, T value, T *__restrict__ dest)
{
    const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        dest[i] = value;
}

template <typename T>
__global__ void strided_kernel(size_t n, size_t sr, size_t sw, const T *__restrict__ src, T *__restrict__ dest)
{
    const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        dest[sw * i] = src[sr * i];
}

__device__ inline float fma_of(float a, float x, float b) { return fmaf(a, x, b); }
__device__ inline double fma_of(double a, double x, double b) { return fma(a, x, b); }

/* A dependent chain of `chain` FMAs per active element. a and b are kernel arguments
 * and the result is stored, so the compiler can neither fold nor drop the chain
 * (scripts/check_codegen.sh looks for the fma instructions in the PTX). With stride > 1
 * only threads whose index is a multiple of the stride compute: idle lanes. */
template <typename T>
__global__ void fma_kernel(size_t n, size_t stride, long chain, T a, T b, const T *__restrict__ src,
                           T *__restrict__ dest)
{
    const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n && i % stride == 0) {
        T acc = src[i];
        /* Unrolled deeply: on Hopper an FP32 FMA must issue every cycle to reach the
         * peak, so loop counter and branch must not take issue slots (with nvcc's
         * default unroll of 4, FP32 stalled at 46% of the datasheet rate on the H200). */
#pragma unroll 16
        for (long k = 0; k < chain; ++k)
            acc = fma_of(a, acc, b);
        dest[i] = acc;
    }
}

static unsigned grid_for(size_t n)
{
    return (unsigned)((n + PB_MICRO_BLOCK - 1) / PB_MICRO_BLOCK);
}

template <typename T>
static int micro(int which, const pb_args *a)
{
    const size_t n = a->n;
    const T *src = (const T *)a->buf[0];
    T *dest = (T *)a->buf[1];
    if (grid_for(n) > 0x7fffffffu)
        return PB_SKIP;
    switch (which) {
    case 0: stream_kernel<<<grid_for(n), PB_MICRO_BLOCK>>>(n, src, dest); break;
    case 1: copy_kernel<<<grid_for(n), PB_MICRO_BLOCK>>>(n, src, dest); break;
    case 2:
        strided_kernel<<<grid_for(n), PB_MICRO_BLOCK>>>(n, (size_t)a->param[0], (size_t)a->param[1], src, dest);
        break;
    case 3: fma_kernel<<<grid_for(n), PB_MICRO_BLOCK>>>(n, 1, a->param[0], T(PB_FMA_A), T(PB_FMA_B), src, dest); break;
    case 4:
        fma_kernel<<<grid_for(n), PB_MICRO_BLOCK>>>(n, (size_t)a->param[1], a->param[0], T(PB_FMA_A), T(PB_FMA_B), src,
                                                   dest);
        break;
    case 5: {
        T value; /* every byte PB_FILL_BYTE, as cudaMemset writes it */
        memset(&value, PB_FILL_BYTE, sizeof value);
        fill_kernel<<<grid_for(n), PB_MICRO_BLOCK>>>(n, value, (T *)a->buf[0]);
        break;
    }
    default: return PB_ERR;
    }
    return pb_cuda_check_launch("micro kernel");
}

static int dispatch(int which, const pb_args *a)
{
    return a->dtype == PB_FLOAT ? micro<float>(which, a) : micro<double>(which, a);
}

static int run_stream(const pb_args *a) { return dispatch(0, a); }
static int run_copy(const pb_args *a) { return dispatch(1, a); }
static int run_stream_strided(const pb_args *a) { return dispatch(2, a); }
static int run_fma(const pb_args *a) { return dispatch(3, a); }
static int run_fma_strided(const pb_args *a) { return dispatch(4, a); }
static int run_fill(const pb_args *a) { return dispatch(5, a); }

/* The library bar of `copy`: the runtime's device-to-device copy. */
static int run_cudart_copy(const pb_args *a)
{
    size_t bytes = a->n * pb_dtype_size(a->dtype);
    if (cudaMemcpyAsync(a->buf[1], a->buf[0], bytes, cudaMemcpyDeviceToDevice, 0) != cudaSuccess)
        return pb_cuda_check_launch("cudaMemcpyAsync");
    return PB_OK;
}

/* The library bar of `fill`: the runtime's memset (every byte PB_FILL_BYTE). */
static int run_cudart_fill(const pb_args *a)
{
    size_t bytes = a->n * pb_dtype_size(a->dtype);
    if (cudaMemsetAsync(a->buf[0], PB_FILL_BYTE, bytes, 0) != cudaSuccess)
        return pb_cuda_check_launch("cudaMemsetAsync");
    return PB_OK;
}

/* bench, name, what it teaches (portbench list), dtypes, run, backend, flags; the
 * benchmarks in the order a worker lists them (the registry keeps each benchmark's rows
 * together: best, in micro_best.cu, follows its `kernel`) */
extern "C" const pb_variant pb_variants_cuda_micro[] = {
    {"stream", "kernel", "one thread per element: dest[i] = src[i] + 1", PB_DT_FP, run_stream, "cuda", 0},
    {"copy", "kernel", "one thread per element: dest[i] = src[i]", PB_DT_FP, run_copy, "cuda", 0},
    {"fill", "kernel", "one thread per element: dest[i] = c", PB_DT_FP, run_fill, "cuda", 0},
    {"stream-strided", "kernel", "dest[sw*i] = src[sr*i]: uncoalesced access", PB_DT_FP, run_stream_strided, "cuda", 0},
    {"fma", "kernel", "a dependent chain of fma() per element", PB_DT_FP, run_fma, "cuda", 0},
    {"fma-strided", "kernel", "fma chain only where i % stride == 0: idle lanes", PB_DT_FP, run_fma_strided, "cuda", 0},
    {"copy", "lib", "cudaMemcpyAsync device to device", PB_DT_FP, run_cudart_copy, "cudart", 0},
    {"fill", "lib", "cudaMemsetAsync (every byte 0x3f)", PB_DT_FP, run_cudart_fill, "cudart", 0},
    {0}};
