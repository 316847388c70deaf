/* changes.h - the change points of one series of the store (pb_store_series): its passing
 * points fitted on log time with pb_infer's pb_steps_detect, each step kept when its p is
 * below alpha and it moves the time by at least the threshold, and named by the compiler
 * versions (or runs) it lies between. One rule for `history --db` and `dashboard`, so that
 * both name the same steps the same way. */
#ifndef PB_TOOLS_CHANGES_H
#define PB_TOOLS_CHANGES_H

#include "pb_result.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pb_change {
    size_t at;                  /* index in pb_changes.pt of the first point of the new level */
    size_t seg_begin, seg_end;  /* the points [seg_begin, seg_end) of the two segments around the step */
    double pct;                 /* the relative change of time: +0.14 = 14% slower */
    double p;                   /* the step's p (pb_step.p) */
    size_t n_before, n_after;   /* points of the two segments */
    double lib_before, lib_after; /* mean speedup_vs_lib of the segments, NaN without one */
    int slower;                 /* pct > 0 */
    int latest;                 /* the new level starts at the series' latest point */
    char between[256];          /* "between clang 16.0.6 and 19.1.7", "at clang 19.1.7 (runs of A and B)",
                                   "between the runs of A and B" (by time) */
} pb_change;

typedef struct pb_changes {
    const pb_row **pt; /* the points fitted: PASS with a time > 0, in the series' order */
    size_t n;
    int device;        /* 1: every point has a device time from one source, and the fit used it */
    int fitted;        /* 0 when fewer than 3 points pass (nothing fitted) */
    pb_change *c;
    size_t nc;
} pb_changes;

/* The changes of the series rows[0..n) (in order: compiler version, or time with by_time).
 * threshold NaN: PB_DEFAULT_THRESHOLD. 0, or -1 out of memory (out empty). */
int pb_changes_find(const pb_row *rows, size_t n, int by_time, double alpha, double threshold, pb_changes *out);
void pb_changes_free(pb_changes *c);

/* A series for people: "dmvm v7 omp(clang) double 16384 stride=2" (the compiler, not its
 * version), and where it ran: "h200@node7 g0". */
void pb_series_name(const pb_row *r, char *buf, size_t cap);
void pb_series_where(const pb_row *r, char *buf, size_t cap);

/* "+14.0% between clang 16.0.6 and 19.1.7 (p < 0.001)" */
void pb_change_text(const pb_change *c, char *buf, size_t cap);
/* "p < 0.001", "p = 0.0036" */
void pb_change_p(const pb_change *c, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
