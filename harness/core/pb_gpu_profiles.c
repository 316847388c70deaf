/* GPU datasheet figures. One row per product; add a row to support a GPU.
 * Sources: NVIDIA A100 datasheet (2021), A40 datasheet (2020), H100 datasheet (2023),
 * H200 product brief (2024). FP64/FP32 are the vector (non-tensor-core) peaks; the A40's
 * FP64 is 1/64 of its FP32 rate (GA102 has two FP64 units per SM). L2: A100 40 MB (A100
 * datasheet and whitepaper), A40 6 MB (GA102), H100 50 MB (NVIDIA's Hopper architecture
 * article: "50 MB L2 cache in H100"); the H200 is the same GH100 configuration (132 SMs)
 * and NVIDIA's H200 brief gives no L2 figure, so it has the H100's 50 MB (the 60 MB
 * sometimes quoted is the full GH100 die, which no product enables). */
#include "pb_gpu.h"

#include <string.h>

const pb_gpu_profile pb_gpu_profiles[] = {
    /* id          family  name_has  also    mem GiB       GB/s    FP64     FP32    SMs  L2 MiB */
    {"a100-40gb", "a100", "A100", NULL, 0, 60, 1555, 9700, 19500, 108, 40, "A100 datasheet, 40GB"},
    {"a100-80gb", "a100", "A100", NULL, 60, 1e9, 2039, 9700, 19500, 108, 40, "A100 datasheet, 80GB SXM"},
    {"a40", "a40", "A40", NULL, 0, 1e9, 696, 584, 37400, 84, 6, "A40 datasheet"},
    {"h100-pcie", "h100", "H100", "PCIe", 0, 1e9, 2000, 26000, 51000, 114, 50, "H100 datasheet, PCIe"},
    {"h100-sxm", "h100", "H100", "HBM3", 0, 1e9, 3350, 34000, 67000, 132, 50, "H100 datasheet, SXM5"},
    {"h200", "h200", "H200", NULL, 0, 1e9, 4800, 34000, 67000, 132, 60, "H200 product brief, SXM; L2 60 MiB as the driver reports it (results/h200 metadata, l2_bytes)"},
};
const size_t pb_ngpu_profiles = sizeof pb_gpu_profiles / sizeof pb_gpu_profiles[0];

const pb_gpu_profile *pb_gpu_profile_by_id(const char *id)
{
    for (size_t i = 0; i < pb_ngpu_profiles; ++i)
        if (strcmp(pb_gpu_profiles[i].id, id) == 0)
            return &pb_gpu_profiles[i];
    return NULL;
}

const pb_gpu_profile *pb_gpu_profile_match(const char *device_name, double mem_gib)
{
    for (size_t i = 0; i < pb_ngpu_profiles; ++i) {
        const pb_gpu_profile *p = &pb_gpu_profiles[i];
        if (!strstr(device_name, p->name_has))
            continue;
        if (p->name_also && !strstr(device_name, p->name_also))
            continue;
        if (mem_gib < p->min_mem_gib || mem_gib >= p->max_mem_gib)
            continue;
        return p;
    }
    return NULL;
}

int pb_gpu_model_covers(const char *model, const pb_gpu_profile *p)
{
    return strcmp(model, p->id) == 0 || strcmp(model, p->family) == 0;
}

int pb_gpu_model_known(const char *s)
{
    for (size_t i = 0; i < pb_ngpu_profiles; ++i)
        if (pb_gpu_model_covers(s, &pb_gpu_profiles[i]))
            return 1;
    return 0;
}

const char *pb_gpu_model_list(void)
{
    static char list[512];
    if (list[0])
        return list;
    const char *prev_family = "";
    for (size_t i = 0; i < pb_ngpu_profiles; ++i) {
        const pb_gpu_profile *p = &pb_gpu_profiles[i];
        if (strcmp(p->family, prev_family) != 0) {
            strncat(list, list[0] ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, p->family, sizeof list - strlen(list) - 1);
            prev_family = p->family;
        }
        if (strcmp(p->id, p->family) != 0) {
            strncat(list, ", ", sizeof list - strlen(list) - 1);
            strncat(list, p->id, sizeof list - strlen(list) - 1);
        }
    }
    return list;
}
