/* pb_shapes.h - launch shapes shared by the CUDA and OpenMP-target versions of a
 * kernel, so that matching versions split the work the same way; and each benchmark's
 * buffers by name (pb_args.buf index = the benchmark's pb_bench.bufs order). */
#ifndef PB_SHAPES_H
#define PB_SHAPES_H

/* dMVM */
enum { DMVM_MAT, DMVM_SRC, DMVM_DEST };
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
enum { REDUCE_IN, REDUCE_OUT, REDUCE_PARTIALS };
enum { REDUCE_BLOCK }; /* its parameter, --block */
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

/* GEMM: C_out = alpha*A*B + beta*C_in. alpha and beta are exact in binary and neither
 * 1 nor 0, so both terms are computed and checked. */
#define PB_GEMM_ALPHA 1.5
#define PB_GEMM_BETA (-0.5)
/* The problem is --size square unless --m/--n/--k (params 0, 1, 2) override a dimension. */
#define PB_GEMM_DIM(size, param) ((param) > 0 ? (long)(param) : (long)(size))
#define PB_GEMM_M(a) PB_GEMM_DIM((a)->n, (a)->param[0])
#define PB_GEMM_N(a) PB_GEMM_DIM((a)->n, (a)->param[1])
#define PB_GEMM_K(a) PB_GEMM_DIM((a)->n, (a)->param[2])
/* Largest m and n: every CUDA grid dimension (32-row or -column tiles) stays below 65536. */
#define PB_GEMM_MAX_MN 2000000L
#define PB_GEMM_MAX_K (1L << 30)
/* OpenMP target translations (omp_target/gemm_kernels.inc) */
#define PB_GEMM_OMP_TILE 32 /* k3: team of 32x32, shared 32x32 tiles (CUDA k3) */
#define PB_GEMM_OMP_K4_TM 8 /* k4: rows per iteration (CUDA k4's TM) */
#define PB_GEMM_OMP_K5_TM 8 /* k5: rows x columns per iteration; the columns are 32 apart */
#define PB_GEMM_OMP_K5_TN 4
/* best, candidates "tiles" (PB_GEMM_OMP_BEST_CONFIG=0, 1): CUDA best's candidate 0 in
 * SPMD OpenMP: a team owns a BM x 128 or BM x 256 tile of C, BK-deep tiles in two
 * team-shared stages, warps of WM x WN in which a thread holds 2 x 2 fragments of 4 x 4 */
#define PB_GEMM_OMP_BM 128
#define PB_GEMM_OMP_BK 8
#define PB_GEMM_OMP_WM 64
#define PB_GEMM_OMP_WN 32
/* best, candidates "regs" (2, 3, 4): one simd loop, each iteration (a lane) keeps a
 * TM x TN tile of C in registers over the whole k loop, its TN columns 32 apart; teams
 * of this many GPU threads (thread_limit PB_TEAM_LIMIT: gcc's threads are warps) */
#define PB_GEMM_OMP_REGS_LANES 256
/* Transpose: 32 x 32 tiles. naive, tile, padded: 32 x 32 threads, one element each;
 * unrolled: 32 x 8 threads, each copies TILE / ROWS = 4 rows of its tile. */
enum { TRANSPOSE_IN, TRANSPOSE_OUT };
enum { TRANSPOSE_COLS }; /* its parameter, --cols (0: square) */
#define PB_TRANSPOSE_TILE 32
#define PB_TRANSPOSE_ROWS 8

/* Sliding-window sum: threads per block; the largest radius (the OpenMP tile is a
 * team-shared array of fixed size BLOCK + 2 * MAX_RADIUS). */
enum { WINDOW_IN, WINDOW_OUT };
enum { WINDOW_RADIUS }; /* its parameter, --radius */
#define PB_WINDOW_BLOCK 256
#define PB_WINDOW_MAX_RADIUS 256

/* Histogram: threads per block; at most MAX_BLOCKS blocks (teams) for the grid-stride
 * shared-memory version; the largest --bins (size of the OpenMP team-shared array). */
enum { HIST_KEYS, HIST_COUNTS };
enum { HIST_BINS }; /* its parameter, --bins */
#define PB_HIST_BLOCK 256
#define PB_HIST_MAX_BLOCKS 1024
#define PB_HIST_MAX_BINS 4096
/* Keys to bins, the same formula in every backend (CUB included):
 *  int keys k:   bin = k for 0 <= k < bins (the course's bin[data[i]]++);
 *  float keys x: j = (x + 1) * 2^23 evaluated in float, bin = floor(j * bins / 2^24) in
 *                64-bit integers. The generated keys are multiples of 2^-23 in [-1, 1),
 *                so j is an exact integer in [0, 2^24) and no rounding is involved.
 * A key whose k or j is out of range is not counted (as CUB's HistogramEven does). */
#define PB_HIST_J(x) (((x) + 1.0f) * 8388608.0f)
#define PB_HIST_J_VALID(j) ((j) >= 0.0f && (j) < 16777216.0f)
#define PB_HIST_BIN_J(j, bins) (PB_HIST_J_VALID(j) ? (int)(((long long)(j) * (long long)(bins)) >> 24) : -1)
#define PB_HIST_BIN_INT(k, bins) ((k) >= 0 && (k) < (bins) ? (int)(k) : -1)

/* Rank sort: threads per block of the grid version; the block version runs the whole
 * array as one block, so n <= PB_RANKSORT_MAX_BLOCK. */
enum { RANKSORT_KEYS, RANKSORT_SORTED };
#define PB_RANKSORT_BLOCK 256
#define PB_RANKSORT_MAX_BLOCK 1024

/* Vector add: its buffers (c = a + b); threads per block; the grid-stride version uses at
 * most GS_BLOCKS blocks (teams x threads in OpenMP: GS_BLOCKS * BLOCK loop iterations). */
enum { VECADD_A, VECADD_B, VECADD_C };
#define PB_VECADD_BLOCK 256
#define PB_VECADD_GS_BLOCKS 1024

#endif
