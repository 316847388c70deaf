/* cpu_kernels.h - the CPU OpenMP baselines (one per benchmark). */
#ifndef PB_CPU_KERNELS_H
#define PB_CPU_KERNELS_H
#include "pb_backend.h"
int pb_cpu_dmvm(const pb_args *a);
int pb_cpu_stream(const pb_args *a);
int pb_cpu_copy(const pb_args *a);
int pb_cpu_fill(const pb_args *a);
int pb_cpu_stream_strided(const pb_args *a);
int pb_cpu_fma(const pb_args *a);
int pb_cpu_fma_strided(const pb_args *a);
int pb_cpu_reduce(const pb_args *a);
int pb_cpu_gemm(const pb_args *a);
int pb_openblas_gemm(const pb_args *a);
int pb_cpu_transpose(const pb_args *a);
int pb_cpu_window(const pb_args *a);
int pb_cpu_histogram(const pb_args *a);
int pb_cpu_ranksort(const pb_args *a);
int pb_cpu_vecadd(const pb_args *a);
#endif
