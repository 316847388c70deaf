/* Serial references: plain loops in double, deliberately unclever, so that they are
 * easy to trust. Every backend's result is checked against these. */
#include "reference.h"
#include "pb_bench.h" /* pb_load */

typedef struct dmvm_job {
    pb_dtype t;
    size_t nx;
    const void *mat, *src;
    double *ref;
} dmvm_job;

static void dmvm_rows(size_t begin, size_t end, void *ctx)
{
    const dmvm_job *j = ctx;
    const pb_dtype t = j->t;
    const size_t nx = j->nx;
    const void *mat = j->mat, *src = j->src;
    double *ref = j->ref;
    for (size_t row = begin; row < end; ++row) {
        double acc = 0;
        if (t == PB_FLOAT) {
            const float *m = (const float *)mat + row * nx, *x = src;
            for (size_t col = 0; col < nx; ++col)
                acc += (double)m[col] * (double)x[col];
        } else {
            const double *m = (const double *)mat + row * nx, *x = src;
            for (size_t col = 0; col < nx; ++col)
                acc += m[col] * x[col];
        }
        ref[row] = acc;
    }
}

/* Rows are independent, so they are split over threads; each row is summed in order. */
void pb_ref_dmvm(pb_dtype t, size_t nx, const void *mat, const void *src, double *ref)
{
    dmvm_job j = {t, nx, mat, src, ref};
    pb_parallel_for(nx, 16, dmvm_rows, &j);
}

typedef struct gemv_job {
    pb_dtype t;
    size_t cols;
    const void *mat;
    const double *x;
    double *y;
} gemv_job;

static void gemv_rows(size_t begin, size_t end, void *ctx)
{
    const gemv_job *j = ctx;
    for (size_t row = begin; row < end; ++row) {
        double acc = 0;
        if (j->t == PB_FLOAT) {
            const float *m = (const float *)j->mat + row * j->cols;
            for (size_t col = 0; col < j->cols; ++col)
                acc += (double)m[col] * j->x[col];
        } else {
            const double *m = (const double *)j->mat + row * j->cols;
            for (size_t col = 0; col < j->cols; ++col)
                acc += m[col] * j->x[col];
        }
        j->y[row] = acc;
    }
}

void pb_ref_gemv(pb_dtype t, size_t rows, size_t cols, const void *mat, const double *x, double *y)
{
    gemv_job j = {t, cols, mat, x, y};
    pb_parallel_for(rows, 16, gemv_rows, &j);
}

typedef struct gemm_job {
    pb_dtype t;
    size_t n, k;
    double alpha, beta;
    const void *a, *b, *c;
    double *ref;
} gemm_job;

/* Row i of the product: ref[i][:] = sum_l a[i][l] * b[l][:] (i-l-j order, the row of
 * partial sums in double), then alpha and beta. */
static void gemm_rows(size_t begin, size_t end, void *ctx)
{
    const gemm_job *j = ctx;
    const size_t n = j->n, k = j->k;
    for (size_t i = begin; i < end; ++i) {
        double *row = j->ref + i * n;
        for (size_t col = 0; col < n; ++col)
            row[col] = 0;
        for (size_t l = 0; l < k; ++l) {
            const double a = pb_load(j->t, j->a, i * k + l);
            if (j->t == PB_FLOAT) {
                const float *b = (const float *)j->b + l * n;
                for (size_t col = 0; col < n; ++col)
                    row[col] += a * (double)b[col];
            } else {
                const double *b = (const double *)j->b + l * n;
                for (size_t col = 0; col < n; ++col)
                    row[col] += a * b[col];
            }
        }
        for (size_t col = 0; col < n; ++col)
            row[col] = j->alpha * row[col] + j->beta * pb_load(j->t, j->c, i * n + col);
    }
}

void pb_ref_gemm(pb_dtype t, size_t m, size_t n, size_t k, double alpha, const void *a, const void *b, double beta,
                 const void *c, double *ref)
{
    gemm_job j = {t, n, k, alpha, beta, a, b, c, ref};
    pb_parallel_for(m, 4, gemm_rows, &j);
}
