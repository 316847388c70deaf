/* pb_energy.h - what a repetition costs in energy (--energy): the GPU's total-energy
 * counter (NVML, millijoules, updated about every 100 ms) read around a window of
 * repetitions at least --energy-window long, the bookkeeping that turns the readings into
 * joules per repetition and watts or says why it cannot (never a failure of the run), and
 * the wait before a measurement (--cooldown). The counter, clock and sleep are injected
 * (pb_energy_source), so that the tests fake them; pb_energy_source_nvml is the GPU's. */
#ifndef PB_ENERGY_H
#define PB_ENERGY_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PB_ENERGY_WINDOW_DEFAULT 1.0 /* s: ten updates of NVML's counter */
#define PB_ENERGY_WINDOW_MIN 0.1     /* s: one update; a shorter window sees none */
#define PB_ENERGY_WINDOW_MAX 600.0   /* s: ten minutes of one configuration */
#define PB_COOLDOWN_MAX 3600.0       /* s */
#define PB_COOLDOWN_AUTO (-1.0)      /* --cooldown auto */
#define PB_COOLDOWN_AUTO_DEGREES 3.0 /* auto waits until the GPU is this close to the run's start temperature */
#define PB_COOLDOWN_AUTO_LIMIT 120.0 /* s: and no longer than this */

/* Where the readings come from. energy_mj is required; the others may be NULL. */
typedef struct pb_energy_source {
    /* the total-energy counter, mJ: 0, or -1 with the reason in why */
    int (*energy_mj)(void *ctx, unsigned long long *mj, char *why, size_t cap);
    int (*temp_c)(void *ctx, double *c);     /* GPU temperature, C: 0 or -1 */
    int (*sm_mhz)(void *ctx, double *mhz);   /* SM clock, MHz: 0 or -1 */
    double (*now_s)(void *ctx);              /* a monotonic clock, s */
    void (*sleep_s)(void *ctx, double s);
    void *ctx;
} pb_energy_source;

/* The NVML counter, temperature and SM clock of the GPU pb_nvml_open opened, with the
 * harness's clock. */
void pb_energy_source_nvml(pb_energy_source *src);

/* The counter readings of one window, as the measurement saw them. */
typedef struct pb_energy_window {
    double t0, t1;                  /* s: the first and the last reading */
    unsigned long long mj0, mj1;    /* the counter at those readings */
    unsigned long long prev;        /* the reading before the last */
    int updates;                    /* changes of the counter between t0 and t1 */
    int backwards;                  /* a reading below the one before (the counter wrapped or was reset) */
    long reps;                      /* repetitions completed between t0 and t1 */
} pb_energy_window;

void pb_energy_window_start(pb_energy_window *w, double t, unsigned long long mj);
void pb_energy_window_add(pb_energy_window *w, double t, unsigned long long mj);

/* What one row's energy measurement says. */
typedef struct pb_energy {
    int ok;              /* 1: the numbers hold; 0: why says why not */
    char why[160];
    double j_per_rep;    /* J per repetition */
    double power_w;      /* mean power over the window, W */
    double joules;       /* the counter's difference, J */
    double window_s;     /* t1 - t0, s */
    long reps;           /* repetitions in the window */
    int updates;         /* counter updates seen in the window */
    double temp_c_start, temp_c_end;  /* NaN when unknown */
    double sm_mhz_start, sm_mhz_end;  /* NaN when unknown */
} pb_energy;

/* Clear e: nothing measured, every number NaN, why empty. */
void pb_energy_clear(pb_energy *e);

/* The bookkeeping: e's numbers from w, or e->ok = 0 with the reason when the window
 * holds no repetition, the counter went backwards or wrapped, the window is shorter than
 * min_window_s, or the counter did not advance. Temperatures and clocks are left alone. */
void pb_energy_account(const pb_energy_window *w, double min_window_s, pb_energy *e);

/* One repetition, run to completion: PB_OK, or its error. */
typedef int (*pb_energy_rep_fn)(void *ctx);

/* Run repetitions until a window of at least min_window_s is measured: its start and end
 * are placed at updates of the counter where one comes within a second (repetitions run
 * meanwhile, uncounted at the start), so that the readings hold the energy of the window
 * itself. The repetitions run back to back: a thread of its own reads the counter (so
 * src->energy_mj and src->now_s are called from that thread too; after the first
 * reading, never between two repetitions). At most min_window_s + 2 s (plus a repetition) of repetitions. Returns PB_OK
 * with the record in *e (e->ok = 0 and the reason when there is no usable energy: no
 * counter, too short, ...), or the error of a repetition that failed. */
int pb_energy_measure(const pb_energy_source *src, pb_energy_rep_fn rep, void *ctx, double min_window_s,
                      pb_energy *e);

/* Wait before a measurement: cooldown > 0 seconds, or PB_COOLDOWN_AUTO: until the GPU's
 * temperature is within PB_COOLDOWN_AUTO_DEGREES of start_temp_c (the run's start),
 * polling every half second, at most PB_COOLDOWN_AUTO_LIMIT seconds. Returns the seconds
 * waited; note gets a remark when auto could not reach the temperature or read it. */
double pb_cooldown_wait(const pb_energy_source *src, double cooldown, double start_temp_c, char *note, size_t cap);

/* Option values: --energy-window S (PB_ENERGY_WINDOW_MIN..MAX) and --cooldown S|auto
 * (0 < S <= PB_COOLDOWN_MAX, or auto: PB_COOLDOWN_AUTO). PB_OK, or PB_ERR with one line. */
int pb_energy_parse_window(const char *text, double *out, char *err, size_t cap);
int pb_cooldown_parse(const char *text, double *out, char *err, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
