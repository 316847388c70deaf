/* pb_ceilings.h - measured ceilings of one GPU (portbench ceilings): sustained bandwidth
 * for each access pattern (read + write: stream; read only: a sum; write only: a fill),
 * device-to-device cudaMemcpy, FP32/FP64 FMA rates. Stored in a small per-device text
 * file; benchmark commands read it to fill pct_measured_bw (against the ceiling of the
 * benchmark's access pattern, pb_bench.pattern) and pct_measured_flops beside the
 * datasheet percentages. */
#ifndef PB_CEILINGS_H
#define PB_CEILINGS_H

#include "pb_bench.h"
#include "pb_derive.h"
#include "pb_result.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pb_ceilings {
    char device[128], uuid[64], profile[32], measured_utc[32], git_sha[48], clock[8];
    double stream_gbs;      /* read + write: largest verified stream result */
    char stream_from[96];   /* backend/compiler, dtype, n of that result */
    double read_gbs;        /* read only: largest verified reduce (best, CUB) result; NaN if unknown */
    char read_from[96];
    double write_gbs;       /* write only: largest verified fill (best, cudaMemset) result; NaN if unknown */
    char write_from[96];
    double memcpy_gbs;      /* cudaMemcpy device to device, read + write bytes */
    double fma_fp32_gflops, fma_fp64_gflops;
} pb_ceilings;

/* Default file for a GPU UUID: $PORTBENCH_CEILINGS_DIR, else $XDG_CACHE_HOME/portbench,
 * else $HOME/.cache/portbench; named ceilings-<uuid>.txt. */
void pb_ceilings_default_path(const char *uuid, char *buf, size_t cap);
int pb_ceilings_write(const char *path, const pb_ceilings *c, char *err, size_t cap);
/* 0 on success; -1 with a message (missing file, malformed line). Files written before
 * the read and write ceilings existed load with those NaN. */
int pb_ceilings_read(const char *path, pb_ceilings *c, char *err, size_t cap);
/* The bandwidth ceiling of an access pattern (NaN when not measured). */
double pb_ceilings_bw(const pb_ceilings *c, pb_pattern p);
/* The ceilings as pb_rows_derive relates rows to them (pct_measured_bw against the
 * ceiling of each row's benchmark pattern, pct_measured_flops), for the rows of GPU
 * gpu_uuid ("": every row). */
void pb_ceilings_for_derive(const pb_ceilings *c, const char *gpu_uuid, pb_derive_ceilings *d);
/* Ceilings for pb_rows_derive as JSON (a cJSON array; void * so that callers need not
 * include cJSON), and back: each one of the array appended to *out (which grows; n of
 * them), but those for every row (no GPU UUID), which only the run of their own GPU may
 * apply. An MPI rank sends its GPU's to rank 0 so. PB_OK, or PB_ERR out of memory. */
void *pb_ceilings_to_json(const pb_derive_ceilings *c, size_t n);
int pb_ceilings_from_json(const void *json, pb_derive_ceilings **out, size_t *n);
/* The ceilings of a set of rows measured by `portbench ceilings`. */
void pb_ceilings_from_rows(const pb_rowset *rows, pb_ceilings *c);

#ifdef __cplusplus
}
#endif
#endif
