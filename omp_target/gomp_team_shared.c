/* gcc only: the host side of pb_gomp_team_shared() (omp_common.h), used when the target
 * regions run on the host (fallback). gcc runs host teams one after another, so one
 * static buffer serves them all. This file must not see omp_common.h's `declare target`
 * declaration: the function stays host-only, and the offload image gets the PTX version
 * (gomp_team_shared.ptx), whose buffer is in the GPU's shared memory. */
#include "pb_shapes.h"

#if defined(__GNUC__) && !defined(__clang__)
void *pb_gomp_team_shared(void);

void *pb_gomp_team_shared(void)
{
    static _Alignas(16) unsigned char host_buffer[PB_OMP_TEAM_SHARED_BYTES];
    return host_buffer;
}
#else
typedef int pb_gomp_team_shared_unused; /* clang keeps team-shared arrays in shared memory itself */
#endif
