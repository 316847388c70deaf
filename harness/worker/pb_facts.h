/* pb_facts.h - why a row is slow and what it cost, into the row: the launch-fact and
 * occupancy columns from pb_trace_launch_facts and pb_occupancy, the energy columns from
 * pb_energy, in one place for every worker. */
#ifndef PB_FACTS_H
#define PB_FACTS_H

#include "pb_energy.h"
#include "pb_result.h"
#include "pb_trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The launch's columns (kernel_name ... block), and its occupancy on a GPU of compute
 * capability cc (x 10; 0: unknown, no occupancy). Nothing when f found no launch. */
void pb_facts_launch(pb_row *r, const pb_launch_facts *f, int cc);

/* The measured energy columns (gb_per_j and gflop_per_j are derived from them:
 * pb_derive.h). A measurement that gave no energy leaves them empty and says why in the
 * note. */
void pb_facts_energy(pb_row *r, const pb_energy *e);

#ifdef __cplusplus
}
#endif
#endif
