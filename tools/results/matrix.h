/* matrix.h - the compiler matrix: the OpenMP rows of one or more runs grouped per
 * benchmark, variant, dtype, size and params, every toolchain side by side with the CUDA
 * row of the same case as reference, and each toolchain judged against its reference
 * toolchain by the verdict rule of pb_match.h. `compare --by compiler` prints it, the
 * report draws it. */
#ifndef PB_TOOLS_MATRIX_H
#define PB_TOOLS_MATRIX_H

#include "pb_match.h"
#include "pb_tab.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { PB_MATRIX_MAX_TC = 16, PB_MATRIX_MAX_STEPS = 16 };

/* A toolchain judged against its reference. */
typedef enum pb_matrix_step {
    PB_STEP_NONE,       /* one of the two has no row */
    PB_STEP_SAME,       /* within the threshold */
    PB_STEP_REGRESSION, /* SLOWER than the reference, or fails where the reference passed */
    PB_STEP_IMPROVED,   /* FASTER, or passes where the reference failed */
    PB_STEP_UNKNOWN,    /* skipped, failed on both, or without a time */
    PB_STEP_AMBIGUOUS   /* beyond the threshold, but too noisy to judge */
} pb_matrix_step;

/* The rows of one toolchain (or of CUDA) in one case: one per run. */
typedef struct pb_matrix_cell {
    const pb_row **row; /* into the matrix's one array of row pointers */
    size_t n;
} pb_matrix_cell;

typedef struct pb_matrix_group {
    const pb_row *head;                   /* benchmark, variant, dtype, size, params */
    const pb_row *tc[PB_MATRIX_MAX_TC];   /* the OpenMP row of each toolchain (its first run), or NULL */
    const pb_row *cuda;                   /* the CUDA row of the same case (first run), or NULL */
    pb_matrix_cell runs[PB_MATRIX_MAX_TC]; /* every run's row of each toolchain */
    pb_matrix_cell cuda_runs;
    pb_matrix_step step[PB_MATRIX_MAX_STEPS];
    pb_cmp *step_cmp; /* per step: reference (base) vs toolchain */
} pb_matrix_group;

/* A toolchain as its rows tell it: the id and the compiler and version that built it. */
typedef struct pb_matrix_tc {
    char id[32], compiler[32], version[64];
} pb_matrix_tc;

/* 1 when the id is more than <compiler>-<major> (clang-19-nightly, gcc-13-trial): by the
 * project's naming, a build under trial rather than a release. */
int pb_matrix_tc_suffixed(const pb_matrix_tc *t);

typedef struct pb_matrix {
    int ntc;
    char tc[PB_MATRIX_MAX_TC][32]; /* toolchain ids, by compiler, then version (oldest first) */
    pb_matrix_tc info[PB_MATRIX_MAX_TC];
    int nsteps;
    int step_old[PB_MATRIX_MAX_STEPS], step_new[PB_MATRIX_MAX_STEPS]; /* reference, judged: indices into tc */
    int unjudged[PB_MATRIX_MAX_TC]; /* toolchains without a reference: indices into tc */
    int nunjudged;
    pb_matrix_group *g;
    size_t ng;
    const pb_row **cellrows; /* every cell's rows, one array */
    pb_cmp *cmps;            /* every group's step_cmp, one array */
    size_t nregressions, nimprovements, nambiguous;
    size_t nruns; /* the most runs any cell has */
    double threshold;
    unsigned instance; /* PB_KEY_GPU or PB_KEY_SLOT when groups are per GPU (or rank), else 0 */
} pb_matrix;

/* The OpenMP rows (backend omp) of s grouped per benchmark, variant, dtype, size and
 * params (and GPU when s holds several, or MPI rank: pb_rows_instance_key), their
 * toolchains side by side; rows of one toolchain and case in several runs (file_of[i]
 * differs; NULL: all one run) are that cell's runs. Each toolchain's reference: the one
 * of its compiler named in baselines (a comma list; NULL or "" for none), else the next
 * older toolchain of its compiler by compiler_version (at one version, a suffixed id is
 * the newer). 0; -1 out of memory; -2 with err for a bad baseline (unknown, two of one
 * compiler). s must outlive m. */
int pb_matrix_build(pb_matrix *m, const pb_rowset *s, const size_t *file_of, double threshold, const char *baselines,
                    char *err, size_t cap);
/* The matrix as a table (text, markdown or CSV columns; a gpu column after params when
 * groups are per GPU). Text without wide: the rates and verdicts only, to fit 120 columns.
 * 0, or -1 out of memory. */
int pb_matrix_table(const pb_matrix *m, pb_fmt fmt, int wide, pb_tab *t);
const char *pb_matrix_step_name(pb_matrix_step s);
void pb_matrix_free(pb_matrix *m);

#ifdef __cplusplus
}
#endif
#endif
