#define _GNU_SOURCE
#include "pb_energy.h"
#include "pb_common.h"
#include "pb_nvml.h"

#include <errno.h>
#include <pthread.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The poller's pause between two readings of the counter (an NVML energy reading itself
 * takes milliseconds on an H200). */
#define POLL_PAUSE_S 0.0005
/* How long the window's start, and its end once long enough, wait for a counter update. */
#define TICK_WAIT_S 1.0

void pb_energy_clear(pb_energy *e)
{
    memset(e, 0, sizeof *e);
    e->j_per_rep = e->power_w = e->joules = e->window_s = NAN;
    e->temp_c_start = e->temp_c_end = e->sm_mhz_start = e->sm_mhz_end = NAN;
}

void pb_energy_window_start(pb_energy_window *w, double t, unsigned long long mj)
{
    memset(w, 0, sizeof *w);
    w->t0 = w->t1 = t;
    w->mj0 = w->mj1 = w->prev = mj;
}

void pb_energy_window_add(pb_energy_window *w, double t, unsigned long long mj)
{
    if (mj != w->mj1)
        w->updates++;
    if (mj < w->mj1)
        w->backwards = 1;
    w->prev = w->mj1;
    w->t1 = t;
    w->mj1 = mj;
}

void pb_energy_account(const pb_energy_window *w, double min_window_s, pb_energy *e)
{
    e->ok = 0;
    e->why[0] = '\0';
    e->reps = w->reps;
    e->updates = w->updates;
    e->window_s = w->t1 - w->t0;
    e->joules = e->j_per_rep = e->power_w = NAN;
    if (w->backwards || w->mj1 < w->mj0)
        snprintf(e->why, sizeof e->why, "energy counter went backwards (%llu -> %llu mJ): it wrapped or was reset",
                 w->backwards ? w->prev : w->mj0, w->mj1);
    else if (w->reps < 1)
        snprintf(e->why, sizeof e->why, "no repetition completed in the energy window");
    else if (e->window_s < min_window_s)
        snprintf(e->why, sizeof e->why, "energy window of %.3g s is shorter than --energy-window %.3g s", e->window_s,
                 min_window_s);
    else if (w->mj1 == w->mj0)
        snprintf(e->why, sizeof e->why, "energy counter did not advance in %.3g s", e->window_s);
    else {
        e->ok = 1;
        e->joules = 1e-3 * (double)(w->mj1 - w->mj0);
        e->j_per_rep = e->joules / (double)w->reps;
        e->power_w = e->joules / e->window_s;
    }
}

static void read_state(const pb_energy_source *src, double *temp, double *mhz)
{
    double v;
    if (src->temp_c && src->temp_c(src->ctx, &v) == 0)
        *temp = v;
    if (src->sm_mhz && src->sm_mhz(src->ctx, &v) == 0)
        *mhz = v;
}

/* The counter as a thread of its own reads it. The first measurements (H200, 2026-11-26)
 * read it between repetitions: the windows held 3.0-5.1 ms per repetition more than the
 * repetition itself (the readings, by inference), during which the GPU idled, so a 0.13 ms
 * repetition was billed ~3.8 ms of mostly idle power. Now the repetitions run
 * back to back while the poller reads; the main thread only looks at what it published. */
typedef struct poller {
    const pb_energy_source *src;
    pthread_mutex_t mu;
    int stop;
    int failed;                  /* a reading failed: why */
    char why[160];
    unsigned long long mj;       /* the latest reading, */
    double t;                    /* taken at t */
    unsigned long long mj_moved; /* the latest reading that differed from the one before, */
    double t_moved;              /* taken at t_moved */
    unsigned long long before;   /* the reading before a backwards one */
    long changes;                /* readings that differed from the one before */
    int backwards;               /* a reading below the one before */
} poller;

static void *poll_counter(void *arg)
{
    poller *p = arg;
    const struct timespec pause = {0, (long)(POLL_PAUSE_S * 1e9)};
    for (;;) {
        unsigned long long mj;
        char why[160] = "";
        int rc = p->src->energy_mj(p->src->ctx, &mj, why, sizeof why);
        double t = p->src->now_s(p->src->ctx);
        pthread_mutex_lock(&p->mu);
        int stop = p->stop;
        if (rc != 0) {
            p->failed = 1;
            pb_strlcpy(p->why, why, sizeof p->why);
            stop = 1;
        } else {
            if (mj != p->mj) {
                if (mj < p->mj && !p->backwards)
                    p->backwards = 1, p->before = p->mj;
                p->changes++;
                p->mj_moved = mj, p->t_moved = t;
            }
            p->mj = mj, p->t = t;
        }
        pthread_mutex_unlock(&p->mu);
        if (stop)
            return NULL;
        nanosleep(&pause, NULL);
    }
}

static poller snapshot(poller *p)
{
    pthread_mutex_lock(&p->mu);
    poller s = *p;
    pthread_mutex_unlock(&p->mu);
    return s;
}

static void stop_poller(poller *p, pthread_t th)
{
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_mutex_unlock(&p->mu);
    pthread_join(th, NULL);
    pthread_mutex_destroy(&p->mu);
}

int pb_energy_measure(const pb_energy_source *src, pb_energy_rep_fn rep, void *ctx, double min_window_s,
                      pb_energy *e)
{
    pb_energy_clear(e);
    read_state(src, &e->temp_c_start, &e->sm_mhz_start);
    unsigned long long mj;
    if (src->energy_mj(src->ctx, &mj, e->why, sizeof e->why) != 0)
        return PB_OK; /* no counter: the row says why, the run goes on */
    poller p = {.src = src, .mj = mj, .t = src->now_s(src->ctx), .mj_moved = mj};
    p.t_moved = p.t;
    pthread_t th;
    if (pthread_mutex_init(&p.mu, NULL) != 0)
        return snprintf(e->why, sizeof e->why, "cannot start the energy counter's reader"), PB_OK;
    if (pthread_create(&th, NULL, poll_counter, &p) != 0) {
        pthread_mutex_destroy(&p.mu);
        snprintf(e->why, sizeof e->why, "cannot start the energy counter's reader");
        return PB_OK;
    }
    /* The start: repetitions run until the counter moves, so that the window begins at an
     * update and not up to 100 ms after the energy its first reading holds. */
    int rc = PB_OK;
    double t = src->now_s(src->ctx), until = t + TICK_WAIT_S;
    poller s = snapshot(&p);
    while (s.changes == 0 && !s.failed && t < until) {
        if ((rc = rep(ctx)) != PB_OK)
            break;
        t = src->now_s(src->ctx);
        s = snapshot(&p);
    }
    pb_energy_window w;
    pb_energy_window_start(&w, s.changes ? s.t_moved : s.t, s.changes ? s.mj_moved : s.mj);
    long seen = s.changes;
    /* The window: repetitions back to back, at least min_window_s, then on to the next
     * update (at most TICK_WAIT_S more), so that its end is an update too. The repetitions
     * counted are those completed between seeing the start's update and the end's: both
     * are seen with the same lag (a repetition and a reading at most). */
    while (rc == PB_OK && !s.failed) {
        if ((rc = rep(ctx)) != PB_OK)
            break;
        w.reps++;
        t = src->now_s(src->ctx);
        s = snapshot(&p);
        if (s.changes > seen) {
            w.updates += (int)(s.changes - seen);
            seen = s.changes;
            w.prev = w.mj1, w.t1 = s.t_moved, w.mj1 = s.mj_moved;
            if (s.backwards)
                w.backwards = 1, w.prev = s.before;
            if (w.backwards || w.t1 - w.t0 >= min_window_s)
                break;
        }
        if (t - w.t0 >= min_window_s + TICK_WAIT_S) { /* no update to end on: the last reading */
            w.t1 = s.t, w.mj1 = s.mj;
            break;
        }
    }
    stop_poller(&p, th);
    if (rc != PB_OK) {
        snprintf(e->why, sizeof e->why, "a repetition failed");
        return rc;
    }
    if (s.failed) {
        pb_strlcpy(e->why, s.why, sizeof e->why);
        return PB_OK;
    }
    read_state(src, &e->temp_c_end, &e->sm_mhz_end);
    pb_energy_account(&w, min_window_s, e);
    return PB_OK;
}

double pb_cooldown_wait(const pb_energy_source *src, double cooldown, double start_temp_c, char *note, size_t cap)
{
    if (cap)
        note[0] = '\0';
    if (cooldown > 0) {
        src->sleep_s(src->ctx, cooldown);
        return cooldown;
    }
    if (cooldown != PB_COOLDOWN_AUTO)
        return 0;
    double c, t0 = src->now_s(src->ctx), waited = 0;
    if (isnan(start_temp_c) || !src->temp_c || src->temp_c(src->ctx, &c) != 0) {
        snprintf(note, cap, "--cooldown auto: no GPU temperature to wait for");
        return 0;
    }
    while (c > start_temp_c + PB_COOLDOWN_AUTO_DEGREES) {
        if (waited >= PB_COOLDOWN_AUTO_LIMIT) {
            snprintf(note, cap, "--cooldown auto: still %.0f C after %.0f s (the run began at %.0f C)", c, waited,
                     start_temp_c);
            break;
        }
        src->sleep_s(src->ctx, 0.5);
        waited = src->now_s(src->ctx) - t0;
        if (src->temp_c(src->ctx, &c) != 0) {
            snprintf(note, cap, "--cooldown auto: GPU temperature unreadable after %.0f s", waited);
            break;
        }
    }
    return waited;
}

int pb_energy_parse_window(const char *text, double *out, char *err, size_t cap)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end || errno == ERANGE || !(v >= PB_ENERGY_WINDOW_MIN && v <= PB_ENERGY_WINDOW_MAX)) {
        snprintf(err, cap, "--energy-window needs seconds from %g (one update of the energy counter) to %g, got '%.40s'",
                 PB_ENERGY_WINDOW_MIN, PB_ENERGY_WINDOW_MAX, text);
        return PB_ERR;
    }
    *out = v;
    return PB_OK;
}

int pb_cooldown_parse(const char *text, double *out, char *err, size_t cap)
{
    if (strcmp(text, "auto") == 0) {
        *out = PB_COOLDOWN_AUTO;
        return PB_OK;
    }
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end || errno == ERANGE || !(v > 0 && v <= PB_COOLDOWN_MAX)) {
        snprintf(err, cap, "--cooldown needs seconds (more than 0, at most %g) or auto, got '%.40s'", PB_COOLDOWN_MAX,
                 text);
        return PB_ERR;
    }
    *out = v;
    return PB_OK;
}

/* ---- the GPU's readings (NVML) ---- */

static int nvml_energy(void *ctx, unsigned long long *mj, char *why, size_t cap)
{
    (void)ctx;
    return pb_nvml_energy_mj(mj, why, cap);
}

static int nvml_temp(void *ctx, double *c)
{
    (void)ctx;
    unsigned v;
    if (pb_nvml_temperature_c(&v) != 0)
        return -1;
    *c = v;
    return 0;
}

static int nvml_sm(void *ctx, double *mhz)
{
    (void)ctx;
    pb_gpu_state s;
    pb_nvml_sample(&s);
    if (!s.ok)
        return -1;
    *mhz = s.sm_mhz;
    return 0;
}

static double host_now(void *ctx)
{
    (void)ctx;
    return pb_now();
}

static void host_sleep(void *ctx, double s)
{
    (void)ctx;
    struct timespec ts = {(time_t)s, (long)((s - floor(s)) * 1e9)};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ; /* a signal the driver handles ends the process, not the wait */
}

void pb_energy_source_nvml(pb_energy_source *src)
{
    *src = (pb_energy_source){nvml_energy, nvml_temp, nvml_sm, host_now, host_sleep, NULL};
}
