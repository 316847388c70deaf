/* pb_match.h - how the results tools read, match and judge rows: the checked reader,
 * row keys and a hash index over them (matching is linear in the rows), the clock two
 * rows are compared on, the noise rule and its verdicts, and the headline rate. */
#ifndef PB_MATCH_H
#define PB_MATCH_H

#include "pb_rate.h"
#include "pb_result.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exit status of every results tool. */
enum { PB_EXIT_OK = 0, PB_EXIT_REGRESSION = 1, PB_EXIT_USAGE = 2 };

/* The smallest change that counts, when --threshold does not say (a tool's threshold is NaN
 * then): 5% for the interval rule, 1% for the U test of >= PB_U_MIN_RUNS runs a side. */
#define PB_DEFAULT_THRESHOLD 0.05
#define PB_DEFAULT_THRESHOLD_U 0.01
enum { PB_U_MIN_RUNS = 4 };

/* ---- reading ---- */

/* pb_csv_read_checked (no impossible numbers: NaN, infinite, negative, a PASS row without
 * a time), and every row's `verified` must be PASS, FAIL or SKIP: anything else is an
 * error naming the file and line. Rows are appended to out. 0, or -1 with err. */
int pb_results_read(const char *path, pb_rowset *out, char *err, size_t cap);

/* ---- keys ---- */

/* Fields of a key besides benchmark, dtype, size and params (always in it). */
enum {
    PB_KEY_VARIANT = 1 << 0,
    PB_KEY_SERIES = 1 << 1,  /* backend and toolchain */
    PB_KEY_BACKEND = 1 << 2, /* backend without its toolchain */
    PB_KEY_FAMILY = 1 << 5,  /* with PB_KEY_BACKEND: the toolchain's compiler (clang of clang-19) */
    PB_KEY_GPU = 1 << 3,     /* gpu_uuid: one physical GPU (rows without one: as PB_KEY_SLOT) */
    PB_KEY_PROFILE = 1 << 4, /* gpu_profile: the GPU model */
    PB_KEY_SLOT = 1 << 6,    /* MPI rank and GPU index (missing counts as 0): a place in a run,
                                for rows that name no GPU or share none with the other run */
    PB_KEY_HOST = 1 << 7,    /* the host that measured the row */
    PB_KEY_INDEX = 1 << 8    /* the GPU index on that host (missing counts as 0), not its UUID */
};
#define PB_KEY_ROW (PB_KEY_VARIANT | PB_KEY_SERIES)

/* The key of r as one string (fields joined by a separator no field holds). */
void pb_row_key(const pb_row *r, unsigned fields, char *buf, size_t cap);
/* The compiler of a toolchain id: "clang" of "clang-19" (the text before its first '-'). */
void pb_toolchain_family(const char *toolchain, char *buf, size_t cap);
/* A toolchain's line over compiler versions: the compiler and the id's suffix after its
 * major: "clang" of clang-16 and clang-19, "clang-nightly" of clang-19-nightly (a nightly is
 * its own line, not a point among the releases); a row without a toolchain: its compiler. */
void pb_toolchain_line(const char *toolchain, const char *compiler, char *buf, size_t cap);
/* For people: "dmvm v5 omp(clang-19) double 16384 stride=2". */
void pb_row_key_str(const pb_row *r, char *buf, size_t cap);
/* The seven cells of a row's key, as the tables of compare and history show them:
 * benchmark, variant, backend, toolchain, dtype, size, params. */
struct pb_tab;
void pb_tab_put_row_key(struct pb_tab *t, const pb_row *r);
/* The row's series as in every table and plot: cuda, cublas, omp(clang-19), cpu(gcc-12). */
void pb_row_series(const pb_row *r, char *buf, size_t cap);

/* The GPU a row was measured on: its gpu_uuid, "" without one. */
const char *pb_row_gpu_uuid(const pb_row *r);
/* 1 when the rows were measured on more than one GPU (distinct non-empty gpu_uuid). */
int pb_rows_multi_gpu(const pb_rowset *s);
/* 1 when the rows come from more than one MPI rank (distinct rank values). */
int pb_rows_multi_rank(const pb_rowset *s);
/* The key field that tells the GPUs of a row set apart: PB_KEY_GPU when it holds rows of
 * several GPUs, PB_KEY_SLOT when of several MPI ranks that name no GPU, else 0 (a run on
 * one GPU, or without one, keeps the key it always had). */
unsigned pb_rows_instance_key(const pb_rowset *s);
/* Where a row ran, for people: "g1@node7" (GPU index and host), " r5" added under MPI;
 * "r5@node7" for a rank without a GPU; "" when the row names none of them. */
void pb_row_gpu_label(const pb_row *r, char *buf, size_t cap);
/* 1 when a and b ran on the same GPU as the key field inst tells them apart
 * (PB_KEY_GPU: gpu_uuid, rows without one by rank and index; PB_KEY_SLOT: rank and GPU
 * index; 0: always). */
int pb_row_same_instance(const pb_row *a, const pb_row *b, unsigned inst);
/* Order of rows by where they ran: host, rank, GPU index (for tables of several GPUs). */
int pb_row_gpu_cmp(const pb_row *a, const pb_row *b);

/* strcmp, but digit runs compare as numbers: k2 < k10, run_2 < run_10. */
int pb_natural_cmp(const char *a, const char *b);

/* ---- a hash index over a row set ---- */

typedef struct pb_index {
    size_t n;           /* rows indexed */
    char **key;         /* per row */
    size_t *next;       /* per row: the next row with its key, in file order (n: none) */
    size_t nslots;      /* power of two */
    size_t *head, *tail, *take; /* per slot: first, last, first not taken (n: none) */
} pb_index;

/* 0, or -1 out of memory. */
int pb_index_build(pb_index *ix, const pb_rowset *s, unsigned fields);
/* First row with this key, or -1; pb_index_next walks the rest in file order. */
long pb_index_first(const pb_index *ix, const char *key);
long pb_index_next(const pb_index *ix, long row);
/* The first row with this key not taken yet (then taken), or -1: duplicates pair up
 * in file order. */
long pb_index_take(pb_index *ix, const char *key);
void pb_index_free(pb_index *ix);

/* ---- pairing two runs ---- */

typedef struct pb_pairing {
    long *of_base, *of_new;  /* per row: the partner row in the other set, or -1 */
    char *toolchain_changed; /* per base row: paired across a compiler version change */
    unsigned instance;       /* the key field that told GPUs apart: PB_KEY_GPU, PB_KEY_SLOT or 0 */
} pb_pairing;

/* The key field that tells the GPUs of two runs apart: when either holds rows of several
 * GPUs, gpu_uuid (PB_KEY_GPU), or where the runs share no GPU (two nodes) the MPI rank
 * and GPU index (PB_KEY_SLOT); else PB_KEY_SLOT when either holds several MPI ranks
 * without GPUs; else 0. */
unsigned pb_pair_instance_key(const pb_rowset *base, const pb_rowset *cur);

/* Pair the rows of two runs by key (PB_KEY_ROW and pb_pair_instance_key); duplicates
 * pair up in file order. Then, for a backend whose compiler has one toolchain in each
 * set and the two differ (clang-19 -> clang-20), the rows left over pair up without the
 * version. Hashed: linear in the rows (n log n in the GPUs). 0, or -1 out of memory. */
int pb_pair_rows(const pb_rowset *base, const pb_rowset *cur, pb_pairing *p);
void pb_pairing_free(pb_pairing *p);

/* ---- the verdict rule ---- */

/* Exit status when nothing is SLOWER or FAIL or missing, but some rows were too noisy to
 * judge (AMBIGUOUS): a nightly may rerun them with more repetitions or more runs. */
enum { PB_EXIT_AMBIGUOUS = 3 };

typedef enum pb_verdict {
    PB_SAME,      /* the change is within the threshold */
    PB_FASTER,    /* beyond the threshold, and the runs' robust intervals are apart */
    PB_SLOWER,
    PB_AMBIGUOUS, /* beyond the threshold, but not apart (or a clock change explains it) */
    PB_FAILED,    /* verified == FAIL in a row of either side: never a speedup */
    PB_SKIPPED,   /* verified == SKIP in a row of either side: never classified */
    PB_NOTIME     /* a passing row without a usable time */
} pb_verdict;

/* Why a row is AMBIGUOUS. */
typedef enum pb_why {
    PB_WHY_NONE,
    PB_WHY_OVERLAP, /* the change is beyond the threshold, but within the spread of the runs */
    PB_WHY_CLOCK,   /* the SM clocks differ, and in clock cycles the change is within the threshold */
    PB_WHY_TEST,    /* the U test of the runs finds no difference (p >= 0.05) */
    PB_WHY_SPREAD,  /* apart, but within 2.576 sigma of how far the runs move between processes */
    PB_WHY_FEW      /* history: too few earlier runs to know how far a configuration moves */
} pb_why;

/* One side of a comparison: the rows of one configuration in one or more runs (replicated
 * runs of one command show the run-to-run spread that one run's repetitions cannot). */
typedef struct pb_side {
    const pb_row *const *row;
    size_t n;
} pb_side;

typedef struct pb_cmp {
    int device;             /* 1: compared on the device clock (every row has it), 0: host */
    double base_s, new_s;   /* each side's centre: the median of its runs' medians */
    double ratio;           /* new_s / base_s */
    double base_lo, base_hi; /* each side's robust interval: [lowest minimum, highest median] */
    double new_lo, new_hi;
    double noise;           /* the wider of the two intervals, relative to its centre */
    double base_mhz, new_mhz; /* each side's median SM clock (NaN when a row lacks it) */
    double cycles_ratio;    /* ratio x new_mhz / base_mhz, NaN when either clock is unknown */
    size_t base_runs, new_runs;
    double threshold;       /* the minimum effect applied (the default of the rule when NaN was given) */
    double p;               /* the U test's two-sided p over the runs' medians, NaN when not used */
    double runs_noise;      /* sqrt(sb^2 + sn^2) of the sides' runs' robust relative spreads, NaN with one run */
    pb_verdict verdict;
    pb_why why;
} pb_cmp;

/* The clock two rows have in common: 1 device (both have a device median from the same
 * source, device_clock), 0 host. */
int pb_common_clock(const pb_row *a, const pb_row *b);
const char *pb_clock_name(int device);
/* Median and minimum of a row's clock (the minimum is the median when unknown). */
double pb_row_clock_time(const pb_row *r, int device);
double pb_row_clock_min(const pb_row *r, int device);
/* The robust relative spread of a row's clock: (median - minimum) / median, 0 when unknown.
 * The slow tail (a repetition disturbed by the system) does not widen it. */
double pb_row_clock_spread(const pb_row *r, int device);

/* The rule. With c_b, c_n the centres and r = c_n / c_b on the clock every row has:
 *   SAME       when 1/(1 + threshold) <= r <= 1 + threshold;
 *   SLOWER     when r > 1 + threshold and the sides differ: with >= PB_U_MIN_RUNS runs on
 *              each side, the Mann-Whitney U test of the runs' medians at alpha 0.05 (a run
 *              is the unit: repetitions of one process are not exchangeable with another's);
 *              with fewer, new_lo > base_hi (every new run's fastest repetition slower than
 *              every base run's median) and, with two runs or more on a side, |ln r| above
 *              2.576 x runs_noise (the runs' robust spread between processes; a side of one
 *              run is taken to move as the other side's runs do); FASTER mirrored;
 *   AMBIGUOUS  otherwise beyond the threshold (PB_WHY_TEST, PB_WHY_OVERLAP, PB_WHY_SPREAD), or when the SM
 *              clocks of the sides differ by more than 1% and the change in cycles is
 *              within the threshold (PB_WHY_CLOCK): a clock change is not a code change.
 * threshold NaN: PB_DEFAULT_THRESHOLD_U with the U test, else PB_DEFAULT_THRESHOLD.
 * FAIL and SKIP rows on either side are never classified. */
pb_verdict pb_classify_sides(const pb_side *base, const pb_side *cur, double threshold, pb_cmp *out);
/* The same for one row on each side. */
pb_verdict pb_classify(const pb_row *base, const pb_row *cur, double threshold, pb_cmp *out);
const char *pb_verdict_name(pb_verdict v);
/* Why an AMBIGUOUS verdict, for people ("" for the others). */
void pb_cmp_why(const pb_cmp *c, char *buf, size_t cap);

/* The threshold as a tool prints it: "7%", or for NaN "5% (1% with the U test)". */
const char *pb_threshold_text(double threshold, char *buf, size_t cap);

/* "5%" or "0.05"; 0 <= threshold < 1 (a bare number >= 1 is refused as ambiguous). */
int pb_parse_threshold(const char *s, double *out, char *err, size_t cap);

/* history's and dashboard's --alpha P (0 < P < 1) and --by version|time (*by_time 0 or 1). */
int pb_parse_alpha(const char *s, double *out, char *err, size_t cap);
int pb_parse_by(const char *s, int *by_time, char *err, size_t cap);

/* ---- rates ---- */

/* The headline rate (pb_row_rate, pb_row_unit: pb_rate.h) on the given clock. */
double pb_row_rate_on(const pb_row *r, int device);

/* ---- the spread across GPUs ---- */

/* The headline rates of some rows of one configuration on several GPUs (or ranks). */
typedef struct pb_spread {
    size_t n;                      /* rows with a rate (passed, positive rate) */
    size_t others;                 /* rows without one: failed, skipped */
    double min, median, max;       /* NaN when n == 0; the median of an even n is the mean of the middle two */
    const pb_row *slowest, *fastest;
} pb_spread;

/* The spread of rows[0..n). 0, or -1 out of memory. */
int pb_spread_of(const pb_row *const *rows, size_t n, pb_spread *out);
/* (max - min) / median in percent, as the driver's --spread table; NaN when n == 0. */
double pb_spread_pct(const pb_spread *s);

#ifdef __cplusplus
}
#endif
#endif
