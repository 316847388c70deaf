/* The launch shapes of the `best` variants: one table, one lookup, the PB_TUNE hook.
 *
 * Rows are {benchmark, variant, model, toolchain, compute capability, shape, source}.
 * The design defaults (cc 0) follow from the GPU, not from a measurement: keep enough
 * bytes in flight per SM to cover the memory latency (H100/H200: 132 SMs, about 25-36
 * GB/s per SM and about 0.7 us of latency, so at least ~20 KB and better 32-64 KB per
 * SM), with 256-thread teams (8 of them fill an SM's 2048 threads). `portbench tune
 * BENCH` measures the candidates on the GPU at hand and prints rows to paste here, with
 * the cc of that GPU; a row for an exact cc wins over the defaults.
 *
 * What the fields mean per kernel (cuda/micro_best.cu and the benchmarks' files, omp_target/best_kernels.inc):
 *  dmvm    rows per block/team, threads, elems = independent loads per row and step
 *          (CUDA: 16-byte vectors when the rows are 16-byte aligned), per_sm 0 = one
 *          block/team per row group
 *  reduce  per_sm blocks/teams (one partial each), threads, elems = accumulators
 *          (CUDA: 16-byte vector loads) per thread
 *  stream, copy, fill
 *          per_sm (0: one thread per elems items, no grid-stride loop), threads, elems
 *          (CUDA: 16-byte vectors per thread and step; OpenMP: elements per iteration)
 *  fma     per_sm, threads, elems = independent chains per thread (same FMAs per element)
 *  histogram
 *          per_sm, threads, elems = keys per lane and step (CUDA: 16-byte vectors of 4 keys);
 *          OpenMP: elems 1, 2, 4, 8
 *  ranksort threads, elems = keys per thread (register blocking); OpenMP: elems 1, 2, 4, 8;
 *          per_sm unused
 * elems = 16 exists only for OpenMP stream, copy, fill and reduce, vector = 16 for those and
 * OpenMP dmvm (rows * elems <= 4; the others skip them): with vector = 16 each of the
 * `elems` loads of an OpenMP lane is 16 contiguous bytes, as in CUDA's kernels, and the
 * `aligned(...: 16)` clause lets the compiler issue one vector load for them (clang does;
 * gcc-12's PTX keeps scalar loads).
 * A row may name a dtype: tuned in float, a lane carries half the bytes of a double one
 * per element, so its best shape can differ; rows for "*" hold for every dtype.
 *
 * form: the expression of the kernel (pb_best_forms says which exist; a best variant
 * skips any other). A compiler that compiles the best kernel badly gets an alternative
 * through its row here, never through its name in kernel code:
 *  form 0  every best: the kernels above (docs/best.md)
 *  form 1  OpenMP dmvm: one group of `rows` rows per iteration (per GPU thread; gcc: per
 *          lane), as the course's v1, in one combined `teams distribute parallel for simd`
 *          with the shape's teams (per_sm, 0: as many as the row groups need) and threads;
 *          elems = independent accumulators per row (1, 2, 4: that many consecutive
 *          columns per step), each src load shared by the rows; vector = 0 only (the
 *          `aligned` clause needs a simd loop, and form 1's column loop is inside a lane).
 *          OpenMP stream, copy, fill, fma: the `kernel` variant's loop (one element per
 *          iteration; fma: its whole chain) with the shape's teams and threads; elems = 1
 *          and vector = 0 only.
 *          window (CUDA and OpenMP): register reuse, K = elems CONSECUTIVE outputs per
 *          thread / iteration from their 2r + K inputs, each input loaded once (CUDA: from
 *          the shared tile, padded against bank conflicts; OpenMP: from global) and added to
 *          every output whose window holds it, in naive's order: (2r + K) / K loads per
 *          output instead of 2r + 1. Why: CUDA's form 0 at float R=3 was instruction bound
 *          on the H100 (ncu: issue 0.72 warps per scheduler, DRAM 64%, 0.75 of cudaMemcpy);
 *          clang-19's read 2r+1 inputs per output from L1 (DRAM 42%).
 *          OpenMP transpose and rank sort: the course version that runs fastest where every
 *          form-0 shape ran slower on the H100 (transpose: `unrolled`, clang-14 at float;
 *          rank sort: `grid`, clang-16), the same kernel (omp_target/best.c's course_version).
 *          Why gcc: gcc-12's form-0 dmvm kernel has 255 registers a thread and runs one team
 *          of 8 warps per SM (launch facts, results/h200/launch_energy/20261126T0258Z_issue26/),
 *          and its best reached 257 GB/s at nx=16384 double where its v1 reached 894
 *          (results/h200/dmvm/20261122T194943Z_dmvm_nx16384_4tc/); its fill best 1134 GB/s
 *          against `kernel` 2004 (2^28 double, results/h200/fill/20261122T163136Z_fill_2e28_t/),
 *          its fma best 4599 GFLOP/s against `kernel` 6060 (2^22 double, chain 1024,
 *          results/h200/fma/20261122T195018Z_fma_2e22_4tc/).
 *  form 2  OpenMP dmvm, stream, copy, fill, fma: form 1's loop without launch clauses, so the runtime picks
 *          teams and threads as for the course's v1 / `kernel` (per_sm and threads unused;
 *          dmvm: rows = 1, elems 1, 2, 4 accumulators; the others: elems = 1).
 *          Why: on the H100 (results/h100/best/20261126T0838Z_issue25_forms/) gcc-12's
 *          fastest tuned candidate of either form lost to its own course version: dmvm
 *          nx=8192 double 374.2 GB/s (form 1) against v1's 398.4; every clause asked
 *          (per_sm 0: teams as the work needs) ran far slower under gcc (fill form 1
 *          4.8 GB/s with per_sm 0, 195.1 with per_sm 8; form 0 at best 241.5).
 *
 * method: how the OpenMP kernel is written, SPECaccel's "method" (pb_best_methods says
 * which best variants have which; docs/best.md):
 *  method 0  `target teams distribute parallel for simd` (every kernel above)
 *  method 1  `target teams loop`: the same loop body, the implementation maps it
 *  method 2  `target teams ompx_bare num_teams(g) thread_limit(b)` (LLVM's extension,
 *            clang >= 18): CUDA-style ids (ompx_block_id_x, ompx_thread_id_x), a
 *            grid-stride loop over the same iterations
 * Methods 1 and 2 exist for form 0 and vector = 0, for some elems only (OpenMP stream,
 * copy, fill, vecadd: 1, 2, 4; fma: 1, 4, 8); other shapes of them are a SKIP. A compiler
 * whose build lacks the construct (configure test, pb_omp_features in CMakeLists.txt)
 * skips them with the reason in the row's note. Every row here is method 0 until a sweep
 * measures the others. */
#include "pb_tuning.h"
#include "pb_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DESIGN "design default (not measured)"

/* A row's shape names `form` and `method` only when not 0 (every row written before the
 * fields existed, and every sweep's row of form and method 0, reads as before): C sets the
 * rest to 0. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif

/* one row per line, as the sweep prints them */
/* clang-format off */
const pb_tuning_row pb_tuning_table[] = {
    /* bench     variant model  toolchain dtype cc  {per_sm, threads, elems, rows, vector, form, method}  source */
    {"dmvm", "best", "cuda", "nvcc", "*", 0, {0, 256, 2, 2, 0}, DESIGN},
    {"dmvm", "best", "omp", "clang", "*", 0, {0, 256, 2, 2, 0}, DESIGN},
    {"dmvm", "best", "omp", "gcc", "*", 0, {0, 256, 1, 1, 0, 2}, DESIGN}, /* form 2 (see above) */
    {"reduce", "best", "cuda", "nvcc", "*", 0, {8, 256, 4, 1, 0}, DESIGN},
    {"reduce", "best", "omp", "clang", "*", 0, {8, 256, 4, 1, 0}, DESIGN},
    {"reduce", "best", "omp", "gcc", "*", 0, {8, 256, 4, 1, 0}, DESIGN},
    {"stream", "best", "cuda", "nvcc", "*", 0, {8, 256, 4, 1, 0}, DESIGN},
    {"stream", "best", "omp", "clang", "*", 0, {0, 256, 4, 1, 0}, DESIGN},
    {"stream", "best", "omp", "gcc", "*", 0, {0, 256, 4, 1, 0}, DESIGN},
    {"copy", "best", "cuda", "nvcc", "*", 0, {8, 256, 4, 1, 0}, DESIGN},
    {"copy", "best", "omp", "clang", "*", 0, {0, 256, 4, 1, 0}, DESIGN},
    {"copy", "best", "omp", "gcc", "*", 0, {0, 256, 4, 1, 0}, DESIGN},
    {"fill", "best", "cuda", "nvcc", "*", 0, {8, 256, 4, 1, 0}, DESIGN},
    {"fill", "best", "omp", "clang", "*", 0, {0, 256, 4, 1, 0}, DESIGN},
    {"fill", "best", "omp", "gcc", "*", 0, {0, 256, 1, 1, 0, 2}, DESIGN}, /* form 2 (see above) */
    {"fma", "best", "cuda", "nvcc", "*", 0, {0, 256, 4, 1, 0}, DESIGN},
    {"fma", "best", "omp", "clang", "*", 0, {0, 256, 4, 1, 0}, DESIGN},
    {"fma", "best", "omp", "gcc", "*", 0, {0, 256, 1, 1, 0, 2}, DESIGN}, /* form 2 (see above); form 0 with 4, 8 chains: wrong doubles from gcc-12 on the H200 */
    /* vecadd, window, transpose. vecadd: per_sm blocks/teams (0: one thread per
     * elems items), threads, elems = independent 16-byte vectors (CUDA) or elements / groups
     * (OpenMP, vector = 16: groups) of a and of b per thread; elems <= 8. The OpenMP defaults
     * are stream's shapes tuned on the H200 (elems 16 capped at 8) */
    {"vecadd", "best", "cuda", "nvcc", "*", 0, {8, 256, 2, 1, 0}, DESIGN},
    {"vecadd", "best", "omp", "clang", "*", 0, {0, 256, 2, 1, 16}, DESIGN},
    {"vecadd", "best", "omp", "gcc", "*", 0, {4, 512, 8, 1, 0}, DESIGN},
    /* window: per_sm (0: one block/team per tile), threads, elems = outputs per thread
     * (CUDA: tile of threads * elems outputs in shared memory; OpenMP: per iteration) */
    {"window", "best", "cuda", "nvcc", "*", 0, {0, 256, 4, 1, 0}, DESIGN},
    {"window", "best", "omp", "clang", "*", 0, {0, 256, 2, 1, 0}, DESIGN},
    {"window", "best", "omp", "gcc", "*", 0, {4, 512, 4, 1, 0}, DESIGN},
    /* transpose: per_sm (0: one block/team per tile or per `threads` iterations), threads
     * (CUDA: 32 x threads/32, rounded down to 128, 256, 512, 1024), elems (CUDA: 1 = 32 x 32,
     * 2 = 64 x 64 tiles; OpenMP: elements per iteration), rows (OpenMP: 1 = coalesced reads,
     * 2 = coalesced writes) */
    {"transpose", "best", "cuda", "nvcc", "*", 0, {0, 256, 1, 1, 0}, DESIGN},
    {"transpose", "best", "omp", "clang", "*", 0, {0, 256, 4, 2, 0}, DESIGN},
    {"transpose", "best", "omp", "gcc", "*", 0, {0, 256, 4, 2, 0}, DESIGN},
    /* histogram: (per_sm, threads, elems = keys per lane, CUDA: 16-byte vectors of 4 keys
     * per thread, in flight before they are counted) */
    {"histogram", "best", "cuda", "nvcc", "*", 0, {8, 256, 2, 1, 0}, DESIGN},
    {"histogram", "best", "omp", "clang", "*", 0, {8, 256, 4, 1, 0}, DESIGN},
    {"histogram", "best", "omp", "gcc", "*", 0, {8, 256, 4, 1, 0}, DESIGN},
    /* ranksort (threads, elems = keys per thread counted against each key loaded;
     * per_sm unused: one block or team per threads * elems keys, 256 of them at n = 2^16) */
    {"ranksort", "best", "cuda", "nvcc", "*", 0, {0, 128, 2, 1, 0}, DESIGN},
    {"ranksort", "best", "omp", "clang", "*", 0, {0, 128, 2, 1, 0}, DESIGN},
    {"ranksort", "best", "omp", "gcc", "*", 0, {0, 128, 2, 1, 0}, DESIGN},
    /* Measured: `scripts/tune_gpu.sh` on the H200 (cc 90), 2026-11-22, results/h200/tune/.
     * gcc's cc-90 rows of dmvm, fill and fma (form 0: dmvm {0, 256, 2, 1, 16} 127.8 GB/s
     * double, 70.8 float at nx=8192; fill {4, 512, 16, 1, 0} 220.2 / 129.4 GB/s; fma
     * {0, 512, 4, 1, 0} 4708.5 GFLOP/s double, {0, 256, 8, 1, 0} 5313.4 float) are out:
     * the design rows above hold for gcc: form 2, since the H100's sweep of forms 0 and 1
     * (2026-11-26, results/h100/best/20261126T0838Z_issue25_forms/) found none that beat
     * gcc-12's course version (see the header). */
    {"dmvm", "best", "cuda", "nvcc", "*", 90, {0, 256, 4, 2, 0}, "portbench tune 2026-11-22, NVIDIA H200, double nx=8192: 4467.9 GB/s"},
    {"stream", "best", "cuda", "nvcc", "*", 90, {0, 256, 1, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, double n=2^25: 4285.4 GB/s"},
    {"copy", "best", "cuda", "nvcc", "*", 90, {0, 256, 1, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, double n=2^25: 4292.0 GB/s"},
    {"fill", "best", "cuda", "nvcc", "*", 90, {0, 256, 1, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, double n=2^25: 4702.1 GB/s"},
    /* OpenMP rows: `portbench tune BENCH --backend omp,omp@gcc [--dtype float]` on the H200,
     * 2026-11-22, bundle of f029791 (vector = 16 among the candidates),
     * results/h200/tune/20261122T1621Z/ */
    {"copy", "best", "omp", "clang", "*", 90, {0, 256, 2, 1, 16}, "portbench tune 2026-11-22, NVIDIA H200, double n=2^25: 4250.7 GB/s"},
    {"copy", "best", "omp", "gcc", "*", 90, {4, 512, 16, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, double n=2^25: 394.2 GB/s"},
    {"copy", "best", "omp", "clang", "float", 90, {0, 256, 2, 1, 16}, "portbench tune 2026-11-22, NVIDIA H200, float n=2^25: 4120.2 GB/s"},
    {"copy", "best", "omp", "gcc", "float", 90, {4, 512, 16, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, float n=2^25: 219.3 GB/s"},
    {"fill", "best", "omp", "clang", "*", 90, {0, 256, 2, 1, 16}, "portbench tune 2026-11-22, NVIDIA H200, double n=2^25: 4389.7 GB/s"},
    {"fill", "best", "omp", "clang", "float", 90, {0, 256, 2, 1, 16}, "portbench tune 2026-11-22, NVIDIA H200, float n=2^25: 4301.9 GB/s"},
    /* dmvm: swept again with vector=16 among the candidates, bundle of d792a29,
     * results/h200/tune/20261122T1733Z_dmvm/ */
    {"dmvm", "best", "omp", "clang", "*", 90, {0, 256, 1, 2, 16}, "portbench tune 2026-11-22, NVIDIA H200, double nx=8192: 3755.1 GB/s"},
    {"dmvm", "best", "omp", "clang", "float", 90, {0, 256, 1, 4, 16}, "portbench tune 2026-11-22, NVIDIA H200, float nx=8192: 3404.0 GB/s"},
    /* reduce: swept again after best became one region (the last team sums), bundle of
     * 1589501, results/h200/tune/20261122T1707Z_reduce/ */
    {"reduce", "best", "omp", "clang", "*", 90, {8, 256, 4, 1, 16}, "portbench tune 2026-11-22, NVIDIA H200, double n=2^27: 4034.0 GB/s"},
    {"reduce", "best", "omp", "gcc", "*", 90, {4, 512, 16, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, double n=2^27: 690.2 GB/s"},
    {"reduce", "best", "omp", "clang", "float", 90, {8, 256, 2, 1, 16}, "portbench tune 2026-11-22, NVIDIA H200, float n=2^27: 4158.0 GB/s"},
    {"reduce", "best", "omp", "gcc", "float", 90, {4, 512, 16, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, float n=2^27: 367.7 GB/s"},
    {"reduce", "best", "omp", "clang", "int", 90, {8, 256, 2, 1, 16}, "portbench tune 2026-11-22, NVIDIA H200, int n=2^27: 4151.7 GB/s"},
    {"reduce", "best", "omp", "gcc", "int", 90, {4, 512, 16, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, int n=2^27: 367.4 GB/s"},
    {"stream", "best", "omp", "clang", "*", 90, {0, 256, 2, 1, 16}, "portbench tune 2026-11-22, NVIDIA H200, double n=2^25: 4231.4 GB/s"},
    {"stream", "best", "omp", "gcc", "*", 90, {4, 512, 16, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, double n=2^25: 421.4 GB/s"},
    {"stream", "best", "omp", "clang", "float", 90, {0, 256, 2, 1, 16}, "portbench tune 2026-11-22, NVIDIA H200, float n=2^25: 4100.1 GB/s"},
    {"stream", "best", "omp", "gcc", "float", 90, {4, 512, 16, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, float n=2^25: 219.6 GB/s"},
    /* fma (every toolchain): swept again after fma's 256 FMAs per loop trip, bundle of
     * 379bac1, results/h200/tune/20261122T1923Z_fma_reduce/; CUDA reduce (the three rows
     * after them): swept again after its one launch and contiguous tile runs per block,
     * results/h200/tune/20261122T1947Z_reduce/ */
    {"fma", "best", "cuda", "nvcc", "*", 90, {0, 128, 4, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, double n=2^22: 32415.9 GFLOP/s"},
    {"fma", "best", "omp", "clang", "*", 90, {0, 128, 4, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, double n=2^22: 31839.2 GFLOP/s"},
    {"fma", "best", "cuda", "nvcc", "float", 90, {0, 128, 4, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, float n=2^22: 61272.6 GFLOP/s"},
    {"fma", "best", "omp", "clang", "float", 90, {0, 256, 8, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, float n=2^22: 58368.2 GFLOP/s"},
    {"reduce", "best", "cuda", "nvcc", "*", 90, {8, 256, 2, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, double n=2^27: 4474.6 GB/s"},
    {"reduce", "best", "cuda", "nvcc", "float", 90, {8, 256, 2, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, float n=2^27: 4407.0 GB/s"},
    {"reduce", "best", "cuda", "nvcc", "int", 90, {8, 256, 2, 1, 0}, "portbench tune 2026-11-22, NVIDIA H200, int n=2^27: 4412.7 GB/s"},
    /* vecadd and window: `scripts/tune_gpu.sh` on the H100 (cc 90), 2026-11-26,
     * results/h100/best/20261126T0645Z_issue25_24_23/part_b/tune/ (transpose's sweep did not finish) */
    {"vecadd", "best", "cuda", "nvcc", "*", 90, {0, 256, 1, 1, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, double n=2^25: 3047.4 GB/s"},
    {"vecadd", "best", "omp", "clang", "*", 90, {0, 256, 1, 1, 16}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, double n=2^25: 3085.5 GB/s"},
    {"vecadd", "best", "omp", "gcc", "*", 90, {4, 512, 8, 1, 16}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, double n=2^25: 571.5 GB/s"},
    {"window", "best", "cuda", "nvcc", "*", 90, {0, 128, 4, 1, 0, 1, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, double n=2^25: 2935.6 GB/s"},
    {"window", "best", "omp", "clang", "*", 90, {0, 256, 4, 1, 0, 1, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, double n=2^25: 2500.6 GB/s"},
    {"window", "best", "omp", "gcc", "*", 90, {8, 256, 8, 1, 0, 1, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, double n=2^25: 334.0 GB/s"},
    /* transpose, histogram and ranksort: `portbench tune BENCH` on the H100 (cc 90), 2026-11-26,
     * results/h100/best/20261126T0838Z_issue25_forms/part_b/tune/ */
    {"transpose", "best", "cuda", "nvcc", "*", 90, {0, 256, 1, 1, 0, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, double n=8192: 2925.1 GB/s"},
    {"transpose", "best", "omp", "clang", "*", 90, {0, 256, 8, 2, 0, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, double n=8192: 2615.7 GB/s"},
    {"transpose", "best", "omp", "gcc", "*", 90, {8, 256, 4, 2, 0, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, double n=8192: 556.6 GB/s"},
    {"histogram", "best", "cuda", "nvcc", "*", 90, {2, 1024, 2, 1, 0, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, int n=2^26: 2854.2 GB/s"},
    {"histogram", "best", "omp", "clang", "*", 90, {16, 128, 8, 1, 0, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, int n=2^26: 1681.1 GB/s"},
    {"histogram", "best", "omp", "gcc", "*", 90, {4, 512, 4, 1, 0, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, int n=2^26: 112.3 GB/s"},
    {"ranksort", "best", "cuda", "nvcc", "*", 90, {0, 256, 1, 1, 0, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, int n=2^16: 0.6 GB/s"},
    {"ranksort", "best", "omp", "clang", "*", 90, {0, 128, 1, 1, 0, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, int n=2^16: 0.3 GB/s"},
    {"ranksort", "best", "omp", "gcc", "*", 90, {0, 256, 2, 1, 0, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, int n=2^16: 0.2 GB/s"},
    /* clang-14, -15 and -16 where their shape differs from clang-19's: `portbench tune BENCH
     * --backend omp@clang-N` on the H100, 2026-11-26, results/h100/best/20261126T1207Z_issue25_tc/tune/;
     * form 1 where every form-0 candidate ran slower than the course version (same folder) */
    {"vecadd", "best", "omp", "clang-14", "*", 90, {4, 512, 8, 1, 16, 0, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, double n=2^27: 2910.6 GB/s"},
    {"vecadd", "best", "omp", "clang-15", "*", 90, {0, 256, 2, 1, 16, 0, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, double n=2^25: 3063.3 GB/s"},
    {"vecadd", "best", "omp", "clang-16", "*", 90, {0, 256, 2, 1, 0, 0, 0}, "portbench tune 2026-11-26, NVIDIA H100 80GB HBM3, double n=2^25: 3070.4 GB/s"},
    {"transpose", "best", "omp", "clang-14", "float", 90, {0, 256, 8, 2, 0, 1, 0}, "course version `unrolled`: 1404.6 GB/s, the tune's fastest form-0 shape 1139.5 (float 8192, H100, 2026-11-26)"},
    {"ranksort", "best", "omp", "clang-16", "*", 90, {0, 128, 1, 1, 0, 1, 0}, "course version `grid`: every form-0 shape of the tune slower (int and float 2^16, H100, 2026-11-26)"},
};
/* clang-format on */
const size_t pb_tuning_nrows = sizeof pb_tuning_table / sizeof pb_tuning_table[0];

static int in_list(int v, const char *list)
{
    char buf[64];
    pb_strlcpy(buf, list, sizeof buf);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
        if (atoi(t) == v)
            return 1;
    return 0;
}

int pb_shape_check(const pb_shape *s, char *err, size_t cap)
{
    if (s->per_sm < 0 || s->per_sm > PB_SHAPE_MAX_PER_SM)
        snprintf(err, cap, "per_sm=%d: accepted 0..%d", s->per_sm, PB_SHAPE_MAX_PER_SM);
    else if (s->threads < 32 || s->threads > PB_SHAPE_MAX_THREADS || s->threads % 32)
        snprintf(err, cap, "threads=%d: accepted multiples of 32 up to %d", s->threads, PB_SHAPE_MAX_THREADS);
    else if (!in_list(s->elems, PB_SHAPE_ELEMS))
        snprintf(err, cap, "elems=%d: accepted %s", s->elems, PB_SHAPE_ELEMS);
    else if (!in_list(s->rows, PB_SHAPE_ROWS))
        snprintf(err, cap, "rows=%d: accepted %s", s->rows, PB_SHAPE_ROWS);
    else if (!in_list(s->vector, PB_SHAPE_VECTOR))
        snprintf(err, cap, "vector=%d: accepted %s (bytes a lane loads per element group)", s->vector,
                 PB_SHAPE_VECTOR);
    else if (!in_list(s->form, PB_SHAPE_FORM))
        snprintf(err, cap, "form=%d: accepted %s (the kernel's expression)", s->form, PB_SHAPE_FORM);
    else if (!in_list(s->method, PB_SHAPE_METHOD))
        snprintf(err, cap, "method=%d: accepted %s (0 dpf, 1 loop, 2 bare)", s->method, PB_SHAPE_METHOD);
    else
        return 0;
    return -1;
}

int pb_shape_parse(const char *spec, pb_shape *s, char *err, size_t cap)
{
    char buf[256];
    pb_strlcpy(buf, spec, sizeof buf);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        while (*t == ' ')
            ++t;
        char *eq = strchr(t, '='), *end;
        if (!eq) {
            snprintf(err, cap, "'%s' is not key=value (keys: per_sm, threads, elems, rows, vector, form, method)", t);
            return -1;
        }
        *eq = '\0';
        long v = strtol(eq + 1, &end, 10);
        for (int m = 0; strcmp(t, "method") == 0 && m < PB_NMETHODS; ++m)
            if (strcmp(eq + 1, pb_method_name(m)) == 0) /* method=loop */
                v = m, end = eq + 1 + strlen(eq + 1);
        if (end == eq + 1 || *end || v < 0 || v > 1 << 20) {
            snprintf(err, cap, "%s=%s: not a number", t, eq + 1);
            return -1;
        }
        int *field = strcmp(t, "per_sm") == 0    ? &s->per_sm
                     : strcmp(t, "threads") == 0 ? &s->threads
                     : strcmp(t, "elems") == 0   ? &s->elems
                     : strcmp(t, "rows") == 0    ? &s->rows
                     : strcmp(t, "vector") == 0  ? &s->vector
                     : strcmp(t, "form") == 0    ? &s->form
                     : strcmp(t, "method") == 0  ? &s->method
                                                 : NULL;
        if (!field) {
            snprintf(err, cap, "unknown key '%s' (keys: per_sm, threads, elems, rows, vector, form, method)", t);
            return -1;
        }
        *field = (int)v;
    }
    return 0;
}

void pb_shape_format(const pb_shape *s, char *buf, size_t cap)
{
    snprintf(buf, cap, "per_sm=%d,threads=%d,elems=%d,rows=%d", s->per_sm, s->threads, s->elems, s->rows);
    size_t len = strlen(buf);
    if (s->vector && len < cap) /* only when set: shapes without it read as before it existed */
        snprintf(buf + len, cap - len, ",vector=%d", s->vector);
    len = strlen(buf);
    if (s->form && len < cap) /* likewise */
        snprintf(buf + len, cap - len, ",form=%d", s->form);
    len = strlen(buf);
    if (s->method && len < cap) /* likewise */
        snprintf(buf + len, cap - len, ",method=%d", s->method);
}

const char *pb_method_name(int method)
{
    static const char *const names[PB_NMETHODS] = {"dpf", "loop", "bare"};
    return method >= 0 && method < PB_NMETHODS ? names[method] : NULL;
}

/* the methods of this process's compiler (pb_tuning_set_methods) */
static unsigned methods_have = (1u << PB_NMETHODS) - 1;
static const char *methods_why = "";

void pb_tuning_set_methods(unsigned have, const char *why)
{
    methods_have = have;
    methods_why = why ? why : "";
}

/* How closely a row's or a PB_TUNE section's toolchain NAME matches the toolchain ID asked
 * for: 0 not at all, 1 "*", else 2 + strlen(NAME) (a longer name is more specific). NAME
 * matches when it is ID or a leading part of it that ends before a '-': "clang" and
 * "clang-16" both match "clang-16", "clang-19" matches "clang-19-nightly". */
static int toolchain_match(const char *name, const char *id)
{
    size_t len = strlen(name);
    if (strcmp(name, "*") == 0)
        return 1;
    return strncmp(name, id, len) == 0 && (id[len] == '\0' || id[len] == '-') ? 2 + (int)len : 0;
}

static int known_family(const char *name)
{
    static const char *const families[] = {"nvcc", "clang", "gcc"};
    for (size_t i = 0; i < sizeof families / sizeof *families; ++i) {
        size_t len = strlen(families[i]);
        if (strncmp(name, families[i], len) == 0 && (name[len] == '\0' || (name[len] == '-' && name[len + 1])))
            return 1;
    }
    return 0;
}

const char *pb_tuning_toolchain(const char *family, const char *id)
{
    return id && toolchain_match(family, id) > 1 ? id : family;
}

int pb_tune_apply(const char *value, const char *toolchain, pb_shape *s, char *err, size_t cap)
{
    char buf[1024];
    pb_strlcpy(buf, value, sizeof buf);
    pb_shape out = *s;
    int applied = 0, most = 0;
    /* sections without a prefix first, then the toolchain's own from the least to the most
     * specific name (clang before clang-16) */
    for (int pass = 0; pass == 0 || most > 0; ++pass) {
        int next = 0;
        char copy[1024];
        pb_strlcpy(copy, buf, sizeof copy);
        for (char *save = NULL, *t = strtok_r(copy, ";", &save); t; t = strtok_r(NULL, ";", &save)) {
            while (*t == ' ')
                ++t;
            if (!*t)
                continue;
            char *colon = strchr(t, ':');
            const char *body = t;
            if (colon) {
                *colon = '\0';
                if (!known_family(t)) {
                    snprintf(err, cap,
                             "%s: unknown toolchain '%s' (nvcc, clang, gcc, or one with its version: clang-16)",
                             PB_TUNE_ENV, t);
                    return -1;
                }
                const int m = toolchain_match(t, toolchain);
                if (m > most && (next == 0 || m < next))
                    next = m; /* the next pass's specificity */
                if (pass == 0 || m != most)
                    continue;
                body = colon + 1;
            } else if (pass > 0) {
                continue;
            }
            if (pb_shape_parse(body, &out, err, cap) != 0)
                return -1;
            applied = 1;
        }
        most = next;
    }
    if (applied && pb_shape_check(&out, err, cap) != 0)
        return -1;
    *s = out;
    return applied;
}

int pb_tuning_lookup(const char *bench, const char *variant, const char *model, const char *toolchain,
                     const char *dtype, int cc, pb_shape *out, char *src, size_t cap)
{
    return pb_tuning_lookup_tuned(bench, variant, model, toolchain, dtype, cc, out, src, cap, NULL);
}

int pb_tuning_lookup_tuned(const char *bench, const char *variant, const char *model, const char *toolchain,
                           const char *dtype, int cc, pb_shape *out, char *src, size_t cap, int *tuned)
{
    if (tuned)
        *tuned = 0;
    const pb_tuning_row *best = NULL;
    int best_score = -1;
    for (size_t i = 0; i < pb_tuning_nrows; ++i) {
        const pb_tuning_row *r = &pb_tuning_table[i];
        if (strcmp(r->bench, bench) || strcmp(r->variant, variant) || strcmp(r->model, model))
            continue;
        const int tc = toolchain_match(r->toolchain, toolchain);
        if (!tc)
            continue;
        if (r->cc != 0 && r->cc != cc)
            continue;
        int dt_exact = dtype && strcmp(r->dtype, dtype) == 0;
        if (!dt_exact && strcmp(r->dtype, "*") != 0)
            continue;
        const int score = (4 * (r->cc != 0) + 2 * dt_exact) * 64 + tc;
        if (score > best_score)
            best = r, best_score = score;
    }
    memset(out, 0, sizeof *out);
    if (!best) {
        if (src)
            snprintf(src, cap, "no tuning row for %s %s %s/%s", bench, variant, model, toolchain);
        return -1;
    }
    *out = best->shape;
    char where[96];
    if (best->cc)
        snprintf(where, sizeof where, "tuning table: cc %d%s%s", best->cc, strcmp(best->dtype, "*") ? ", " : "",
                 strcmp(best->dtype, "*") ? best->dtype : "");
    else
        snprintf(where, sizeof where, "tuning table: any cc%s%s", strcmp(best->dtype, "*") ? ", " : "",
                 strcmp(best->dtype, "*") ? best->dtype : "");
    const char *tune = getenv(PB_TUNE_ENV);
    char err[200] = "";
    int applied = tune && *tune ? pb_tune_apply(tune, toolchain, out, err, sizeof err) : 0;
    if (tuned)
        *tuned = applied;
    if (src) {
        char shape[112], miss[160] = "";
        pb_shape_format(out, shape, sizeof shape);
        if (!(methods_have & 1u << out->method)) /* why the row is a SKIP, before PB_TUNE's echo */
            snprintf(miss, sizeof miss, " (%s: not in this compiler, %s)", pb_method_name(out->method), methods_why);
        if (applied > 0)
            snprintf(src, cap, "%s%s from %s=%s", shape, miss, PB_TUNE_ENV, tune);
        else if (applied < 0)
            snprintf(src, cap, "%s%s (%s; %s ignored: %s)", shape, miss, where, PB_TUNE_ENV, err);
        else
            snprintf(src, cap, "%s%s (%s)", shape, miss, where);
    }
    return 0;
}

int pb_best_forms(const char *bench, const char *model)
{
    /* the best variants with alternatives (forms 1 and 2: see the table's header comment) */
    static const struct {
        const char *bench;
        int omp, cuda;
    } forms[] = {{"dmvm", 3, 1}, {"stream", 3, 1}, {"copy", 3, 1},      {"fill", 3, 1},
                 {"fma", 3, 1},  {"window", 2, 2}, {"transpose", 2, 1}, {"ranksort", 2, 1}};
    for (size_t i = 0; bench && model && i < sizeof forms / sizeof *forms; ++i)
        if (strcmp(bench, forms[i].bench) == 0)
            return strcmp(model, "omp") == 0 ? forms[i].omp : strcmp(model, "cuda") == 0 ? forms[i].cuda : 1;
    return 1;
}

unsigned pb_best_methods(const char *bench, const char *model)
{
    /* the best variants written in every method (the others: method 0 only) */
    static const char *const all[] = {"stream", "copy", "fill", "fma", "vecadd"};
    if (model && strcmp(model, "omp") == 0)
        for (size_t i = 0; i < sizeof all / sizeof *all; ++i)
            if (bench && strcmp(bench, all[i]) == 0)
                return (1u << PB_NMETHODS) - 1;
    return 1u << PB_METHOD_DPF;
}

void pb_tuning_best_shape(const char *bench, const char *model, const char *toolchain, const char *dtype, int cc,
                          pb_shape *out)
{
    if (pb_tuning_lookup(bench, "best", model, toolchain, dtype, cc, out, NULL, 0) != 0 ||
        pb_shape_check(out, NULL, 0) != 0 || out->form >= pb_best_forms(bench, model) ||
        !(pb_best_methods(bench, model) & 1u << out->method) || (out->method && out->form) ||
        !(methods_have & 1u << out->method))
        memset(out, 0, sizeof *out);
}

long pb_shape_teams(const pb_shape *s, int sms, long work, long per_team)
{
    long need = per_team > 0 ? (work + per_team - 1) / per_team : 1;
    if (s->per_sm > 0) {
        long cap = (long)s->per_sm * (sms > 0 ? sms : 1);
        if (need > cap)
            need = cap;
    }
    return need < 1 ? 1 : need;
}
