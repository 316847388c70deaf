#define _GNU_SOURCE
#include "pb_dl.h"
#include "pb_common.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 if PB_TEST_HIDE_LIBS names soname */
static int hidden(const char *soname)
{
    const char *p = getenv("PB_TEST_HIDE_LIBS");
    const size_t len = strlen(soname);
    while (p && *p) {
        const size_t item = strcspn(p, ",");
        if (item == len && strncmp(p, soname, len) == 0)
            return 1;
        p += item + (p[item] == ',');
    }
    return 0;
}

int pb_dl_load(const char *soname, const pb_dl_fn *fns, size_t n, char *why, size_t cap)
{
    /* RTLD_GLOBAL: MPICH's transports (UCX) and OpenBLAS's Fortran runtime are libraries
     * of their own that may look up the loaded library's symbols. */
    const int hide = hidden(soname);
    void *h = hide ? NULL : dlopen(soname, RTLD_NOW | RTLD_GLOBAL);
    if (!h) {
        const char *e = hide ? NULL : dlerror();
        if (!e || strstr(e, "No such file"))
            snprintf(why, cap, "%s not found", soname);
        else
            snprintf(why, cap, "%s: %s", soname, e);
        return PB_ERR;
    }
    for (size_t i = 0; i < n; ++i) {
        dlerror();
        *fns[i].addr = dlsym(h, fns[i].name);
        if (!*fns[i].addr) {
            snprintf(why, cap, "%s has no %s: not the library this portbench was built for", soname, fns[i].name);
            return PB_ERR;
        }
    }
    return PB_OK;
}
