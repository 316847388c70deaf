/* Histogram CPU baseline: a histogram per thread (the CPU's "shared memory"), merged with
 * atomics. */
#include "cpu_kernels.h"
#include "pb_shapes.h"

#include <stdint.h>
#include <string.h>

static void histogram_cpu(pb_dtype t, long n, int bins, const void *keys, int32_t *counts)
{
    memset(counts, 0, (size_t)bins * sizeof *counts);
#pragma omp parallel
    {
        int32_t local[PB_HIST_MAX_BINS];
        memset(local, 0, (size_t)bins * sizeof *local);
        if (t == PB_INT) {
            const int32_t *k = keys;
#pragma omp for schedule(static) nowait
            for (long i = 0; i < n; ++i) {
                int b = PB_HIST_BIN_INT(k[i], bins);
                if (b >= 0)
                    ++local[b];
            }
        } else {
            const float *x = keys;
#pragma omp for schedule(static) nowait
            for (long i = 0; i < n; ++i) {
                float j = PB_HIST_J(x[i]);
                int b = PB_HIST_BIN_J(j, bins);
                if (b >= 0)
                    ++local[b];
            }
        }
        for (int b = 0; b < bins; ++b)
            if (local[b]) {
#pragma omp atomic update
                counts[b] += local[b];
            }
    }
}

static int run_baseline(const pb_args *a)
{
    histogram_cpu(a->dtype, (long)a->n, (int)a->param[HIST_BINS], a->buf[HIST_KEYS], a->buf[HIST_COUNTS]);
    return PB_OK;
}

const pb_variant pb_variants_cpu_histogram[] = {{"histogram", "baseline",
                                                 "CPU OpenMP: a histogram per thread, merged with atomics",
                                                 PB_DT(PB_INT) | PB_DT(PB_FLOAT), run_baseline, "cpu", 0},
                                                {0}};
