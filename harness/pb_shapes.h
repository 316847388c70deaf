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
/* FMA chain acc = a*acc + b: a = 1 - 2^-12 and b = 2^-12 are exact in float and double,
 * the fixed point is 1, and a^chain keeps the initial value visible in the result
 * (a^1024 = 0.78), so the closed form 1 + a^k (x0 - 1) checks every element. */
#define PB_FMA_A (1.0 - 1.0 / 4096.0)
#define PB_FMA_B (1.0 / 4096.0)

/* Reduction */
#define PB_REDUCE_MAX_BLOCK 1024
#define PB_REDUCE_BLOCKS_PER_SM 8 /* k7/shfl grid: enough resident blocks to fill the GPU */
#define PB_REDUCE_OMP_TEAMS 1024      /* twolevel: teams, one partial sum each */
#define PB_REDUCE_OMP_THREADS (1 << 17) /* multiacc: loop iterations ("threads"), one partial each */
/* Partial sums must fit the scratch buffer of n/32 + 64 elements (bench_reduce.c). */
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
/* best: CUDA k5's block tile (BM x BN x BK, TM x TN per thread, 256 threads) */
#define PB_GEMM_OMP_BM 128
#define PB_GEMM_OMP_BN 128
#define PB_GEMM_OMP_BK 8
#define PB_GEMM_OMP_TM 8
#define PB_GEMM_OMP_TN 8

#endif
