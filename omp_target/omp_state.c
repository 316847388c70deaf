/* The device the OpenMP kernels run on and what they need to know of it: set by the
 * backend's init, read by the kernels. A module of its own, so that the kernels do not
 * depend on the backend that lists them (no circle between their sources). */
#include "omp_common.h"

static int device_num, sms = 1;

void pb_omp_state_set(int device, int nsms)
{
    device_num = device;
    sms = nsms > 0 ? nsms : 1;
}

int pb_omp_device(void) { return device_num; }

int pb_omp_on_host(void) { return device_num == omp_get_initial_device(); }

int pb_omp_sms(void) { return sms; }
