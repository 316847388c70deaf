/* fakecuda.c - a fake NVIDIA driver (libcuda.so.1) for checking, on a machine without a
 * GPU, that an OpenMP worker finds its offload plugin, that the plugin accepts the
 * device image for the GPU's architecture, and that kernels are launched
 * (scripts/check_offload.sh). It implements the driver API entry points that
 * libomptarget (LLVM 16 and 19) and gcc's libgomp-plugin-nvptx look up, for one device
 * of compute capability FAKECUDA_CC (default "90"). Memory is host memory, globals get
 * their initial bytes from the image's symbol table, kernels never run: results are
 * wrong by design. Every call of interest is logged, prefixed with the program name,
 * to the file FAKECUDA_LOG (default stderr). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>
#include <elf.h>
typedef int CUresult;
static FILE *logf_;
#define LOG(...) (fprintf(logf_ ? logf_ : stderr, "%s: ", program_invocation_short_name), \
                  fprintf(logf_ ? logf_ : stderr, __VA_ARGS__), fflush(logf_ ? logf_ : stderr))
static int fake_cc_major = 9, fake_cc_minor = 0;
__attribute__((constructor)) static void init_cc(void) {
  const char *e = getenv("FAKECUDA_CC"), *l = getenv("FAKECUDA_LOG");
  if (e && e[0] && e[1]) { fake_cc_major = e[0] - '0'; fake_cc_minor = e[1] - '0'; }
  if (l) logf_ = fopen(l, "a");
}
CUresult cuInit(unsigned f) { LOG("cuInit(%u)\n", f); return 0; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return 0; }
CUresult cuDeviceGet(int *d, int o) { *d = o; return 0; }
CUresult cuDeviceGetName(char *n, int len, int d) { (void)d; snprintf(n, len, "Fake sm_%d%d", fake_cc_major, fake_cc_minor); return 0; }
CUresult cuDeviceTotalMem(size_t *b, int d) { (void)d; *b = (size_t)80 << 30; return 0; }
CUresult cuDeviceTotalMem_v2(size_t *b, int d) { return cuDeviceTotalMem(b, d); }
CUresult cuDeviceGetAttribute(int *v, int a, int d) {
  (void)d;
  switch (a) {
  case 75: *v = fake_cc_major; break;          /* COMPUTE_CAPABILITY_MAJOR */
  case 76: *v = fake_cc_minor; break;
  case 1: case 2: *v = 1024; break;            /* max threads per block, block dim x */
  case 3: case 4: *v = 64; break;
  case 5: case 6: case 7: *v = 65535; break;   /* grid dims */
  case 10: *v = 32; break;                     /* warp size */
  case 16: *v = 132; break;                    /* SM count */
  default: *v = 1; break;
  }
  return 0;
}
CUresult cuDeviceCanAccessPeer(int *c, int a, int b) { (void)a; (void)b; *c = 0; return 0; }
static int ctx_dummy;
CUresult cuDevicePrimaryCtxRetain(void **c, int d) { (void)d; *c = &ctx_dummy; return 0; }
CUresult cuDevicePrimaryCtxRelease(int d) { (void)d; return 0; }
CUresult cuDevicePrimaryCtxRelease_v2(int d) { (void)d; return 0; }
CUresult cuDevicePrimaryCtxGetState(int d, unsigned *f, int *a) { (void)d; *f = 0; *a = 0; return 0; }
CUresult cuDevicePrimaryCtxSetFlags(int d, unsigned f) { (void)d; (void)f; return 0; }
CUresult cuDevicePrimaryCtxSetFlags_v2(int d, unsigned f) { (void)d; (void)f; return 0; }
CUresult cuCtxSetCurrent(void *c) { (void)c; return 0; }
CUresult cuCtxGetDevice(int *d) { *d = 0; return 0; }
CUresult cuCtxGetLimit(size_t *v, int l) { (void)l; *v = 1024; return 0; }
CUresult cuCtxSetLimit(int l, size_t v) { (void)l; (void)v; return 0; }
CUresult cuCtxEnablePeerAccess(void *c, unsigned f) { (void)c; (void)f; return 0; }
CUresult cuGetErrorString(CUresult e, const char **s) { (void)e; *s = "fake error"; return 0; }
static int dummy_obj[64];
static const void *last_image;
CUresult cuStreamCreate(void **s, unsigned f) { (void)f; *s = &dummy_obj[0]; return 0; }
CUresult cuStreamDestroy(void *s) { (void)s; return 0; }
CUresult cuStreamDestroy_v2(void *s) { (void)s; return 0; }
CUresult cuStreamQuery(void *s) { (void)s; return 0; }
CUresult cuStreamSynchronize(void *s) { (void)s; return 0; }
CUresult cuStreamWaitEvent(void *s, void *e, unsigned f) { (void)s; (void)e; (void)f; return 0; }
CUresult cuEventCreate(void **e, unsigned f) { (void)f; *e = &dummy_obj[1]; return 0; }
CUresult cuEventDestroy(void *e) { (void)e; return 0; }
CUresult cuEventRecord(void *e, void *s) { (void)e; (void)s; return 0; }
CUresult cuEventSynchronize(void *e) { (void)e; return 0; }
/* memory: host memory */
CUresult cuMemAlloc(uintptr_t *p, size_t n) { *p = (uintptr_t)calloc(1, n ? n : 1); return 0; }
CUresult cuMemAlloc_v2(uintptr_t *p, size_t n) { return cuMemAlloc(p, n); }
CUresult cuMemAllocHost(void **p, size_t n) { *p = calloc(1, n ? n : 1); return 0; }
CUresult cuMemAllocHost_v2(void **p, size_t n) { return cuMemAllocHost(p, n); }
CUresult cuMemAllocManaged(uintptr_t *p, size_t n, unsigned f) { (void)f; return cuMemAlloc(p, n); }
CUresult cuMemAllocAsync(uintptr_t *p, size_t n, void *s) { (void)s; return cuMemAlloc(p, n); }
CUresult cuMemFree(uintptr_t p) { free((void *)p); return 0; }
CUresult cuMemFree_v2(uintptr_t p) { return cuMemFree(p); }
CUresult cuMemFreeAsync(uintptr_t p, void *s) { (void)s; return cuMemFree(p); }
CUresult cuMemFreeHost(void *p) { free(p); return 0; }
CUresult cuMemcpyHtoD(uintptr_t d, const void *s, size_t n) { memcpy((void *)d, s, n); return 0; }
CUresult cuMemcpyHtoD_v2(uintptr_t d, const void *s, size_t n) { return cuMemcpyHtoD(d, s, n); }
CUresult cuMemcpyHtoDAsync(uintptr_t d, const void *s, size_t n, void *st) { (void)st; return cuMemcpyHtoD(d, s, n); }
CUresult cuMemcpyHtoDAsync_v2(uintptr_t d, const void *s, size_t n, void *st) { (void)st; return cuMemcpyHtoD(d, s, n); }
CUresult cuMemcpyDtoH(void *d, uintptr_t s, size_t n) { memcpy(d, (void *)s, n); return 0; }
CUresult cuMemcpyDtoH_v2(void *d, uintptr_t s, size_t n) { return cuMemcpyDtoH(d, s, n); }
CUresult cuMemcpyDtoHAsync(void *d, uintptr_t s, size_t n, void *st) { (void)st; return cuMemcpyDtoH(d, s, n); }
CUresult cuMemcpyDtoHAsync_v2(void *d, uintptr_t s, size_t n, void *st) { (void)st; return cuMemcpyDtoH(d, s, n); }
CUresult cuMemcpyDtoDAsync(uintptr_t d, uintptr_t s, size_t n, void *st) { (void)st; memcpy((void *)d, (void *)s, n); return 0; }
CUresult cuMemcpyDtoDAsync_v2(uintptr_t d, uintptr_t s, size_t n, void *st) { return cuMemcpyDtoDAsync(d, s, n, st); }
CUresult cuMemcpyPeerAsync(uintptr_t d, void *dc, uintptr_t s, void *sc, size_t n, void *st) { (void)dc; (void)sc; (void)st; memcpy((void *)d, (void *)s, n); return 0; }
/* modules: log the image the plugin hands over */
CUresult cuModuleLoadDataEx(void **m, const void *img, unsigned n, void *o, void *ov) {
  (void)n; (void)o; (void)ov;
  const Elf64_Ehdr *h = img;
  if (memcmp(h->e_ident, ELFMAG, SELFMAG) == 0)
    LOG("cuModuleLoadDataEx: ELF machine %u, OS/ABI %u, ABI version %u, e_flags 0x%x (sm_%u)\n",
        h->e_machine, h->e_ident[EI_OSABI], h->e_ident[EI_ABIVERSION], h->e_flags, h->e_flags & 0xff);
  else
    LOG("cuModuleLoadDataEx: not ELF\n");
  const char *fail = getenv("FAKECUDA_FAIL_LOAD");
  last_image = img;
  *m = &dummy_obj[2];
  return fail ? 209 /* CUDA_ERROR_NO_BINARY_FOR_GPU */ : 0;
}
CUresult cuModuleUnload(void *m) { (void)m; return 0; }
CUresult cuModuleGetFunction(void **f, void *m, const char *name) { (void)m; (void)name; *f = &dummy_obj[3]; return 0; }
static char globals[1 << 16];
static size_t globals_used;

/* the size of a global, from the symbol table of the image last loaded */
static const void *symbol_init; /* initial bytes of the global last looked up, or NULL */
static size_t symbol_size(const char *name) {
  symbol_init = NULL;
  const unsigned char *b = last_image;
  const Elf64_Ehdr *h = last_image;
  if (!b || memcmp(h->e_ident, ELFMAG, SELFMAG) != 0) return 8;
  const Elf64_Shdr *sh = (const Elf64_Shdr *)(b + h->e_shoff);
  for (int i = 0; i < h->e_shnum; i++) {
    if (sh[i].sh_type != SHT_SYMTAB) continue;
    const Elf64_Sym *sym = (const Elf64_Sym *)(b + sh[i].sh_offset);
    const char *str = (const char *)(b + sh[sh[i].sh_link].sh_offset);
    for (size_t k = 0; k < sh[i].sh_size / sizeof *sym; k++)
      if (strcmp(str + sym[k].st_name, name) == 0) {
        const Elf64_Shdr *sec = &sh[sym[k].st_shndx];
        if (sym[k].st_shndx < h->e_shnum && sec->sh_type != SHT_NOBITS)
          symbol_init = b + sec->sh_offset + sym[k].st_value;
        return sym[k].st_size;
      }
  }
  return 8;
}
CUresult cuModuleGetGlobal(uintptr_t *p, size_t *b, void *m, const char *name) {
  (void)m;
  size_t sz = symbol_size(name);
  if (p) *p = (uintptr_t)&globals[globals_used];
  if (symbol_init && sz <= 4096) memcpy(&globals[globals_used], symbol_init, sz);
  if (b) *b = sz;
  globals_used = (globals_used + ((sz + 15) & ~(size_t)15)) % (sizeof globals - 4096);
  return 0;
}
CUresult cuModuleGetGlobal_v2(uintptr_t *p, size_t *b, void *m, const char *name) { return cuModuleGetGlobal(p, b, m, name); }
CUresult cuFuncGetAttribute(int *v, int a, void *f) { (void)f; *v = a == 0 ? 1024 : 0; return 0; }
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned sh, void *s, void **args, void **extra) {
  (void)f; (void)gy; (void)gz; (void)by; (void)bz; (void)sh; (void)s; (void)args; (void)extra;
  LOG("cuLaunchKernel grid %u block %u\n", gx, bx);
  return 0;
}
CUresult cuDeviceGetUuid(unsigned char *u, int d) { (void)d; memset(u, 0x5a, 16); return 0; }
CUresult cuDeviceGetUuid_v2(unsigned char *u, int d) { return cuDeviceGetUuid(u, d); }
CUresult cuCtxPushCurrent_v2(void *c) { (void)c; return 0; }
CUresult cuCtxPopCurrent_v2(void **c) { if (c) *c = &ctx_dummy; return 0; }
CUresult cuMemGetInfo_v2(size_t *f, size_t *t) { *f = (size_t)70 << 30; *t = (size_t)80 << 30; return 0; }
/* what gcc's libgomp-plugin-nvptx needs besides: contexts, JIT linking of PTX, events */
CUresult cuCtxCreate_v2(void **c, unsigned f, int d) { (void)f; (void)d; *c = &ctx_dummy; return 0; }
CUresult cuCtxDestroy_v2(void *c) { (void)c; return 0; }
CUresult cuCtxGetCurrent(void **c) { *c = &ctx_dummy; return 0; }
CUresult cuCtxSynchronize(void) { return 0; }
CUresult cuEventDestroy_v2(void *e) { (void)e; return 0; }
CUresult cuEventElapsedTime(float *ms, void *a, void *b) { (void)a; (void)b; *ms = 0.001f; return 0; }
CUresult cuEventQuery(void *e) { (void)e; return 0; }
static char cubin_dummy[64];
CUresult cuLinkCreate_v2(unsigned n, void *o, void *v, void **s) { (void)n; (void)o; (void)v; *s = &dummy_obj[4]; return 0; }
CUresult cuLinkCreate(unsigned n, void *o, void *v, void **s) { return cuLinkCreate_v2(n, o, v, s); }
CUresult cuLinkAddData_v2(void *s, int type, void *data, size_t size, const char *name, unsigned n, void *o, void *v) {
  (void)s; (void)type; (void)n; (void)o; (void)v;
  (void)name;
  const char *t = memmem(data, size, ".target", 7), *ver = memmem(data, size, ".version", 8);
  LOG("cuLinkAddData: PTX %.*s, %.*s\n", ver ? (int)strcspn(ver, "\r\n") : 1, ver ? ver : "?",
      t ? (int)strcspn(t, "\r\n") : 1, t ? t : "?");
  return 0;
}
CUresult cuLinkAddData(void *s, int type, void *data, size_t size, const char *name, unsigned n, void *o, void *v) {
  return cuLinkAddData_v2(s, type, data, size, name, n, o, v);
}
CUresult cuLinkComplete(void *s, void **cubin, size_t *size) { (void)s; *cubin = cubin_dummy; *size = sizeof cubin_dummy; return 0; }
CUresult cuLinkDestroy(void *s) { (void)s; return 0; }
CUresult cuModuleLoadData(void **m, const void *img) { return cuModuleLoadDataEx(m, img, 0, NULL, NULL); }
CUresult cuModuleLoad(void **m, const char *f) { (void)f; *m = &dummy_obj[2]; return 0; }
CUresult cuMemGetAddressRange_v2(uintptr_t *b, size_t *s, uintptr_t p) { if (b) *b = p; if (s) *s = 0; return 0; }
CUresult cuMemHostGetDevicePointer_v2(uintptr_t *d, void *h, unsigned f) { (void)f; *d = (uintptr_t)h; return 0; }
CUresult cuMemcpy(uintptr_t d, uintptr_t s, size_t n) { memcpy((void *)d, (void *)s, n); return 0; }
CUresult cuOccupancyMaxPotentialBlockSize(int *g, int *b, void *f, void *fn, size_t sm, int lim) {
  (void)f; (void)fn; (void)sm; (void)lim; *g = 132; *b = 1024; return 0;
}
CUresult cuStreamAddCallback(void *s, void (*cb)(void *, CUresult, void *), void *u, unsigned f) { (void)f; cb(s, 0, u); return 0; }
/* what LLVM 22's libomptarget looks up besides (its CUDA plugin resolves every name at start) */
CUresult cuFuncSetAttribute(void *f, int a, int v)
{
    (void)f;
    (void)a;
    (void)v;
    return 0;
}
/* no parameter information: LLVM 22 stops at the first CUDA_ERROR_INVALID_VALUE */
CUresult cuFuncGetParamInfo(void *f, size_t i, size_t *off, size_t *size)
{
    (void)f;
    (void)i;
    (void)off;
    (void)size;
    return 1 /* CUDA_ERROR_INVALID_VALUE */;
}
CUresult cuLaunchHostFunc(void *s, void (*fn)(void *), void *u)
{
    (void)s;
    fn(u);
    return 0;
}
CUresult cuMemsetD8Async(uintptr_t d, unsigned char v, size_t n, void *s)
{
    (void)s;
    memset((void *)d, v, n);
    return 0;
}
CUresult cuMemsetD16Async(uintptr_t d, unsigned short v, size_t n, void *s)
{
    (void)s;
    for (size_t i = 0; i < n; i++)
        ((unsigned short *)d)[i] = v;
    return 0;
}
CUresult cuMemsetD32Async(uintptr_t d, unsigned v, size_t n, void *s)
{
    (void)s;
    for (size_t i = 0; i < n; i++)
        ((unsigned *)d)[i] = v;
    return 0;
}
CUresult cuMemsetD2D8Async(uintptr_t d, size_t p, unsigned char v, size_t w, size_t h, void *s)
{
    (void)s;
    for (size_t y = 0; y < h; y++)
        memset((char *)d + y * p, v, w);
    return 0;
}
CUresult cuMemsetD2D16Async(uintptr_t d, size_t p, unsigned short v, size_t w, size_t h, void *s)
{
    (void)s;
    for (size_t y = 0; y < h; y++)
        for (size_t x = 0; x < w; x++)
            ((unsigned short *)((char *)d + y * p))[x] = v;
    return 0;
}
CUresult cuMemsetD2D32Async(uintptr_t d, size_t p, unsigned v, size_t w, size_t h, void *s)
{
    (void)s;
    for (size_t y = 0; y < h; y++)
        for (size_t x = 0; x < w; x++)
            ((unsigned *)((char *)d + y * p))[x] = v;
    return 0;
}
