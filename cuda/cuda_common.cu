/* cuda_common.cu - the helpers of cuda_common.h that are not inline. Kept apart from
 * backend.cu: the kernels call them and the backend's variant tables name the kernels,
 * so in backend.cu they would tie the two into a circle (tests/check_cycles.sh). */
#include "cuda_common.h"

#include "pb_bench.h"

#include <stdio.h>
#include <string.h>

int pb_cuda_check_launch(const char *what)
{
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess)
        return PB_OK;
    fprintf(stderr, "portbench: pb-cuda: %s: %s\n", what, cudaGetErrorString(e));
    return PB_ERR;
}

/* ---- the launch shapes of the `best` variants ---- */

/* one row per benchmark of pb_benches (harness/benchmarks/pb_benchmarks.def), the first BEST_MAX;
 * a row may name a dtype (pb_tuning.c) */
enum { BEST_MAX = 32 };
static pb_shape shapes[BEST_MAX][PB_NDTYPES];
static const pb_shape no_shape = pb_shape();
static int gpu_sms = 1;

void pb_cuda_best_init(int cc, int sms)
{
    gpu_sms = sms > 0 ? sms : 1;
    for (size_t b = 0; b < pb_nbenches && b < BEST_MAX; ++b)
        for (int t = 0; t < PB_NDTYPES; ++t) {
            pb_tuning_best_shape(pb_benches[b]->name, "cuda", "nvcc", pb_dtype_name((pb_dtype)t), cc, &shapes[b][t]);
            if (shapes[b][t].vector)      /* the key is OpenMP's: these kernels always load 16-byte vectors */
                shapes[b][t].threads = 0; /* skip */
        }
}

const pb_shape *pb_cuda_best_shape(const char *bench, pb_dtype dtype)
{
    for (size_t b = 0; b < pb_nbenches && b < BEST_MAX; ++b)
        if (strcmp(pb_benches[b]->name, bench) == 0 && dtype >= 0 && dtype < PB_NDTYPES)
            return &shapes[b][dtype];
    return &no_shape;
}

int pb_cuda_sms(void) { return gpu_sms; }
