/* pb_progress.h - a long run's progress on stderr: rows done of the plan's total, the
 * worker running, and an estimate of the time left. On a terminal one line updated in
 * place (cleared around every line a worker writes, and when the worker ends); otherwise
 * plain lines, at most one every $PORTBENCH_PROGRESS_INTERVAL seconds (default 10) and one
 * when a worker ends, none in the first interval (a short run prints as before). One run
 * at a time per process (each GPU of --gpu all is a process of its own); every function
 * does nothing between runs or with --quiet. */
#ifndef PB_PROGRESS_H
#define PB_PROGRESS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The plain lines' interval: $PORTBENCH_PROGRESS_INTERVAL seconds (0: no plain lines),
 * else 10. PB_ERR with a message when the variable is not a number of seconds. */
int pb_progress_interval(double *seconds, char *err, size_t cap);

/* A run of total rows begins (after its plan was built). prefix starts each line, and
 * forces the plain form ("[gpu 1] ": several processes share the terminal). PB_ERR out
 * of memory (the run goes on without progress). */
int pb_progress_begin(size_t total, int quiet, const char *prefix);
/* What row i costs alike with others: its case (rows of one case cost alike) and the
 * work of that case (bytes + flops: cases nobody measured yet scale with it). */
void pb_progress_row(size_t i, size_t cas, double work);
/* The rows first..end-1 belong to worker, which runs next (or is skipped). */
void pb_progress_worker_begin(const char *worker, long first, long end);
/* The running worker writes its rows to file: count them as they come (pb_progress_tick). */
void pb_progress_watch(const char *file);
/* The running worker's backends are up: its first row's time starts now (a start-up is
 * no row's cost). */
void pb_progress_started(void);
/* The worker's run is over: its rows are all accounted for (rows it did not write are
 * FAIL or SKIP rows the driver writes), and a plain line says where the run is; nothing
 * when the run was interrupted (the rows not measured are left out). */
void pb_progress_worker_end(int interrupted);
/* The run is over: the terminal line is cleared; a run that printed plain lines ends with
 * one saying all rows are done (not when interrupted). */
void pb_progress_end(int interrupted);

/* From the loop that supervises the running worker: count its rows, redraw or print
 * when due. */
void pb_progress_tick(void);
/* Around a worker's stderr passing through: clear the terminal line before, redraw it
 * after (when the worker's output ended a line). */
void pb_progress_hide(void);
void pb_progress_show(int at_line_start);
/* The worker ended: count its last rows, clear the terminal line, stop watching. */
void pb_progress_unwatch(void);

/* The row format's one rule (the worker's rows file): 1 when line (len bytes, no
 * newline) is a complete row, 0 for a header, comment or sample line. */
int pb_progress_is_row(const char *line, size_t len);

/* What the estimate knows of a row. */
typedef struct pb_progress_rowinfo {
    size_t cas;  /* its case (dtype, size, parameters): rows of one case cost alike */
    double work; /* bytes + flops of its case: unmeasured cases scale with it */
    int worker;  /* index of its worker in the run, -1 until that worker's turn */
    int done;    /* accounted for */
    double time; /* seconds it took, < 0 when not timed (written by the driver, or not seen) */
} pb_progress_rowinfo;

/* Seconds the rows not done yet will take: each row as the mean of the timed rows of its
 * worker and case; else its worker's time per unit of work times the work of its case
 * (never below its quickest row: small cases cost their overhead); else the mean of its
 * case in another worker; else every timed row's time per work, the same way. -1 with
 * fewer than 3 timed rows (no wild first guesses). *next: the estimate of the first row
 * not done of worker running (the row being measured), -1 if none. */
double pb_progress_estimate(const pb_progress_rowinfo *row, size_t nrows, size_t ncases, int nworkers, int running,
                            double *next);

/* "about 1 min 20 s" for an estimate of s seconds, rounded (buf of 32 bytes at least). */
void pb_progress_about(double s, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
