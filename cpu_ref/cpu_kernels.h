/* cpu_kernels.h - the CPU OpenMP baselines (one per benchmark). */
#ifndef PB_CPU_KERNELS_H
#define PB_CPU_KERNELS_H
#include "pb_backend.h"
int pb_cpu_dmvm(const pb_args *a);
#endif
