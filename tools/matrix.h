/* matrix.h - the compiler matrix: the OpenMP rows of a run grouped per benchmark,
 * variant, dtype, size and params, every toolchain side by side with the CUDA row of the
 * same case as reference, and each newer major version of a compiler judged against the
 * next older one by the noise rule. `compare --by compiler` prints it, the report draws it. */
#ifndef PB_TOOLS_MATRIX_H
#define PB_TOOLS_MATRIX_H

#include "pb_match.h"
#include "pb_tab.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { PB_MATRIX_MAX_TC = 16, PB_MATRIX_MAX_STEPS = 16 };

/* A newer major version of one compiler against the next older one in the file. */
typedef enum pb_step {
    PB_STEP_NONE,       /* one of the two has no row */
    PB_STEP_SAME,       /* within the noise rule */
    PB_STEP_REGRESSION, /* newer is SLOWER, or fails where the older passed */
    PB_STEP_IMPROVED,   /* newer is FASTER, or passes where the older failed */
    PB_STEP_UNKNOWN     /* skipped, failed on both, or without a time */
} pb_step;

typedef struct pb_matrix_group {
    const pb_row *head;                   /* benchmark, variant, dtype, size, params */
    const pb_row *tc[PB_MATRIX_MAX_TC];   /* the OpenMP row of each toolchain, or NULL */
    const pb_row *cuda;                   /* the CUDA row of the same case, or NULL */
    pb_step step[PB_MATRIX_MAX_STEPS];
    pb_cmp step_cmp[PB_MATRIX_MAX_STEPS]; /* older (base) vs newer */
} pb_matrix_group;

typedef struct pb_matrix {
    int ntc;
    char tc[PB_MATRIX_MAX_TC][32]; /* toolchains by compiler, then major version */
    int nsteps;
    int step_old[PB_MATRIX_MAX_STEPS], step_new[PB_MATRIX_MAX_STEPS]; /* indices into tc */
    pb_matrix_group *g;
    size_t ng;
    size_t nregressions, nimprovements;
    double threshold;
    unsigned instance; /* PB_KEY_GPU or PB_KEY_SLOT when groups are per GPU (or rank), else 0 */
} pb_matrix;

/* The OpenMP rows (backend omp) of s grouped per benchmark, variant, dtype, size and
 * params (and GPU when s holds several, or MPI rank: pb_rows_instance_key), their
 * toolchains side by side. 0, or -1 out of memory. s must outlive m. */
int pb_matrix_build(pb_matrix *m, const pb_rowset *s, double threshold);
/* The matrix as a table (text, markdown or CSV columns; a gpu column after params when
 * groups are per GPU). 0, or -1 out of memory. */
int pb_matrix_table(const pb_matrix *m, pb_fmt fmt, pb_tab *t);
const char *pb_step_name(pb_step s);
void pb_matrix_free(pb_matrix *m);

#ifdef __cplusplus
}
#endif
#endif
