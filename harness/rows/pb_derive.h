/* pb_derive.h - every derived column of a result row, computed in one place: clock, gbs,
 * gflops, elems_per_s, pct_peak_bw, pct_peak_flops, pct_measured_bw, pct_measured_flops,
 * gb_per_j, gflop_per_j, launch_overhead_s and speedup_vs_lib. Their inputs are the row's
 * measured facts (time_median_s and device_time_median_s, bytes and flops of the cost
 * model, its element count, energy_j_per_rep), the datasheet peaks of its GPU profile
 * (gpu_profile column), the clock asked for (--clock) and the measured ceilings of its GPU
 * (portbench ceilings). Rates come from the chosen clock's time directly.
 * The driver derives once over the collected rows of a run (one GPU, several, every MPI
 * rank, tune's candidates, the ceilings' runs); a worker derives its own rows on the host
 * clock for its stream and progress lines, which the driver's derivation replaces. Rows
 * read back from CSV files keep their numbers: the results tools never derive. */
#ifndef PB_DERIVE_H
#define PB_DERIVE_H

#include "pb_bench.h"
#include "pb_plan.h"
#include "pb_result.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { PB_NPATTERNS = PB_PATTERN_WRITE + 1 };

/* The measured ceilings of one GPU, for pct_measured_*. */
typedef struct pb_derive_ceilings {
    char gpu_uuid[64];               /* the rows they are for (their gpu_uuid); "" = every row */
    double bw_gbs[PB_NPATTERNS];     /* per access pattern (pb_pattern); NaN or <= 0: not measured */
    double fp32_gflops, fp64_gflops; /* FMA rates; NaN or <= 0: not measured */
} pb_derive_ceilings;

/* What a derivation takes beside the rows. */
typedef struct pb_derive_in {
    pb_plan_clock clock;                /* asked for: auto, host or device */
    const pb_derive_ceilings *ceilings; /* nceilings of them (NULL: none); a row takes the first that is for it */
    size_t nceilings;
    int no_speedup; /* leave speedup_vs_lib empty (portbench ceilings' rows) */
} pb_derive_in;

/* Whether the rows' rates use the device clock: --clock device yes, host no, auto when every
 * GPU row that ran has a device time. */
int pb_rows_device_clock(const pb_rowset *s, pb_plan_clock clock);

/* One row's columns, all but speedup_vs_lib (which needs the other rows): its clock (device
 * when device is set and the row ran on the GPU with a device time > 0, else host), then
 * the rates on that clock's time, the percentages of its profile's peaks and of ceil (the
 * ceilings of its GPU, or NULL), the energy rates and launch_overhead_s; every one of them
 * empty where its inputs are missing. A SKIP row gets the host clock and nothing else. */
void pb_row_derive(pb_row *r, int device, const pb_derive_ceilings *ceil);

/* Every derived column of every row: pb_rows_device_clock, pb_row_derive, then
 * speedup_vs_lib = the library row's time / the row's time (same benchmark, dtype, size and
 * params; the library row passed, and ran where the row ran (GPU or CPU) when the case has
 * both kinds). */
void pb_rows_derive(pb_rowset *s, const pb_derive_in *in);

#ifdef __cplusplus
}
#endif
#endif
