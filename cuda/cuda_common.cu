/* cuda_common.cu - the helpers of cuda_common.h that are not inline. Kept apart from
 * backend.cu: the kernels call them and the backend's variant tables name the kernels,
 * so in backend.cu they would tie the two into a circle (tests/check_cycles.sh). */
#include "cuda_common.h"

#include <stdio.h>

int pb_cuda_check_launch(const char *what)
{
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess)
        return PB_OK;
    fprintf(stderr, "portbench: pb-cuda: %s: %s\n", what, cudaGetErrorString(e));
    return PB_ERR;
}
