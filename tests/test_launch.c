/* Unit tests of why a row is slow and what it costs (issue 26): the occupancy calculator
 * (harness/worker/pb_occupancy.c) against cases worked by hand from the CUDA occupancy rules and,
 * where the CUDA toolkit's cuda_occupancy.h is installed, against NVIDIA's own calculator
 * over a grid of launches; the launch that takes most of the time (pb_trace); the energy
 * bookkeeping and measurement with a fake counter and clock, the cooldown, and the option
 * values (pb_energy); the columns of a row they fill (pb_facts); the options --energy,
 * --energy-window and --cooldown from the command line to a worker. No GPU needed.
 * Usage: test_launch GROUP (occupancy, occupancy_cuda, facts, energy, cooldown, row, options). */
#define _GNU_SOURCE
#include "pb_check.h"
#include "pb_cli.h"
#include "pb_common.h"
#include "pb_derive.h"
#include "pb_energy.h"
#include "pb_facts.h"
#include "pb_occupancy.h"
#include "pb_plan.h"
#include "pb_testopts.h"
#include "pb_trace.h"

#include <limits.h>
#include <pthread.h>
#include <time.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef PB_HAVE_CUDA_OCCUPANCY
#include <cuda_occupancy.h>
#endif

PB_CHECK_STATE;

/* ---- occupancy ---- */

typedef struct occ_case {
    int cc, regs, threads;
    long smem;       /* static + dynamic shared memory per block, bytes */
    int blocks;      /* active blocks per SM */
    int warps;       /* active warps per SM */
    double pct;      /* occupancy, percent */
    const char *limit;
} occ_case;

/* Worked by the rules (pb_occupancy.c's header): a warp's registers are regs x 32 rounded
 * up to 256; each of the 4 sub-partitions holds 65536 / 4 = 16384 registers, so
 * 16384 / (registers per warp) whole warps, and the registers allow 4 x that / (warps
 * per block) blocks. Shared memory per block is smem + 1024 (driver's reserve, sm_80 on)
 * rounded up to 128 (256 before sm_80), out of the SM's 228 KiB (sm_90), 164 KiB (sm_80),
 * 100 KiB (sm_86, sm_89), 96 KiB (sm_70), 64 KiB (sm_75). Warps allow max warps (64 on
 * sm_70/80/90, 48 on sm_86/89, 32 on sm_75) / warps per block; blocks at most 32 (sm_70/
 * 80/90), 24 (sm_89), 16 (sm_75/86). Active blocks: the smallest; the limits that give it
 * are named. These are the figures cudaOccupancyMaxActiveBlocksPerMultiprocessor gives. */
static const occ_case occ_cases[] = {
    /* gcc-12's kernels (issue 26): 255 x 32 = 8160 -> 8192 per warp; 16384 / 8192 = 2
     * warps per sub-partition, 8 per SM; a block of 256 is 8 warps: 1 block, 8 of 64
     * warps. (Warps alone: 64 / 8 = 8 blocks; shared: 233472 / 1024 = 228.) */
    {90, 255, 256, 0, 1, 8, 12.5, "registers"},
    /* 32 x 32 = 1024 per warp; 16 warps per sub-partition, 64 per SM: 8 blocks of 8
     * warps; warps alone also 64 / 8 = 8: both limit, 100% */
    {90, 32, 256, 0, 8, 64, 100, "registers+warps"},
    /* clang-19's 30 registers: 960 -> 1024 per warp, 64 warps per SM; 128 threads = 4
     * warps: 16 blocks; warps 64 / 4 = 16; blocks 32 */
    {90, 30, 128, 0, 16, 64, 100, "registers+warps"},
    /* 64 x 32 = 2048 per warp; 16384 / 2048 = 8 per sub-partition, 32 per SM; a block of
     * 1024 is 32 warps: 1 block (warps alone: 64 / 32 = 2), 32 of 64 warps */
    {90, 64, 1024, 0, 1, 32, 50, "registers"},
    /* register granularity: 33 x 32 = 1056 -> 1280; 16384 / 1280 = 12.8 -> 12 warps per
     * sub-partition, 48 per SM: 6 blocks of 8 warps (warps alone 8) */
    {90, 33, 256, 0, 6, 48, 75, "registers"},
    /* 100 threads take 4 whole warps: registers 64 / 4 = 16, warps 64 / 4 = 16 */
    {90, 32, 100, 0, 16, 64, 100, "registers+warps"},
    /* the block limit: 16 x 32 = 512 per warp, 32 per sub-partition, 128 warps = 128
     * one-warp blocks; warps 64; blocks 32: 32 blocks of 1 warp */
    {90, 16, 32, 0, 32, 32, 50, "blocks"},
    /* shared memory: 48 KiB static + 1024 = 50176 (a multiple of 128); 233472 / 50176
     * = 4.65 -> 4 blocks (registers and warps 8) */
    {90, 32, 256, 48 * 1024, 4, 32, 50, "shared"},
    /* the largest block on sm_90: 227 KiB + 1024 = 233472 = the whole SM: 1 block */
    {90, 32, 256, 227 * 1024, 1, 8, 12.5, "shared"},
    /* sm_80: 40000 + 1024 = 41024 -> 41088 (321 x 128); 167936 / 41088 = 4.09 -> 4
     * blocks of 4 warps (registers 64 / 4 = 16, warps 16) */
    {80, 32, 128, 40000, 4, 16, 25, "shared"},
    /* sm_80 like sm_90 for registers: 255 regs x 256 -> 1 block */
    {80, 255, 256, 0, 1, 8, 12.5, "registers"},
    /* sm_80, 64 KiB: 65536 + 1024 = 66560 (520 x 128); 167936 / 66560 = 2.52 -> 2 */
    {80, 32, 256, 64 * 1024, 2, 16, 25, "shared"},
    /* sm_86: registers 64 warps / 8 = 8 blocks, but warps 48 / 8 = 6 */
    {86, 32, 256, 0, 6, 48, 100, "warps"},
    /* sm_86, 16 regs x 64 threads: registers 128 warps / 2 = 64, warps 48 / 2 = 24,
     * blocks 16: 16 blocks of 2 warps = 32 of 48 */
    {86, 16, 64, 0, 16, 32, 100.0 * 32 / 48, "blocks"},
    /* sm_89: 40 x 32 = 1280 per warp, 16384 / 1280 = 12 per sub-partition, 48 per SM:
     * 6 blocks of 8; warps 48 / 8 = 6; blocks 24 */
    {89, 40, 256, 0, 6, 48, 100, "registers+warps"},
    /* sm_89, 1-warp blocks: warps 48, blocks 24 */
    {89, 16, 32, 0, 24, 24, 50, "blocks"},
    /* sm_89 shared: 30000 + 1024 = 31024 -> 31104 (243 x 128); 102400 / 31104 = 3.29 -> 3 */
    {89, 32, 128, 30000, 3, 12, 25, "shared"},
    /* sm_75: registers 64 warps / 2 = 32 blocks; warps 32 / 2 = 16; blocks 16 */
    {75, 32, 64, 0, 16, 32, 100, "warps+blocks"},
    /* sm_75 shared, no reserve, 256-byte units: 20000 -> 20224 (79 x 256); 65536 / 20224
     * = 3.24 -> 3 blocks of 8 warps = 24 of 32 */
    {75, 32, 256, 20000, 3, 24, 75, "shared"},
    /* sm_70: no shared memory, no reserve: shared memory never limits */
    {70, 32, 256, 0, 8, 64, 100, "registers+warps"},
    /* sm_70, 128 regs x 128: 4096 per warp, 4 per sub-partition, 16 per SM: 4 blocks */
    {70, 128, 128, 0, 4, 16, 25, "registers"},
};

static void test_occupancy(void)
{
    char why[160], lim[64];
    for (size_t i = 0; i < sizeof occ_cases / sizeof *occ_cases; ++i) {
        const occ_case *k = &occ_cases[i];
        pb_occupancy o;
        int rc = pb_occupancy_calc(k->cc, k->regs, k->threads, k->smem, &o, why, sizeof why);
        CHECK(rc == PB_OK);
        CHECK(o.blocks_per_sm == k->blocks);
        CHECK(o.warps_per_sm == k->warps);
        CHECK_NEAR(100 * o.occupancy, k->pct, 1e-9);
        CHECK(strcmp(pb_occupancy_limit_text(o.limit, lim, sizeof lim), k->limit) == 0);
        if (rc != PB_OK || o.blocks_per_sm != k->blocks || strcmp(lim, k->limit) != 0)
            fprintf(stderr, "  case %zu: sm_%d %d regs x %d threads, %ld B: %d blocks (%s), expected %d (%s)\n", i,
                    k->cc, k->regs, k->threads, k->smem, o.blocks_per_sm, lim, k->blocks, k->limit);
    }
    /* launches that cannot run, and unknown GPUs: an error with the reason */
    pb_occupancy o;
    /* 255 x 32 -> 8192 per warp x 32 warps = 262144 > 65536 registers of a block */
    CHECK(pb_occupancy_calc(90, 255, 1024, 0, &o, why, sizeof why) == PB_ERR && strstr(why, "registers of a block"));
    CHECK(pb_occupancy_calc(90, 32, 0, 0, &o, why, sizeof why) == PB_ERR && strstr(why, "threads per block"));
    CHECK(pb_occupancy_calc(90, 32, 1025, 0, &o, why, sizeof why) == PB_ERR);
    CHECK(pb_occupancy_calc(90, 256, 32, 0, &o, why, sizeof why) == PB_ERR && strstr(why, "at most 255"));
    CHECK(pb_occupancy_calc(90, 32, 256, 227 * 1024 + 1, &o, why, sizeof why) == PB_ERR && strstr(why, "shared"));
    CHECK(pb_occupancy_calc(80, 32, 256, 163 * 1024 + 1, &o, why, sizeof why) == PB_ERR);
    CHECK(pb_occupancy_calc(61, 32, 256, 0, &o, why, sizeof why) == PB_ERR && strstr(why, "6.1"));
    CHECK(pb_sm_limits_of(90) && pb_sm_limits_of(90)->max_warps == 64 && !pb_sm_limits_of(100));
    /* no registers at all (a kernel that only stores a constant): registers never limit */
    CHECK(pb_occupancy_calc(90, 0, 256, 0, &o, why, sizeof why) == PB_OK && o.blocks_per_sm == 8 &&
          o.by_registers == INT_MAX);
    CHECK(strcmp(pb_occupancy_limit_text(0, lim, sizeof lim), "") == 0);
    CHECK(strcmp(pb_occupancy_limit_text(PB_OCC_REGISTERS | PB_OCC_SHARED | PB_OCC_WARPS | PB_OCC_BLOCKS, lim,
                                         sizeof lim),
                 "registers+shared+warps+blocks") == 0);
}

/* Every combination of a grid of launches against NVIDIA's calculator (cuda_occupancy.h,
 * the code behind cudaOccupancyMaxActiveBlocksPerMultiprocessor), with the device
 * properties cudaGetDeviceProperties reports for each compute capability. */
static void test_occupancy_cuda(void)
{
#ifdef PB_HAVE_CUDA_OCCUPANCY
    static const struct {
        int major, minor, threads_per_sm;
        size_t smem_sm, smem_optin;
        size_t reserved;
    } devs[] = {
        {7, 0, 2048, 98304, 98304, 0},    {7, 5, 1024, 65536, 65536, 0},      {8, 0, 2048, 167936, 166912, 1024},
        {8, 6, 1536, 102400, 101376, 1024}, {8, 9, 1536, 102400, 101376, 1024}, {9, 0, 2048, 233472, 232448, 1024},
    };
    long compared = 0, differ = 0;
    for (size_t d = 0; d < sizeof devs / sizeof *devs; ++d) {
        cudaOccDeviceProp p;
        memset(&p, 0, sizeof p);
        p.computeMajor = devs[d].major;
        p.computeMinor = devs[d].minor;
        p.maxThreadsPerBlock = 1024;
        p.maxThreadsPerMultiprocessor = devs[d].threads_per_sm;
        p.regsPerBlock = 65536;
        p.regsPerMultiprocessor = 65536;
        p.warpSize = 32;
        p.sharedMemPerBlock = 48 * 1024;
        p.sharedMemPerMultiprocessor = devs[d].smem_sm;
        p.numSms = 132;
        p.sharedMemPerBlockOptin = devs[d].smem_optin;
        p.reservedSharedMemPerBlock = devs[d].reserved;
        cudaOccDeviceState st;
        memset(&st, 0, sizeof st);
        st.cacheConfig = CACHE_PREFER_NONE;
        st.carveoutConfig = SHAREDMEM_CARVEOUT_DEFAULT;
        int cc = 10 * devs[d].major + devs[d].minor;
        for (int regs = 0; regs <= 255; regs += regs < 40 ? 1 : 7)
            for (int threads = 1; threads <= 1024; threads += threads < 70 ? 1 : 37)
                for (long smem = 0; smem <= (long)devs[d].smem_optin + 2048; smem += smem < 4096 ? 500 : 9973) {
                    cudaOccFuncAttributes a;
                    memset(&a, 0, sizeof a);
                    a.maxThreadsPerBlock = 1024;
                    a.numRegs = regs;
                    a.sharedSizeBytes = (size_t)smem;
                    a.partitionedGCConfig = PARTITIONED_GC_OFF;
                    a.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN; /* the launch ran: it opted in where it had to */
                    a.maxDynamicSharedSizeBytes = devs[d].smem_optin;
                    a.numBlockBarriers = 1;
                    cudaOccResult r;
                    memset(&r, 0, sizeof r);
                    if (cudaOccMaxActiveBlocksPerMultiprocessor(&r, &p, &a, &st, threads, 0) != CUDA_OCC_SUCCESS)
                        continue;
                    pb_occupancy o;
                    char why[160];
                    int rc = pb_occupancy_calc(cc, regs, threads, smem, &o, why, sizeof why);
                    int mine = rc == PB_OK ? o.blocks_per_sm : 0; /* NVIDIA's 0: the launch cannot run */
                    unsigned theirs = (r.limitingFactors & OCC_LIMIT_REGISTERS ? PB_OCC_REGISTERS : 0) |
                                      (r.limitingFactors & OCC_LIMIT_SHARED_MEMORY ? PB_OCC_SHARED : 0) |
                                      (r.limitingFactors & OCC_LIMIT_WARPS ? PB_OCC_WARPS : 0) |
                                      (r.limitingFactors & OCC_LIMIT_BLOCKS ? PB_OCC_BLOCKS : 0);
                    ++compared;
                    if (mine != r.activeBlocksPerMultiprocessor || (mine > 0 && o.limit != theirs)) {
                        if (++differ <= 10)
                            fprintf(stderr, "  sm_%d %d regs x %d threads, %ld B: %d blocks (limit %x), cuda: %d (%x)\n",
                                    cc, regs, threads, smem, mine, rc == PB_OK ? o.limit : 0,
                                    r.activeBlocksPerMultiprocessor, theirs);
                    }
                }
    }
    printf("compared %ld launches with cuda_occupancy.h: %ld differ\n", compared, differ);
    CHECK(compared > 100000);
    CHECK(differ == 0);
#else
    printf("cuda_occupancy.h not found at build time: nothing compared\n");
#endif
}

/* ---- the launch that takes most of the time ---- */

static void test_facts(void)
{
    /* the same fields give the same copy; any field apart, another */
    pb_launch a = {"_Z4dmvmPdS_", 40, 0, 0, 0, {132, 1, 1}, {256, 1, 1}};
    char name[] = "_Z4dmvmPdS_"; /* another buffer with the same text */
    pb_launch a2 = a, b = a, c = a;
    a2.name = name;
    b.grid[0] = 264;
    c.name = "_Z6reduceILi128EEvPKiPii";
    c.smem_static_bytes = 512;
    const pb_launch *la = pb_trace_launch_intern(&a), *la2 = pb_trace_launch_intern(&a2);
    const pb_launch *lb = pb_trace_launch_intern(&b), *lc = pb_trace_launch_intern(&c);
    CHECK(la && la == la2 && la != lb && lb != lc && la->name != a.name && strcmp(la->name, a.name) == 0);
    name[0] = 'X'; /* the copy keeps its own name */
    CHECK(strcmp(la2->name, "_Z4dmvmPdS_") == 0);
    /* many launches (a size sweep's grids): the table grows, each keeps its copy */
    const pb_launch *first = NULL;
    for (int g = 1; g <= 5000; ++g) {
        pb_launch s = a;
        s.grid[0] = g;
        const pb_launch *l = pb_trace_launch_intern(&s);
        CHECK(l && l->grid[0] == g);
        if (g == 1)
            first = l;
    }
    pb_launch s1 = a;
    s1.grid[0] = 1;
    CHECK(pb_trace_launch_intern(&s1) == first);

    /* Two repetition windows [100, 200] and [300, 400] (ns). */
    const uint64_t begin[] = {100, 300}, end[] = {200, 400};
    const pb_span spans[] = {
        {10, 90, 1, lc},    /* before the windows (the checked run): ignored */
        {110, 130, 1, la},  /* rep 0: a 20 ns, b 30 ns, c 25 ns, a copy */
        {130, 160, 1, lb},
        {160, 185, 1, lc},
        {185, 190, 0, NULL},
        {310, 330, 1, la},  /* rep 1: a 20 ns, b 10 ns, c 25 ns */
        {330, 340, 1, lb},
        {340, 365, 1, lc},
        {250, 290, 1, la},  /* between the windows: ignored */
    };
    pb_launch_facts f;
    pb_trace_launch_facts(spans, sizeof spans / sizeof *spans, begin, end, 2, &f);
    /* a 40, b 40, c 50 of 130 ns: c */
    CHECK(f.found && f.launch.smem_static_bytes == 512 && strcmp(f.launch.name, c.name) == 0);
    CHECK(f.launches == 2);
    CHECK_NEAR(f.time_s, 50e-9, 1e-15);
    CHECK_NEAR(f.share, 50.0 / 130.0, 1e-12);
    /* a tie (a and b, 40 ns each, without c): the one that started first, a */
    const pb_span tie[] = {{130, 160, 1, lb}, {110, 130, 1, la}, {310, 330, 1, la}, {330, 340, 1, lb}};
    pb_trace_launch_facts(tie, 4, begin, end, 2, &f);
    CHECK(f.found && f.launch.grid[0] == 132 && f.launches == 2);
    CHECK_NEAR(f.share, 0.5, 1e-12);
    /* kernels without a launch record count in the total only; none inside: not found */
    const pb_span bare[] = {{110, 190, 1, NULL}, {310, 320, 1, la}};
    pb_trace_launch_facts(bare, 2, begin, end, 2, &f);
    CHECK(f.found && f.launches == 1);
    CHECK_NEAR(f.share, 10.0 / 90.0, 1e-12);
    pb_trace_launch_facts(spans, 1, begin, end, 2, &f);
    CHECK(!f.found && f.share == 0);
    pb_trace_launch_facts(NULL, 0, begin, end, 2, &f);
    CHECK(!f.found);
    /* the spans still give the device times as before */
    pb_rep_device d[2];
    CHECK(pb_trace_assign(spans, sizeof spans / sizeof *spans, begin, end, 2, d) == 2);
    CHECK(d[0].kernels == 3 && d[0].activities == 4 && d[1].kernels == 3);
}

/* ---- energy ---- */

/* A GPU drawing `watts`, whose counter NVML updates every `period` s (the reading holds
 * the energy up to the last update), and a repetition that takes `rep_s` of its clock. */
typedef struct fake_gpu {
    double t, watts, period, rep_s;
    double temp, cooling;    /* C, and C lost per second of sleep */
    int missing;             /* no counter */
    int stuck;               /* the counter never moves */
    double wrap_at;          /* the counter restarts from 0 at this time (0: never) */
    unsigned long long base; /* mJ at t = 0 */
    long reps, reads;
    int fail_after;          /* the repetition fails after this many (0: never) */
    /* pb_energy_measure reads the counter from a thread of its own: the fake's state is
     * shared under a lock; a repetition lasts (in the fake's time) until the reader has
     * taken a reading after it, as a real one lasts milliseconds; reads from the thread
     * that runs the repetitions are counted apart (the GPU idles while they take). */
    pthread_mutex_t mu;
    pthread_t runner;
    long runner_reads;
} fake_gpu;

static int fake_energy(void *ctx, unsigned long long *mj, char *why, size_t cap)
{
    fake_gpu *g = ctx;
    if (g->missing) {
        snprintf(why, cap, "this GPU has no energy counter (NVML: not supported)");
        return -1;
    }
    pthread_mutex_lock(&g->mu);
    ++g->reads;
    if (pthread_equal(pthread_self(), g->runner))
        ++g->runner_reads;
    double updated = g->stuck ? 0 : floor(g->t / g->period + 1e-9) * g->period;
    if (g->wrap_at > 0 && g->t >= g->wrap_at)
        *mj = (unsigned long long)llround((updated - g->wrap_at) * g->watts * 1e3);
    else
        *mj = g->base + (unsigned long long)llround(updated * g->watts * 1e3);
    pthread_mutex_unlock(&g->mu);
    return 0;
}

static int fake_temp(void *ctx, double *c)
{
    *c = ((fake_gpu *)ctx)->temp;
    return 0;
}

static int fake_sm(void *ctx, double *mhz)
{
    (void)ctx;
    *mhz = 1980;
    return 0;
}

static double fake_now(void *ctx)
{
    fake_gpu *g = ctx;
    pthread_mutex_lock(&g->mu);
    double t = g->t;
    pthread_mutex_unlock(&g->mu);
    return t;
}

static void fake_sleep(void *ctx, double s)
{
    fake_gpu *g = ctx;
    g->t += s;
    g->temp -= g->cooling * s;
}

static int fake_rep(void *ctx)
{
    fake_gpu *g = ctx;
    pthread_mutex_lock(&g->mu);
    if (g->fail_after && g->reps >= g->fail_after) {
        pthread_mutex_unlock(&g->mu);
        return PB_ERR;
    }
    g->t += g->rep_s;
    g->temp += 0.001; /* it warms while it works */
    ++g->reps;
    long reads = g->reads;
    pthread_mutex_unlock(&g->mu);
    /* until the reader has read the counter at the new time (two readings: one may have
     * begun before the time moved); bounded, should no reader run */
    for (int spin = 0; spin < 20000; ++spin) {
        pthread_mutex_lock(&g->mu);
        long now = g->reads;
        pthread_mutex_unlock(&g->mu);
        if (now >= reads + 2)
            break;
        const struct timespec ts = {0, 10000};
        nanosleep(&ts, NULL);
    }
    return PB_OK;
}

static pb_energy_source fake_source(fake_gpu *g)
{
    pthread_mutex_init(&g->mu, NULL);
    g->runner = pthread_self();
    return (pb_energy_source){fake_energy, fake_temp, fake_sm, fake_now, fake_sleep, g};
}

static void test_energy(void)
{
    pb_energy e;
    pb_energy_window w;
    /* the bookkeeping: normal, J = delta / reps */
    pb_energy_clear(&e);
    pb_energy_window_start(&w, 10.0, 1000);
    pb_energy_window_add(&w, 10.5, 301000);
    pb_energy_window_add(&w, 11.2, 601000);
    w.reps = 100;
    pb_energy_account(&w, 1.0, &e);
    CHECK(e.ok && e.why[0] == '\0' && e.reps == 100 && e.updates == 2);
    CHECK_NEAR(e.joules, 600, 1e-9);
    CHECK_NEAR(e.j_per_rep, 6, 1e-12);
    CHECK_NEAR(e.window_s, 1.2, 1e-12);
    CHECK_NEAR(e.power_w, 500, 1e-9);
    /* too short */
    pb_energy_window_start(&w, 0, 1000);
    pb_energy_window_add(&w, 0.5, 251000);
    w.reps = 10;
    pb_energy_account(&w, 1.0, &e);
    CHECK(!e.ok && strstr(e.why, "shorter than --energy-window 1 s") && isnan(e.j_per_rep) && isnan(e.power_w));
    /* the counter did not advance */
    pb_energy_window_start(&w, 0, 1000);
    pb_energy_window_add(&w, 1.5, 1000);
    w.reps = 10;
    pb_energy_account(&w, 1.0, &e);
    CHECK(!e.ok && strstr(e.why, "did not advance") && e.updates == 0);
    /* wrapped, or reset: lower at the end, or lower once in between */
    pb_energy_window_start(&w, 0, 5000);
    pb_energy_window_add(&w, 1.5, 2000);
    w.reps = 10;
    pb_energy_account(&w, 1.0, &e);
    CHECK(!e.ok && strstr(e.why, "backwards (5000 -> 2000 mJ)"));
    pb_energy_window_start(&w, 0, 5000);
    pb_energy_window_add(&w, 0.5, 2000);
    pb_energy_window_add(&w, 1.5, 900000);
    w.reps = 10;
    pb_energy_account(&w, 1.0, &e);
    CHECK(!e.ok && strstr(e.why, "backwards") && w.backwards);
    /* no repetition */
    pb_energy_window_start(&w, 0, 0);
    pb_energy_window_add(&w, 2, 1000);
    pb_energy_account(&w, 1.0, &e);
    CHECK(!e.ok && strstr(e.why, "no repetition"));

    /* The measurement: 500 W, updates every 100 ms, 7 ms repetitions (3.5 J each). The
     * window starts and ends at updates, so it is off by at most a repetition's lag at
     * each end: 2 x 7 ms of at least 1 s. */
    fake_gpu g = {.t = 5.03, .watts = 500, .period = 0.1, .rep_s = 0.007, .temp = 40, .base = 123456789};
    pb_energy_source src = fake_source(&g);
    CHECK(pb_energy_measure(&src, fake_rep, &g, 1.0, &e) == PB_OK);
    CHECK(e.ok);
    CHECK(e.window_s >= 1.0 && e.window_s < 1.2);
    CHECK(e.updates >= 10 && e.updates <= 12);
    CHECK(e.reps >= 140 && e.reps < g.reps); /* the repetitions before the first update are not counted */
    CHECK_NEAR(e.j_per_rep, 3.5, 3.5 * 0.015);
    CHECK_NEAR(e.power_w, 500, 500 * 0.015);
    CHECK_NEAR(e.joules, e.j_per_rep * e.reps, 1e-9);
    CHECK(e.temp_c_start == 40 && e.temp_c_end > 40 && e.sm_mhz_start == 1980 && e.sm_mhz_end == 1980);
    printf("fake 500 W, 3.5 J a repetition: %.4f J, %.2f W, %.3f s, %ld reps, %d updates\n", e.j_per_rep,
           e.power_w, e.window_s, e.reps, e.updates);
    /* the counter is read by a thread of its own: the thread that runs the repetitions
     * reads it once, before the first (the H200's first runs read it between
     * repetitions: 3-5 ms of window each, 0.13 ms repetitions billed 3.8 ms of mostly idle
     * GPU) */
    CHECK(g.runner_reads == 1 && g.reads > e.reps);
    g = (fake_gpu){.t = 0, .watts = 300, .period = 0.1, .rep_s = 130e-6, .temp = 40};
    src = fake_source(&g);
    CHECK(pb_energy_measure(&src, fake_rep, &g, 0.1, &e) == PB_OK && e.ok);
    CHECK(g.runner_reads == 1 && e.reps > 700);
    CHECK_NEAR(e.power_w, 300, 300 * 0.01);
    CHECK_NEAR(e.j_per_rep, 300 * 130e-6, 300 * 130e-6 * 0.01);
    /* a repetition longer than the window: 4 s each, one in the window */
    g = (fake_gpu){.t = 0, .watts = 676, .period = 0.1, .rep_s = 4.26, .temp = 40};
    src = fake_source(&g);
    CHECK(pb_energy_measure(&src, fake_rep, &g, 1.0, &e) == PB_OK && e.ok && e.reps == 1);
    CHECK_NEAR(e.j_per_rep, 676 * 4.26, 676 * 0.1);
    /* a GPU without the counter: no repetition run, the reason kept */
    g = (fake_gpu){.t = 0, .watts = 500, .period = 0.1, .rep_s = 0.007, .missing = 1, .temp = 40};
    src = fake_source(&g);
    CHECK(pb_energy_measure(&src, fake_rep, &g, 1.0, &e) == PB_OK);
    CHECK(!e.ok && strstr(e.why, "no energy counter") && g.reps == 0 && isnan(e.j_per_rep));
    /* a counter that never moves: bounded (1 s to start, the window, 1 s to end), refused */
    g = (fake_gpu){.t = 0, .watts = 500, .period = 0.1, .rep_s = 0.007, .stuck = 1, .temp = 40};
    src = fake_source(&g);
    CHECK(pb_energy_measure(&src, fake_rep, &g, 1.0, &e) == PB_OK);
    CHECK(!e.ok && strstr(e.why, "did not advance") && g.t < 3.1 && g.t > 2.9);
    /* a counter that wraps inside the window */
    g = (fake_gpu){.t = 0, .watts = 500, .period = 0.1, .rep_s = 0.007, .wrap_at = 0.6, .base = 1000000,
                   .temp = 40};
    src = fake_source(&g);
    CHECK(pb_energy_measure(&src, fake_rep, &g, 1.0, &e) == PB_OK);
    CHECK(!e.ok && strstr(e.why, "backwards"));
    /* a repetition that fails: its error, and no energy */
    g = (fake_gpu){.t = 0, .watts = 500, .period = 0.1, .rep_s = 0.007, .fail_after = 20, .temp = 40};
    src = fake_source(&g);
    CHECK(pb_energy_measure(&src, fake_rep, &g, 1.0, &e) == PB_ERR && !e.ok);

    /* the option values */
    double v;
    char err[200];
    CHECK(pb_energy_parse_window("1", &v, err, sizeof err) == PB_OK && v == 1);
    CHECK(pb_energy_parse_window("2.5", &v, err, sizeof err) == PB_OK && v == 2.5);
    CHECK(pb_energy_parse_window("0.1", &v, err, sizeof err) == PB_OK);
    const char *bad_window[] = {"0", "-1", "0.05", "one", "", "1s", "nan", "inf", "601", "1e400"};
    for (size_t i = 0; i < sizeof bad_window / sizeof *bad_window; ++i) {
        err[0] = '\0';
        CHECK(pb_energy_parse_window(bad_window[i], &v, err, sizeof err) == PB_ERR &&
              strstr(err, "--energy-window needs seconds") && !strchr(err, '\n'));
    }
    CHECK(pb_cooldown_parse("auto", &v, err, sizeof err) == PB_OK && v == PB_COOLDOWN_AUTO);
    CHECK(pb_cooldown_parse("30", &v, err, sizeof err) == PB_OK && v == 30);
    CHECK(pb_cooldown_parse("0.5", &v, err, sizeof err) == PB_OK && v == 0.5);
    const char *bad_cool[] = {"0", "-5", "Auto", "soon", "", "31536000", "3601", "nan", "-inf"};
    for (size_t i = 0; i < sizeof bad_cool / sizeof *bad_cool; ++i) {
        err[0] = '\0';
        CHECK(pb_cooldown_parse(bad_cool[i], &v, err, sizeof err) == PB_ERR && strstr(err, "--cooldown needs") &&
              !strchr(err, '\n'));
    }
}

static void test_cooldown(void)
{
    char note[160];
    /* a fixed wait */
    fake_gpu g = {.t = 0, .temp = 60, .cooling = 1};
    pb_energy_source src = fake_source(&g);
    CHECK(pb_cooldown_wait(&src, 30, 40, note, sizeof note) == 30 && g.t == 30 && note[0] == '\0');
    /* none */
    g.t = 0;
    CHECK(pb_cooldown_wait(&src, 0, 40, note, sizeof note) == 0 && g.t == 0);
    /* auto: 60 C, 1 C a second, the run began at 40 C: until 43 C, 17 s */
    g = (fake_gpu){.t = 0, .temp = 60, .cooling = 1};
    double waited = pb_cooldown_wait(&src, PB_COOLDOWN_AUTO, 40, note, sizeof note);
    CHECK(waited >= 17 && waited <= 17.5 && g.temp <= 43 && note[0] == '\0');
    /* already cool: no wait */
    g = (fake_gpu){.t = 0, .temp = 42, .cooling = 1};
    CHECK(pb_cooldown_wait(&src, PB_COOLDOWN_AUTO, 40, note, sizeof note) == 0 && g.t == 0);
    /* a GPU that does not cool: bounded, and the row says so */
    g = (fake_gpu){.t = 0, .temp = 80, .cooling = 0};
    waited = pb_cooldown_wait(&src, PB_COOLDOWN_AUTO, 40, note, sizeof note);
    CHECK(waited >= PB_COOLDOWN_AUTO_LIMIT && waited <= PB_COOLDOWN_AUTO_LIMIT + 0.5);
    CHECK(strstr(note, "still 80 C after 120 s (the run began at 40 C)"));
    /* no temperature: no wait, said */
    g = (fake_gpu){.t = 0, .temp = 80};
    src.temp_c = NULL;
    CHECK(pb_cooldown_wait(&src, PB_COOLDOWN_AUTO, 40, note, sizeof note) == 0 && strstr(note, "no GPU temperature"));
    src = fake_source(&g);
    CHECK(pb_cooldown_wait(&src, PB_COOLDOWN_AUTO, NAN, note, sizeof note) == 0 && strstr(note, "no GPU temperature"));
}

/* ---- the row's columns ---- */

static void test_row(void)
{
    /* gcc-12's dmvm on an H100 (issue 26): 255 registers, grid 132, block 256 */
    pb_launch l = {"dmvm_v9$_omp_fn$0", 255, 24, 0, 0, {132, 1, 1}, {256, 1, 1}};
    pb_launch_facts f = {1, l, 10, 1e-3, 0.97};
    pb_row r;
    pb_row_init(&r);
    pb_facts_launch(&r, &f, 90);
    CHECK(strcmp(r.kernel_name, "dmvm_v9$_omp_fn$0") == 0 && r.regs_per_thread == 255 &&
          r.local_bytes_per_thread == 24 && r.smem_static_bytes == 0 && r.smem_dynamic_bytes == 0);
    CHECK(strcmp(r.grid, "132x1x1") == 0 && strcmp(r.block, "256x1x1") == 0);
    CHECK_NEAR(r.kernel_share_pct, 97, 1e-9);
    CHECK(r.warps_per_sm == 8 && r.occupancy_pct == 12.5 && strcmp(r.occupancy_limit, "registers") == 0);
    CHECK(r.note[0] == '\0');
    /* a 2D block with shared memory: 16 x 16 = 256 threads, 32 regs, 48 KiB + 1 KiB: 4 blocks */
    pb_launch t = {"_Z9transposeILi32EEvPKdPdii", 32, 0, 33 * 32 * 8, 40 * 1024 - 33 * 32 * 8, {4, 4, 1}, {16, 16, 1}};
    pb_launch_facts ft = {1, t, 1, 1e-6, 1};
    pb_row_init(&r);
    pb_facts_launch(&r, &ft, 90);
    /* 40 KiB + 1 KiB = 41984 (328 x 128); 233472 / 41984 = 5.56 -> 5 blocks of 8 warps */
    CHECK(strcmp(r.block, "16x16x1") == 0 && r.warps_per_sm == 40 && strcmp(r.occupancy_limit, "shared") == 0);
    /* a GPU the table lacks: the launch facts, no occupancy, and the note says why */
    pb_row_init(&r);
    pb_facts_launch(&r, &f, 100);
    CHECK(r.regs_per_thread == 255 && isnan(r.occupancy_pct) && isnan(r.warps_per_sm) && !r.occupancy_limit[0]);
    CHECK(strstr(r.note, "occupancy unknown: no SM limits for compute capability 10.0"));
    /* local memory unknown (no launch callback): empty, not 0 */
    pb_launch_facts fu = f;
    fu.launch.local_bytes_per_thread = -1;
    pb_row_init(&r);
    pb_facts_launch(&r, &fu, 90);
    CHECK(isnan(r.local_bytes_per_thread) && r.regs_per_thread == 255);
    /* no GPU known (cc 0): facts only, silently */
    pb_row_init(&r);
    pb_facts_launch(&r, &f, 0);
    CHECK(r.regs_per_thread == 255 && isnan(r.occupancy_pct) && !r.note[0]);
    /* nothing found: nothing written */
    pb_launch_facts none = {0};
    pb_row_init(&r);
    pb_facts_launch(&r, &none, 90);
    CHECK(!r.kernel_name[0] && isnan(r.regs_per_thread) && !r.grid[0]);

    /* energy: 8192^3 SGEMM (issue 26's probe): 2 x 8192^3 FLOPs, 2879 J over 4.26 s */
    pb_energy e;
    pb_energy_clear(&e);
    e.ok = 1;
    e.j_per_rep = 2879;
    e.power_w = 676;
    e.window_s = 4.26;
    e.reps = 1;
    e.updates = 42;
    e.temp_c_start = 35;
    e.temp_c_end = 61;
    e.sm_mhz_start = e.sm_mhz_end = 1980;
    pb_row_init(&r);
    r.flops = 2.0 * 8192 * 8192 * 8192;
    r.bytes = 3.0 * 4 * 8192 * 8192;
    pb_facts_energy(&r, &e);
    CHECK(r.energy_j_per_rep == 2879 && r.power_w == 676 && r.energy_window_s == 4.26 && r.energy_reps == 1 &&
          r.energy_updates == 42 && r.temp_c_start == 35 && r.temp_c_end == 61 && r.sm_clock_mhz_end == 1980);
    CHECK(isnan(r.gflop_per_j)); /* derived from the measured energy, with every derived column: */
    pb_row_derive(&r, 0, NULL);
    CHECK_NEAR(r.gflop_per_j, 2.0 * 8192 * 8192 * 8192 / 2879 * 1e-9, 1e-9); /* 0.38 GFLOP/J a repetition */
    CHECK_NEAR(r.gb_per_j, 3.0 * 4 * 8192 * 8192 / 2879 * 1e-9, 1e-12);
    CHECK(!r.note[0]);
    /* refused: empty columns, the reason in the note (after what was there) */
    pb_energy_clear(&e);
    snprintf(e.why, sizeof e.why, "this GPU has no energy counter (NVML: not supported)");
    pb_row_init(&r);
    snprintf(r.note, sizeof r.note, "shape per_sm=2");
    pb_facts_energy(&r, &e);
    CHECK(isnan(r.energy_j_per_rep) && isnan(r.power_w) && isnan(r.gb_per_j) && isnan(r.energy_window_s));
    CHECK(strcmp(r.note, "shape per_sm=2; no energy: this GPU has no energy counter (NVML: not supported)") == 0);
}

/* ---- the options, from the command line to the worker ---- */

static void test_options(void)
{
    static pb_options o;
    static pb_plan back;
    char err[512];
    CHECK(parse_opts(&o, "stream", "--n 1000", err, sizeof err) == PB_OK);
    CHECK(!o.energy && o.energy_window == PB_ENERGY_WINDOW_DEFAULT && o.cooldown == 0 && isnan(o.start_temp_c));
    CHECK(plan_round_trip(&o, &back, err, sizeof err) == PB_OK && !back.energy && back.cooldown == 0);
    /* --energy with its window, --cooldown auto and the run's start temperature */
    CHECK(parse_opts(&o, "stream", "--n 1000 --energy --energy-window 2.5 --cooldown auto", err, sizeof err) == PB_OK);
    CHECK(o.energy && o.energy_window == 2.5 && o.cooldown == PB_COOLDOWN_AUTO);
    o.start_temp_c = 38.5; /* the driver read it */
    CHECK(plan_round_trip(&o, &back, err, sizeof err) == PB_OK);
    CHECK(back.energy && back.energy_window == 2.5 && back.cooldown == PB_COOLDOWN_AUTO && back.start_temp_c == 38.5);
    /* the default window, a fixed cooldown */
    CHECK(parse_opts(&o, "stream", "--n 1000 --energy --cooldown 30", err, sizeof err) == PB_OK);
    CHECK(plan_round_trip(&o, &back, err, sizeof err) == PB_OK);
    CHECK(back.energy && back.energy_window == 1 && back.cooldown == 30 && isnan(back.start_temp_c));
    /* refused: the window without --energy; the worker's options of old (a worker gets a plan) */
    CHECK(parse_opts(&o, "stream", "--n 1000 --energy-window 2", err, sizeof err) == PB_ERR &&
          strstr(err, "use it with --energy"));
    CHECK(parse_opts(&o, "stream", "--n 1000 --start-temp 40", err, sizeof err) == PB_ERR && strstr(err, "unknown"));
    CHECK(parse_opts(&o, "stream", "--n 1000 --emit x.csv", err, sizeof err) == PB_ERR && strstr(err, "unknown"));
    pb_plan_free(&back);
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        void (*fn)(void);
    } groups[] = {{"occupancy", test_occupancy}, {"occupancy_cuda", test_occupancy_cuda}, {"facts", test_facts},
                  {"energy", test_energy},       {"cooldown", test_cooldown},
                  {"row", test_row},             {"options", test_options}};
    int ran = 0;
    for (size_t i = 0; i < sizeof groups / sizeof *groups; ++i)
        if (argc < 2 || strcmp(argv[1], groups[i].name) == 0) {
            groups[i].fn();
            ++ran;
        }
    if (!ran) {
        fprintf(stderr, "test_launch: unknown group '%s'\n", argv[1]);
        return 2;
    }
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
