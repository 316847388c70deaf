/* pb_trace.h - one device clock for every backend: GPU activity (kernels, copies,
 * memsets) recorded with CUPTI's activity API, whichever runtime launched it (CUDA,
 * cuBLAS, libomptarget, libgomp), and the interval arithmetic that turns the records
 * into per-repetition device times. libcupti is loaded at run time; without it (or
 * without a GPU) tracing is simply unavailable and the harness times with the host. */
#ifndef PB_TRACE_H
#define PB_TRACE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One GPU activity, in CUPTI's nanosecond clock (the same clock as pb_trace_timestamp). */
typedef struct pb_span {
    uint64_t start, end;
    int is_kernel; /* 0: memcpy or memset */
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

/* Start recording. PB_OK, or PB_SKIP with the reason (no libcupti, no GPU ...). Call
 * before any CUDA context exists, so that every launch is seen. */
int pb_trace_start(char *why, size_t cap);
int pb_trace_active(void);
uint64_t pb_trace_timestamp(void);
/* Flush CUPTI's buffers and hand out the spans recorded since the previous call; the
 * array stays valid until the next call. */
size_t pb_trace_collect(const pb_span **spans);
void pb_trace_stop(void);

#ifdef __cplusplus
}
#endif
#endif
