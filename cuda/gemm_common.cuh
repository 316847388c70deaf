/* gemm_common.cuh - what the CUDA GEMM kernels share (cuda/gemm.cu, cuda/gemm_best.cuh):
 * 16-byte vector types per element type, guarded 16-byte group loads and stores of C.
 * Written in the subset of CUDA that tests/gemm_emu.cpp can also compile for the host
 * (no intrinsics), so the best kernel can be run without a GPU. */
#ifndef PB_GEMM_COMMON_CUH
#define PB_GEMM_COMMON_CUH

#include <stddef.h>

/* ---- 16-byte vectors ---- */

template <typename T>
struct vec16;
template <>
struct vec16<float> {
    typedef float4 type;
    static constexpr int n = 4;
};
template <>
struct vec16<double> {
    typedef double2 type;
    static constexpr int n = 2;
};

__device__ __forceinline__ void unpack(const float4 &q, float *v) { v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w; }
__device__ __forceinline__ void unpack(const double2 &q, double *v) { v[0] = q.x, v[1] = q.y; }
__device__ __forceinline__ float4 pack(const float *v) { return make_float4(v[0], v[1], v[2], v[3]); }
__device__ __forceinline__ double2 pack(const double *v) { return make_double2(v[0], v[1]); }

/* v = M[r][c .. c+V), zero outside the rows x cols matrix. One 16-byte load when vec (cols
 * a multiple of V, so that c % V == 0 makes the group aligned and c < cols puts all of it
 * in range), else V guarded scalar loads. */
template <typename T>
__device__ __forceinline__ void load_group(const T *__restrict__ M, int rows, int cols, int r, int c, bool vec, T *v)
{
    constexpr int V = vec16<T>::n;
    if (vec && r < rows && c < cols) {
        unpack(*reinterpret_cast<const typename vec16<T>::type *>(M + (size_t)r * cols + c), v);
    } else {
#pragma unroll
        for (int j = 0; j < V; ++j)
            v[j] = r < rows && c + j < cols ? M[(size_t)r * cols + c + j] : T(0);
    }
}

/* C_out[r][c .. c+V) = alpha*acc + beta*C_in[r][c .. c+V), the part inside m x n. */
template <typename T>
__device__ __forceinline__ void store_group(const T *__restrict__ Cin, T *__restrict__ Cout, int m, int n, int r,
                                            int c, bool vec, const T *acc, T alpha, T beta)
{
    constexpr int V = vec16<T>::n;
    if (r >= m)
        return;
    const size_t at = (size_t)r * n + c;
    if (vec && c < n) {
        T cin[V], out[V];
        unpack(*reinterpret_cast<const typename vec16<T>::type *>(Cin + at), cin);
#pragma unroll
        for (int j = 0; j < V; ++j)
            out[j] = alpha * acc[j] + beta * cin[j];
        *reinterpret_cast<typename vec16<T>::type *>(Cout + at) = pack(out);
    } else {
#pragma unroll
        for (int j = 0; j < V; ++j)
            if (c + j < n)
                Cout[at + j] = alpha * acc[j] + beta * Cin[at + j];
    }
}

#define GEMM_ARGS                                                                                            \
    int m, int n, int k, T alpha, const T *__restrict__ A, const T *__restrict__ B, T beta,                  \
        const T *__restrict__ Cin, T *__restrict__ Cout

#endif
