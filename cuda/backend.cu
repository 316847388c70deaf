/* The CUDA backends: "cuda" (the hand-written kernels) and "cublas" (the library bar).
 * Data stays in device memory (cudaMalloc); a repetition is bracketed by CUDA events on
 * the default stream, and rep_end waits for the stop event, so the harness's host
 * clock stops only after the GPU has finished. */
#include "cuda_common.h"

#include <cub/version.cuh>
#include <cublas_v2.h>
#include <stdio.h>
#include <string.h>

#define STR2(x) #x
#define STR(x) STR2(x)
#define NVCC_VERSION STR(__CUDACC_VER_MAJOR__) "." STR(__CUDACC_VER_MINOR__) "." STR(__CUDACC_VER_BUILD__)

static cudaEvent_t ev_start, ev_stop;
static int cuda_ready;
static cublasHandle_t cublas;
static char cublas_version[32] = "unknown";

static int cuda_init(const pb_backend_config *cfg, pb_device_info *dev, char *why, size_t cap)
{
    memset(dev, 0, sizeof *dev);
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess || n == 0) {
        if (!cfg->gpu.ok && cfg->gpu.why[0]) /* the driver's own reason says more than the runtime's */
            snprintf(why, cap, "no GPU: %s", cfg->gpu.why);
        else
            snprintf(why, cap, "no GPU: CUDA found no device (%s)",
                     e != cudaSuccess ? cudaGetErrorString(e) : "0 devices");
        return PB_SKIP;
    }
    if (cfg->device >= n) {
        snprintf(why, cap, "CUDA device %d does not exist (%d devices)", cfg->device, n);
        return PB_SKIP;
    }
    cudaDeviceProp p;
    if (cudaSetDevice(cfg->device) != cudaSuccess || cudaGetDeviceProperties(&p, cfg->device) != cudaSuccess ||
        cudaFree(0) != cudaSuccess) {
        snprintf(why, cap, "could not open CUDA device %d: %s", cfg->device, cudaGetErrorString(cudaGetLastError()));
        return PB_ERR;
    }
    if (!cuda_ready) {
        if (cudaEventCreate(&ev_start) != cudaSuccess || cudaEventCreate(&ev_stop) != cudaSuccess) {
            snprintf(why, cap, "cudaEventCreate failed");
            return PB_ERR;
        }
        cuda_ready = 1;
    }
    pb_strlcpy(dev->name, p.name, sizeof dev->name);
    const unsigned char *u = (const unsigned char *)p.uuid.bytes;
    snprintf(dev->uuid, sizeof dev->uuid,
             "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", u[0], u[1], u[2], u[3],
             u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
    cudaMemGetInfo(&dev->mem_free, &dev->mem_total);
    int rt = 0, drv = 0;
    cudaRuntimeGetVersion(&rt);
    cudaDriverGetVersion(&drv);
    snprintf(dev->detail, sizeof dev->detail, "CUDA runtime %d, driver API %d, sm_%d%d, %d SMs", rt, drv, p.major,
             p.minor, p.multiProcessorCount);
    /* launch shapes of the best kernels: from the GPU the harness describes, else the device's own */
    if (cfg->gpu.ok)
        pb_cuda_best_init(10 * cfg->gpu.cc_major + cfg->gpu.cc_minor, cfg->gpu.sms);
    else
        pb_cuda_best_init(10 * p.major + p.minor, p.multiProcessorCount);
    return PB_OK;
}

static int cublas_init(const pb_backend_config *cfg, pb_device_info *dev, char *why, size_t cap)
{
    int rc = cuda_init(cfg, dev, why, cap);
    if (rc != PB_OK)
        return rc;
    if (!cublas && cublasCreate(&cublas) != CUBLAS_STATUS_SUCCESS) {
        snprintf(why, cap, "cublasCreate failed");
        return PB_ERR;
    }
    int v = 0;
    if (cublasGetVersion(cublas, &v) == CUBLAS_STATUS_SUCCESS)
        snprintf(cublas_version, sizeof cublas_version, "%d.%d.%d", v / 10000, v / 100 % 100, v % 100);
    return PB_OK;
}

static void cuda_finish(void)
{
    if (cublas) {
        cublasDestroy(cublas);
        cublas = NULL;
    }
}

static void *cuda_alloc(size_t bytes)
{
    void *p = NULL;
    if (cudaMalloc(&p, bytes) != cudaSuccess) {
        cudaGetLastError(); /* clear the non-sticky allocation error */
        return NULL;
    }
    return p;
}

static void cuda_release(void *p) { cudaFree(p); }

static int cuda_upload(void *dst, const void *src, size_t bytes)
{
    return cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice) == cudaSuccess ? PB_OK : PB_ERR;
}

static int cuda_download(void *dst, const void *src, size_t bytes)
{
    return cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost) == cudaSuccess ? PB_OK : PB_ERR;
}

static int cuda_rep_begin(void) { return cudaEventRecord(ev_start, 0) == cudaSuccess ? PB_OK : PB_ERR; }

static int cuda_rep_end(double *device_s)
{
    float ms = -1;
    *device_s = -1;
    if (cudaEventRecord(ev_stop, 0) != cudaSuccess || cudaEventSynchronize(ev_stop) != cudaSuccess)
        return pb_cuda_check_launch("repetition");
    if (cudaEventElapsedTime(&ms, ev_start, ev_stop) == cudaSuccess)
        *device_s = 1e-3 * ms;
    return pb_cuda_check_launch("repetition");
}

cublasHandle_t pb_cublas_handle(void) { return cublas; }

/* Every row of these backends is in a kernel file's table (cuda/<benchmark>.cu: the
 * registry, harness/worker/pb_registry.h), the library bars (cuBLAS, CUB, the runtime's copy and
 * memset) with their benchmarks' kernels. */
static const pb_backend cuda_backend = {
    "cuda",        "nvcc",         NVCC_VERSION, 0,    cuda_init, cuda_finish, cuda_alloc, cuda_release, cuda_upload,
    cuda_download, cuda_rep_begin, cuda_rep_end, NULL, 0,         1,
};

static const pb_backend cublas_backend = {
    "cublas",       "cublas",     cublas_version, 0,           cublas_init,
    cuda_finish,    cuda_alloc,   cuda_release,   cuda_upload, cuda_download,
    cuda_rep_begin, cuda_rep_end, NULL,           0,           1,
};

static char cub_version[32];

static int cub_init(const pb_backend_config *cfg, pb_device_info *dev, char *why, size_t cap)
{
    snprintf(cub_version, sizeof cub_version, "%d.%d.%d", CUB_VERSION / 100000, CUB_VERSION / 100 % 1000,
             CUB_VERSION % 100);
    return cuda_init(cfg, dev, why, cap);
}

static const pb_backend cub_backend = {
    "cub",         "cub",          cub_version,  0,    cub_init, cuda_finish, cuda_alloc, cuda_release, cuda_upload,
    cuda_download, cuda_rep_begin, cuda_rep_end, NULL, 0,        1,
};

static const pb_backend cudart_backend = {
    "cudart",      "cudart",       NVCC_VERSION, 0,    cuda_init, cuda_finish, cuda_alloc, cuda_release, cuda_upload,
    cuda_download, cuda_rep_begin, cuda_rep_end, NULL, 0,         1,
};

extern "C" {
extern const pb_backend *const pb_worker_backends[] = {&cuda_backend, &cublas_backend, &cub_backend, &cudart_backend};
extern const size_t pb_worker_nbackends = 4;
}
