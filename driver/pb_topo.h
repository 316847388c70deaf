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
 * NUMA node nearest the GPU bus_ids[k], when the GPUs of bus_ids[0..n) run at once: the
 * GPUs with one locality (a machine of one NUMA node: all of them) share its cores, each a
 * slice of its own (hwloc_distrib), so that their CPU work (inputs, references, the CPU
 * baseline) does not oversubscribe the cores. 0 with what it bound in desc ("PUs 16-31,
 * memory on NUMA node 0, a quarter of the PUs near 4 GPUs"), -1 when the GPU or its
 * locality is unknown (nothing is changed). */
int pb_topo_bind_near(const char *const *bus_ids, int n, int k, char *desc, size_t cap);

/* For tests: the PUs pb_topo_bind_near gives share of nshare GPUs on the machine of hwloc's
 * synthetic description ("pack:2 core:8 pu:2"), as a list ("0-7"). 0, or -1. */
int pb_topo_slice_text(const char *synthetic, int share, int nshare, char *out, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
