/* DIAGNOSTIC PROBE ONLY (not product code).
 *
 * A stand-in libcuda.so.1 that adds CU_JIT_MAX_REGISTERS = $PB_JIT_MAXREG to the
 * options of cuLinkCreate(_v2), so that GCC's libgomp nvptx plugin JIT-links its PTX
 * with a register cap.  Every other driver symbol comes from the real driver: the shim
 * is linked with DT_NEEDED "libcuda_real.so.1" and RUNPATH $ORIGIN, and probe.sh puts
 * a symlink libcuda_real.so.1 -> <real libcuda.so.1> next to it.  dlsym(shim_handle,
 * "cuXxx") searches the shim's dependency tree, so it finds the real symbols; symbols
 * defined here (cuLinkCreate, cuLinkCreate_v2, cuModuleGetFunction) win.
 *
 * Build:  gcc -shared -fPIC -O2 -Wall -o shim/libcuda.so.1 cujit_shim.c \
 *           -Wl,-soname,libcuda.so.1 -Wl,--enable-new-dtags,-rpath,'$ORIGIN' \
 *           -Wl,--no-as-needed shim/libcuda_real.so.1(stub) -ldl
 *
 * Env:  PB_JIT_MAXREG=N     cap (1..255); unset/invalid: options passed through unchanged
 *       PB_REAL_LIBCUDA=P   path of the real driver library to call (default: the
 *                           DT_NEEDED libcuda_real.so.1, then the usual system paths)
 *       PB_JIT_VERBOSE=1    one stderr line per cuLinkCreate and per kernel (its registers)
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef int CUresult;
typedef int CUjit_option;
typedef void *CUlinkState;
typedef void *CUmodule;
typedef void *CUfunction;

#define CU_JIT_MAX_REGISTERS 0
#define CU_FUNC_ATTRIBUTE_NUM_REGS 4
#define CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES 3
#define MAX_OPTS 64

typedef CUresult (*link_create_fn)(unsigned int, CUjit_option *, void **, CUlinkState *);
typedef CUresult (*get_function_fn)(CUfunction *, CUmodule, const char *);
typedef CUresult (*func_attr_fn)(int *, int, CUfunction);

static void *real_handle;
static link_create_fn real_link_create;
static get_function_fn real_get_function;
static func_attr_fn real_func_attr;
static char real_path[4096] = "?";
static pthread_once_t once = PTHREAD_ONCE_INIT;

CUresult cuLinkCreate_v2(unsigned int, CUjit_option *, void **, CUlinkState *);
CUresult cuLinkCreate(unsigned int, CUjit_option *, void **, CUlinkState *);
CUresult cuModuleGetFunction(CUfunction *, CUmodule, const char *);

static int verbose(void)
{
    const char *v = getenv("PB_JIT_VERBOSE");
    return v && *v && strcmp(v, "0") != 0;
}

/* A handle on the real driver that is not this shim. */
static void *try_open(const char *path)
{
    if (!path || !*path)
        return NULL;
    void *h = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
    if (!h)
        return NULL;
    void *f = dlsym(h, "cuLinkCreate_v2");
    if (!f)
        f = dlsym(h, "cuLinkCreate");
    if (!f || f == (void *)cuLinkCreate_v2 || f == (void *)cuLinkCreate) {
        dlclose(h); /* that is us (or no driver) */
        return NULL;
    }
    return h;
}

static void resolve(void)
{
    static const char *const paths[] = {
        "libcuda_real.so.1", /* our DT_NEEDED, found through RUNPATH $ORIGIN */
        "/usr/lib/x86_64-linux-gnu/libcuda.so.1",
        "/usr/lib64/libcuda.so.1",
        "/lib/x86_64-linux-gnu/libcuda.so.1",
        "/usr/lib/libcuda.so.1",
    };
    const char *env = getenv("PB_REAL_LIBCUDA");
    if (env && *env) {
        real_handle = try_open(env);
        if (!real_handle) {
            const char *e = dlerror();
            fprintf(stderr, "[cujit_shim] PB_REAL_LIBCUDA=%s: cannot use it (%s)\n", env,
                    e ? e : "no real cuLinkCreate there");
        }
    }
    for (size_t i = 0; !real_handle && i < sizeof paths / sizeof *paths; ++i)
        if (i == 0 || access(paths[i], R_OK) == 0)
            real_handle = try_open(paths[i]);
    if (!real_handle) {
        fprintf(stderr, "[cujit_shim] no real libcuda found: cuLinkCreate fails\n");
        return;
    }
    real_link_create = (link_create_fn)dlsym(real_handle, "cuLinkCreate_v2");
    if (!real_link_create)
        real_link_create = (link_create_fn)dlsym(real_handle, "cuLinkCreate");
    real_get_function = (get_function_fn)dlsym(real_handle, "cuModuleGetFunction");
    real_func_attr = (func_attr_fn)dlsym(real_handle, "cuFuncGetAttribute");
    Dl_info info;
    if (real_link_create && dladdr((void *)real_link_create, &info) && info.dli_fname)
        snprintf(real_path, sizeof real_path, "%s", info.dli_fname);
}

/* PB_JIT_MAXREG as 1..255, or 0 when unset or invalid. */
static unsigned maxreg(void)
{
    const char *s = getenv("PB_JIT_MAXREG");
    if (!s || !*s)
        return 0;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < 1 || v > 255) {
        fprintf(stderr, "[cujit_shim] PB_JIT_MAXREG=%s invalid (1..255): unchanged\n", s);
        return 0;
    }
    return (unsigned)v;
}

static CUresult link_create(const char *who, unsigned int n, CUjit_option *opts, void **vals,
                            CUlinkState *out)
{
    pthread_once(&once, resolve);
    if (!real_link_create)
        return 999; /* CUDA_ERROR_UNKNOWN */
    unsigned cap = maxreg();
    CUresult r;
    int replaced = -1;
    if (cap == 0 || n >= MAX_OPTS) {
        r = real_link_create(n, opts, vals, out);
    } else {
        CUjit_option o[MAX_OPTS];
        void *v[MAX_OPTS];
        unsigned m = 0;
        for (unsigned i = 0; i < n; ++i) {
            if (opts[i] == CU_JIT_MAX_REGISTERS) { /* the caller's own cap: ours replaces it */
                replaced = (int)(uintptr_t)vals[i];
                continue;
            }
            o[m] = opts[i];
            v[m++] = vals[i];
        }
        o[m] = CU_JIT_MAX_REGISTERS;
        v[m++] = (void *)(uintptr_t)cap;
        r = real_link_create(m, o, v, out);
    }
    if (verbose()) {
        if (cap)
            fprintf(stderr,
                    "[cujit_shim] pid %d %s: %u options + CU_JIT_MAX_REGISTERS=%u%s -> %s: rc=%d\n",
                    (int)getpid(), who, n, cap, replaced >= 0 ? " (replaced caller's)" : "",
                    real_path, r);
        else
            fprintf(stderr, "[cujit_shim] pid %d %s: %u options, unchanged (PB_JIT_MAXREG unset) -> %s: rc=%d\n",
                    (int)getpid(), who, n, real_path, r);
    }
    return r;
}

__attribute__((visibility("default"))) CUresult cuLinkCreate_v2(unsigned int n, CUjit_option *opts,
                                                                 void **vals, CUlinkState *out)
{
    return link_create("cuLinkCreate_v2", n, opts, vals, out);
}

__attribute__((visibility("default"))) CUresult cuLinkCreate(unsigned int n, CUjit_option *opts,
                                                              void **vals, CUlinkState *out)
{
    return link_create("cuLinkCreate", n, opts, vals, out);
}

/* Pass-through that reports each kernel's registers (PB_JIT_VERBOSE only). */
__attribute__((visibility("default"))) CUresult cuModuleGetFunction(CUfunction *f, CUmodule m,
                                                                     const char *name)
{
    pthread_once(&once, resolve);
    if (!real_get_function)
        return 999;
    CUresult r = real_get_function(f, m, name);
    if (r == 0 && verbose() && real_func_attr) {
        int regs = -1, lmem = -1;
        real_func_attr(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, *f);
        real_func_attr(&lmem, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, *f);
        fprintf(stderr, "[cujit_shim] kernel %s: registers %d, local bytes %d\n", name, regs, lmem);
    }
    return r;
}
