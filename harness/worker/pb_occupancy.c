/* The occupancy calculator. Limits per compute capability from the CUDA C Programming
 * Guide (13.0), section "Compute Capabilities", table "Technical Specifications per
 * Compute Capability" (warps, blocks, registers and shared memory per SM, shared memory
 * per block), and the device properties cudaGetDeviceProperties reports for them
 * (sharedMemPerMultiprocessor, sharedMemPerBlockOptin, reservedSharedMemPerBlock); the
 * allocation rules (register units per warp, four register sub-partitions, shared memory
 * units, the driver's 1 KiB per block from sm_80 on) from NVIDIA's occupancy calculator,
 * cuda_occupancy.h of the CUDA toolkit (cudaOccMaxActiveBlocksPerMultiprocessor), which
 * tests/test_occupancy.c checks this file against where the header is installed.
 * Left out, since they never limit these GPUs: partitioned global caching (sm_52/6x
 * only), block barriers (sm_90 has two per resident block), virtual resources (sm_100 on). */
#include "pb_occupancy.h"
#include "pb_common.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static const pb_sm_limits limits[] = {
    /* cc  warps blocks thr/blk regs/SM regs/blk regs/thr unit parts smem/SM smem/blk unit reserved */
    {70, 64, 32, 1024, 65536, 65536, 255, 256, 4, 96 * 1024, 96 * 1024, 256, 0},          /* V100 */
    {75, 32, 16, 1024, 65536, 65536, 255, 256, 4, 64 * 1024, 64 * 1024, 256, 0},          /* T4, RTX 20 */
    {80, 64, 32, 1024, 65536, 65536, 255, 256, 4, 164 * 1024, 163 * 1024, 128, 1024},     /* A100 */
    {86, 48, 16, 1024, 65536, 65536, 255, 256, 4, 100 * 1024, 99 * 1024, 128, 1024},      /* A40, RTX 30 */
    {89, 48, 24, 1024, 65536, 65536, 255, 256, 4, 100 * 1024, 99 * 1024, 128, 1024},      /* L40, RTX 40 */
    {90, 64, 32, 1024, 65536, 65536, 255, 256, 4, 228 * 1024, 227 * 1024, 128, 1024},     /* H100, H200 */
};

const pb_sm_limits *pb_sm_limits_of(int cc)
{
    for (size_t i = 0; i < sizeof limits / sizeof *limits; ++i)
        if (limits[i].cc == cc)
            return &limits[i];
    return NULL;
}

static long round_up(long x, long unit) { return (x + unit - 1) / unit * unit; }

int pb_occupancy_calc(int cc, int regs_per_thread, int threads_per_block, long smem_bytes, pb_occupancy *out,
                      char *why, size_t cap)
{
    memset(out, 0, sizeof *out);
    const pb_sm_limits *L = pb_sm_limits_of(cc);
    if (!L) {
        snprintf(why, cap, "no SM limits for compute capability %d.%d", cc / 10, cc % 10);
        return PB_ERR;
    }
    if (threads_per_block < 1 || threads_per_block > L->max_threads_per_block) {
        snprintf(why, cap, "%d threads per block: a block has 1 to %d", threads_per_block, L->max_threads_per_block);
        return PB_ERR;
    }
    if (regs_per_thread < 0 || regs_per_thread > L->max_regs_per_thread) {
        snprintf(why, cap, "%d registers per thread: at most %d", regs_per_thread, L->max_regs_per_thread);
        return PB_ERR;
    }
    if (smem_bytes < 0) {
        snprintf(why, cap, "negative shared memory (%ld bytes)", smem_bytes);
        return PB_ERR;
    }
    const int warp = 32;
    int warps = (threads_per_block + warp - 1) / warp; /* a partial warp takes a whole one */

    /* Registers: a warp's are allocated in units; each sub-partition holds whole warps,
     * and a block is checked with its warps rounded up to the sub-partitions. */
    long regs_warp = round_up((long)regs_per_thread * warp, L->reg_alloc_unit);
    if (regs_warp * round_up(warps, L->sub_partitions) > L->regs_per_block) {
        snprintf(why, cap, "%d registers x %d threads exceed the %d registers of a block", regs_per_thread,
                 threads_per_block, L->regs_per_block);
        return PB_ERR;
    }
    out->by_registers = regs_warp ? (int)(L->regs_per_sm / L->sub_partitions / regs_warp) * L->sub_partitions / warps
                                  : INT_MAX;

    /* Shared memory: the block's own plus the driver's reserve, in allocation units, out
     * of the SM's largest carveout (the driver picks the carveout that fits the most). */
    long smem = round_up(smem_bytes + L->smem_reserved, L->smem_alloc_unit);
    if (smem > (long)L->smem_per_block + L->smem_reserved) {
        snprintf(why, cap, "%ld bytes of shared memory per block: at most %d", smem_bytes, L->smem_per_block);
        return PB_ERR;
    }
    out->by_shared = smem ? (int)(L->smem_per_sm / smem) : INT_MAX;

    out->by_warps = L->max_warps / warps;
    out->by_blocks = L->max_blocks;

    int b = out->by_registers;
    b = out->by_shared < b ? out->by_shared : b;
    b = out->by_warps < b ? out->by_warps : b;
    b = out->by_blocks < b ? out->by_blocks : b;
    out->limit = (b == out->by_registers ? PB_OCC_REGISTERS : 0) | (b == out->by_shared ? PB_OCC_SHARED : 0) |
                 (b == out->by_warps ? PB_OCC_WARPS : 0) | (b == out->by_blocks ? PB_OCC_BLOCKS : 0);
    out->blocks_per_sm = b;
    out->warps_per_sm = b * warps;
    out->max_warps = L->max_warps;
    out->occupancy = (double)out->warps_per_sm / L->max_warps;
    return PB_OK;
}

const char *pb_occupancy_limit_text(unsigned limit, char *buf, size_t cap)
{
    static const struct {
        unsigned bit;
        const char *name;
    } names[] = {{PB_OCC_REGISTERS, "registers"}, {PB_OCC_SHARED, "shared"}, {PB_OCC_WARPS, "warps"},
                 {PB_OCC_BLOCKS, "blocks"}};
    size_t len = 0;
    if (cap)
        buf[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof *names; ++i)
        if ((limit & names[i].bit) && len < cap)
            len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? "+" : "", names[i].name);
    return buf;
}
