/* pb_workers.h - the driver's side of the worker processes: where they live, what each
 * holds (its --describe), and running one under supervision: its stderr passed through
 * (the last line kept as the reason of a failure), SIGINT/SIGTERM/SIGHUP forwarded to
 * it, its start-up bounded, and it never outlives the driver. */
#ifndef PB_WORKERS_H
#define PB_WORKERS_H

#include "pb_common.h"

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Directory holding the worker executables: $PORTBENCH_LIBEXEC, else
 * <dir of portbench>/../libexec/portbench. */
const char *pb_libexec_dir(void);

/* One variant a worker holds, from its --describe. */
typedef struct pb_worker_variant {
    char backend[16], toolchain[32], compiler[32], version[64];
    char benchmark[32], variant[32];
    unsigned dtypes; /* mask of (1u << pb_dtype) */
    char teaches[256];
} pb_worker_variant;

/* The variants of a worker (cached per worker). Returns the count, or -1 when the
 * worker could not be run or described, or its description is unreadable (not JSON, no
 * variant, a field missing), with the reason in why. */
int pb_worker_list(const char *worker, const pb_worker_variant **out, char *why, size_t cap);

/* How a worker run ended. */
typedef struct pb_worker_exit {
    int status;         /* exit status; 128+N when killed by signal N; 127 missing or not startable */
    int signal;         /* the signal that killed it, 0 if none */
    double startup_timeout; /* > 0: it did not start within this many seconds and was killed */
    int listing_too_long;   /* a --describe run wrote more than any description holds */
    char last_line[256];/* last non-empty line it wrote to stderr */
} pb_worker_exit;

/* Flags of pb_worker_run. */
enum {
    PB_WORKER_QUIET = 1,   /* its stderr is kept (the last line), not copied to ours */
    PB_WORKER_LISTING = 2, /* a --describe run: its stdout is returned in *out (malloc'ed) */
};

/* Run worker (argv[0] is replaced by its path) to completion; its stderr is copied to
 * ours (unless PB_WORKER_QUIET), its stdout goes to ours or, for a listing, to *out.
 * A SIGINT, SIGTERM or SIGHUP that reaches the driver meanwhile is forwarded; a worker
 * that has not ended 5 s later is killed. Start-up is bounded (pb_startup_timeout): a
 * listing must end, a measurement run must report that its backends are up (a line on
 * the descriptor named by $PB_WORKER_READY_FD), within the bound, else it is killed and
 * ex->startup_timeout is set. A running measurement is never bounded. While a measurement
 * runs, the rows it writes are counted and the progress line kept out of the way of its
 * stderr (pb_progress.h: the caller names the rows file with pb_progress_watch). */
void pb_worker_run(const char *worker, char **argv, int flags, pb_worker_exit *ex, char **out);

/* The start-up bound of a worker in seconds: $PORTBENCH_STARTUP_TIMEOUT (0: none), else
 * 60. PB_ERR with a message when the variable is not a number of seconds. */
int pb_startup_timeout(double *seconds, char *err, size_t cap);

/* Processes a SIGINT/SIGTERM/SIGHUP is forwarded to (the running worker is watched by
 * pb_worker_run itself); forget_all in a freshly forked child. */
void pb_child_watch(pid_t pid);
void pb_child_unwatch(pid_t pid);
void pb_child_forget_all(void);
/* Prefix of every line of the workers' stderr that passes through ("[gpu 1] "). */
void pb_worker_prefix(const char *prefix);
const char *pb_worker_prefix_get(void);

/* Install the SIGINT/SIGTERM/SIGHUP handlers (SIGHUP not when nohup ignores it): they
 * only record the signal and forward it to the running worker. pb_interrupted() is that
 * signal, 0 before one arrived; pb_signal_name its name ("SIGINT"). */
void pb_signals_install(void);
int pb_interrupted(void);
const char *pb_signal_name(int sig);

#ifdef __cplusplus
}
#endif
#endif
