#define _GNU_SOURCE
#include "pb_nvml.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef int nvmlReturn_t;
typedef void *nvmlDevice_t;

enum { NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2 };
enum { NVML_TEMPERATURE_GPU = 0 };
enum { NVML_ERROR_NOT_SUPPORTED = 3 }; /* nvmlReturn_t values from nvml.h */
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
    /* optional: a GPU or driver without them gives no energy or temperature */
    nvmlReturn_t (*GetEnergy)(nvmlDevice_t, unsigned long long *);
    nvmlReturn_t (*GetTemperature)(nvmlDevice_t, int, unsigned *);
    const char *(*ErrorString)(nvmlReturn_t);
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
    nv.GetEnergy = (nvmlReturn_t(*)(nvmlDevice_t, unsigned long long *))dlsym(
        nv.lib, "nvmlDeviceGetTotalEnergyConsumption");
    nv.GetTemperature = (nvmlReturn_t(*)(nvmlDevice_t, int, unsigned *))dlsym(nv.lib, "nvmlDeviceGetTemperature");
    nv.ErrorString = (const char *(*)(nvmlReturn_t))dlsym(nv.lib, "nvmlErrorString");
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

double pb_nvml_sm_clock(void)
{
    unsigned mhz;
    return nv.dev && nv.GetClockInfo(nv.dev, NVML_CLOCK_SM, &mhz) == 0 ? (double)mhz : NAN;
}

int pb_nvml_throttled(unsigned long long reasons)
{
    return (reasons & (REASON_SW_POWER_CAP | REASON_HW_SLOWDOWN | REASON_SW_THERMAL | REASON_HW_THERMAL |
                       REASON_HW_POWER_BRAKE)) != 0;
}

int pb_nvml_energy_mj(unsigned long long *mj, char *why, size_t cap)
{
    if (!nv.dev) {
        snprintf(why, cap, "no energy counter: NVML unavailable");
        return -1;
    }
    if (!nv.GetEnergy) {
        snprintf(why, cap, "no energy counter: this NVML lacks nvmlDeviceGetTotalEnergyConsumption");
        return -1;
    }
    nvmlReturn_t rc = nv.GetEnergy(nv.dev, mj);
    if (rc == NVML_ERROR_NOT_SUPPORTED) {
        snprintf(why, cap, "this GPU has no energy counter (NVML: not supported)");
        return -1;
    }
    if (rc != 0) {
        snprintf(why, cap, "energy counter unreadable (NVML: %s)", nv.ErrorString ? nv.ErrorString(rc) : "error");
        return -1;
    }
    return 0;
}

int pb_nvml_temperature_c(unsigned *c)
{
    return nv.dev && nv.GetTemperature && nv.GetTemperature(nv.dev, NVML_TEMPERATURE_GPU, c) == 0 ? 0 : -1;
}
