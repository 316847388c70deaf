/* pb_backend.h - the whole contract between the harness and a backend.
 *
 * A backend (CUDA, cuBLAS/CUB, OpenMP target, CPU OpenMP) implements pb_backend:
 * device memory, copies, a completion point per repetition, and a table of kernel
 * variants. The harness owns everything else: options, inputs, timing, statistics,
 * verification and output. A backend never parses, times (except device events it
 * hands back through rep_end) or prints results.
 */
#ifndef PB_BACKEND_H
#define PB_BACKEND_H

#include "pb_common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PB_MAX_BUFS 4
#define PB_MAX_PARAMS 3

/* Where an OpenMP target region ran, stored from inside the region itself: this is
 * the offload proof. The harness zeroes the flag before the checked run. */
enum { PB_RAN_UNKNOWN = 0, PB_RAN_ON_DEVICE = 1, PB_RAN_ON_HOST = 2 };

/* Arguments of one repetition of one variant. All pointers are device pointers. */
typedef struct pb_args {
    pb_dtype dtype;
    size_t n;                  /* nx for dmvm; element count for the others */
    long param[PB_MAX_PARAMS]; /* benchmark parameters in pb_bench.params order */
    void *buf[PB_MAX_BUFS];    /* buffers in pb_bench.bufs order */
    int *ran_on;               /* one device int for the offload proof */
} pb_args;

/* Launch one repetition. It may return before the device finishes; the harness calls
 * rep_end, which waits for completion, before it stops the clock. Returns PB_OK,
 * PB_ERR (launch failed) or PB_SKIP (this configuration is not supported). */
typedef int (*pb_run_fn)(const pb_args *a);

/* One variant, declared once at the end of its kernel file, in the file's table
 * pb_variants_<model>_<file>[] (ended by a row whose benchmark is NULL; the list of
 * benchmarks and files: harness/benchmarks/pb_benchmarks.def, the worker's registry:
 * harness/worker/pb_registry.h). */
typedef struct pb_variant {
    const char *benchmark; /* "dmvm" */
    const char *name;      /* "v3": listed in the benchmark's variants, or "lib" (a library bar) or
                              "baseline" (the CPU baseline), which come whenever their backend runs */
    const char *teaches;   /* one line: the idea this version adds */
    unsigned dtypes;       /* mask of (1u << pb_dtype) it implements */
    pb_run_fn run;
    const char *backend; /* pb_backend.name that runs it ("cuda", "cublas", "omp", "cpu"); NULL in a
                              backend's own `variants` table */
    unsigned flags;      /* PB_V_* */
} pb_variant;

/* Its launch shape comes from the tuning table (harness/core/pb_tuning.c, PB_TUNE). */
#define PB_V_SHAPED 1u
/* best's pick (harness/worker/worker.c pick_fastest) leaves it out: a version that cannot beat
 * the others by construction, and whose one call can take minutes (reduce's atomic: every
 * element on one address; gcc-12's float one took 21.6 s a call at n = 2^22 on the H100). */
#define PB_V_NO_PICK 2u

#define PB_DT(t) (1u << (t))
#define PB_DT_FP (PB_DT(PB_FLOAT) | PB_DT(PB_DOUBLE))
#define PB_DT_ALL (PB_DT_FP | PB_DT(PB_INT))

/* What the harness knows of the GPU a backend will run on (read from the CUDA driver
 * by the worker), so that no backend probes for it itself. ok = 0 when there is none. */
typedef struct pb_gpu_desc {
    int ok;
    char name[128];
    char uuid[64];
    int cc_major, cc_minor; /* compute capability: launch shapes are chosen per architecture */
    int sms;                /* streaming multiprocessors */
    double mem_total;       /* bytes */
    char why[160];          /* when !ok: why the driver found no GPU */
} pb_gpu_desc;

/* What the harness asks of init. */
typedef struct pb_backend_config {
    int device;              /* GPU index (CUDA and OpenMP numbering agree) */
    int threads;             /* CPU baseline threads; 0 = one per core */
    int allow_host_fallback; /* OpenMP target: run on the host when no device exists */
    pb_gpu_desc gpu;         /* the GPU `device` names, when the driver found it */
} pb_backend_config;

/* What init reports about the device it will run on. */
typedef struct pb_device_info {
    char name[128];        /* GPU name, or "host" */
    char uuid[64];         /* GPU UUID when known */
    size_t mem_total;      /* bytes, 0 when unknown */
    size_t mem_free;       /* bytes, 0 when unknown */
    int on_host;           /* kernels execute on the host CPU (CPU backend, fallback) */
    int threads;           /* CPU threads in use, 0 for GPU */
    char detail[256];      /* free text for the run's metadata */
} pb_device_info;

typedef struct pb_backend {
    const char *name;             /* CSV "backend": cuda, cublas, cub, omp, cpu */
    const char *compiler;         /* CSV "compiler": nvcc, cublas, clang, gcc ... */
    const char *compiler_version; /* CSV "compiler_version" */
    int offload;                  /* 1: OpenMP target; rows need the offload proof */
    /* Find and open the device. PB_SKIP with a reason in `why` when it cannot run here. */
    int (*init)(const pb_backend_config *cfg, pb_device_info *dev, char *why, size_t cap);
    void (*finish)(void);
    void *(*alloc)(size_t bytes); /* NULL on failure */
    void (*release)(void *p);
    int (*upload)(void *dev, const void *host, size_t bytes);
    int (*download)(void *host, const void *dev, size_t bytes);
    int (*rep_begin)(void);
    /* Wait until the repetition's work is complete. *device_s = device time of the
     * repetition from the backend's own events, or a negative value when it has none. */
    int (*rep_end)(double *device_s);
    /* Variants of the backend's own table, read with the kernel files' tables through
     * pb_registry_variants; empty (NULL, 0) in every backend today: each row is in its
     * kernel file's table. */
    const pb_variant *variants;
    size_t nvariants;
    int gpu; /* 1: runs on a GPU when one exists (device clock and GPU state apply) */
} pb_backend;

/* Every worker executable defines this table: the backends compiled into it. */
extern const pb_backend *const pb_worker_backends[];
extern const size_t pb_worker_nbackends;

#ifdef __cplusplus
}
#endif
#endif
