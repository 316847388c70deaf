/* cpu_kernels.h - what the CPU backends share with their kernel files (cpu_ref/<benchmark>_cpu.c,
 * each ending with its rows): OpenBLAS, loaded by the openblas backend. */
#ifndef PB_CPU_KERNELS_H
#define PB_CPU_KERNELS_H
#include "pb_backend.h"
/* OpenBLAS is loaded when the openblas backend starts, not at program start, so that
 * pb-cpu runs where it is absent (the bundle's base part): PB_OK, or PB_ERR with the
 * reason in why. The other functions are valid after PB_OK. */
int pb_openblas_load(char *why, size_t cap);
void pb_openblas_set_num_threads(int threads);
int pb_openblas_get_num_threads(void);
const char *pb_openblas_get_config(void);
#endif
