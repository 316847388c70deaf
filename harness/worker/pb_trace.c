#define _GNU_SOURCE
#include "pb_trace.h"
#include "pb_common.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The window [begin[r], end[r]] that holds time t, or -1. */
static int window_of(const uint64_t *begin, const uint64_t *end, int reps, uint64_t t)
{
    int lo = 0, hi = reps - 1, r = -1;
    while (lo <= hi) { /* last window that begins at or before t */
        int mid = (lo + hi) / 2;
        if (begin[mid] <= t)
            r = mid, lo = mid + 1;
        else
            hi = mid - 1;
    }
    return r >= 0 && t <= end[r] ? r : -1;
}

size_t pb_trace_assign(const pb_span *spans, size_t n, const uint64_t *begin, const uint64_t *end, int reps,
                       pb_rep_device *out)
{
    uint64_t *first = calloc((size_t)reps, sizeof *first), *last = calloc((size_t)reps, sizeof *last);
    size_t outside = 0;
    for (int r = 0; r < reps; ++r)
        out[r] = (pb_rep_device){-1, 0, 0, 0};
    for (size_t i = 0; i < n; ++i) {
        int r = window_of(begin, end, reps, spans[i].start);
        if (r < 0 || !first) {
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

/* ---- launches: one shared copy of each (an open-addressing hash set) ---- */

static pthread_mutex_t intern_lock = PTHREAD_MUTEX_INITIALIZER;
static pb_launch **interned;
static size_t ninterned, capinterned; /* capinterned: a power of two */

static uint64_t launch_hash(const pb_launch *l)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (const char *c = l->name; *c; ++c)
        h = (h ^ (unsigned char)*c) * 1099511628211ULL;
    const int v[] = {l->regs_per_thread, l->local_bytes_per_thread, l->smem_static_bytes, l->smem_dynamic_bytes,
                     l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2]};
    for (size_t i = 0; i < sizeof v / sizeof *v; ++i)
        h = (h ^ (uint32_t)v[i]) * 1099511628211ULL;
    return h;
}

static int launch_equal(const pb_launch *a, const pb_launch *b)
{
    return a->regs_per_thread == b->regs_per_thread && a->local_bytes_per_thread == b->local_bytes_per_thread &&
           a->smem_static_bytes == b->smem_static_bytes && a->smem_dynamic_bytes == b->smem_dynamic_bytes &&
           memcmp(a->grid, b->grid, sizeof a->grid) == 0 && memcmp(a->block, b->block, sizeof a->block) == 0 &&
           strcmp(a->name, b->name) == 0;
}

static int intern_grow(void)
{
    size_t cap = capinterned ? 2 * capinterned : 256;
    pb_launch **t = calloc(cap, sizeof *t);
    if (!t)
        return -1;
    for (size_t i = 0; i < capinterned; ++i)
        if (interned[i]) {
            size_t j = launch_hash(interned[i]) & (cap - 1);
            while (t[j])
                j = (j + 1) & (cap - 1);
            t[j] = interned[i];
        }
    free(interned);
    interned = t;
    capinterned = cap;
    return 0;
}

const pb_launch *pb_trace_launch_intern(const pb_launch *l)
{
    pb_launch key = *l;
    if (!key.name)
        key.name = "";
    pb_launch *found = NULL;
    pthread_mutex_lock(&intern_lock);
    if (2 * (ninterned + 1) > capinterned && intern_grow() != 0) {
        pthread_mutex_unlock(&intern_lock);
        return NULL;
    }
    size_t j = launch_hash(&key) & (capinterned - 1);
    while (interned[j] && !launch_equal(interned[j], &key))
        j = (j + 1) & (capinterned - 1);
    if (interned[j]) {
        found = interned[j];
    } else {
        size_t len = strlen(key.name) + 1;
        found = malloc(sizeof *found + len); /* the name right after the struct */
        if (found) {
            char *name = memcpy((char *)(found + 1), key.name, len);
            *found = key;
            found->name = name;
            interned[j] = found;
            ++ninterned;
        }
    }
    pthread_mutex_unlock(&intern_lock);
    return found;
}

void pb_trace_launch_facts(const pb_span *spans, size_t n, const uint64_t *begin, const uint64_t *end, int reps,
                           pb_launch_facts *out)
{
    typedef struct { const pb_launch *launch; uint64_t ns, first; int count; } sum;
    sum *sums = NULL;
    size_t nsums = 0, cap = 0;
    uint64_t total = 0;
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < n; ++i) {
        const pb_span *s = &spans[i];
        if (!s->is_kernel || window_of(begin, end, reps, s->start) < 0)
            continue;
        total += s->end - s->start;
        if (!s->launch)
            continue;
        size_t k = 0;
        while (k < nsums && sums[k].launch != s->launch) /* a configuration runs a few launches */
            ++k;
        if (k == nsums) {
            if (nsums == cap) {
                size_t c = cap ? 2 * cap : 16;
                sum *p = realloc(sums, c * sizeof *p);
                if (!p)
                    continue; /* out of memory: this launch is not counted */
                sums = p;
                cap = c;
            }
            sums[nsums++] = (sum){s->launch, 0, s->start, 0};
        }
        sums[k].ns += s->end - s->start;
        sums[k].count++;
        if (s->start < sums[k].first)
            sums[k].first = s->start;
    }
    const sum *best = NULL;
    for (size_t k = 0; k < nsums; ++k)
        if (!best || sums[k].ns > best->ns || (sums[k].ns == best->ns && sums[k].first < best->first))
            best = &sums[k];
    if (best) {
        out->found = 1;
        out->launch = *best->launch;
        out->launches = best->count;
        out->time_s = 1e-9 * (double)best->ns;
        out->share = total ? (double)best->ns / (double)total : 0;
    }
    free(sums);
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
void pb_trace_resources(int on) { (void)on; }

#else

#include <cupti_activity.h>
#include <cupti_callbacks.h>
#include <cupti_driver_cbid.h>
#include <dlfcn.h>

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

static void push_span(uint64_t start, uint64_t end, int is_kernel, const pb_launch *launch)
{
    if (npending == cappending) {
        size_t cap = cappending ? 2 * cappending : 4096;
        pb_span *p = realloc(pending, cap * sizeof *p);
        if (!p)
            return; /* out of memory: the repetition will show fewer activities */
        pending = p;
        cappending = cap;
    }
    pending[npending++] = (pb_span){start, end, is_kernel, launch};
}

/* ---- each function's local memory, from the driver ----
 * The kernel record's localMemoryPerThread reads 0 on CUDA 13 (driver 580, H200) also
 * for kernels whose frame holds spills or a local array (cuobjdump: STACK:256, LOCAL:0;
 * cudaFuncGetAttributes: localSizeBytes 256). So the frame is asked of the driver
 * (CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES) once per function, in a CUPTI callback on kernel
 * launches, and joined to the records by the kernel's name. */

/* The leading members of the launch calls' parameter blocks (generated_cuda_meta.h, which
 * does not compile alone): cuLaunchKernel, cuLaunchCooperativeKernel and their _ptsz
 * forms begin with the function; cuLaunchKernelEx(_ptsz) with the config, then it. */
typedef struct launch_params { CUfunction f; } launch_params;
typedef struct launch_ex_params { const CUlaunchConfig *config; CUfunction f; } launch_ex_params;

static const CUpti_CallbackId launch_cbids[] = {
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,           CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,         CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel, CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz,
};

static struct {
    CUpti_SubscriberHandle sub;
    int subscribed, on;
    CUresult (*FuncGetAttribute)(int *, CUfunction_attribute, CUfunction);
    CUresult (*KernelGetAttribute)(int *, CUfunction_attribute, CUkernel, CUdevice);
    CUresult (*CtxGetDevice)(CUdevice *);
    CUptiResult (*Subscribe)(CUpti_SubscriberHandle *, CUpti_CallbackFunc, void *);
    CUptiResult (*Unsubscribe)(CUpti_SubscriberHandle);
    CUptiResult (*EnableCallback)(uint32_t, CUpti_SubscriberHandle, CUpti_CallbackDomain, CUpti_CallbackId);
} res;

static pthread_mutex_t res_lock = PTHREAD_MUTEX_INITIALIZER;
static CUfunction *seen_fn; /* functions already asked: an open-addressing set */
static size_t nseen, capseen;
typedef struct local_of { char *name; int bytes; } local_of;
static local_of *locals; /* kernel name -> local bytes per thread */
static size_t nlocals, caplocals;

static size_t ptr_slot(CUfunction f, size_t cap) { return ((uintptr_t)f >> 4) * 11400714819323198485ULL & (cap - 1); }

static size_t name_slot(const char *name, size_t cap)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *name; ++name)
        h = (h ^ (unsigned char)*name) * 1099511628211ULL;
    return h & (cap - 1);
}

/* Under res_lock. 1 when f was new (and is now in the set). */
static int fn_first_time(CUfunction f)
{
    if (2 * (nseen + 1) > capseen) {
        size_t cap = capseen ? 2 * capseen : 256;
        CUfunction *t = calloc(cap, sizeof *t);
        if (!t)
            return 0; /* out of memory: no more functions asked */
        for (size_t i = 0; i < capseen; ++i)
            if (seen_fn[i]) {
                size_t j = ptr_slot(seen_fn[i], cap);
                while (t[j])
                    j = (j + 1) & (cap - 1);
                t[j] = seen_fn[i];
            }
        free(seen_fn);
        seen_fn = t;
        capseen = cap;
    }
    size_t j = ptr_slot(f, capseen);
    while (seen_fn[j] && seen_fn[j] != f)
        j = (j + 1) & (capseen - 1);
    if (seen_fn[j])
        return 0;
    seen_fn[j] = f;
    ++nseen;
    return 1;
}

/* Under res_lock. */
static void local_put(const char *name, int bytes)
{
    if (2 * (nlocals + 1) > caplocals) {
        size_t cap = caplocals ? 2 * caplocals : 256;
        local_of *t = calloc(cap, sizeof *t);
        if (!t)
            return;
        for (size_t i = 0; i < caplocals; ++i)
            if (locals[i].name) {
                size_t j = name_slot(locals[i].name, cap);
                while (t[j].name)
                    j = (j + 1) & (cap - 1);
                t[j] = locals[i];
            }
        free(locals);
        locals = t;
        caplocals = cap;
    }
    size_t j = name_slot(name, caplocals);
    while (locals[j].name && strcmp(locals[j].name, name) != 0)
        j = (j + 1) & (caplocals - 1);
    if (!locals[j].name) {
        if (!(locals[j].name = strdup(name)))
            return;
        ++nlocals;
    }
    locals[j].bytes = bytes;
}

/* The local bytes per thread of the kernel of this name, or -1 when not known. */
static int local_get(const char *name)
{
    int bytes = -1;
    pthread_mutex_lock(&res_lock);
    if (caplocals && name) {
        size_t j = name_slot(name, caplocals);
        while (locals[j].name && strcmp(locals[j].name, name) != 0)
            j = (j + 1) & (caplocals - 1);
        if (locals[j].name)
            bytes = locals[j].bytes;
    }
    pthread_mutex_unlock(&res_lock);
    return bytes;
}

static void CUPTIAPI on_launch(void *userdata, CUpti_CallbackDomain domain, CUpti_CallbackId cbid, const void *data)
{
    (void)userdata;
    const CUpti_CallbackData *cb = data;
    if (domain != CUPTI_CB_DOMAIN_DRIVER_API || cb->callbackSite != CUPTI_API_ENTER || !cb->symbolName)
        return;
    CUfunction f = NULL;
    switch (cbid) {
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz:
        f = ((const launch_params *)cb->functionParams)->f;
        break;
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz:
        f = ((const launch_ex_params *)cb->functionParams)->f;
        break;
    default: break;
    }
    if (!f)
        return;
    pthread_mutex_lock(&res_lock);
    if (fn_first_time(f)) {
        /* since CUDA 12 the handle may be a CUkernel (the runtime loads kernels as a
         * library): that one is asked for the device of the current context */
        int bytes = -1;
        CUdevice dev;
        if (res.FuncGetAttribute(&bytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, f) == CUDA_SUCCESS ||
            (res.KernelGetAttribute && res.CtxGetDevice && res.CtxGetDevice(&dev) == CUDA_SUCCESS &&
             res.KernelGetAttribute(&bytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, (CUkernel)f, dev) == CUDA_SUCCESS))
            local_put(cb->symbolName, bytes);
    }
    pthread_mutex_unlock(&res_lock);
}

/* Subscribe to the launch callbacks; without them (no libcuda, another CUPTI subscriber
 * such as a profiler) local memory is what the records say, or unknown. */
static void resources_start(void)
{
    void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    res.FuncGetAttribute = cuda ? (CUresult(*)(int *, CUfunction_attribute, CUfunction))dlsym(cuda, "cuFuncGetAttribute")
                                : NULL;
    res.KernelGetAttribute = cuda ? (CUresult(*)(int *, CUfunction_attribute, CUkernel, CUdevice))dlsym(
                                        cuda, "cuKernelGetAttribute")
                                  : NULL;
    res.CtxGetDevice = cuda ? (CUresult(*)(CUdevice *))dlsym(cuda, "cuCtxGetDevice") : NULL;
    res.Subscribe = (CUptiResult(*)(CUpti_SubscriberHandle *, CUpti_CallbackFunc, void *))dlsym(cupti.lib,
                                                                                                "cuptiSubscribe");
    res.Unsubscribe = (CUptiResult(*)(CUpti_SubscriberHandle))dlsym(cupti.lib, "cuptiUnsubscribe");
    res.EnableCallback = (CUptiResult(*)(uint32_t, CUpti_SubscriberHandle, CUpti_CallbackDomain,
                                         CUpti_CallbackId))dlsym(cupti.lib, "cuptiEnableCallback");
    if (!res.FuncGetAttribute || !res.Subscribe || !res.Unsubscribe || !res.EnableCallback ||
        res.Subscribe(&res.sub, on_launch, NULL) != CUPTI_SUCCESS)
        return;
    res.subscribed = 1;
    pb_trace_resources(1);
}

void pb_trace_resources(int on)
{
    if (!res.subscribed || res.on == !!on)
        return;
    for (size_t i = 0; i < sizeof launch_cbids / sizeof *launch_cbids; ++i)
        res.EnableCallback(!!on, res.sub, CUPTI_CB_DOMAIN_DRIVER_API, launch_cbids[i]);
    res.on = !!on;
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
            int local = local_get(k->name); /* the driver's, else the record's when it says any */
            if (local < 0 && k->localMemoryPerThread)
                local = (int)k->localMemoryPerThread;
            const pb_launch l = {k->name, k->registersPerThread, local, k->staticSharedMemory, k->dynamicSharedMemory,
                                 {k->gridX, k->gridY, k->gridZ}, {k->blockX, k->blockY, k->blockZ}};
            push_span(k->start, k->end, 1, pb_trace_launch_intern(&l));
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMCPY: {
            const CUpti_ActivityMemcpy6 *m = (const CUpti_ActivityMemcpy6 *)rec;
            push_span(m->start, m->end, 0, NULL);
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMSET: {
            const CUpti_ActivityMemset4 *m = (const CUpti_ActivityMemset4 *)rec;
            push_span(m->start, m->end, 0, NULL);
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
    resources_start();
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
    if (res.subscribed)
        res.Unsubscribe(res.sub);
    res.subscribed = res.on = 0;
    cupti.active = 0;
}

#endif
