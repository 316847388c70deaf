/* The OpenMP-target backend: device memory through omp_target_alloc and
 * omp_target_memcpy, so that data stays resident and kernels use is_device_ptr.
 * Built once per OpenMP compiler (clang-19 -> pb-omp-clang, gcc-12 -> pb-omp-gcc);
 * libomp and libgomp cannot share a process, hence one executable each. */
#include "omp_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STR2(x) #x
#define STR(x) STR2(x)

#if defined(__clang__)
#define OMP_COMPILER "clang"
#define OMP_COMPILER_VERSION STR(__clang_major__) "." STR(__clang_minor__) "." STR(__clang_patchlevel__)
#else
#define OMP_COMPILER "gcc"
#define OMP_COMPILER_VERSION STR(__GNUC__) "." STR(__GNUC_MINOR__) "." STR(__GNUC_PATCHLEVEL__)
#endif

static int ot_init(const pb_backend_config *cfg, pb_device_info *dev, char *why, size_t cap)
{
    memset(dev, 0, sizeof *dev);
    int ndev = omp_get_num_devices();
    const char *policy = getenv("OMP_TARGET_OFFLOAD");
    if (ndev == 0) {
        if (!cfg->allow_host_fallback) {
            snprintf(why, cap,
                     "no GPU: %s%sthe OpenMP runtime sees no offload device%s%s%s; "
                     "--allow-host-fallback runs the target regions on the host",
                     cfg->gpu.why, cfg->gpu.why[0] ? "; " : "", policy ? " (OMP_TARGET_OFFLOAD=" : "",
                     policy ? policy : "", policy ? ")" : "");
            return PB_SKIP;
        }
        pb_omp_state_set(omp_get_initial_device(), 1);
        pb_omp_best_init(0, 1);
        dev->on_host = 1;
        dev->threads = omp_get_max_threads();
        pb_strlcpy(dev->name, "host", sizeof dev->name);
        snprintf(dev->detail, sizeof dev->detail, "host fallback: target regions run on the host CPU");
        return PB_OK;
    }
    if (cfg->device >= ndev) {
        snprintf(why, cap, "OpenMP device %d does not exist (%d offload devices)", cfg->device, ndev);
        return PB_SKIP;
    }
    omp_set_default_device(cfg->device);
    /* launch shapes (the best variants, k7's grid) depend on the GPU */
    const int sms = cfg->gpu.ok && cfg->gpu.sms > 0 ? cfg->gpu.sms : 1;
    pb_omp_state_set(cfg->device, sms);
    pb_omp_best_init(cfg->gpu.ok ? 10 * cfg->gpu.cc_major + cfg->gpu.cc_minor : 0, sms);
    /* OpenMP has no query for the device's name; the harness read it from the CUDA
     * driver (same numbering). */
    if (cfg->gpu.ok) {
        pb_strlcpy(dev->name, cfg->gpu.name, sizeof dev->name);
        pb_strlcpy(dev->uuid, cfg->gpu.uuid, sizeof dev->uuid);
        dev->mem_total = (size_t)cfg->gpu.mem_total;
    } else {
        snprintf(dev->name, sizeof dev->name, "OpenMP device %d", cfg->device);
    }
    snprintf(dev->detail, sizeof dev->detail, "OpenMP offload device %d of %d", cfg->device, ndev);
    return PB_OK;
}

static void ot_finish(void) {}

static void *ot_alloc(size_t bytes) { return omp_target_alloc(bytes, pb_omp_device()); }

static void ot_release(void *p) { omp_target_free(p, pb_omp_device()); }

static int ot_upload(void *dst, const void *src, size_t bytes)
{
    return omp_target_memcpy(dst, src, bytes, 0, 0, pb_omp_device(), omp_get_initial_device()) == 0 ? PB_OK : PB_ERR;
}

static int ot_download(void *dst, const void *src, size_t bytes)
{
    return omp_target_memcpy(dst, src, bytes, 0, 0, omp_get_initial_device(), pb_omp_device()) == 0 ? PB_OK : PB_ERR;
}

/* Target regions without nowait complete before the construct returns. */
static int ot_rep_begin(void) { return PB_OK; }

static int ot_rep_end(double *device_s)
{
    *device_s = -1;
    return PB_OK;
}

static const pb_backend ot_backend = {
    .name = "omp",
    .compiler = OMP_COMPILER,
    .compiler_version = OMP_COMPILER_VERSION,
    .offload = 1,
    .init = ot_init,
    .finish = ot_finish,
    .alloc = ot_alloc,
    .release = ot_release,
    .upload = ot_upload,
    .download = ot_download,
    .rep_begin = ot_rep_begin,
    .rep_end = ot_rep_end,
    .variants = NULL, /* every row is in a kernel file's table (omp_target/<benchmark>.c, best.c) */
    .nvariants = 0,
    .gpu = 1,
};

const pb_backend *const pb_worker_backends[] = {&ot_backend};
const size_t pb_worker_nbackends = 1;
