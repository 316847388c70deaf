/* pb_rate.h - the headline rate of a result row, defined once: the unit a benchmark is
 * rated in (pb_bench: flops_headline, elems), the rate in it on the row's clock, and how
 * a rate is printed for reading. The driver's table, its summary lines, the workers'
 * progress lines, `summary`, `compare`, `history` and the report all rate rows here. */
#ifndef PB_RATE_H
#define PB_RATE_H

#include "pb_result.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The time a row's rates are based on (its clock column): device or host median. */
double pb_row_time(const pb_row *r);

/* The benchmark's headline rate: GFLOP/s for FLOP-bound benchmarks (fma, gemm), Melem/s
 * for those that count elements (histogram, rank sort: elems_per_s), else GB/s. */
int pb_row_flops_headline(const pb_row *r);
int pb_row_elems_headline(const pb_row *r);
const char *pb_row_unit(const pb_row *r);
/* The headline rate on the row's own clock column, in pb_row_unit; NaN when the row has
 * none. */
double pb_row_rate(const pb_row *r);

/* A rate for reading: one decimal from 1 up, three significant digits below (0.0663,
 * not 0.0); "-" when not finite. CSV writers keep their own full-precision format. */
const char *pb_rate_text(double v, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
