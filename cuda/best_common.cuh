/* best_common.cuh - what the `best` kernels share (cuda/micro_best.cu, cuda/dmvm.cu, ...): 16-byte
 * vectors of each element type and their elements. (gemm has its own, gemm_common.cuh.) */
#ifndef PB_BEST_COMMON_CUH
#define PB_BEST_COMMON_CUH

/* 16-byte vectors of each element type */
template <typename T> struct vec16;
template <> struct vec16<float> {
    typedef float4 type;
    enum { n = 4 };
};
template <> struct vec16<double> {
    typedef double2 type;
    enum { n = 2 };
};
template <> struct vec16<int> {
    typedef int4 type;
    enum { n = 4 };
};

/* The elements of a vector, as an array (the compiler keeps them in registers). */
template <typename T, typename V> __device__ inline T &lane(V &v, int k) { return reinterpret_cast<T *>(&v)[k]; }

#endif
