#define _GNU_SOURCE
#include "pb_workers.h"
#include "pb_bench.h"
#include "pb_progress.h"

#include <cjson/cJSON.h>

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

/* Whether SIGHUP was ignored when the driver started (nohup). It is read before any
 * library initialiser runs: UCX, loaded with MPI, installs a SIGHUP handler of its own
 * (its debug signal), which hid the hangup from the run and hides nohup from a later
 * look. .preinit_array runs before the shared libraries' initialisers. */
static int hup_ignored_at_start;

static void note_sighup(int argc, char **argv, char **envp)
{
    (void)argc, (void)argv, (void)envp;
    struct sigaction old;
    hup_ignored_at_start = sigaction(SIGHUP, NULL, &old) == 0 && old.sa_handler == SIG_IGN;
}

__attribute__((section(".preinit_array"), used)) static void (*const preinit_sighup)(int, char **, char **) =
    note_sighup;

void pb_signals_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a blocking wait returns EINTR */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    /* a closed terminal stops the run as SIGTERM does, unless the user asked for the
     * opposite with nohup: then it stays ignored, for the workers too */
    if (hup_ignored_at_start)
        sa.sa_handler = SIG_IGN;
    sigaction(SIGHUP, &sa, NULL);
}

int pb_interrupted(void) { return got_signal; }

const char *pb_signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP" : "signal";
}

/* The start-up bound: PORTBENCH_STARTUP_TIMEOUT seconds (0: none), else 300. A gcc worker's
 * first start on a GPU host has the CUDA driver compile its PTX for the GPU (the JIT cache
 * is empty): pb-omp-gcc-12 took over 60 s on a fresh H100 machine
 * (results/h100/channel/20261126T1846Z_channel/). */
int pb_startup_timeout(double *seconds, char *err, size_t cap)
{
    const char *env = getenv("PORTBENCH_STARTUP_TIMEOUT");
    *seconds = 300;
    if (!env || !*env)
        return PB_OK;
    char *end;
    double v = strtod(env, &end);
    if (end == env || *end || !(v >= 0) || v > 1e6) {
        snprintf(err, cap,
                 "PORTBENCH_STARTUP_TIMEOUT='%.40s': give the seconds a worker may take to start (0 = no bound)", env);
        return PB_ERR;
    }
    *seconds = v;
    return PB_OK;
}

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

/* Copy a worker's stderr to ours, each line behind the prefix (several GPUs at once), with
 * the progress line out of its way. */
static void pass_through(const char *buf, size_t len, int *at_line_start)
{
    if (len == 0)
        return;
    pb_progress_hide();
    if (!line_prefix[0]) {
        fwrite(buf, 1, len, stderr);
        *at_line_start = buf[len - 1] == '\n';
    } else {
        for (size_t i = 0; i < len; ++i) {
            if (*at_line_start)
                fputs(line_prefix, stderr);
            fputc(buf[i], stderr);
            *at_line_start = buf[i] == '\n';
        }
    }
    pb_progress_show(*at_line_start);
}

const char *pb_worker_prefix_get(void) { return line_prefix; }

/* Seconds since t0 on the monotonic clock. */
static double since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

/* Append what the listing run wrote to its stdout (at most 4 MiB: no listing is that long). */
enum { MAX_LISTING = 4 << 20 };
static void keep_text(char **text, size_t *len, size_t *cap, const char *buf, size_t n, int *overflow)
{
    if (*len + n + 1 > MAX_LISTING) {
        *overflow = 1;
        return;
    }
    if (*len + n + 1 > *cap) {
        size_t c = *cap ? *cap : 8192;
        while (c < *len + n + 1)
            c *= 2;
        char *t = realloc(*text, c);
        if (!t) {
            *overflow = 1;
            return;
        }
        *text = t;
        *cap = c;
    }
    memcpy(*text + *len, buf, n);
    *len += n;
    (*text)[*len] = '\0';
}

void pb_worker_run(const char *worker, char **argv, int flags, pb_worker_exit *ex, char **out)
{
    memset(ex, 0, sizeof *ex);
    const int listing = (flags & PB_WORKER_LISTING) != 0;
    if (out)
        *out = NULL;
    char path[PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", pb_libexec_dir(), worker) >= sizeof path ||
        access(path, X_OK) != 0) {
        ex->status = 127;
        snprintf(ex->last_line, sizeof ex->last_line, "%s not found in %s", worker, pb_libexec_dir());
        return;
    }
    if (got_signal) { /* the user stopped the run before this worker started */
        ex->signal = got_signal;
        ex->status = 128 + got_signal;
        snprintf(ex->last_line, sizeof ex->last_line, "not started: %s", pb_signal_name(got_signal));
        return;
    }
    char why[160];
    double bound;
    if (pb_startup_timeout(&bound, why, sizeof why) != PB_OK)
        bound = 60; /* refused up front by the run; `portbench list` keeps the default */
    /* fds: stderr (passed through), then stdout (the listing) or the start-up signal */
    int errp[2], second[2] = {-1, -1};
    if (pipe2(errp, O_CLOEXEC) != 0 || pipe2(second, O_CLOEXEC) != 0) {
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
        close(errp[0]), close(errp[1]), close(second[0]), close(second[1]);
        return;
    }
    if (pid == 0) {
        /* never outlive the driver (kill -9 of the driver included) */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
            _exit(126);
        dup2(errp[1], 2);
        if (listing) {
            dup2(second[1], 1);
        } else { /* the worker writes a line here once its backends are up (harness/worker/worker.c) */
            char fd[16];
            fcntl(second[1], F_SETFD, 0);
            snprintf(fd, sizeof fd, "%d", second[1]);
            setenv("PB_WORKER_READY_FD", fd, 1);
        }
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
    close(errp[1]);
    close(second[1]);
    line_keeper k = {{0}, {0}, 0};
    int at_line_start = 1, err_open = 1, second_open = 1, started = 0, overflow = 0;
    int forwarded = 0, killed = 0;
    size_t out_len = 0, out_cap = 0;
    struct timespec t0, tsig, tkill;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (err_open || (listing && second_open)) {
        struct pollfd p[2] = {{err_open ? errp[0] : -1, POLLIN, 0}, {second_open ? second[0] : -1, POLLIN, 0}};
        if (poll(p, 2, 200) > 0) {
            char buf[4096];
            if (p[0].revents) {
                ssize_t n = read(errp[0], buf, sizeof buf);
                if (n > 0) {
                    keep_lines(&k, buf, (size_t)n);
                    if (!(flags & PB_WORKER_QUIET))
                        pass_through(buf, (size_t)n, &at_line_start);
                } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
                    err_open = 0; /* the worker closed stderr: it is ending */
                }
            }
            if (p[1].revents) {
                ssize_t n = read(second[0], buf, sizeof buf);
                if (n > 0 && listing && out)
                    keep_text(out, &out_len, &out_cap, buf, (size_t)n, &overflow);
                else if (n > 0) {
                    if (!started) /* its rows' times start here, not with its start-up */
                        pb_progress_started();
                    started = 1;
                } else if (n == 0 || (errno != EINTR && errno != EAGAIN))
                    second_open = 0;
            }
        }
        if (!listing) /* count the rows it wrote, show where the run is */
            pb_progress_tick();
        if (got_signal && !forwarded) {
            kill(pid, got_signal); /* also when it came between fork and watch */
            forwarded = 1;
            clock_gettime(CLOCK_MONOTONIC, &tsig);
        }
        if (!killed && forwarded && since(&tsig) >= 5) { /* it did not stop: a stuck kernel, say */
            kill(pid, SIGKILL);
            killed = 1;
            clock_gettime(CLOCK_MONOTONIC, &tkill);
        }
        /* start-up: the listing must end, the measurement run must say it started, within
         * the bound; a running measurement is never bounded */
        if (!killed && !forwarded && !started && bound > 0 && since(&t0) >= bound) {
            kill(pid, SIGKILL);
            killed = 1;
            ex->startup_timeout = bound;
            clock_gettime(CLOCK_MONOTONIC, &tkill);
        }
        if (killed && since(&tkill) >= 2)
            break; /* killed, yet something (a child of its own) holds the pipes open */
    }
    close(errp[0]);
    close(second[0]);
    if (!listing)
        pb_progress_unwatch();
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            status = 126 << 8;
            break;
        }
    pb_child_unwatch(pid);
    keep_lines(&k, "\n", 1);
    pb_strlcpy(ex->last_line, k.last, sizeof ex->last_line);
    ex->listing_too_long = overflow;
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

/* A string member of a describe object into dst: PB_ERR when it is missing, not a string,
 * too long, or empty where it may not be. */
static int describe_str(const cJSON *o, const char *key, const char *where, char *dst, size_t cap, int may_be_empty,
                        char *why, size_t wcap)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsString(v)) {
        snprintf(why, wcap, "%s\"%s\" is not a string", where, key);
        return PB_ERR;
    }
    if (!v->valuestring[0] && !may_be_empty) {
        snprintf(why, wcap, "%sempty \"%s\"", where, key);
        return PB_ERR;
    }
    if (strlen(v->valuestring) >= cap) {
        snprintf(why, wcap, "%s\"%s\" '%.40s' too long", where, key, v->valuestring);
        return PB_ERR;
    }
    pb_strlcpy(dst, v->valuestring, cap);
    return PB_OK;
}

/* The worker's --describe: one JSON object, {worker, toolchain, build_flags, backends:
 * [{name, compiler, compiler_version, variants: [{bench, name, dtypes: [...], teaches}]}]}
 * (harness/worker/worker.c). Anything else, or no variant at all, is an unreadable
 * listing: PB_ERR with what is wrong in why. */
static int parse_describe(const char *text, listing *l, char *why, size_t cap)
{
    l->n = 0;
    cJSON *root = cJSON_Parse(text);
    int vcap = 64, rc = PB_OK;
    l->v = calloc((size_t)vcap, sizeof *l->v);
    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
    const cJSON *bes = cJSON_GetObjectItemCaseSensitive(root, "backends");
    char toolchain[32] = "";
    if (!l->v)
        snprintf(why, cap, "out of memory"), rc = PB_ERR;
    else if (!text[strspn(text, " \t\r\n")])
        snprintf(why, cap, "no variants (empty)"), rc = PB_ERR;
    else if (!cJSON_IsObject(root))
        snprintf(why, cap, "not a JSON object"), rc = PB_ERR;
    else if (!cJSON_IsString(fmt) || strcmp(fmt->valuestring, "portbench.describe") != 0)
        snprintf(why, cap, "not a worker description (\"format\" is not \"portbench.describe\")"), rc = PB_ERR;
    else if (!cJSON_IsArray(bes))
        snprintf(why, cap, "\"backends\" is not a list"), rc = PB_ERR;
    else
        rc = describe_str(root, "toolchain", "", toolchain, sizeof toolchain, 1, why, cap);
    int b = 0;
    for (const cJSON *be = rc == PB_OK ? bes->child : NULL; be && rc == PB_OK; be = be->next, ++b) {
        char where[64], name[16], compiler[32], version[64];
        snprintf(where, sizeof where, "backend %d: ", b + 1);
        if (describe_str(be, "name", where, name, sizeof name, 0, why, cap) != PB_OK ||
            describe_str(be, "compiler", where, compiler, sizeof compiler, 0, why, cap) != PB_OK ||
            describe_str(be, "compiler_version", where, version, sizeof version, 1, why, cap) != PB_OK) {
            rc = PB_ERR;
            break;
        }
        const cJSON *vs = cJSON_GetObjectItemCaseSensitive(be, "variants");
        if (!cJSON_IsArray(vs)) {
            snprintf(why, cap, "backend %s: \"variants\" is not a list", name);
            rc = PB_ERR;
            break;
        }
        int k = 0;
        for (const cJSON *vo = vs->child; vo && rc == PB_OK; vo = vo->next, ++k) {
            snprintf(where, sizeof where, "backend %s, variant %d: ", name, k + 1);
            if (l->n == vcap) {
                vcap *= 2;
                pb_worker_variant *nv = realloc(l->v, (size_t)vcap * sizeof *nv);
                if (!nv) {
                    snprintf(why, cap, "out of memory");
                    rc = PB_ERR;
                    break;
                }
                l->v = nv;
            }
            pb_worker_variant *v = &l->v[l->n];
            memset(v, 0, sizeof *v);
            pb_strlcpy(v->backend, name, sizeof v->backend);
            pb_strlcpy(v->toolchain, toolchain, sizeof v->toolchain);
            pb_strlcpy(v->compiler, compiler, sizeof v->compiler);
            pb_strlcpy(v->version, version, sizeof v->version);
            if (describe_str(vo, "bench", where, v->benchmark, sizeof v->benchmark, 0, why, cap) != PB_OK ||
                describe_str(vo, "name", where, v->variant, sizeof v->variant, 0, why, cap) != PB_OK ||
                describe_str(vo, "teaches", where, v->teaches, sizeof v->teaches, 1, why, cap) != PB_OK) {
                rc = PB_ERR;
                break;
            }
            if (!pb_bench_find(v->benchmark)) {
                snprintf(why, cap, "%sunknown benchmark '%.40s'", where, v->benchmark);
                rc = PB_ERR;
                break;
            }
            const cJSON *dts = cJSON_GetObjectItemCaseSensitive(vo, "dtypes");
            for (const cJSON *d = cJSON_IsArray(dts) ? dts->child : NULL; d && rc == PB_OK; d = d->next) {
                pb_dtype t;
                if (!cJSON_IsString(d) || pb_dtype_parse(d->valuestring, &t) != PB_OK) {
                    snprintf(why, cap, "%sunknown dtype '%.40s'", where, cJSON_IsString(d) ? d->valuestring : "?");
                    rc = PB_ERR;
                } else {
                    v->dtypes |= 1u << t;
                }
            }
            if (rc == PB_OK && !v->dtypes) {
                snprintf(why, cap, "%sno dtype", where);
                rc = PB_ERR;
            }
            if (rc == PB_OK)
                l->n++;
        }
    }
    cJSON_Delete(root);
    if (rc == PB_OK && l->n == 0) {
        snprintf(why, cap, "no variants (empty)");
        rc = PB_ERR;
    }
    return rc;
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
    free(l->v);
    memset(l, 0, sizeof *l);
    pb_strlcpy(l->worker, worker, sizeof l->worker);
    l->n = -1;
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", pb_libexec_dir(), worker);
    char *argv[] = {NULL, "--describe", NULL}, *text = NULL, what[512];
    pb_worker_exit ex;
    pb_worker_run(worker, argv, PB_WORKER_QUIET | PB_WORKER_LISTING, &ex, &text);
    const char *sep = ex.last_line[0] ? ": " : "";
    if (ex.status == 127 && access(path, X_OK) != 0)
        snprintf(l->why, sizeof l->why, "not built: %s not found", path);
    else if (ex.startup_timeout > 0)
        snprintf(l->why, sizeof l->why, "%s did not start within %g s (no variant listing; killed)%s%s", worker,
                 ex.startup_timeout, sep, ex.last_line);
    else if (ex.signal)
        snprintf(l->why, sizeof l->why, "%s crashed at start-up (signal %d)%s%s", worker, ex.signal, sep,
                 ex.last_line);
    else if (ex.status != 0)
        snprintf(l->why, sizeof l->why, "%s could not start (exit status %d)%s%s", worker, ex.status, sep,
                 ex.last_line);
    else if (ex.listing_too_long)
        snprintf(l->why, sizeof l->why, "%s: unreadable variant listing: longer than %d bytes", worker, MAX_LISTING);
    else if (parse_describe(text ? text : "", l, what, sizeof what) != PB_OK) {
        snprintf(l->why, sizeof l->why, "%s: unreadable variant listing: %s", worker, what);
        l->n = -1;
    }
    free(text);
    if (got_signal && l == &cache[ncache - 1]) /* stopped by the user, not a property of the worker */
        --ncache;
    *out = l->v;
    if (l->n < 0)
        pb_strlcpy(why, l->why, cap);
    return l->n;
}
