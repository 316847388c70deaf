/* The CPU OpenMP baseline backend: plain host memory, threads bound to cores with
 * hwloc so that repeated runs use the same cores and first-touch places the data. */
#define _GNU_SOURCE
#include "pb_backend.h"
#include "cpu_kernels.h"

#include <hwloc.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STR2(x) #x
#define STR(x) STR2(x)

static hwloc_topology_t topo;
static int nthreads;

static int cpu_init(const pb_backend_config *cfg, pb_device_info *dev, char *why, size_t cap)
{
    if (hwloc_topology_init(&topo) != 0 || hwloc_topology_load(topo) != 0) {
        snprintf(why, cap, "hwloc could not load the machine topology");
        return PB_ERR;
    }
    int ncores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
    int npus = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
    if (ncores <= 0)
        ncores = npus > 0 ? npus : 1;
    nthreads = cfg->threads > 0 ? cfg->threads : ncores;
    omp_set_dynamic(0);
    omp_set_num_threads(nthreads);
    int bound = 0;
    /* Thread t runs on core t mod ncores; libgomp keeps its thread pool, so the binding
     * holds for every later parallel region with the same team size. */
#pragma omp parallel reduction(+ : bound)
    {
        hwloc_obj_t core = hwloc_get_obj_by_type(topo, HWLOC_OBJ_CORE, (unsigned)(omp_get_thread_num() % ncores));
        if (!core)
            core = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, (unsigned)(omp_get_thread_num() % npus));
        if (core && hwloc_set_cpubind(topo, core->cpuset, HWLOC_CPUBIND_THREAD) == 0)
            bound = 1;
    }
    memset(dev, 0, sizeof *dev);
    pb_strlcpy(dev->name, "host", sizeof dev->name);
    dev->on_host = 1;
    dev->threads = nthreads;
    snprintf(dev->detail, sizeof dev->detail, "%d threads, %d bound to cores by hwloc; %d cores, %d PUs", nthreads,
             bound, ncores, npus);
    return PB_OK;
}

static void cpu_finish(void) { hwloc_topology_destroy(topo); }

static void *cpu_alloc(size_t bytes)
{
    size_t rounded = (bytes + 63) / 64 * 64;
    return aligned_alloc(64, rounded ? rounded : 64);
}

static void cpu_release(void *p) { free(p); }

/* Copy in parallel with a static split, so that each page is first touched by the
 * thread (core) that will later read it in the statically scheduled kernels. */
static int cpu_upload(void *dst, const void *src, size_t bytes)
{
    const size_t chunk = 1 << 16;
    long nchunks = (long)((bytes + chunk - 1) / chunk);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < nchunks; ++i) {
        size_t off = (size_t)i * chunk, len = bytes - off < chunk ? bytes - off : chunk;
        memcpy((char *)dst + off, (const char *)src + off, len);
    }
    return PB_OK;
}

static int cpu_download(void *dst, const void *src, size_t bytes)
{
    memcpy(dst, src, bytes);
    return PB_OK;
}

static int cpu_rep_begin(void) { return PB_OK; }

static int cpu_rep_end(double *device_s)
{
    *device_s = -1;
    return PB_OK;
}

static const pb_backend cpu_backend = {
    .name = "cpu",
    .compiler = "gcc",
    .compiler_version = __VERSION__,
    .offload = 0,
    .init = cpu_init,
    .finish = cpu_finish,
    .alloc = cpu_alloc,
    .release = cpu_release,
    .upload = cpu_upload,
    .download = cpu_download,
    .rep_begin = cpu_rep_begin,
    .rep_end = cpu_rep_end,
    .variants = NULL, /* every row is in a kernel file's table (cpu_ref/<benchmark>_cpu.c) */
    .nvariants = 0,
};

/* OpenBLAS, the CPU library bar: its own thread pool (Debian's pthread build), sized
 * like the baseline's team (--threads, else one per core). Loaded here: without it the
 * backend's rows SKIP with the reason, and every other backend runs. */
static char openblas_version[64] = "unknown";

static int openblas_init(const pb_backend_config *cfg, pb_device_info *dev, char *why, size_t cap)
{
    if (pb_openblas_load(why, cap) != PB_OK)
        return PB_SKIP;
    hwloc_topology_t t;
    int ncores = 0;
    if (hwloc_topology_init(&t) == 0) {
        if (hwloc_topology_load(t) == 0)
            ncores = hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_CORE);
        hwloc_topology_destroy(t);
    }
    const int threads = cfg->threads > 0 ? cfg->threads : ncores > 0 ? ncores : 1;
    pb_openblas_set_num_threads(threads);
    const char *conf = pb_openblas_get_config(); /* "OpenBLAS 0.3.21 DYNAMIC_ARCH ..." */
    if (conf && sscanf(conf, "OpenBLAS %63s", openblas_version) != 1)
        pb_strlcpy(openblas_version, "unknown", sizeof openblas_version);
    memset(dev, 0, sizeof *dev);
    pb_strlcpy(dev->name, "host", sizeof dev->name);
    dev->on_host = 1;
    dev->threads = pb_openblas_get_num_threads();
    snprintf(dev->detail, sizeof dev->detail, "%s, %d threads (its own pool)", conf ? conf : "OpenBLAS",
             dev->threads);
    return PB_OK;
}

static void openblas_finish(void) {}

static const pb_backend openblas_backend = {
    .name = "openblas",
    .compiler = "openblas",
    .compiler_version = openblas_version,
    .offload = 0,
    .init = openblas_init,
    .finish = openblas_finish,
    .alloc = cpu_alloc,
    .release = cpu_release,
    .upload = cpu_upload,
    .download = cpu_download,
    .rep_begin = cpu_rep_begin,
    .rep_end = cpu_rep_end,
    .variants = NULL, /* its gemm row is in cpu_ref/gemm_cpu.c's table */
    .nvariants = 0,
};

const pb_backend *const pb_worker_backends[] = {&cpu_backend, &openblas_backend};
const size_t pb_worker_nbackends = 2;
