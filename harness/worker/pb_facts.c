#include "pb_facts.h"
#include "pb_common.h"
#include "pb_occupancy.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void note_add(pb_row *r, const char *text)
{
    size_t len = strlen(r->note);
    snprintf(r->note + len, sizeof r->note - len, "%s%s", len ? "; " : "", text);
}

void pb_facts_launch(pb_row *r, const pb_launch_facts *f, int cc)
{
    if (!f->found)
        return;
    const pb_launch *l = &f->launch;
    pb_strlcpy(r->kernel_name, l->name, sizeof r->kernel_name);
    r->kernel_share_pct = 100 * f->share;
    r->regs_per_thread = l->regs_per_thread;
    r->local_bytes_per_thread = l->local_bytes_per_thread >= 0 ? l->local_bytes_per_thread : NAN;
    r->smem_static_bytes = l->smem_static_bytes;
    r->smem_dynamic_bytes = l->smem_dynamic_bytes;
    snprintf(r->grid, sizeof r->grid, "%dx%dx%d", l->grid[0], l->grid[1], l->grid[2]);
    snprintf(r->block, sizeof r->block, "%dx%dx%d", l->block[0], l->block[1], l->block[2]);
    if (cc <= 0)
        return;
    pb_occupancy o;
    char why[160], text[200];
    long threads = (long)l->block[0] * l->block[1] * l->block[2];
    if (pb_occupancy_calc(cc, l->regs_per_thread, threads > 1 << 30 ? 0 : (int)threads,
                          (long)l->smem_static_bytes + l->smem_dynamic_bytes, &o, why, sizeof why) != PB_OK) {
        snprintf(text, sizeof text, "occupancy unknown: %s", why);
        note_add(r, text);
        return;
    }
    r->warps_per_sm = o.warps_per_sm;
    r->occupancy_pct = 100 * o.occupancy;
    pb_occupancy_limit_text(o.limit, r->occupancy_limit, sizeof r->occupancy_limit);
}

void pb_facts_energy(pb_row *r, const pb_energy *e)
{
    r->temp_c_start = e->temp_c_start;
    r->temp_c_end = e->temp_c_end;
    r->sm_clock_mhz_start = e->sm_mhz_start;
    r->sm_clock_mhz_end = e->sm_mhz_end;
    if (!e->ok) {
        char text[200];
        snprintf(text, sizeof text, "no energy: %s", e->why[0] ? e->why : "not measured");
        note_add(r, text);
        return;
    }
    r->energy_j_per_rep = e->j_per_rep;
    r->power_w = e->power_w;
    r->energy_window_s = e->window_s;
    r->energy_reps = (double)e->reps;
    r->energy_updates = e->updates; /* gb_per_j, gflop_per_j: pb_derive */
}
