#define _GNU_SOURCE
#include "pb_workers.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

const char *pb_libexec_dir(void)
{
    static char dir[PATH_MAX];
    if (dir[0])
        return dir;
    const char *env = getenv("PORTBENCH_LIBEXEC");
    if (env && *env && strlen(env) < sizeof dir) {
        pb_strlcpy(dir, env, sizeof dir);
        return dir;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        pb_strlcpy(dir, ".", sizeof dir);
        return dir;
    }
    exe[n] = '\0';
    snprintf(dir, sizeof dir, "%s/../libexec/portbench", dirname(exe));
    return dir;
}

/* ---- signals ---- */

static volatile sig_atomic_t got_signal;
/* The processes a signal is forwarded to: the running worker, or the per-GPU runners. */
enum { MAX_CHILDREN = 64 };
static volatile pid_t children[MAX_CHILDREN];

static void on_signal(int sig)
{
    got_signal = sig;
    for (int i = 0; i < MAX_CHILDREN; ++i)
        if (children[i] > 0)
            kill(children[i], sig);
}

void pb_child_watch(pid_t pid)
{
    for (int i = 0; i < MAX_CHILDREN; ++i)
        if (children[i] == 0) {
            children[i] = pid;
            return;
        }
}

void pb_child_unwatch(pid_t pid)
{
    for (int i = 0; i < MAX_CHILDREN; ++i)
        if (children[i] == pid)
            children[i] = 0;
}

void pb_child_forget_all(void)
{
    for (int i = 0; i < MAX_CHILDREN; ++i)
        children[i] = 0;
}

static char line_prefix[32];

void pb_worker_prefix(const char *prefix) { pb_strlcpy(line_prefix, prefix ? prefix : "", sizeof line_prefix); }

void pb_signals_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a blocking wait returns EINTR */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int pb_interrupted(void) { return got_signal; }

/* ---- running a worker ---- */

/* Keep the last non-empty line of what passes through. */
typedef struct line_keeper {
    char cur[256], last[256];
    size_t n;
} line_keeper;

static void keep_lines(line_keeper *k, const char *buf, size_t len)
{
    for (size_t i = 0; i < len; ++i) {
        if (buf[i] == '\n') {
            if (k->n) {
                k->cur[k->n] = '\0';
                memcpy(k->last, k->cur, k->n + 1);
            }
            k->n = 0;
        } else if (k->n + 1 < sizeof k->cur) {
            k->cur[k->n++] = buf[i];
        }
    }
}

/* Copy a worker's stderr to ours, each line behind the prefix (several GPUs at once). */
static void pass_through(const char *buf, size_t len, int *at_line_start)
{
    if (!line_prefix[0]) {
        fwrite(buf, 1, len, stderr);
        return;
    }
    for (size_t i = 0; i < len; ++i) {
        if (*at_line_start)
            fputs(line_prefix, stderr);
        fputc(buf[i], stderr);
        *at_line_start = buf[i] == '\n';
    }
}

void pb_worker_run(const char *worker, char **argv, int quiet_stderr, pb_worker_exit *ex)
{
    memset(ex, 0, sizeof *ex);
    char path[PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", pb_libexec_dir(), worker) >= sizeof path ||
        access(path, X_OK) != 0) {
        ex->status = 127;
        snprintf(ex->last_line, sizeof ex->last_line, "%s not found in %s", worker, pb_libexec_dir());
        return;
    }
    int pipefd[2];
    if (pipe2(pipefd, O_CLOEXEC) != 0) {
        ex->status = 126;
        snprintf(ex->last_line, sizeof ex->last_line, "pipe: %s", strerror(errno));
        return;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        ex->status = 126;
        snprintf(ex->last_line, sizeof ex->last_line, "fork: %s", strerror(errno));
        close(pipefd[0]);
        close(pipefd[1]);
        return;
    }
    if (pid == 0) {
        /* never outlive the driver (kill -9 of the driver included) */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
            _exit(126);
        dup2(pipefd[1], 2);
        /* a driver started in the background inherits SIGINT ignored: the worker must
         * still stop when the driver forwards it */
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        argv[0] = path;
        execv(path, argv);
        fprintf(stderr, "cannot execute %s: %s\n", path, strerror(errno));
        _exit(127);
    }
    pb_child_watch(pid);
    close(pipefd[1]);
    line_keeper k = {{0}, {0}, 0};
    int forwarded_at = 0, killed = 0, at_line_start = 1;
    struct timespec t0;
    for (;;) {
        struct pollfd p = {pipefd[0], POLLIN, 0};
        int r = poll(&p, 1, 200);
        if (r > 0) {
            char buf[4096];
            ssize_t n = read(pipefd[0], buf, sizeof buf);
            if (n > 0) {
                keep_lines(&k, buf, (size_t)n);
                if (!quiet_stderr)
                    pass_through(buf, (size_t)n, &at_line_start);
                continue;
            }
            if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
                break; /* the worker closed stderr: it is ending */
        }
        if (got_signal && !forwarded_at) {
            forwarded_at = 1;
            clock_gettime(CLOCK_MONOTONIC, &t0);
        }
        if (forwarded_at && !killed) {
            struct timespec t;
            clock_gettime(CLOCK_MONOTONIC, &t);
            if (t.tv_sec - t0.tv_sec >= 5) { /* it did not stop: a stuck kernel, say */
                kill(pid, SIGKILL);
                killed = 1;
            }
        }
    }
    close(pipefd[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            status = 126 << 8;
            break;
        }
    pb_child_unwatch(pid);
    keep_lines(&k, "\n", 1);
    pb_strlcpy(ex->last_line, k.last, sizeof ex->last_line);
    if (WIFSIGNALED(status)) {
        ex->signal = WTERMSIG(status);
        ex->status = 128 + ex->signal;
    } else {
        ex->status = WEXITSTATUS(status);
    }
}

/* ---- what a worker holds ---- */

typedef struct listing {
    char worker[64];
    int n; /* -1: failed */
    pb_worker_variant *v;
    char why[4400];
} listing;

static listing cache[16];
static int ncache;

static int parse_listing(const char *text, listing *l)
{
    int cap = 64;
    l->v = calloc((size_t)cap, sizeof *l->v);
    l->n = 0;
    if (!l->v)
        return -1;
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char line[1024];
        if (len < sizeof line) {
            memcpy(line, p, len);
            line[len] = '\0';
            char *f[8];
            int nf = 0;
            char *save = NULL;
            for (char *t = strtok_r(line, "\t", &save); t && nf < 8; t = strtok_r(NULL, "\t", &save))
                f[nf++] = t;
            if (nf == 8) {
                if (l->n == cap) {
                    cap *= 2;
                    pb_worker_variant *nv = realloc(l->v, (size_t)cap * sizeof *nv);
                    if (!nv)
                        return -1;
                    l->v = nv;
                }
                pb_worker_variant *v = &l->v[l->n++];
                memset(v, 0, sizeof *v);
                pb_strlcpy(v->backend, f[0], sizeof v->backend);
                pb_strlcpy(v->toolchain, f[1], sizeof v->toolchain);
                pb_strlcpy(v->compiler, f[2], sizeof v->compiler);
                pb_strlcpy(v->version, f[3], sizeof v->version);
                pb_strlcpy(v->benchmark, f[4], sizeof v->benchmark);
                pb_strlcpy(v->variant, f[5], sizeof v->variant);
                char dts[64];
                pb_strlcpy(dts, f[6], sizeof dts);
                char *s2 = NULL;
                for (char *t = strtok_r(dts, ",", &s2); t; t = strtok_r(NULL, ",", &s2)) {
                    pb_dtype d;
                    if (pb_dtype_parse(t, &d) == PB_OK)
                        v->dtypes |= 1u << d;
                }
                pb_strlcpy(v->teaches, f[7], sizeof v->teaches);
            }
        }
        p += len + (nl != NULL);
    }
    return 0;
}

int pb_worker_list(const char *worker, const pb_worker_variant **out, char *why, size_t cap)
{
    for (int i = 0; i < ncache; ++i)
        if (strcmp(cache[i].worker, worker) == 0) {
            *out = cache[i].v;
            if (cache[i].n < 0)
                pb_strlcpy(why, cache[i].why, cap);
            return cache[i].n;
        }
    listing *l = ncache < 16 ? &cache[ncache++] : &cache[15];
    memset(l, 0, sizeof *l);
    pb_strlcpy(l->worker, worker, sizeof l->worker);
    l->n = -1;
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", pb_libexec_dir(), worker);
    const char *tmpdir = getenv("TMPDIR");
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s/portbench-list.XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(l->why, sizeof l->why, "cannot create a temporary file: %s", strerror(errno));
    } else {
        /* the worker writes its list to stdout: send it to the file */
        int saved = dup(1);
        fflush(stdout);
        dup2(fd, 1);
        char *argv[] = {NULL, "--list", NULL};
        pb_worker_exit ex;
        pb_worker_run(worker, argv, 1, &ex);
        fflush(stdout);
        dup2(saved, 1);
        close(saved);
        if (ex.status != 0) {
            if (ex.status == 127 && access(path, X_OK) != 0)
                snprintf(l->why, sizeof l->why, "not built: %s not found", path);
            else if (ex.signal)
                snprintf(l->why, sizeof l->why, "%s crashed at start-up (signal %d)%s%s", worker, ex.signal,
                         ex.last_line[0] ? ": " : "", ex.last_line);
            else
                snprintf(l->why, sizeof l->why, "%s could not start (exit status %d)%s%s", worker, ex.status,
                         ex.last_line[0] ? ": " : "", ex.last_line);
        } else {
            off_t size = lseek(fd, 0, SEEK_END);
            char *text = size >= 0 ? malloc((size_t)size + 1) : NULL;
            if (text && pread(fd, text, (size_t)size, 0) == size) {
                text[size] = '\0';
                if (parse_listing(text, l) != 0)
                    snprintf(l->why, sizeof l->why, "out of memory");
            }
            free(text);
        }
        close(fd);
        unlink(tmp);
    }
    *out = l->v;
    if (l->n < 0)
        pb_strlcpy(why, l->why, cap);
    return l->n;
}
