/* pb_result.h - one result row (one measured configuration) and its CSV form.
 * The column table in pb_result.c is the single definition of the CSV layout; the
 * writer, the reader and the column list of docs/columns.md all follow it. */
#ifndef PB_RESULT_H
#define PB_RESULT_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One timed repetition of a row (NaN where unknown): host-clock time, device time and the
 * SM clock read right after it (NVML, outside the timed window). */
typedef struct pb_sample {
    double host_s, device_s, sm_clock_mhz;
} pb_sample;

/* Columns that are enums in meaning: a C enum each, written with today's spellings (the
 * name tables in pb_result.c), so that the CSV is unchanged and code compares values,
 * never strings. 0 is the empty field. */
typedef enum pb_verified { PB_VERIFIED_NONE, PB_VERIFIED_PASS, PB_VERIFIED_FAIL, PB_VERIFIED_SKIP } pb_verified;
/* where the kernel ran */
typedef enum pb_offload { PB_OFFLOAD_NONE, PB_OFFLOAD_DEVICE, PB_OFFLOAD_HOST_FALLBACK, PB_OFFLOAD_CPU } pb_offload;
typedef enum pb_rate_clock { PB_CLOCK_NONE, PB_CLOCK_HOST, PB_CLOCK_DEVICE } pb_rate_clock; /* column clock */
typedef enum pb_device_clock { PB_DCLOCK_NONE, PB_DCLOCK_CUPTI, PB_DCLOCK_CUDA_EVENTS } pb_device_clock;
typedef enum pb_tri { PB_TRI_UNKNOWN, PB_TRI_NO, PB_TRI_YES } pb_tri; /* column throttled */
/* Not a column: where the launch shape a best variant ran came from (the row record's
 * shape_source, docs/channel.md): the tuning table, PB_TUNE (portbench tune's candidate), or
 * the table because PB_TUNE did not parse (ignored); none when the row ran no shape. */
typedef enum pb_shape_source { PB_SHAPE_NONE, PB_SHAPE_TABLE, PB_SHAPE_TUNE, PB_SHAPE_IGNORED } pb_shape_source;

/* The spelling of each value ("" for 0): PASS, device, host-fallback, cuda-events, yes ... */
const char *pb_verified_name(pb_verified v);
const char *pb_offload_name(pb_offload v);
const char *pb_rate_clock_name(pb_rate_clock v);
const char *pb_device_clock_name(pb_device_clock v);
const char *pb_tri_name(pb_tri v);
const char *pb_shape_source_name(pb_shape_source v); /* "", table, tune, ignored */
/* The value of a spelling of pb_shape_source_name: 0, or -1 when text is none of them. */
int pb_shape_source_parse(const char *text, pb_shape_source *out);

/* Missing numbers are NaN in memory and empty fields in CSV. */
typedef struct pb_row {
    char benchmark[32];
    char variant[32];
    char backend[16];
    char compiler[32];
    char compiler_version[64];
    char device[128];
    char gpu_profile[32];
    char dtype[8];
    double size;
    double reps;
    double time_median_s, time_min_s, time_max_s, time_stddev_s;
    double gbs, gflops, pct_peak_bw, speedup_vs_lib;
    pb_verified verified;
    double max_rel_err;
    char timestamp[32];
    char git_sha[48];
    /* columns beyond the required ones */
    double time_mean_s;
    double device_time_median_s, device_time_min_s, device_time_stddev_s;
    double kernels_per_rep, launch_overhead_s;
    pb_rate_clock clock; /* which time gbs/gflops/pct_* use: host or device */
    double transfer_s;
    double bytes, flops;
    double pct_peak_flops, pct_measured_bw, pct_measured_flops;
    double tolerance;
    char params[96];  /* benchmark parameters, "name=value;name=value" */
    pb_offload offload;
    double threads;
    pb_tri throttled; /* yes, no, or empty when unknown */
    double kernel_time_median_s;
    pb_device_clock device_clock; /* source of device_time_*: cupti, cuda-events, or empty */
    double sm_clock_mhz, mem_clock_mhz;
    char throttle_reasons[24];
    char note[256];
    char toolchain[32]; /* compiler-major that built the row's worker: clang-19, gcc-12, nvcc-13 */
    char host[64];      /* host name of the machine that measured the row */
    double gpu_index;   /* device index the row's worker was given (also for its CPU rows) */
    char gpu_uuid[64];  /* UUID of that GPU, empty without one */
    double rank;        /* MPI rank, missing outside MPI runs */
    double elems_per_s;
    /* the launch that took most of the time (pb_trace_launch_facts) and its occupancy */
    char kernel_name[128];
    double kernel_share_pct;
    double regs_per_thread, local_bytes_per_thread, smem_static_bytes, smem_dynamic_bytes;
    char grid[40], block[24]; /* XxYxZ */
    double warps_per_sm, occupancy_pct;
    char occupancy_limit[32];
    /* --energy (pb_energy) and --cooldown */
    double energy_j_per_rep, power_w, gb_per_j, gflop_per_j, energy_window_s, energy_reps, energy_updates;
    double temp_c_start, temp_c_end, sm_clock_mhz_start, sm_clock_mhz_end, cooldown_s;
    char stop_reason[16]; /* reps, time-budget or noise; empty when not measured */
    double noise_pct;     /* pb_median_noise of the repetitions on the row's clock, percent */
    /* not a column: the elements one repetition processes (pb_bench.elems of the row's case;
     * NaN for benchmarks that count none, and in rows read from CSV), which elems_per_s is
     * derived from (pb_derive.h); set by pb_plan_item_row, carried by the rows stream */
    double elems;
    /* not a column: the timed repetitions (nsamples of them, or NULL), owned by the rowset
     * that holds the row (pb_rowset_push copies them, pb_rowset_free frees them) */
    pb_sample *samples;
    size_t nsamples;
    /* not columns: the launch shape the row's best variant ran ("per_sm=4,threads=256,...",
     * pb_shape_format) and where it came from, as its worker states them (empty, NONE: no
     * shape ran). The note says the same in words; portbench tune reads these. */
    char shape[112];
    pb_shape_source shape_source;
} pb_row;

void pb_row_init(pb_row *r); /* all numbers NaN (elems too), all strings empty */

size_t pb_csv_ncolumns(void);
const char *pb_csv_column_name(size_t i);
const char *pb_csv_column_doc(size_t i);

/* Column i of a row: its text (string and enum columns: an enum's spelling) or value
 * (number columns, NaN when missing). */
int pb_csv_column_is_number(size_t i);
const char *pb_row_str(const pb_row *r, size_t i);
double pb_row_num(const pb_row *r, size_t i);

void pb_csv_write_header(FILE *f);
/* One CSV field, quoted when it holds a comma, quote or line break. */
void pb_csv_write_field(FILE *f, const char *s);
void pb_csv_write_row(FILE *f, const pb_row *r);
/* The row as "name=value" lines of its non-empty columns (in the CSV's form), then an
 * empty line: a form that does not change when columns are added, which identifies a run
 * (the store's hash). */
void pb_csv_write_named(FILE *f, const pb_row *r);
/* The row's samples as `#samples` lines (at most PB_SAMPLES_PER_LINE repetitions a line,
 * each "host_s device_s sm_clock_mhz", ';' between), written just before the row's own
 * line on the channel from a worker (or a GPU's run, or an MPI rank) to the driver; the
 * reader gives them to the row that follows. Readers that do not know them skip them as
 * comments. Nothing for a row without samples. The results CSV never carries them. */
enum { PB_SAMPLES_PER_LINE = 64 };
void pb_csv_write_samples(FILE *f, const pb_row *r);
/* How many lines pb_csv_write_samples writes for r (to name a row's line in such a file). */
size_t pb_csv_sample_lines(const pb_row *r);

/* A growable array of rows. */
typedef struct pb_rowset {
    pb_row *rows;
    size_t n, cap;
} pb_rowset;

int pb_rowset_push(pb_rowset *s, const pb_row *r); /* a copy, samples too: 0, or -1 out of memory */
void pb_rowset_free(pb_rowset *s);                 /* the rows and their samples */
/* Give r a copy of n samples (replacing any it had). 0, or -1 out of memory. */
int pb_row_set_samples(pb_row *r, const pb_sample *v, size_t n);

/* The toolchain id of a row from files written before the toolchain column:
 * <compiler>-<major of compiler_version> for compiled backends, "" for libraries. */
void pb_row_derive_toolchain(pb_row *r);

/* Read a CSV written by pb_csv_write_* (columns in any order, unknown columns ignored;
 * an empty toolchain is derived from compiler and compiler_version; an enum column's
 * value must be one of its spellings; `#samples` lines give their samples to the row that follows,
 * other lines starting with '#' are skipped).
 * Returns 0, or -1 with a message naming the file and line in err. */
int pb_csv_read(const char *path, pb_rowset *out, char *err, size_t errcap);

/* pb_csv_read, and every row's numbers are possible ones, or it is an error naming file,
 * line, column and value: numbers are finite, none is negative but launch_overhead_s (a
 * difference), and a PASS row has a time > 0 (time_median_s, and device_time_median_s when
 * its clock is device and it has one). The reader of the results tools. */
int pb_csv_read_checked(const char *path, pb_rowset *out, char *err, size_t errcap);

/* The same for a file its writer may not have finished (a worker that crashed or was
 * stopped): a last line without its newline is left out. */
int pb_csv_read_partial(const char *path, pb_rowset *out, char *err, size_t errcap);
/* The same from text in memory (len bytes); name is for messages. */
int pb_csv_read_text(const char *text, size_t len, const char *name, pb_rowset *out, char *err, size_t errcap);

/* Set column `name` of r from text (as the reader does). -1 if no such column, the text
 * is not a number where one is needed, or not one of an enum column's spellings. */
int pb_row_set(pb_row *r, const char *name, const char *text);

#ifdef __cplusplus
}
#endif
#endif
