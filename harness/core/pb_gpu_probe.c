/* Device discovery through the CUDA driver API, loaded with dlopen so that the driver
 * program builds and runs where no CUDA exists (it then reports zero GPUs). Only the
 * handful of stable driver entry points below are used; their C signatures are part
 * of the CUDA driver ABI. */
#define _GNU_SOURCE
#include "pb_gpu.h"
#include "pb_common.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext;
typedef struct { unsigned char bytes[16]; } CUuuid;

/* CUdevice_attribute values from cuda.h */
enum {
    ATTR_CLOCK_RATE = 13,
    ATTR_MULTIPROCESSOR_COUNT = 16,
    ATTR_PCI_BUS_ID = 33,
    ATTR_PCI_DEVICE_ID = 34,
    ATTR_MEMORY_CLOCK_RATE = 36,
    ATTR_GLOBAL_MEMORY_BUS_WIDTH = 37,
    ATTR_L2_CACHE_SIZE = 38,
    ATTR_COMPUTE_CAPABILITY_MAJOR = 75,
    ATTR_COMPUTE_CAPABILITY_MINOR = 76,
    ATTR_PCI_DOMAIN_ID = 50,
};

static struct {
    void *lib;
    CUresult (*Init)(unsigned);
    CUresult (*DriverGetVersion)(int *);
    CUresult (*DeviceGetCount)(int *);
    CUresult (*DeviceGet)(CUdevice *, int);
    CUresult (*DeviceGetName)(char *, int, CUdevice);
    CUresult (*DeviceTotalMem)(size_t *, CUdevice);
    CUresult (*DeviceGetAttribute)(int *, int, CUdevice);
    CUresult (*DeviceGetUuid)(CUuuid *, CUdevice);
    CUresult (*PrimaryCtxRetain)(CUcontext *, CUdevice);
    CUresult (*PrimaryCtxRelease)(CUdevice);
    CUresult (*CtxPushCurrent)(CUcontext);
    CUresult (*CtxPopCurrent)(CUcontext *);
    CUresult (*MemGetInfo)(size_t *, size_t *);
} cu;

static int load(void **fn, const char *name)
{
    *fn = dlsym(cu.lib, name);
    return *fn != NULL;
}

void pb_gpu_probe_run(pb_gpu_probe *p)
{
    memset(p, 0, sizeof *p);
    if (!cu.lib)
        cu.lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!cu.lib) {
        pb_strlcpy(p->why, "no NVIDIA driver (libcuda.so.1 not found)", sizeof p->why);
        return;
    }
    int ok = load((void **)&cu.Init, "cuInit") && load((void **)&cu.DriverGetVersion, "cuDriverGetVersion") &&
             load((void **)&cu.DeviceGetCount, "cuDeviceGetCount") && load((void **)&cu.DeviceGet, "cuDeviceGet") &&
             load((void **)&cu.DeviceGetName, "cuDeviceGetName") &&
             load((void **)&cu.DeviceTotalMem, "cuDeviceTotalMem_v2") &&
             load((void **)&cu.DeviceGetAttribute, "cuDeviceGetAttribute") &&
             load((void **)&cu.DeviceGetUuid, "cuDeviceGetUuid") &&
             load((void **)&cu.PrimaryCtxRetain, "cuDevicePrimaryCtxRetain") &&
             load((void **)&cu.PrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2") &&
             load((void **)&cu.CtxPushCurrent, "cuCtxPushCurrent_v2") &&
             load((void **)&cu.CtxPopCurrent, "cuCtxPopCurrent_v2") && load((void **)&cu.MemGetInfo, "cuMemGetInfo_v2");
    if (!ok) {
        pb_strlcpy(p->why, "libcuda.so.1 lacks a needed entry point (driver too old?)", sizeof p->why);
        return;
    }
    CUresult rc = cu.Init(0);
    if (rc != 0) {
        snprintf(p->why, sizeof p->why, "cuInit failed (CUDA error %d): no usable GPU", rc);
        return;
    }
    cu.DriverGetVersion(&p->driver_version);
    if (cu.DeviceGetCount(&p->count) != 0 || p->count == 0) {
        p->count = 0;
        pb_strlcpy(p->why, "the NVIDIA driver reports no GPU", sizeof p->why);
        return;
    }
    p->ok = 1;
}

int pb_gpu_device_query(int index, int want_free, pb_gpu_device *d)
{
    memset(d, 0, sizeof *d);
    d->index = index;
    d->mem_free = NAN;
    CUdevice dev;
    if (!cu.lib || cu.DeviceGet(&dev, index) != 0)
        return -1;
    cu.DeviceGetName(d->name, (int)sizeof d->name, dev);
    size_t total = 0;
    cu.DeviceTotalMem(&total, dev);
    d->mem_total = (double)total;
    int bus = 0, slot = 0, domain = 0;
    cu.DeviceGetAttribute(&d->sms, ATTR_MULTIPROCESSOR_COUNT, dev);
    cu.DeviceGetAttribute(&d->cc_major, ATTR_COMPUTE_CAPABILITY_MAJOR, dev);
    cu.DeviceGetAttribute(&d->cc_minor, ATTR_COMPUTE_CAPABILITY_MINOR, dev);
    cu.DeviceGetAttribute(&d->sm_clock_khz, ATTR_CLOCK_RATE, dev);
    cu.DeviceGetAttribute(&d->mem_clock_khz, ATTR_MEMORY_CLOCK_RATE, dev);
    cu.DeviceGetAttribute(&d->mem_bus_bits, ATTR_GLOBAL_MEMORY_BUS_WIDTH, dev);
    cu.DeviceGetAttribute(&d->l2_bytes, ATTR_L2_CACHE_SIZE, dev);
    cu.DeviceGetAttribute(&bus, ATTR_PCI_BUS_ID, dev);
    cu.DeviceGetAttribute(&slot, ATTR_PCI_DEVICE_ID, dev);
    cu.DeviceGetAttribute(&domain, ATTR_PCI_DOMAIN_ID, dev);
    snprintf(d->pci_bus_id, sizeof d->pci_bus_id, "%04x:%02x:%02x.0", domain, bus, slot);
    CUuuid u;
    if (cu.DeviceGetUuid(&u, dev) == 0) {
        const unsigned char *b = u.bytes;
        snprintf(d->uuid, sizeof d->uuid,
                 "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2],
                 b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
    }
    if (want_free) {
        CUcontext ctx;
        if (cu.PrimaryCtxRetain(&ctx, dev) == 0) {
            size_t fr = 0, tot = 0;
            if (cu.CtxPushCurrent(ctx) == 0) {
                if (cu.MemGetInfo(&fr, &tot) == 0)
                    d->mem_free = (double)fr;
                cu.CtxPopCurrent(&ctx);
            }
            cu.PrimaryCtxRelease(dev);
        }
    }
    return 0;
}
