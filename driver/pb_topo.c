#include "pb_topo.h"
#include "pb_common.h"

#include <hwloc.h>
#include <stdio.h>
#include <string.h>

void pb_topo_summary(const char *pci_bus_id, pb_topo *t)
{
    memset(t, 0, sizeof *t);
    pb_strlcpy(t->gpu_numa, "unknown", sizeof t->gpu_numa);
    hwloc_topology_t topo;
    if (hwloc_topology_init(&topo) != 0)
        return;
    /* PCI devices are filtered out by default; keep them to locate the GPU. */
    hwloc_topology_set_io_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_IMPORTANT);
    if (hwloc_topology_load(topo) != 0) {
        hwloc_topology_destroy(topo);
        return;
    }
    t->ok = 1;
    t->packages = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE);
    t->cores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
    t->pus = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
    t->numa_nodes = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE);
    hwloc_obj_t pkg = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, 0);
    const char *model = pkg ? hwloc_obj_get_info_by_name(pkg, "CPUModel") : NULL;
    if (model)
        pb_strlcpy(t->cpu_model, model, sizeof t->cpu_model);
    if (pci_bus_id && pci_bus_id[0]) {
        hwloc_obj_t dev = hwloc_get_pcidev_by_busidstring(topo, pci_bus_id);
        hwloc_obj_t anc = dev ? hwloc_get_non_io_ancestor_obj(topo, dev) : NULL;
        if (anc && anc->nodeset)
            hwloc_bitmap_list_snprintf(t->gpu_numa, sizeof t->gpu_numa, anc->nodeset);
        else
            pb_strlcpy(t->gpu_numa, dev ? "unknown" : "unknown (GPU not in hwloc's PCI list)", sizeof t->gpu_numa);
    }
    hwloc_topology_destroy(topo);
}

int pb_topo_bind_near(const char *pci_bus_id, char *desc, size_t cap)
{
    hwloc_topology_t topo;
    int rc = -1;
    if (!pci_bus_id || !pci_bus_id[0] || hwloc_topology_init(&topo) != 0)
        return -1;
    hwloc_topology_set_io_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_IMPORTANT);
    if (hwloc_topology_load(topo) == 0) {
        hwloc_obj_t dev = hwloc_get_pcidev_by_busidstring(topo, pci_bus_id);
        hwloc_obj_t anc = dev ? hwloc_get_non_io_ancestor_obj(topo, dev) : NULL;
        if (anc && anc->cpuset && !hwloc_bitmap_iszero(anc->cpuset) &&
            hwloc_set_cpubind(topo, anc->cpuset, HWLOC_CPUBIND_PROCESS) == 0) {
            char cpus[128] = "", nodes[64] = "";
            hwloc_bitmap_list_snprintf(cpus, sizeof cpus, anc->cpuset);
            if (anc->nodeset && hwloc_set_membind(topo, anc->nodeset, HWLOC_MEMBIND_BIND,
                                                  HWLOC_MEMBIND_PROCESS | HWLOC_MEMBIND_BYNODESET) == 0)
                hwloc_bitmap_list_snprintf(nodes, sizeof nodes, anc->nodeset);
            snprintf(desc, cap, "PUs %s%s%s", cpus, nodes[0] ? ", memory on NUMA node " : "", nodes);
            rc = 0;
        }
    }
    hwloc_topology_destroy(topo);
    return rc;
}
