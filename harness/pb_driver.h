/* pb_driver.h - pieces of the portbench driver shared by its commands. */
#ifndef PB_DRIVER_H
#define PB_DRIVER_H

#include "pb_cli.h"
#include "pb_gpu.h"
#include "pb_result.h"
#include "pb_topo.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Directory holding the worker executables: $PORTBENCH_LIBEXEC, else
 * <dir of portbench>/../libexec/portbench. */
const char *pb_libexec_dir(void);

/* Run `argv` (argv[0] a worker name under pb_libexec_dir) to completion. Returns the
 * exit status, 127 if the worker is missing, 128+signal if it crashed. */
int pb_run_worker(const char *worker, char **argv);

/* What the driver learnt about the machine before running anything. */
typedef struct pb_run_env {
    pb_gpu_probe probe;
    pb_gpu_device gpu;  /* valid when probe.ok */
    const pb_gpu_profile *profile;
    pb_topo topo;
    char hostname[128];
    char started[32];
} pb_run_env;

#ifdef __cplusplus
}
#endif
#endif
