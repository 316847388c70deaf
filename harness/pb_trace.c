#define _GNU_SOURCE
#include "pb_trace.h"
#include "pb_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t pb_trace_assign(const pb_span *spans, size_t n, const uint64_t *begin, const uint64_t *end, int reps,
                       pb_rep_device *out)
{
    uint64_t *first = calloc((size_t)reps, sizeof *first), *last = calloc((size_t)reps, sizeof *last);
    size_t outside = 0;
    for (int r = 0; r < reps; ++r)
        out[r] = (pb_rep_device){-1, 0, 0, 0};
    for (size_t i = 0; i < n; ++i) {
        int lo = 0, hi = reps - 1, r = -1;
        while (lo <= hi) { /* last window that begins at or before the span */
            int mid = (lo + hi) / 2;
            if (begin[mid] <= spans[i].start)
                r = mid, lo = mid + 1;
            else
                hi = mid - 1;
        }
        if (r < 0 || spans[i].start > end[r] || !first) {
            ++outside;
            continue;
        }
        pb_rep_device *o = &out[r];
        if (o->activities == 0 || spans[i].start < first[r])
            first[r] = spans[i].start;
        if (o->activities == 0 || spans[i].end > last[r])
            last[r] = spans[i].end;
        o->activities++;
        if (spans[i].is_kernel) {
            o->kernels++;
            o->kernel_sum_s += 1e-9 * (double)(spans[i].end - spans[i].start);
        }
    }
    for (int r = 0; r < reps && first; ++r)
        if (out[r].activities)
            out[r].device_s = 1e-9 * (double)(last[r] - first[r]);
    free(first);
    free(last);
    return outside;
}

#ifndef PB_HAVE_CUPTI

int pb_trace_start(char *why, size_t cap)
{
    snprintf(why, cap, "built without CUPTI headers");
    return PB_SKIP;
}
int pb_trace_active(void) { return 0; }
uint64_t pb_trace_timestamp(void) { return 0; }
size_t pb_trace_collect(const pb_span **spans)
{
    *spans = NULL;
    return 0;
}
void pb_trace_stop(void) {}

#else

#include <cupti_activity.h>
#include <dlfcn.h>
#include <pthread.h>

static struct {
    void *lib;
    CUptiResult (*Enable)(CUpti_ActivityKind);
    CUptiResult (*Disable)(CUpti_ActivityKind);
    CUptiResult (*RegisterCallbacks)(CUpti_BuffersCallbackRequestFunc, CUpti_BuffersCallbackCompleteFunc);
    CUptiResult (*FlushAll)(uint32_t);
    CUptiResult (*GetNextRecord)(uint8_t *, size_t, CUpti_Activity **);
    CUptiResult (*GetTimestamp)(uint64_t *);
    int active;
} cupti;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pb_span *pending, *handed;
static size_t npending, cappending, nhanded;

static const CUpti_ActivityKind kinds[] = {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
                                           CUPTI_ACTIVITY_KIND_MEMSET};

enum { BUFFER_BYTES = 8 << 20 };

static void CUPTIAPI buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records)
{
    *buffer = aligned_alloc(8, BUFFER_BYTES);
    *size = *buffer ? BUFFER_BYTES : 0;
    *max_records = 0;
}

static void push_span(uint64_t start, uint64_t end, int is_kernel)
{
    if (npending == cappending) {
        size_t cap = cappending ? 2 * cappending : 4096;
        pb_span *p = realloc(pending, cap * sizeof *p);
        if (!p)
            return; /* out of memory: the repetition will show fewer activities */
        pending = p;
        cappending = cap;
    }
    pending[npending++] = (pb_span){start, end, is_kernel};
}

/* Records are read with the struct layouts of the CUPTI headers the build used; the
 * CUPTI library at run time must be of the same major version (checked at start). */
static void CUPTIAPI buffer_completed(CUcontext ctx, uint32_t stream, uint8_t *buffer, size_t size, size_t valid)
{
    (void)ctx;
    (void)stream;
    (void)size;
    CUpti_Activity *rec = NULL;
    pthread_mutex_lock(&lock);
    while (cupti.GetNextRecord(buffer, valid, &rec) == CUPTI_SUCCESS) {
        switch (rec->kind) {
        case CUPTI_ACTIVITY_KIND_KERNEL:
        case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
            const CUpti_ActivityKernel10 *k = (const CUpti_ActivityKernel10 *)rec;
            push_span(k->start, k->end, 1);
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMCPY: {
            const CUpti_ActivityMemcpy6 *m = (const CUpti_ActivityMemcpy6 *)rec;
            push_span(m->start, m->end, 0);
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMSET: {
            const CUpti_ActivityMemset4 *m = (const CUpti_ActivityMemset4 *)rec;
            push_span(m->start, m->end, 0);
            break;
        }
        default:
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    free(buffer);
}

static int load(void **fn, const char *name)
{
    *fn = dlsym(cupti.lib, name);
    return *fn != NULL;
}

int pb_trace_start(char *why, size_t cap)
{
    if (cupti.active)
        return PB_OK;
    /* the CUPTI of the CUDA major version whose headers built this file */
    char soname[32];
    snprintf(soname, sizeof soname, "libcupti.so.%d", CUDA_VERSION / 1000);
    cupti.lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!cupti.lib) {
        snprintf(why, cap, "%s not found", soname);
        return PB_SKIP;
    }
    if (!(load((void **)&cupti.Enable, "cuptiActivityEnable") && load((void **)&cupti.Disable, "cuptiActivityDisable") &&
          load((void **)&cupti.RegisterCallbacks, "cuptiActivityRegisterCallbacks") &&
          load((void **)&cupti.FlushAll, "cuptiActivityFlushAll") &&
          load((void **)&cupti.GetNextRecord, "cuptiActivityGetNextRecord") &&
          load((void **)&cupti.GetTimestamp, "cuptiGetTimestamp"))) {
        snprintf(why, cap, "%s lacks the activity API", soname);
        return PB_SKIP;
    }
    CUptiResult rc = cupti.RegisterCallbacks(buffer_requested, buffer_completed);
    for (size_t i = 0; rc == CUPTI_SUCCESS && i < sizeof kinds / sizeof kinds[0]; ++i)
        rc = cupti.Enable(kinds[i]);
    if (rc != CUPTI_SUCCESS) {
        snprintf(why, cap, "CUPTI activity tracing unavailable (CUPTI error %d)", (int)rc);
        return PB_SKIP;
    }
    cupti.active = 1;
    return PB_OK;
}

int pb_trace_active(void) { return cupti.active; }

uint64_t pb_trace_timestamp(void)
{
    uint64_t t = 0;
    if (cupti.active)
        cupti.GetTimestamp(&t);
    return t;
}

size_t pb_trace_collect(const pb_span **spans)
{
    if (cupti.active)
        cupti.FlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED); /* also buffers not yet full */
    pthread_mutex_lock(&lock);
    free(handed);
    handed = pending;
    nhanded = npending;
    pending = NULL;
    npending = cappending = 0;
    pthread_mutex_unlock(&lock);
    *spans = handed;
    return nhanded;
}

void pb_trace_stop(void)
{
    if (!cupti.active)
        return;
    cupti.FlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i)
        cupti.Disable(kinds[i]);
    cupti.active = 0;
}

#endif
