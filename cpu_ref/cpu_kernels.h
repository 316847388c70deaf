/* cpu_kernels.h - the CPU OpenMP baselines (one per benchmark). */
#ifndef PB_CPU_KERNELS_H
#define PB_CPU_KERNELS_H
#include "pb_backend.h"
int pb_cpu_gemm(const pb_args *a);
int pb_openblas_gemm(const pb_args *a);
/* OpenBLAS is loaded when the openblas backend starts, not at program start, so that
 * pb-cpu runs where it is absent (the bundle's base part): PB_OK, or PB_ERR with the
 * reason in why. The other functions are valid after PB_OK. */
int pb_openblas_load(char *why, size_t cap);
void pb_openblas_set_num_threads(int threads);
int pb_openblas_get_num_threads(void);
const char *pb_openblas_get_config(void);
#endif
