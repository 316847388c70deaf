/* pb_trace.h - one device clock for every backend: GPU activity (kernels, copies,
 * memsets) recorded with CUPTI's activity API, whichever runtime launched it (CUDA,
 * cuBLAS, libomptarget, libgomp), and the interval arithmetic that turns the records
 * into per-repetition device times; with each kernel, how it was launched (registers,
 * local and shared memory, grid and block), so that a row can say why it is slow.
 * libcupti is loaded at run time; without it (or without a GPU) tracing is simply
 * unavailable and the harness times with the host. */
#ifndef PB_TRACE_H
#define PB_TRACE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How a kernel was launched, from CUPTI's kernel record. Launches alike in every field
 * share one copy (pb_trace_launch_intern), so that spans compare launches by pointer; the
 * copies live as long as the process. */
typedef struct pb_launch {
    const char *name;           /* the kernel's name as the compiler emitted it (mangled) */
    int regs_per_thread;
    int local_bytes_per_thread; /* local memory (the stack frame: register spills, local arrays); -1 unknown */
    int smem_static_bytes;      /* shared memory per block */
    int smem_dynamic_bytes;
    int grid[3], block[3];      /* x, y, z */
} pb_launch;

/* One GPU activity, in CUPTI's nanosecond clock (the same clock as pb_trace_timestamp). */
typedef struct pb_span {
    uint64_t start, end;
    int is_kernel;            /* 0: memcpy or memset */
    const pb_launch *launch;  /* a kernel's launch; NULL for copies and memsets */
} pb_span;

/* What one repetition did on the device. */
typedef struct pb_rep_device {
    double device_s;     /* first activity start to last activity end; -1 when none */
    double kernel_sum_s; /* sum of kernel durations (overlaps counted in full) */
    int kernels;         /* kernels launched */
    int activities;      /* kernels, copies and memsets */
} pb_rep_device;

/* Assign each span to the repetition whose host window [begin[i], end[i]] contains its
 * start, and summarise each repetition. Spans outside every window are ignored and
 * counted in the return value. Windows must be in time order and disjoint. */
size_t pb_trace_assign(const pb_span *spans, size_t n, const uint64_t *begin, const uint64_t *end, int reps,
                       pb_rep_device *out);

/* The shared copy of a launch like *l (name included), or NULL out of memory. */
const pb_launch *pb_trace_launch_intern(const pb_launch *l);

/* The launch that took most of the device time of the timed repetitions: its facts, and
 * how much of the kernel time it took. */
typedef struct pb_launch_facts {
    int found;        /* 0: no kernel with its launch recorded ran inside the windows */
    pb_launch launch; /* name: the shared copy */
    int launches;     /* its launches inside the windows */
    double time_s;    /* their summed duration */
    double share;     /* of the summed duration of every kernel inside the windows, 0..1 */
} pb_launch_facts;

/* Among the kernel spans inside the windows [begin[i], end[i]] (as pb_trace_assign
 * places them), the launch whose spans sum to the longest time; on a tie, the one that
 * started first. A launch is a kernel with one shape and one set of resources: a kernel
 * launched with two grids counts as two. */
void pb_trace_launch_facts(const pb_span *spans, size_t n, const uint64_t *begin, const uint64_t *end, int reps,
                           pb_launch_facts *out);

/* Start recording. PB_OK, or PB_SKIP with the reason (no libcupti, no GPU ...). Call
 * before any CUDA context exists, so that every launch is seen. */
int pb_trace_start(char *why, size_t cap);
int pb_trace_active(void);
uint64_t pb_trace_timestamp(void);
/* Flush CUPTI's buffers and hand out the spans recorded since the previous call; the
 * array stays valid until the next call. */
size_t pb_trace_collect(const pb_span **spans);
/* Kernels' local memory is asked of the driver once per function, in a callback on each
 * launch (on from the start): off for the timed repetitions, whose functions the checked
 * run and the warm-ups launched before, so that their launches pay nothing for it. */
void pb_trace_resources(int on);
void pb_trace_stop(void);

#ifdef __cplusplus
}
#endif
#endif
