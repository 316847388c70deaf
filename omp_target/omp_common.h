/* omp_common.h - helpers for the OpenMP-target kernels. */
#ifndef PB_OMP_COMMON_H
#define PB_OMP_COMMON_H

#include "pb_backend.h"
#include "pb_shapes.h"

#include <omp.h>

/* Offload proof, stored from inside a target region by exactly one iteration. */
#define PB_MARK_RAN_ON(p) (*(p) = omp_is_initial_device() ? PB_RAN_ON_HOST : PB_RAN_ON_DEVICE)

/* Team size for kernels written for one 32x32 thread block. On the host (fallback) a
 * team of 1024 threads per team would swamp the machine; a few threads keep the same
 * semantics, since the kernels never depend on the thread count. */
#define PB_TEAM_THREADS(n) (omp_is_initial_device() ? 4 : (n))

/* num_teams of a kernel that sets its team count: one team on the host (fallback),
 * where a team per CUDA block would oversubscribe the CPU. */
#define PB_NUM_TEAMS(n) (pb_omp_on_host() ? 1 : (n))

/* Device number in use (the GPU, or the initial device under host fallback). */
int pb_omp_device(void);
/* 1 when the kernels run on the host (no GPU, --allow-host-fallback). */
int pb_omp_on_host(void);

int pb_omp_dmvm_v0(const pb_args *a);
int pb_omp_dmvm_v1(const pb_args *a);
int pb_omp_dmvm_v2(const pb_args *a);
int pb_omp_dmvm_v3(const pb_args *a);
int pb_omp_dmvm_v4(const pb_args *a);
int pb_omp_dmvm_v5(const pb_args *a);
int pb_omp_dmvm_v6(const pb_args *a);
int pb_omp_dmvm_v7(const pb_args *a);
int pb_omp_dmvm_v8(const pb_args *a);
int pb_omp_dmvm_v9(const pb_args *a);
int pb_omp_stream(const pb_args *a);
int pb_omp_copy(const pb_args *a);
int pb_omp_stream_strided(const pb_args *a);
int pb_omp_fma(const pb_args *a);
int pb_omp_fma_strided(const pb_args *a);
int pb_omp_reduce_clause(const pb_args *a);
int pb_omp_reduce_twolevel(const pb_args *a);
int pb_omp_reduce_multiacc(const pb_args *a);
int pb_omp_reduce_atomic(const pb_args *a);
int pb_omp_gemm_k1(const pb_args *a);
int pb_omp_gemm_k2(const pb_args *a);
int pb_omp_gemm_k3(const pb_args *a);
int pb_omp_gemm_k4(const pb_args *a);
int pb_omp_gemm_k5(const pb_args *a);
int pb_omp_gemm_best(const pb_args *a);
int pb_omp_transpose_naive(const pb_args *a);
int pb_omp_transpose_tile(const pb_args *a);
int pb_omp_transpose_padded(const pb_args *a);
int pb_omp_transpose_unrolled(const pb_args *a);
int pb_omp_window_naive(const pb_args *a);
int pb_omp_window_tile(const pb_args *a);
int pb_omp_histogram_global(const pb_args *a);
int pb_omp_histogram_shared(const pb_args *a);
int pb_omp_ranksort_block(const pb_args *a);
int pb_omp_ranksort_grid(const pb_args *a);
int pb_omp_vecadd_naive(const pb_args *a);
int pb_omp_vecadd_gridstride(const pb_args *a);

#endif
