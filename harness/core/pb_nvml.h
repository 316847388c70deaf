/* pb_nvml.h - the GPU's clocks and throttle reasons around each measurement, and its
 * energy counter and temperature for --energy, read through NVML loaded at run time (the
 * build machine has no nvml.h; the GPU host has the driver's libnvidia-ml.so.1). */
#ifndef PB_NVML_H
#define PB_NVML_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pb_gpu_state {
    int ok;
    unsigned sm_mhz, mem_mhz;
    unsigned long long reasons; /* NVML clocks-event (throttle) reason bits */
} pb_gpu_state;

/* Open the GPU with this UUID ("GPU-..."). 0 on success, -1 if NVML is unavailable. */
int pb_nvml_open(const char *uuid);
void pb_nvml_sample(pb_gpu_state *s);
/* 1 when reasons include a slowdown (power cap, thermal, hardware slowdown, power
 * brake); idle, application-clock setting and sync boost do not count. */
int pb_nvml_throttled(unsigned long long reasons);
/* The SM clock now, MHz: one NVML call (a few microseconds), NaN when it cannot be read. */
double pb_nvml_sm_clock(void);

/* The GPU's total energy counter: millijoules since the driver loaded (Volta and later;
 * NVML updates it about every 100 ms). 0, or -1 with the reason in why (NVML not open,
 * the GPU has no such counter). */
int pb_nvml_energy_mj(unsigned long long *mj, char *why, size_t cap);
/* The GPU's core temperature, degrees C: 0, or -1 when it cannot be read. */
int pb_nvml_temperature_c(unsigned *c);

#ifdef __cplusplus
}
#endif
#endif
