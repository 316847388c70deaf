/* omp_common.h - helpers for the OpenMP-target kernels. */
#ifndef PB_OMP_COMMON_H
#define PB_OMP_COMMON_H

#include "pb_backend.h"
#include "pb_shapes.h"
#include "pb_tuning.h"

#include <omp.h>
#include <stdint.h>

/* A pragma inside a macro (the kernels generated per compile-time constant). */
#define PB_PRAGMA(...) _Pragma(#__VA_ARGS__)

/* Offload proof, stored from inside a target region by exactly one iteration. */
#define PB_MARK_RAN_ON(p) (*(p) = omp_is_initial_device() ? PB_RAN_ON_HOST : PB_RAN_ON_DEVICE)

/* Lanes. clang maps an OpenMP thread to a GPU thread. gcc maps it to a warp and uses the
 * warp's 32 lanes only inside `simd` constructs; every loop with lane-level work is
 * therefore `simd` (clang ignores simd there, at no cost), and a team meant to hold N GPU
 * threads has N / PB_OMP_SIMD_LANES OpenMP threads. */
#if defined(__GNUC__) && !defined(__clang__)
#define PB_OMP_GCC 1
#define PB_OMP_SIMD_LANES 32
#else
#define PB_OMP_GCC 0
#define PB_OMP_SIMD_LANES 1
#endif

/* thread_limit for a team of n GPU threads (at least one OpenMP thread). */
#define PB_TEAM_LIMIT(n) ((n) / PB_OMP_SIMD_LANES > 0 ? (n) / PB_OMP_SIMD_LANES : 1)

/* num_threads for a team written for n GPU threads (one 32x32 block, a reduction
 * block). On the host (fallback) a team of 1024 threads would swamp the machine; a few
 * threads keep the same semantics, since the kernels never depend on the thread count. */
#define PB_TEAM_THREADS(n) (omp_is_initial_device() ? 4 : PB_TEAM_LIMIT(n))

/* The best variants' methods (pb_shape.method, harness/core/pb_tuning.h) that this compiler has,
 * from the worker's configure tests (pb_omp_features in CMakeLists.txt: a program with the
 * construct is compiled and its host fallback must run every iteration), not from the
 * compiler's name: PB_HAVE_TEAMS_LOOP (`target teams loop`; clang-16 accepts it and emits
 * no code for it), PB_HAVE_OMPX_BARE (LLVM's `ompx_bare` clause and <ompx.h>). */
#if defined(PB_HAVE_TEAMS_LOOP) && PB_HAVE_TEAMS_LOOP
#define PB_OMP_LOOP 1
#else
#define PB_OMP_LOOP 0
#endif
#if defined(PB_HAVE_OMPX_BARE) && PB_HAVE_OMPX_BARE && defined(__has_include)
#if __has_include(<ompx.h>)
#include <ompx.h>
#define PB_OMP_BARE 1
#endif
#endif
#ifndef PB_OMP_BARE
#define PB_OMP_BARE 0
#endif

/* Method 2 (ompx_bare): the body under it runs as CUDA thread (bid, tid) of a grid of
 * `grid` blocks of `block` threads. On the GPU each thread runs it once with its own ids;
 * on the host (fallback) clang's ompx ids are not those of a grid (every host team is
 * block 0 and no thread has an id outside a parallel region), so the one host team runs
 * the body for every (bid, tid) of the grid in turn: the same iterations as the GPU's
 * launch, serially (the bare kernels have no barriers). */
#define PB_BARE_THREADS(grid, block, bid, tid)                                                    \
    const int host_ = omp_is_initial_device();                                                    \
    const long bid0_ = host_ ? 0 : ompx_block_id_x(), bid1_ = host_ ? (long)(grid) : bid0_ + 1,   \
               tid0_ = host_ ? 0 : ompx_thread_id_x(), tid1_ = host_ ? (long)(block) : tid0_ + 1; \
    for (long bid = bid0_; bid < bid1_; ++bid)                                                    \
        for (long tid = tid0_; tid < tid1_; ++tid)

/* num_teams on the host (fallback): libomp runs teams as threads; one team is enough. */
#define PB_HOST_TEAMS(t) (pb_omp_on_host() ? 1 : (t))

/* best's vector = 16 (stream, copy, fill, reduce, dmvm): a lane loads groups of PB_OMP_VEC_BYTES
 * contiguous bytes, PB_VEC_U elements of the kernel's T each, through the `aligned` clause,
 * and only from arrays that start on such a boundary (pb_omp_aligned16). */
#define PB_OMP_VEC_BYTES 16
#define PB_VEC_U ((long)(PB_OMP_VEC_BYTES / sizeof(T)))
static inline int pb_omp_aligned16(const void *p)
{
    return (uintptr_t)p % PB_OMP_VEC_BYTES == 0;
}

/* The slots [lo, hi) of the calling thread when a team's threads split `count` slots
 * into contiguous ranges (one slot per thread under clang with count threads; 32
 * consecutive slots per warp, one per lane, under gcc): CUDA's threadIdx.x as OpenMP
 * says it, with omp_get_thread_num(). Loops over the range are `simd`. */
#define PB_MY_SLOTS(count, lo, hi)                                                                           \
    do {                                                                                                     \
        const long nt_ = omp_get_num_threads(), per_ = ((long)(count) + nt_ - 1) / nt_;                      \
        (lo) = omp_get_thread_num() * per_;                                                                  \
        (hi) = (lo) + per_ < (long)(count) ? (lo) + per_ : (long)(count);                                    \
    } while (0)

/* Team-shared arrays (CUDA's __shared__): an array declared inside a teams region and
 * shared by the team's threads. clang places it in the GPU's shared memory by itself.
 * gcc-12 keeps it in the master warp's soft stack in global memory and implements neither
 * `#pragma omp allocate` nor a shared-memory allocator (and its host-side parser drops
 * nvptx's `shared` attribute), so under gcc the array is one buffer of
 * PB_TEAM_SHARED_BYTES in shared memory, declared in PTX (omp_target/gomp_team_shared.ptx,
 * linked into gcc's offload image) and returned by pb_gomp_team_shared(); on the host
 * (fallback) the same function (gomp_team_shared.c, host only) returns a static buffer,
 * since gcc runs host teams one after another. (`declare variant ... arch(nvptx)` would
 * say this in OpenMP, but gcc-12's offload compiler crashes on it with this many calls.) */
#define PB_TEAM_SHARED_BYTES PB_OMP_TEAM_SHARED_BYTES
#if PB_OMP_GCC
#pragma omp declare target
void *pb_gomp_team_shared(void);
#pragma omp end declare target
#define PB_TEAM_ARRAY(type, name, count)                                                                     \
    _Static_assert(sizeof(type) * (count) <= PB_TEAM_SHARED_BYTES, "team-shared array too large");          \
    type *name = (type *)pb_gomp_team_shared()
#else
#define PB_TEAM_ARRAY(type, name, count) type name[count]
#endif

/* What the team-shared arrays are under this compiler, for the variants' descriptions. */
#if PB_OMP_GCC
#define PB_TEAM_SHARED_NOTE " (gcc: team-shared arrays in a PTX shared-memory buffer)"
#else
#define PB_TEAM_SHARED_NOTE ""
#endif

/* num_teams of a kernel that sets its team count: one team on the host (fallback),
 * where a team per CUDA block would oversubscribe the CPU. */
#define PB_NUM_TEAMS(n) (pb_omp_on_host() ? 1 : (n))

/* The device in use and its SM count, set by the backend's init (omp_state.c). */
void pb_omp_state_set(int device, int sms);
/* Device number in use (the GPU, or the initial device under host fallback). */
int pb_omp_device(void);
/* 1 when the kernels run on the host (no GPU, --allow-host-fallback). */
int pb_omp_on_host(void);
/* Streaming multiprocessors of the GPU (from pb_backend_config.gpu; 1 on the host). */
int pb_omp_sms(void);
/* Look up the launch shapes of the best variants for this GPU (best.c), and the shape of
 * a benchmark's best variant (threads = 0 when none: the variant is skipped). */
void pb_omp_best_init(int cc, int sms);
const pb_shape *pb_omp_best_shape(const char *bench, pb_dtype dtype);

/* best of vecadd, window, transpose: in best.c's unit (best_vecadd_window_transpose.inc), their rows in
 * their benchmarks' tables */
int pb_omp_vecadd_best(const pb_args *a);
int pb_omp_window_best(const pb_args *a);
int pb_omp_transpose_best(const pb_args *a);

#endif
