#define _GNU_SOURCE
#include "pb_progress.h"
#include "pb_common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The row format's one rule: a worker answers in JSON Lines (harness/rows/pb_stream.h), each
 * record an object whose first key is its type, so a row is a line starting {"t":"row". */
int pb_progress_is_row(const char *line, size_t len)
{
    static const char row[] = "{\"t\":\"row\"";
    return len >= sizeof row - 1 && memcmp(line, row, sizeof row - 1) == 0;
}

int pb_progress_interval(double *seconds, char *err, size_t cap)
{
    const char *env = getenv("PORTBENCH_PROGRESS_INTERVAL");
    *seconds = 10;
    if (!env || !*env)
        return PB_OK;
    char *end;
    double v = strtod(env, &end);
    if (end == env || *end || !(v >= 0) || v > 1e6) {
        snprintf(err, cap, "PORTBENCH_PROGRESS_INTERVAL='%.40s': give the seconds between progress lines (0 = none)",
                 env);
        return PB_ERR;
    }
    *seconds = v;
    return PB_OK;
}

void pb_progress_about(double s, char *buf, size_t cap)
{
    if (s < 5) {
        snprintf(buf, cap, "a few seconds");
    } else if (s < 60) {
        snprintf(buf, cap, "about %.0f s", 5 * round(s / 5));
    } else if (s < 600) { /* to 10 s */
        long t = lround(s / 10) * 10;
        if (t % 60)
            snprintf(buf, cap, "about %ld min %ld s", t / 60, t % 60);
        else
            snprintf(buf, cap, "about %ld min", t / 60);
    } else if (s < 3600) { /* to the minute */
        long m = lround(s / 60);
        if (m < 60)
            snprintf(buf, cap, "about %ld min", m);
        else
            snprintf(buf, cap, "about 1 h");
    } else { /* to 5 min */
        long m = lround(s / 300) * 5;
        if (m % 60)
            snprintf(buf, cap, "about %ld h %ld min", m / 60, m % 60);
        else
            snprintf(buf, cap, "about %ld h", m / 60);
    }
}

/* A duration as it passed: "45 s", "2 min 5 s", "1 h 3 min". */
static void duration(double s, char *buf, size_t cap)
{
    long t = lround(s);
    if (t < 60)
        snprintf(buf, cap, "%.1f s", s);
    else if (t < 3600)
        snprintf(buf, cap, "%ld min %ld s", t / 60, t % 60);
    else
        snprintf(buf, cap, "%ld h %ld min", t / 3600, t % 3600 / 60);
}

/* ---- the run's state (one run at a time per process) ---- */

static struct {
    int on, tty;
    double interval;
    char prefix[32];
    size_t total, done;
    pb_progress_rowinfo *row;
    size_t ncases;
    struct timespec t0;
    /* the running worker */
    char worker[64];
    int nworkers;
    long first, end;
    char file[4200];
    int watching;
    long seen;         /* its rows counted so far */
    off_t offset;      /* where the first line not yet counted starts */
    double last_row_t; /* when its last counted row came (seconds since t0) */
    /* what is on stderr */
    int drawn, blocked; /* the terminal line is shown; a worker's line is half written */
    size_t drawn_len;
    double drawn_t, printed_t;
    size_t drawn_done, printed_done; /* counts shown last (SIZE_MAX: none yet) */
    int printed_any, printed_all;
} P;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - P.t0.tv_sec) + 1e-9 * (double)(t.tv_nsec - P.t0.tv_nsec);
}

int pb_progress_begin(size_t total, int quiet, const char *prefix)
{
    free(P.row);
    memset(&P, 0, sizeof P);
    if (quiet || total == 0)
        return PB_OK;
    char err[160];
    if (pb_progress_interval(&P.interval, err, sizeof err) != PB_OK)
        P.interval = 10; /* refused before the run (pb_run_prepare): not reached */
    P.row = calloc(total, sizeof *P.row);
    if (!P.row)
        return PB_ERR;
    for (size_t i = 0; i < total; ++i) {
        P.row[i].worker = -1;
        P.row[i].time = -1;
    }
    pb_strlcpy(P.prefix, prefix ? prefix : "", sizeof P.prefix);
    P.tty = !P.prefix[0] && isatty(2);
    P.total = total;
    P.drawn_done = P.printed_done = (size_t)-1;
    clock_gettime(CLOCK_MONOTONIC, &P.t0);
    P.on = 1;
    return PB_OK;
}

void pb_progress_row(size_t i, size_t cas, double work)
{
    if (!P.on || i >= P.total)
        return;
    P.row[i].cas = cas;
    P.row[i].work = isfinite(work) && work > 0 ? work : 0;
    if (cas + 1 > P.ncases)
        P.ncases = cas + 1;
}

/* ---- the estimate ---- */

double pb_progress_estimate(const pb_progress_rowinfo *row, size_t nrows, size_t ncases, int nworkers, int running,
                            double *next)
{
    *next = -1;
    size_t timed = 0;
    for (size_t i = 0; i < nrows; ++i)
        timed += row[i].time >= 0 && row[i].worker >= 0;
    if (timed < 3)
        return -1; /* no wild first guesses */
    const size_t nc = ncases ? ncases : 1;
    const int nw = nworkers > 0 ? nworkers : 1;
    /* sums of time and counts: per worker and case, per case, per worker (with work), all */
    double *s = calloc((size_t)nw * nc + nc + 3 * (size_t)nw, sizeof *s);
    size_t *n = calloc((size_t)nw * nc + nc + (size_t)nw, sizeof *n);
    if (!s || !n) {
        free(s);
        free(n);
        return -1;
    }
    double *s_case = s + (size_t)nw * nc, *s_w = s_case + nc, *work_w = s_w + nw, *min_w = work_w + nw;
    double s_all = 0, work_all = 0, min_all = INFINITY;
    size_t *n_case = n + (size_t)nw * nc, *n_w = n_case + nc, n_all = 0;
    for (size_t i = 0; i < nrows; ++i) {
        const pb_progress_rowinfo *r = &row[i];
        if (r->time < 0 || r->worker < 0 || r->worker >= nw || r->cas >= nc)
            continue;
        s[(size_t)r->worker * nc + r->cas] += r->time;
        n[(size_t)r->worker * nc + r->cas]++;
        s_case[r->cas] += r->time;
        n_case[r->cas]++;
        min_w[r->worker] = n_w[r->worker] ? fmin(min_w[r->worker], r->time) : r->time;
        s_w[r->worker] += r->time;
        work_w[r->worker] += r->work;
        n_w[r->worker]++;
        min_all = fmin(min_all, r->time);
        s_all += r->time;
        work_all += r->work;
        n_all++;
    }
    double left = 0;
    for (size_t i = 0; i < nrows; ++i) {
        const pb_progress_rowinfo *r = &row[i];
        if (r->done || r->worker >= nw || r->cas >= nc)
            continue;
        const size_t wc = r->worker >= 0 ? (size_t)r->worker * nc + r->cas : 0;
        double e;
        if (r->worker >= 0 && n[wc])
            e = s[wc] / (double)n[wc];
        else if (r->worker >= 0 && n_w[r->worker])
            e = fmax(min_w[r->worker], work_w[r->worker] > 0 ? s_w[r->worker] / work_w[r->worker] * r->work
                                                             : s_w[r->worker] / (double)n_w[r->worker]);
        else if (n_case[r->cas])
            e = s_case[r->cas] / (double)n_case[r->cas];
        else
            e = fmax(min_all, work_all > 0 ? s_all / work_all * r->work : s_all / (double)n_all);
        if (*next < 0 && r->worker == running)
            *next = e; /* the row being measured now */
        left += e;
    }
    free(s);
    free(n);
    return left;
}

/* Seconds the run has left at t, < 0 when it is too early to tell. */
static double estimate_left(double t)
{
    double next,
        left = t < 2 ? -1 : /* no wild first guesses */
                   pb_progress_estimate(P.row, P.total, P.ncases, P.nworkers, P.watching ? P.nworkers - 1 : -1, &next);
    if (left < 0)
        return -1;
    /* the row being measured is partly done: take off the time it ran, at most most of its estimate */
    if (next > 0)
        left -= fmin(t - P.last_row_t, 0.9 * next);
    return left > 0 ? left : 0;
}

/* ---- showing it ---- */

static void line_text(char *buf, size_t cap, double t, int worker_ended)
{
    int pct = (int)(100.0 * (double)P.done / (double)P.total);
    if (P.done >= P.total && !P.watching) { /* not before the last worker ended */
        char d[32];
        duration(t, d, sizeof d);
        snprintf(buf, cap, "portbench: %zu of %zu rows (100%%), all done in %s", P.done, P.total, d);
        return;
    }
    double left = estimate_left(t);
    char about[48] = "";
    if (left >= 0) {
        pb_progress_about(left, about + 2, sizeof about - 2);
        memcpy(about, ", ", 2);
        strcat(about, " left");
    }
    snprintf(buf, cap, "portbench: %zu of %zu rows (%d%%), %s%s%s", P.done, P.total, pct, P.worker,
             worker_ended ? " done" : "", about);
}

static void clear_line(void)
{
    if (!P.drawn)
        return;
    fprintf(stderr, "\r%*s\r", (int)P.drawn_len, "");
    P.drawn = 0;
}

static void draw(double t)
{
    char line[256];
    line_text(line, sizeof line, t, 0);
    struct winsize ws;
    size_t width = ioctl(2, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 ? (size_t)ws.ws_col - 1 : 79;
    size_t len = strlen(line);
    if (len > width) /* a wrapped line cannot be drawn over */
        line[len = width] = '\0';
    int pad = P.drawn && P.drawn_len > len ? (int)(P.drawn_len - len) : 0;
    fprintf(stderr, "\r%s%*s", line, pad, "");
    if (pad)
        fprintf(stderr, "\r%s", line);
    P.drawn = 1;
    P.drawn_len = len;
    P.drawn_t = t;
    P.drawn_done = P.done;
}

static void print_line(double t, int worker_ended)
{
    char line[256];
    line_text(line, sizeof line, t, worker_ended);
    fprintf(stderr, "%s%s\n", P.prefix, line);
    P.printed_t = t;
    P.printed_done = P.done;
    P.printed_any = 1;
    P.printed_all = P.done >= P.total && !P.watching;
}

/* Redraw or print when due. */
static void update(void)
{
    double t = now();
    if (P.tty) {
        if (P.watching && !P.blocked && (!P.drawn || P.done != P.drawn_done || t - P.drawn_t >= 1))
            draw(t);
        return;
    }
    /* plain lines: none in the first interval; then one an interval while rows come, and
     * one every six intervals while a long row runs */
    if (P.interval > 0 && t >= P.interval && t - P.printed_t >= P.interval &&
        (P.done != P.printed_done || t - P.printed_t >= 6 * P.interval))
        print_line(t, 0);
}

/* ---- counting the running worker's rows ---- */

/* Count the complete rows its file gained since the last look; the new rows share the
 * time since the last one came. */
static void count_rows(void)
{
    struct stat st;
    if (!P.watching || stat(P.file, &st) != 0 || st.st_size <= P.offset)
        return;
    FILE *f = fopen(P.file, "r");
    if (!f)
        return;
    long rows = 0;
    if (fseeko(f, P.offset, SEEK_SET) == 0) {
        char *line = NULL;
        size_t cap = 0;
        ssize_t n;
        while ((n = getline(&line, &cap, f)) > 0 && line[n - 1] == '\n') { /* a line not ended is not yet written */
            rows += pb_progress_is_row(line, (size_t)n - 1);
            P.offset += n;
        }
        free(line);
    }
    fclose(f);
    long room = P.end - P.first - P.seen;
    if (rows > room)
        rows = room;
    if (rows <= 0)
        return;
    double t = now(), each = (t - P.last_row_t) / (double)rows;
    for (long k = 0; k < rows; ++k) {
        pb_progress_rowinfo *r = &P.row[P.first + P.seen + k]; /* a worker writes its rows in the plan's order */
        if (!r->done) {
            r->done = 1;
            ++P.done;
        }
        r->time = each;
    }
    P.seen += rows;
    P.last_row_t = t;
}

void pb_progress_worker_begin(const char *worker, long first, long end)
{
    if (!P.on)
        return;
    if (first < 0 || end < first || (size_t)end > P.total)
        first = end = 0;
    pb_strlcpy(P.worker, worker, sizeof P.worker);
    P.first = first;
    P.end = end;
    P.seen = 0;
    for (long i = first; i < end; ++i)
        P.row[i].worker = P.nworkers;
    ++P.nworkers;
}

void pb_progress_watch(const char *file)
{
    if (!P.on)
        return;
    pb_strlcpy(P.file, file, sizeof P.file);
    P.offset = 0;
    P.watching = 1;
    P.blocked = 0;
    P.last_row_t = now();
}

void pb_progress_started(void)
{
    if (P.on && P.watching && P.seen == 0)
        P.last_row_t = now();
}

void pb_progress_tick(void)
{
    if (!P.on || !P.watching)
        return;
    count_rows();
    update();
}

void pb_progress_hide(void)
{
    if (P.on)
        clear_line();
}

void pb_progress_show(int at_line_start)
{
    if (!P.on)
        return;
    P.blocked = !at_line_start;
    if (P.tty && !P.blocked && P.watching)
        draw(now());
}

void pb_progress_unwatch(void)
{
    if (!P.on || !P.watching)
        return;
    count_rows();
    clear_line();
    P.watching = 0;
}

void pb_progress_worker_end(int interrupted)
{
    pb_progress_unwatch();    /* when the worker did not even start, pb_worker_run did not */
    if (!P.on || interrupted) /* its rows not measured are left out, not done */
        return;
    for (long i = P.first; i < P.end; ++i)
        if (!P.row[i].done) {
            P.row[i].done = 1;
            ++P.done;
        }
    double t = now();
    if (!P.tty && P.interval > 0 && t >= P.interval &&
        (P.done != P.printed_done || (P.done >= P.total && !P.printed_all)))
        print_line(t, 1);
}

void pb_progress_end(int interrupted)
{
    if (!P.on)
        return;
    clear_line();
    if (!P.tty && P.printed_any && !interrupted && P.done >= P.total && !P.printed_all)
        print_line(now(), 0);
    free(P.row);
    memset(&P, 0, sizeof P);
}
