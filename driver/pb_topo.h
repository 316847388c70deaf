/* pb_topo.h - machine topology summary through hwloc, recorded with every run. */
#ifndef PB_TOPO_H
#define PB_TOPO_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pb_topo {
    int ok;
    int packages, cores, pus, numa_nodes;
    char gpu_numa[64]; /* NUMA node(s) nearest the GPU ("0", "0-1"), or "unknown" */
    char cpu_model[128];
} pb_topo;

/* Summarise this machine; pci_bus_id (may be NULL) names the GPU whose NUMA locality
 * is wanted, as "0000:19:00.0". */
void pb_topo_summary(const char *pci_bus_id, pb_topo *t);

/* Bind this process (and the workers it starts) to the cores and the memory of the
 * NUMA node nearest the GPU at pci_bus_id. 0 with what it bound in desc ("cores 0-15,
 * NUMA node 0"), -1 when the GPU or its locality is unknown (nothing is changed). */
int pb_topo_bind_near(const char *pci_bus_id, char *desc, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
