/* Serial references: plain loops in double, deliberately unclever, so that they are
 * easy to trust. Every backend's result is checked against these. */
#include "reference.h"
#include "pb_bench.h" /* pb_load */
#include "pb_shapes.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

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

/* Each window summed in order from its left end; outputs are independent, so chunks of
 * them run on separate threads, each keeping its own largest magnitude sum. */
typedef struct window_job {
    pb_dtype t;
    size_t n;
    long r;
    const void *in;
    double *ref;
    pthread_mutex_t lock;
    double scale;
} window_job;

static void window_range(size_t begin, size_t end, void *ctx)
{
    window_job *w = ctx;
    double scale = 0;
    for (size_t i = begin; i < end; ++i) {
        double acc = 0, mag = 0;
        for (long k = -w->r; k <= w->r; ++k) {
            long j = (long)i + k;
            if (j < 0 || j >= (long)w->n)
                continue;
            double x = w->t == PB_FLOAT ? ((const float *)w->in)[j] : ((const double *)w->in)[j];
            acc += x;
            mag += fabs(x);
        }
        w->ref[i] = acc;
        scale = mag > scale ? mag : scale;
    }
    pthread_mutex_lock(&w->lock);
    w->scale = scale > w->scale ? scale : w->scale;
    pthread_mutex_unlock(&w->lock);
}

double pb_ref_window(pb_dtype t, size_t n, long r, const void *in, double *ref)
{
    window_job w = {t, n, r, in, ref, PTHREAD_MUTEX_INITIALIZER, 0};
    pb_parallel_for(n, 1 << 14, window_range, &w);
    return w.scale;
}

void pb_ref_histogram(pb_dtype t, size_t n, int bins, const void *keys, long long *counts)
{
    for (int b = 0; b < bins; ++b)
        counts[b] = 0;
    for (size_t i = 0; i < n; ++i) {
        int b;
        if (t == PB_INT) {
            b = PB_HIST_BIN_INT(((const int32_t *)keys)[i], bins);
        } else {
            float j = PB_HIST_J(((const float *)keys)[i]);
            b = PB_HIST_BIN_J(j, bins);
        }
        if (b >= 0)
            ++counts[b];
    }
}

typedef struct keyed {
    double key; /* int and float keys are exact in double */
    size_t index;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index); /* ties: input order (stable) */
}

int pb_ref_stable_sort(pb_dtype t, size_t n, const void *keys, void *sorted)
{
    keyed *k = malloc((n ? n : 1) * sizeof *k);
    if (!k)
        return PB_ERR;
    for (size_t i = 0; i < n; ++i)
        k[i] = (keyed){t == PB_INT ? ((const int32_t *)keys)[i] : ((const float *)keys)[i], i};
    qsort(k, n, sizeof *k, cmp_keyed);
    for (size_t i = 0; i < n; ++i)
        if (t == PB_INT)
            ((int32_t *)sorted)[i] = ((const int32_t *)keys)[k[i].index];
        else
            ((float *)sorted)[i] = ((const float *)keys)[k[i].index];
    free(k);
    return PB_OK;
}
