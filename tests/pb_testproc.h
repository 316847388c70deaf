/* pb_testproc.h - what the test programs that run portbench as a process share
 * (tests/test_tools.c, tests/test_store.c; tests/test_golden.c reads files with it):
 * `prog GROUP PORTBENCH FIXTURES WORKDIR`, a shell command's output, a file's text, a fresh
 * directory. One copy each, so that a fix to one (a short read, a lost exit status) reaches
 * every program. Needs _GNU_SOURCE (open_memstream, popen) before the first include. */
#ifndef PB_TESTPROC_H
#define PB_TESTPROC_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

/* the program's arguments: the portbench program, tests/fixtures, its working directory
 * (unused where a program only reads files) */
__attribute__((unused)) static const char *pb, *fixtures, *work;

/* Everything a stream holds, into a malloc'ed string ("" when there is nothing); its byte
 * count in *len where len is not NULL (the bytes may hold a NUL). */
static inline char *read_stream_len(FILE *f, size_t *len)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    if (f && m) {
        char chunk[65536];
        size_t k;
        while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
            fwrite(chunk, 1, k, m);
    }
    if (m)
        fclose(m);
    if (!buf)
        buf = strdup(""), n = 0;
    if (len)
        *len = n;
    return buf;
}

static inline char *read_stream(FILE *f) { return read_stream_len(f, NULL); }

/* Run a shell command; its stdout and stderr end up in out (malloc'ed). Returns the exit
 * status, or -1 if it did not exit normally. */
static inline int run(char **out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline int run(char **out, const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    strncat(cmd, " 2>&1", sizeof cmd - strlen(cmd) - 1);
    FILE *p = popen(cmd, "r");
    *out = read_stream(p);
    int st = p ? pclose(p) : -1;
    return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A file's bytes (malloc'ed) and their count, or NULL when it cannot be opened. */
static inline char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *bytes = read_stream_len(f, len);
    fclose(f);
    return bytes;
}

/* A file's text ("" when it cannot be read). */
static inline char *slurp(const char *path)
{
    char *text = read_file(path, NULL);
    return text ? text : strdup("");
}

/* How often needle occurs in hay. */
static inline int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        ++n;
    return n;
}

/* `prog GROUP PORTBENCH FIXTURES WORKDIR`: pb, fixtures and work set, WORKDIR made. Returns 0,
 * or 2 (the exit status) after the usage line. */
static inline int testproc_args(int argc, char **argv, const char *prog)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s GROUP PORTBENCH FIXTURES WORKDIR\n", prog);
        return 2;
    }
    pb = argv[2];
    fixtures = argv[3];
    work = argv[4];
    char *out;
    run(&out, "mkdir -p '%s'", work);
    free(out);
    return 0;
}

/* A fresh, empty directory WORKDIR/name for one test group. */
static inline void fresh_dir(char *dir, size_t cap, const char *name)
{
    snprintf(dir, cap, "%s/%s", work, name);
    char *out;
    run(&out, "rm -rf '%s' && mkdir -p '%s'", dir, dir);
    free(out);
}

/* Seconds on clock c (CLOCK_MONOTONIC: wall time; CLOCK_PROCESS_CPUTIME_ID: this process's CPU). */
static inline double clock_s(clockid_t c)
{
    struct timespec ts;
    clock_gettime(c, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline double now_s(void) { return clock_s(CLOCK_MONOTONIC); }

#endif
