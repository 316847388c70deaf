/* pb_dl.h - a shared library that only some runs need (MPICH for an MPI launch, OpenBLAS
 * for gemm's CPU library bar), loaded when it is used, so that the driver and the workers
 * start without it (the bundle's base part alone, docs/toolchain.md). */
#ifndef PB_DL_H
#define PB_DL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pb_dl_fn {
    const char *name; /* the symbol */
    void **addr;      /* where its address goes */
} pb_dl_fn;

/* dlopen `soname` (found like a NEEDED library of the calling executable: its RPATH, then
 * LD_LIBRARY_PATH and the system's) and resolve every function of fns[0..n). PB_OK, or
 * PB_ERR with one line in `why`: "<soname> not found", or what is wrong with it.
 * PB_TEST_HIDE_LIBS (a comma-separated list of sonames) makes a library look missing,
 * for the tests. */
int pb_dl_load(const char *soname, const pb_dl_fn *fns, size_t n, char *why, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
