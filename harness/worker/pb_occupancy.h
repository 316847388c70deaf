/* pb_occupancy.h - the theoretical occupancy of a kernel launch: how many of its blocks
 * one SM holds at once, from the registers per thread, threads per block and shared
 * memory per block the launch used (CUPTI's kernel record says them) and the SM limits of
 * the GPU's compute capability. A pure calculator with the rules of NVIDIA's occupancy
 * calculator (cudaOccupancyMaxActiveBlocksPerMultiprocessor): no GPU, no CUDA needed. */
#ifndef PB_OCCUPANCY_H
#define PB_OCCUPANCY_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What one SM of a compute capability holds (CUDA C Programming Guide, "Compute
 * Capabilities", and cuda_occupancy.h for the allocation rules). */
typedef struct pb_sm_limits {
    int cc;                    /* compute capability x 10: 70, 75, 80, 86, 89, 90 */
    int max_warps;             /* resident warps per SM */
    int max_blocks;            /* resident blocks per SM */
    int max_threads_per_block;
    int regs_per_sm;           /* 32-bit registers per SM */
    int regs_per_block;        /* most registers one block may hold */
    int max_regs_per_thread;
    int reg_alloc_unit;        /* a warp's registers are allocated in units of this many */
    int sub_partitions;        /* the register file is split evenly among them */
    int smem_per_sm;           /* shared memory per SM at the largest carveout, bytes */
    int smem_per_block;        /* most shared memory one block may ask for (opt-in), bytes */
    int smem_alloc_unit;       /* a block's shared memory is allocated in units of this, bytes */
    int smem_reserved;         /* shared memory the driver keeps per block (sm_80 on), bytes */
} pb_sm_limits;

/* The limits of compute capability cc (x 10), or NULL when the table lacks it. */
const pb_sm_limits *pb_sm_limits_of(int cc);

/* What limits the blocks per SM (several bits when limits tie). */
enum { PB_OCC_REGISTERS = 1, PB_OCC_SHARED = 2, PB_OCC_WARPS = 4, PB_OCC_BLOCKS = 8 };

typedef struct pb_occupancy {
    int blocks_per_sm;       /* active blocks per SM */
    int warps_per_sm;        /* active warps per SM: blocks x warps per block */
    int max_warps;           /* the SM's maximum */
    double occupancy;        /* warps_per_sm / max_warps, 0..1 */
    unsigned limit;          /* PB_OCC_* bits of the factors that give blocks_per_sm */
    /* blocks per SM each factor alone allows (a large number when it does not limit) */
    int by_registers, by_shared, by_warps, by_blocks;
} pb_occupancy;

/* Occupancy of a launch of threads_per_block threads, each using regs_per_thread
 * registers, and smem_bytes of shared memory per block (static + dynamic, without the
 * driver's reserve, which is added here). PB_OK, or PB_ERR with one line in why: an
 * unknown compute capability, or a launch that cannot run (no threads, more than the
 * block maximum of threads, registers or shared memory). */
int pb_occupancy_calc(int cc, int regs_per_thread, int threads_per_block, long smem_bytes, pb_occupancy *out,
                      char *why, size_t cap);

/* The limit bits as text: "registers", "shared", "warps", "blocks", joined with '+'
 * when several tie ("registers+warps"); "" for none. Returns buf. */
const char *pb_occupancy_limit_text(unsigned limit, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
