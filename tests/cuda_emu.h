/* cuda_emu.h - runs CUDA kernels written in a small subset of CUDA (cuda/gemm_best.cuh:
 * threadIdx, blockIdx, gridDim, __shared__, __syncthreads, float4/double2) on the host,
 * so that their indexing, guards and barriers are tested without a GPU.
 *
 * Each thread of a block is a fiber (ucontext); a block runs on one OS thread, blocks
 * one after another. __syncthreads() parks the calling fiber; when every fiber of the
 * block is parked the barrier opens. A fiber that finishes while others wait at a
 * barrier is a non-uniform barrier (an error). Between two barriers the fibers run one
 * after another in the order the test asks for (forward, reverse, shuffled): a read of
 * shared memory that another thread writes in the same interval (a race) gives
 * different results in different orders. __shared__ arrays are function-static, so a
 * block sees the previous block's values: PB_EMU_POISON_SHARED fills them with NaN
 * (all bits set) at the start of each block, so that reading an element nobody wrote
 * in this block shows in the result. Not emulated: warps, memory ordering, timing. */
#ifndef PB_CUDA_EMU_H
#define PB_CUDA_EMU_H

#include <ucontext.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

struct alignas(16) float4 {
    float x, y, z, w;
};
struct alignas(16) double2 {
    double x, y;
};
inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
inline double2 make_double2(double x, double y) { return double2{x, y}; }

struct emu_dim3 {
    unsigned x, y, z;
};
inline emu_dim3 threadIdx = {0, 0, 0}, blockIdx = {0, 0, 0}, gridDim = {1, 1, 1}, blockDim = {1, 1, 1};

#define __global__
#define __device__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __shared__ static
#define __align__(n) __attribute__((aligned(n)))

namespace emu {
enum { READY, AT_BARRIER, DONE };
enum order { FORWARD, REVERSE, SHUFFLED };
struct fiber {
    ucontext_t ctx;
    std::vector<char> stack;
    int state;
};
inline ucontext_t scheduler;
inline std::vector<fiber> fibers;
inline int current;
inline const std::function<void()> *body;

inline void trampoline()
{
    (*body)();
    fibers[current].state = DONE; /* uc_link returns to the scheduler */
}

/* a fresh context for fiber t (apart: getcontext returns twice, which would make the
 * compiler warn about every variable of the caller) */
__attribute__((noinline)) inline void start_fiber(fiber &f)
{
    getcontext(&f.ctx);
    f.ctx.uc_stack.ss_sp = f.stack.data();
    f.ctx.uc_stack.ss_size = f.stack.size();
    f.ctx.uc_link = &scheduler;
    makecontext(&f.ctx, trampoline, 0);
    f.state = READY;
}

/* Run body as grid x block threads; false (with a message) on a non-uniform barrier. */
inline bool launch(unsigned gx, unsigned gy, unsigned nthreads, order ord, unsigned seed,
                   const std::function<void()> &fn)
{
    const size_t stack_bytes = 256 * 1024;
    fibers.resize(nthreads);
    for (auto &f : fibers)
        f.stack.resize(stack_bytes);
    body = &fn;
    gridDim = {gx, gy, 1};
    blockDim = {nthreads, 1, 1};
    std::mt19937 rng(seed);
    std::vector<int> seq(nthreads);
    for (unsigned by = 0; by < gy; ++by)
        for (unsigned bx = 0; bx < gx; ++bx) {
            blockIdx = {bx, by, 0};
            for (unsigned t = 0; t < nthreads; ++t)
                start_fiber(fibers[t]);
            for (;;) {
                for (unsigned t = 0; t < nthreads; ++t)
                    seq[t] = ord == REVERSE ? (int)(nthreads - 1 - t) : (int)t;
                if (ord == SHUFFLED)
                    std::shuffle(seq.begin(), seq.end(), rng);
                for (int t : seq) {
                    if (fibers[t].state == DONE)
                        continue;
                    fibers[t].state = READY;
                    current = t;
                    threadIdx = {(unsigned)t, 0, 0};
                    swapcontext(&scheduler, &fibers[t].ctx);
                }
                int done = 0, waiting = 0;
                for (auto &f : fibers)
                    done += f.state == DONE, waiting += f.state == AT_BARRIER;
                if (done == (int)nthreads)
                    break;
                if (done > 0) {
                    std::fprintf(stderr, "block (%u,%u): %d threads finished while %d wait at a barrier\n", bx, by,
                                 done, waiting);
                    return false;
                }
            }
        }
    return true;
}
} // namespace emu

inline void __syncthreads()
{
    emu::fibers[emu::current].state = emu::AT_BARRIER;
    swapcontext(&emu::fibers[emu::current].ctx, &emu::scheduler);
    threadIdx = {(unsigned)emu::current, 0, 0};
}

/* all threads call it: thread 0 poisons, everyone waits */
inline void emu_poison(void *p, size_t bytes)
{
    if (threadIdx.x == 0)
        std::memset(p, 0xff, bytes);
    __syncthreads();
}
#define PB_EMU_POISON_SHARED(array) emu_poison(&(array), sizeof(array))

#endif
