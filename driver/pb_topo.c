#include "pb_topo.h"
#include "pb_common.h"

#include <hwloc.h>
#include <limits.h>
#include <stdlib.h>
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

/* The non-I/O object nearest the GPU at bus (its locality), or NULL. */
static hwloc_obj_t locality(hwloc_topology_t topo, const char *bus)
{
    hwloc_obj_t dev = bus && bus[0] ? hwloc_get_pcidev_by_busidstring(topo, bus) : NULL;
    hwloc_obj_t anc = dev ? hwloc_get_non_io_ancestor_obj(topo, dev) : NULL;
    return anc && anc->cpuset && !hwloc_bitmap_iszero(anc->cpuset) ? anc : NULL;
}

/* Part share of nshare of the PUs under root, in set (left as it is when nshare < 2 or
 * hwloc cannot split them). */
static void slice(hwloc_topology_t topo, hwloc_obj_t root, int share, int nshare, hwloc_bitmap_t set)
{
    if (nshare < 2)
        return;
    hwloc_bitmap_t *parts = calloc((size_t)nshare, sizeof *parts);
    for (int j = 0; parts && j < nshare; ++j)
        parts[j] = hwloc_bitmap_alloc();
    if (parts && hwloc_distrib(topo, &root, 1, parts, (unsigned)nshare, INT_MAX, 0) == 0 &&
        !hwloc_bitmap_iszero(parts[share]))
        hwloc_bitmap_copy(set, parts[share]);
    for (int j = 0; parts && j < nshare; ++j)
        hwloc_bitmap_free(parts[j]);
    free(parts);
}

int pb_topo_slice_text(const char *synthetic, int share, int nshare, char *out, size_t cap)
{
    hwloc_topology_t topo;
    if (hwloc_topology_init(&topo) != 0)
        return -1;
    int rc = -1;
    if (hwloc_topology_set_synthetic(topo, synthetic) == 0 && hwloc_topology_load(topo) == 0) {
        hwloc_obj_t root = hwloc_get_root_obj(topo);
        hwloc_bitmap_t set = hwloc_bitmap_dup(root->cpuset);
        slice(topo, root, share, nshare, set);
        hwloc_bitmap_list_snprintf(out, cap, set);
        hwloc_bitmap_free(set);
        rc = 0;
    }
    hwloc_topology_destroy(topo);
    return rc;
}

int pb_topo_bind_near(const char *const *bus_ids, int n, int k, char *desc, size_t cap)
{
    hwloc_topology_t topo;
    int rc = -1;
    if (k < 0 || k >= n || !bus_ids[k] || !bus_ids[k][0] || hwloc_topology_init(&topo) != 0)
        return -1;
    hwloc_topology_set_io_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_IMPORTANT);
    hwloc_obj_t anc = hwloc_topology_load(topo) == 0 ? locality(topo, bus_ids[k]) : NULL;
    if (anc) {
        /* the GPUs running at once near the same cores: this one's place among them */
        int share = 0, nshare = 0;
        for (int j = 0; j < n; ++j) {
            hwloc_obj_t other = locality(topo, bus_ids[j]);
            if (other && hwloc_bitmap_isequal(other->cpuset, anc->cpuset))
                share += j < k, ++nshare;
        }
        hwloc_bitmap_t set = hwloc_bitmap_dup(anc->cpuset);
        slice(topo, anc, share, nshare, set);
        if (hwloc_set_cpubind(topo, set, HWLOC_CPUBIND_PROCESS) == 0) {
            char cpus[128] = "", nodes[64] = "", part[96] = "";
            hwloc_bitmap_list_snprintf(cpus, sizeof cpus, set);
            if (anc->nodeset && hwloc_set_membind(topo, anc->nodeset, HWLOC_MEMBIND_BIND,
                                                  HWLOC_MEMBIND_PROCESS | HWLOC_MEMBIND_BYNODESET) == 0)
                hwloc_bitmap_list_snprintf(nodes, sizeof nodes, anc->nodeset);
            if (nshare > 1)
                snprintf(part, sizeof part, ", %d of %d PUs near %d GPUs run at once", hwloc_bitmap_weight(set),
                         hwloc_bitmap_weight(anc->cpuset), nshare);
            snprintf(desc, cap, "PUs %s%s%s%s", cpus, nodes[0] ? ", memory on NUMA node " : "", nodes, part);
            rc = 0;
        }
        hwloc_bitmap_free(set);
    }
    hwloc_topology_destroy(topo);
    return rc;
}
