/* pb_gpu.h - GPU datasheet profiles (one data table) and device discovery through the
 * CUDA driver library loaded at run time, so the driver program needs no CUDA to build. */
#ifndef PB_GPU_H
#define PB_GPU_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pb_gpu_profile {
    const char *id;        /* a100-40gb, h200, ... */
    const char *family;    /* the --gpu spelling that selects it: a100, a40, h100, h200 */
    const char *name_has;  /* substring of the CUDA device name */
    const char *name_also; /* second required substring, or NULL */
    double min_mem_gib, max_mem_gib; /* device memory range that tells variants apart */
    double bw_gbs;         /* datasheet memory bandwidth, GB/s */
    double fp64_gflops;    /* datasheet FP64 vector (non-tensor) peak, GFLOP/s */
    double fp32_gflops;    /* datasheet FP32 vector peak, GFLOP/s */
    int sms;               /* streaming multiprocessors */
    double l2_mib;         /* L2 cache, MiB: the working set above which stream-type kernels leave it */
    const char *source;
} pb_gpu_profile;

extern const pb_gpu_profile pb_gpu_profiles[];
extern const size_t pb_ngpu_profiles;

const pb_gpu_profile *pb_gpu_profile_by_id(const char *id);
/* The profile of a device by its CUDA name and memory, or NULL if none fits. */
const pb_gpu_profile *pb_gpu_profile_match(const char *device_name, double mem_gib);
/* 1 if s is a profile id or a family name. */
int pb_gpu_model_known(const char *s);
/* 1 if model (id or family) covers profile p. */
int pb_gpu_model_covers(const char *model, const pb_gpu_profile *p);
/* Comma-separated list of accepted model names, for messages. */
const char *pb_gpu_model_list(void);

typedef struct pb_gpu_device {
    int index;
    char name[128];
    char uuid[48];       /* GPU-xxxxxxxx-... as nvidia-smi prints it */
    char pci_bus_id[32]; /* 0000:19:00.0 */
    double mem_total, mem_free; /* bytes; mem_free NaN if unknown */
    int sms;
    int cc_major, cc_minor;
    int sm_clock_khz, mem_clock_khz, mem_bus_bits;
    int l2_bytes;        /* L2 cache size the driver reports */
} pb_gpu_device;

typedef struct pb_gpu_probe {
    int ok;             /* libcuda loaded and cuInit succeeded */
    char why[160];      /* when !ok: why no GPU is usable */
    int driver_version; /* e.g. 13000 */
    int count;
} pb_gpu_probe;

/* Load libcuda.so.1 and count devices. Never fails hard: no library means count 0. */
void pb_gpu_probe_run(pb_gpu_probe *p);
/* Details of device `index` (after a successful probe). want_free != 0 also creates and
 * releases the primary context to read free memory. 0 on success. */
int pb_gpu_device_query(int index, int want_free, pb_gpu_device *d);

#ifdef __cplusplus
}
#endif
#endif
