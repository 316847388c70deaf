#define _GNU_SOURCE
#include "pb_nvml.h"

#include <dlfcn.h>
#include <string.h>

typedef int nvmlReturn_t;
typedef void *nvmlDevice_t;

enum { NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2 };
/* nvmlClocksEventReasons bits (named ThrottleReasons in older NVML) */
#define REASON_SW_POWER_CAP 0x4ULL
#define REASON_HW_SLOWDOWN 0x8ULL
#define REASON_SW_THERMAL 0x20ULL
#define REASON_HW_THERMAL 0x40ULL
#define REASON_HW_POWER_BRAKE 0x80ULL

static struct {
    void *lib;
    nvmlDevice_t dev;
    nvmlReturn_t (*GetClockInfo)(nvmlDevice_t, int, unsigned *);
    nvmlReturn_t (*GetReasons)(nvmlDevice_t, unsigned long long *);
} nv;

int pb_nvml_open(const char *uuid)
{
    if (nv.dev)
        return 0;
    nv.lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!nv.lib)
        return -1;
    nvmlReturn_t (*init)(void) = (nvmlReturn_t(*)(void))dlsym(nv.lib, "nvmlInit_v2");
    nvmlReturn_t (*by_uuid)(const char *, nvmlDevice_t *) =
        (nvmlReturn_t(*)(const char *, nvmlDevice_t *))dlsym(nv.lib, "nvmlDeviceGetHandleByUUID");
    nv.GetClockInfo = (nvmlReturn_t(*)(nvmlDevice_t, int, unsigned *))dlsym(nv.lib, "nvmlDeviceGetClockInfo");
    nv.GetReasons = (nvmlReturn_t(*)(nvmlDevice_t, unsigned long long *))dlsym(
        nv.lib, "nvmlDeviceGetCurrentClocksEventReasons");
    if (!nv.GetReasons)
        nv.GetReasons = (nvmlReturn_t(*)(nvmlDevice_t, unsigned long long *))dlsym(
            nv.lib, "nvmlDeviceGetCurrentClocksThrottleReasons");
    if (!init || !by_uuid || !nv.GetClockInfo || !nv.GetReasons || init() != 0 || by_uuid(uuid, &nv.dev) != 0) {
        nv.dev = NULL;
        return -1;
    }
    return 0;
}

void pb_nvml_sample(pb_gpu_state *s)
{
    memset(s, 0, sizeof *s);
    if (!nv.dev)
        return;
    s->ok = nv.GetClockInfo(nv.dev, NVML_CLOCK_SM, &s->sm_mhz) == 0 &&
            nv.GetClockInfo(nv.dev, NVML_CLOCK_MEM, &s->mem_mhz) == 0 && nv.GetReasons(nv.dev, &s->reasons) == 0;
}

int pb_nvml_throttled(unsigned long long reasons)
{
    return (reasons & (REASON_SW_POWER_CAP | REASON_HW_SLOWDOWN | REASON_SW_THERMAL | REASON_HW_THERMAL |
                       REASON_HW_POWER_BRAKE)) != 0;
}
