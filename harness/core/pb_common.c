#define _GNU_SOURCE
#include "pb_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

static const char *const dtype_names[PB_NDTYPES] = {"float", "double", "int"};
static const size_t dtype_sizes[PB_NDTYPES] = {sizeof(float), sizeof(double), sizeof(int32_t)};

const char *pb_dtype_name(pb_dtype t) { return (unsigned)t < PB_NDTYPES ? dtype_names[t] : "?"; }
size_t pb_dtype_size(pb_dtype t) { return (unsigned)t < PB_NDTYPES ? dtype_sizes[t] : 0; }

int pb_dtype_parse(const char *s, pb_dtype *out)
{
    for (int t = 0; t < PB_NDTYPES; ++t)
        if (strcmp(s, dtype_names[t]) == 0) {
            *out = (pb_dtype)t;
            return PB_OK;
        }
    return PB_ERR;
}

/* splitmix64 finaliser: a bijective mix with good avalanche, cheap enough to call
 * once per generated element. */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t pb_rand_u64(uint64_t seed, uint64_t stream, uint64_t i)
{
    uint64_t key = mix64(seed ^ mix64(stream + 0x9e3779b97f4a7c15ULL));
    return mix64(key + i * 0x9e3779b97f4a7c15ULL);
}

double pb_rand_unit(uint64_t seed, uint64_t stream, uint64_t i)
{
    return (double)(pb_rand_u64(seed, stream, i) >> 11) * 0x1.0p-52 - 1.0;
}

double pb_now(void)
{
    /* Seconds since the first call: differences keep nanosecond resolution, which
     * they would lose if the large absolute uptime were carried in the double. */
    static time_t base;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    if (base == 0)
        base = ts.tv_sec;
    return (double)(ts.tv_sec - base) + 1e-9 * (double)ts.tv_nsec;
}

void pb_errorf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = NULL;
    int n = vasprintf(&msg, fmt, ap);
    va_end(ap);
    /* one line, whatever the user's text held: control characters as escapes */
    flockfile(stderr);
    fputs("portbench: ", stderr);
    for (int i = 0; i < n; ++i) {
        unsigned char c = (unsigned char)msg[i];
        if (c >= 0x20 && c != 0x7f)
            putc_unlocked(c, stderr);
        else if (c == '\n' || c == '\t' || c == '\r')
            fprintf(stderr, "\\%c", c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
        else
            fprintf(stderr, "\\x%02x", c);
    }
    putc_unlocked('\n', stderr);
    funlockfile(stderr);
    free(msg);
}

int pb_plain_name(const char *s)
{
    if (!s[0] || strcmp(s, ".") == 0 || strcmp(s, "..") == 0)
        return 0;
    for (; *s; ++s)
        if (*s == '/' || (unsigned char)*s < 0x20 || *s == 0x7f)
            return 0;
    return 1;
}

int pb_wants_help(int argc, char **argv)
{
    for (int i = 0; i < argc; ++i)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return 1;
    return 0;
}

void pb_strlcpy(char *dst, const char *src, size_t cap)
{
    if (cap == 0)
        return;
    size_t n = strlen(src);
    if (n >= cap)
        n = cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

size_t pb_read_line(FILE *f, char *buf, size_t cap)
{
    size_t n = 0;
    int c;
    flockfile(f);
    while (n + 1 < cap && (c = getc_unlocked(f)) != EOF) {
        buf[n++] = (char)c;
        if (c == '\n')
            break;
    }
    funlockfile(f);
    buf[n] = '\0';
    return n;
}

typedef struct chunk {
    void (*fn)(size_t, size_t, void *);
    void *ctx;
    size_t begin, end;
} chunk;

static void *run_chunk(void *p)
{
    chunk *c = p;
    c->fn(c->begin, c->end, c->ctx);
    return NULL;
}

void pb_parallel_for(size_t n, size_t grain, void (*fn)(size_t begin, size_t end, void *ctx), void *ctx)
{
    enum { MAX_THREADS = 64 };
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    size_t nt = cores > 0 ? (size_t)cores : 1;
    if (nt > MAX_THREADS)
        nt = MAX_THREADS;
    if (nt > n / (grain ? grain : 1))
        nt = n / (grain ? grain : 1);
    if (nt <= 1) {
        fn(0, n, ctx);
        return;
    }
    chunk c[MAX_THREADS];
    pthread_t tid[MAX_THREADS];
    int started[MAX_THREADS] = {0};
    for (size_t t = 0; t < nt; ++t) {
        c[t] = (chunk){fn, ctx, n * t / nt, n * (t + 1) / nt};
        started[t] = t > 0 && pthread_create(&tid[t], NULL, run_chunk, &c[t]) == 0;
    }
    run_chunk(&c[0]);
    for (size_t t = 1; t < nt; ++t) {
        if (started[t])
            pthread_join(tid[t], NULL);
        else
            run_chunk(&c[t]); /* no thread: do it here */
    }
}
