/* pb_shapes.h - launch shapes shared by the CUDA and OpenMP-target versions of a
 * kernel, so that matching versions split the work the same way. */
#ifndef PB_SHAPES_H
#define PB_SHAPES_H

/* dMVM */
#define PB_DMVM_ROW_BLOCK 256   /* V0/V1 (CUDA): threads per block, one thread per row */
#define PB_DMVM_TILE 32         /* V2-V6: 32 x 32 thread blocks (tiles of rows x columns) */
#define PB_DMVM_COL_THREADS 256 /* V3-V6: threads sharing one row (grid-stride over columns) */
#define PB_DMVM_ROW_THREADS 256 /* V7-V9 (CUDA): threads of the block that owns the rows */
#define PB_DMVM_V8_ROWS 4       /* V8: rows per team / block */
#define PB_DMVM_V9_BLK 8        /* V9: rows per team / block, a compile-time constant */

/* Micro benchmarks */
#define PB_MICRO_BLOCK 256 /* CUDA threads per block, one element per thread */
/* fill writes the value whose bytes are all PB_FILL_BYTE, so that cudaMemset (which sets
 * bytes) writes the same array: 0x3f3f3f3f = 0.7460... in float, 4.8e-4 in double. */
#define PB_FILL_BYTE 0x3f
/* FMA chain acc = a*acc + b: a = 1 - 2^-12 and b = 2^-12 are exact in float and double,
 * the fixed point is 1, and a^chain keeps the initial value visible in the result
 * (a^1024 = 0.78), so the closed form 1 + a^k (x0 - 1) checks every element. */
#define PB_FMA_A (1.0 - 1.0 / 4096.0)
#define PB_FMA_B (1.0 / 4096.0)

/* OpenMP under gcc: bytes of the team-shared buffer in GPU shared memory
 * (omp_target/omp_common.h, gomp_team_shared.ptx): the largest team-shared array, dMVM
 * V6 in double, (32 + 32*32) * 8 bytes. */
#define PB_OMP_TEAM_SHARED_BYTES 8448

/* Reduction */
#define PB_REDUCE_MAX_BLOCK 1024
#define PB_REDUCE_BLOCKS_PER_SM 8 /* k7/shfl grid: enough resident blocks to fill the GPU */
/* k7, shfl and OpenMP multiacc: one partial per block (team) of a grid that fills the GPU:
 * PB_REDUCE_BLOCKS_PER_SM blocks of 256 threads per SM (more blocks when they are smaller). */
#define PB_REDUCE_K7_GRID(sms, block)                                                                           ((long)(sms) * PB_REDUCE_BLOCKS_PER_SM * (256 / ((block) < 256 ? (block) : 256)))
#define PB_REDUCE_OMP_TEAMS 1024 /* twolevel: teams, one partial sum each */
/* The scratch buffer (bench_reduce.c): k0 keeps a tree level of ceil(n/2) values; the
 * multi-pass kernels ping-pong their partial sums (at most 2*ceil(n/64)) in its two halves
 * of PB_REDUCE_PONG(n) elements each. */
#define PB_REDUCE_SCRATCH(n) ((size_t)(n) / 2 + 64)
#define PB_REDUCE_PONG(n) (((size_t)(n) / 32 + 64) / 2)
/* Partial sums of a two-level scheme must fit one half (n/32 + 64 elements). */
#define PB_REDUCE_PARTIALS(n, want) ((long)(n) / 32 + 64 < (want) ? (long)(n) / 32 + 64 : (want))

#endif
