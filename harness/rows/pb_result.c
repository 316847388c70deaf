#include "pb_result.h"
#include "pb_common.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The spellings of the enum columns, indexed by value. */
static const char *const verified_names[] = {"", "PASS", "FAIL", "SKIP"};
static const char *const offload_names[] = {"", "device", "host-fallback", "cpu"};
static const char *const clock_names[] = {"", "host", "device"};
static const char *const dclock_names[] = {"", "cupti", "cuda-events"};
static const char *const tri_names[] = {"", "no", "yes"};
static const char *const shape_source_names[] = {"", "table", "tune", "ignored"};

typedef struct enum_names {
    const char *const *names;
    int n;
    const char *valid; /* for messages */
} enum_names;

/* clang-format would split these one-line initialiser macros, and the column table below */
/* clang-format off */
#define NAMES(a, valid) {a, (int)(sizeof a / sizeof *a), valid}
/* clang-format on */
static const enum_names verified_enum = NAMES(verified_names, "PASS, FAIL or SKIP");
static const enum_names offload_enum = NAMES(offload_names, "device, host-fallback, cpu or empty");
static const enum_names clock_enum = NAMES(clock_names, "host, device or empty");
static const enum_names dclock_enum = NAMES(dclock_names, "cupti, cuda-events or empty");
static const enum_names tri_enum = NAMES(tri_names, "yes, no or empty");
static const enum_names shape_source_enum = NAMES(shape_source_names, "table, tune, ignored or empty");
#undef NAMES

static const char *enum_name(const enum_names *e, int v) { return v >= 0 && v < e->n ? e->names[v] : "?"; }

const char *pb_verified_name(pb_verified v) { return enum_name(&verified_enum, (int)v); }
const char *pb_offload_name(pb_offload v) { return enum_name(&offload_enum, (int)v); }
const char *pb_rate_clock_name(pb_rate_clock v) { return enum_name(&clock_enum, (int)v); }
const char *pb_device_clock_name(pb_device_clock v) { return enum_name(&dclock_enum, (int)v); }
const char *pb_tri_name(pb_tri v) { return enum_name(&tri_enum, (int)v); }
const char *pb_shape_source_name(pb_shape_source v) { return enum_name(&shape_source_enum, (int)v); }

int pb_shape_source_parse(const char *text, pb_shape_source *out)
{
    for (int v = 0; v < shape_source_enum.n; ++v)
        if (strcmp(shape_source_enum.names[v], text) == 0) {
            *out = (pb_shape_source)v;
            return 0;
        }
    return -1;
}

/* COL_DIFF: a number that may be negative; COL_ENUM: an int-sized enum with a name table */
typedef enum { COL_STR, COL_NUM, COL_DIFF, COL_ENUM } col_kind;

typedef struct column {
    const char *name;
    col_kind kind;
    size_t off, cap; /* cap: string capacity; 0 for numbers and enums */
    const char *doc;
    const enum_names *names; /* COL_ENUM */
} column;

/* clang-format off */
#define S(f, d) {#f, COL_STR, offsetof(pb_row, f), sizeof(((pb_row *)0)->f), d, NULL}
#define N(f, d) {#f, COL_NUM, offsetof(pb_row, f), 0, d, NULL}
#define D(f, d) {#f, COL_DIFF, offsetof(pb_row, f), 0, d, NULL}
#define E(f, e, d) {#f, COL_ENUM, offsetof(pb_row, f), 0, d, &e}

/* Order matters: the first 22 columns are the published layout that outside scripts
 * parse; new columns go at the end. */
static const column columns[] = {
    S(benchmark, "benchmark name (dmvm, ...)"),
    S(variant, "kernel version (v0..v9), `lib` for the vendor library, `baseline` for the CPU OpenMP baseline"),
    S(backend, "programming model: cuda, omp (OpenMP target), cublas, cub, cudart (cudaMemcpy), cpu"),
    S(compiler, "compiler that built the kernel (nvcc, clang, gcc), or the library name for library rows"),
    S(compiler_version, "its version"),
    S(device, "GPU name, or `host` for host-fallback and CPU rows"),
    S(gpu_profile, "datasheet profile used for the percentages (h200, a100-80gb, ...)"),
    S(dtype, "element type: float, double (int for reductions)"),
    N(size, "problem size: nx for dmvm, number of elements otherwise"),
    N(reps, "timed repetitions (after the warm-up runs)"),
    N(time_median_s, "median host-clock time of one completed repetition, seconds"),
    N(time_min_s, "minimum of the same"),
    N(time_max_s, "maximum of the same"),
    N(time_stddev_s, "sample standard deviation of the same"),
    N(gbs, "bytes of the cost model / median time (clock column), 1e9 bytes per second"),
    N(gflops, "FLOPs of the cost model / median time (clock column), 1e9 per second"),
    N(pct_peak_bw, "gbs as percent of the GPU profile's datasheet memory bandwidth"),
    N(speedup_vs_lib, "library median time / this row's median time, same benchmark, dtype and size (the library row of the row's own GPU and rank first)"),
    E(verified, verified_enum, "PASS, FAIL or SKIP (see note)"),
    N(max_rel_err, "error measure of the check (see the benchmark's cost model); tolerance column holds the bound"),
    S(timestamp, "UTC time the row was measured, ISO 8601"),
    S(git_sha, "portbench source revision that built the binary; `-dirty` when tracked files differed from it (the run's meta.json lists them: `git_dirty_count`, `git_dirty_files`)"),
    N(time_mean_s, "mean host-clock time, seconds"),
    N(device_time_median_s, "median device time of one repetition: first GPU activity start to last end (see device_clock), seconds"),
    N(device_time_min_s, "minimum device time, seconds"),
    N(device_time_stddev_s, "sample standard deviation of the device time, seconds"),
    N(kernels_per_rep, "GPU kernels launched per repetition (median), when traced with CUPTI"),
    D(launch_overhead_s, "median host time minus median device time, seconds"),
    E(clock, clock_enum, "which time gbs, gflops, the percentages and speedup_vs_lib use: host (time_median_s) or device (device_time_median_s)"),
    N(transfer_s, "host-to-device upload of the inputs (host clock), excluded from the times, seconds"),
    N(bytes, "bytes per repetition by the cost model"),
    N(flops, "FLOPs per repetition by the cost model"),
    N(pct_peak_flops, "gflops as percent of the profile's datasheet vector FP peak for the dtype"),
    N(pct_measured_bw, "gbs as percent of the measured bandwidth ceiling (portbench ceilings)"),
    N(pct_measured_flops, "gflops as percent of the measured FMA ceiling (portbench ceilings)"),
    N(tolerance, "bound max_rel_err was held to"),
    S(params, "benchmark parameters, name=value;..."),
    E(offload, offload_enum, "where the kernel ran: device, host-fallback (OpenMP target code on the host), cpu"),
    N(threads, "CPU threads (CPU baseline and host fallback)"),
    E(throttled, tri_enum, "yes when NVML reported a slowdown reason (power cap, thermal, hardware slowdown) before or after the timed repetitions"),
    N(kernel_time_median_s, "median over repetitions of the summed kernel durations (CUPTI), seconds"),
    E(device_clock, dclock_enum, "source of the device times: cupti (every backend), cuda-events (CUDA backends only), or empty"),
    N(sm_clock_mhz, "SM clock read by NVML right after the timed repetitions, MHz"),
    N(mem_clock_mhz, "memory clock read by NVML right after the timed repetitions, MHz"),
    S(throttle_reasons, "NVML clocks-event reason bits seen before or after the timed repetitions (hex)"),
    S(note, "why a row is SKIP or FAIL, and other remarks"),
    S(toolchain, "toolchain id `<compiler>-<major>` that built the row's worker (clang-19, gcc-12, nvcc-13): "
                 "the key that tells two versions of one compiler apart"),
    S(host, "host name of the machine that measured the row"),
    N(gpu_index, "device index of the GPU the row's worker was given (CPU rows: of the GPU their run served)"),
    S(gpu_uuid, "UUID of that GPU (empty without one): with several GPUs, part of the key that matches rows"),
    N(rank, "MPI rank that measured the row (empty outside MPI runs)"),
    N(elems_per_s, "elements processed per second (clock column) for benchmarks that count elements: histogram keys, rank sort keys"),
    S(kernel_name, "GPU rows traced with CUPTI: the kernel launch that took most of the device time of the timed "
                   "repetitions, its name as compiled; the launch facts that follow are its own"),
    N(kernel_share_pct, "that launch's share of the summed kernel time of the timed repetitions, percent"),
    N(regs_per_thread, "registers per thread the launch was given (CUPTI): at least 16 on an H100 or H200, also "
                       "for a kernel compiled with fewer (cuobjdump shows the compiler's count)"),
    N(local_bytes_per_thread, "local memory per thread of that launch's kernel: its stack frame (register spills, "
                              "local arrays; cuobjdump's STACK), asked of the driver, bytes; empty when unknown"),
    N(smem_static_bytes, "static shared memory per block of that launch, bytes"),
    N(smem_dynamic_bytes, "dynamic shared memory per block of that launch, bytes"),
    S(grid, "grid of that launch, blocks XxYxZ"),
    S(block, "block of that launch, threads XxYxZ"),
    N(warps_per_sm, "theoretical active warps per SM of that launch: its registers, shared memory and block against "
                    "the SM limits of the GPU's compute capability, by the rules of NVIDIA's occupancy calculator"),
    N(occupancy_pct, "warps_per_sm as percent of the SM's maximum warps (theoretical occupancy)"),
    S(occupancy_limit, "what limits the blocks per SM: registers, shared (memory), warps or blocks; joined with + "
                       "when several tie"),
    N(energy_j_per_rep, "--energy: GPU energy of one repetition, NVML's total-energy counter over the energy window "
                        "/ the repetitions in it, J"),
    N(power_w, "--energy: mean GPU power over the energy window, W"),
    N(gb_per_j, "--energy: bytes of the cost model / energy_j_per_rep, 1e9 bytes per joule"),
    N(gflop_per_j, "--energy: FLOPs of the cost model / energy_j_per_rep, 1e9 per joule"),
    N(energy_window_s, "--energy: length of the energy window, from one update of the counter to another, at least "
                       "--energy-window (the repetition repeats until it is), seconds"),
    N(energy_reps, "--energy: repetitions completed inside the energy window (run after the timed ones)"),
    N(energy_updates, "--energy: energy counter updates seen inside the window (NVML updates it about every 100 ms)"),
    N(temp_c_start, "--energy: GPU temperature at the start of the energy window, degrees C"),
    N(temp_c_end, "--energy: GPU temperature at the end of the energy window, degrees C"),
    N(sm_clock_mhz_start, "--energy: SM clock at the start of the energy window, MHz"),
    N(sm_clock_mhz_end, "--energy: SM clock at the end of the energy window, MHz"),
    N(cooldown_s, "--cooldown: seconds waited before the row's measurement"),
    S(stop_reason, "what ended the timed repetitions: reps (--reps of them), time-budget (--time-budget cut them) or noise (--max-noise reached)"),
    N(noise_pct, "relative noise of the median on the row's clock: half-width of its 95% distribution-free confidence interval / median, percent (empty below 6 repetitions)"),
};
/* clang-format on */
#undef S
#undef N
#undef D
#undef E

enum { NCOLS = sizeof columns / sizeof columns[0] };

size_t pb_csv_ncolumns(void) { return NCOLS; }
const char *pb_csv_column_name(size_t i) { return i < NCOLS ? columns[i].name : NULL; }
const char *pb_csv_column_doc(size_t i) { return i < NCOLS ? columns[i].doc : NULL; }

static int is_number(const column *c) { return c->kind == COL_NUM || c->kind == COL_DIFF; }

int pb_csv_column_is_number(size_t i) { return i < NCOLS && is_number(&columns[i]); }

const char *pb_row_str(const pb_row *r, size_t i)
{
    if (i >= NCOLS || is_number(&columns[i]))
        return NULL;
    const char *p = (const char *)r + columns[i].off;
    return columns[i].kind == COL_ENUM ? enum_name(columns[i].names, *(const int *)p) : p;
}

double pb_row_num(const pb_row *r, size_t i)
{
    return i < NCOLS && is_number(&columns[i]) ? *(const double *)((const char *)r + columns[i].off) : NAN;
}

void pb_row_init(pb_row *r)
{
    memset(r, 0, sizeof *r); /* strings empty, enums 0 (the empty field) */
    for (size_t i = 0; i < NCOLS; ++i)
        if (is_number(&columns[i]))
            *(double *)((char *)r + columns[i].off) = NAN;
    r->elems = NAN;
}

void pb_csv_write_header(FILE *f)
{
    for (size_t i = 0; i < NCOLS; ++i)
        fprintf(f, "%s%s", i ? "," : "", columns[i].name);
    fputc('\n', f);
}

void pb_csv_write_field(FILE *f, const char *s)
{
    if (strpbrk(s, ",\"\n\r") == NULL) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; ++s) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* Column i of r as the CSV writes it: 0 when it is empty (nothing written), else 1. */
static int write_cell(FILE *f, const pb_row *r, size_t i, const char *prefix)
{
    if (!is_number(&columns[i])) {
        const char *s = pb_row_str(r, i);
        if (!s[0])
            return 0;
        fputs(prefix, f);
        pb_csv_write_field(f, s);
        return 1;
    }
    double v = pb_row_num(r, i);
    if (isnan(v))
        return 0;
    fputs(prefix, f);
    if (v == floor(v) && fabs(v) < 1e15)
        fprintf(f, "%.0f", v);
    else
        fprintf(f, "%.10g", v); /* 10 digits: below the clock's 1 ns for times < 1 s */
    return 1;
}

void pb_csv_write_row(FILE *f, const pb_row *r)
{
    for (size_t i = 0; i < NCOLS; ++i) {
        if (i)
            fputc(',', f);
        write_cell(f, r, i, "");
    }
    fputc('\n', f);
}

void pb_csv_write_named(FILE *f, const pb_row *r)
{
    for (size_t i = 0; i < NCOLS; ++i) {
        char prefix[80];
        snprintf(prefix, sizeof prefix, "%s=", columns[i].name);
        if (write_cell(f, r, i, prefix))
            fputc('\n', f);
    }
    fputc('\n', f);
}

/* A number of a sample: 17 digits (it reads back exactly), "nan" when unknown. */
static void write_sample_value(FILE *f, double v)
{
    if (isnan(v))
        fputs("nan", f);
    else
        fprintf(f, "%.17g", v);
}

void pb_csv_write_samples(FILE *f, const pb_row *r)
{
    for (size_t i = 0; i < r->nsamples; ++i) {
        const pb_sample *p = &r->samples[i];
        fputs(i % PB_SAMPLES_PER_LINE == 0 ? "#samples " : ";", f);
        write_sample_value(f, p->host_s);
        fputc(' ', f);
        write_sample_value(f, p->device_s);
        fputc(' ', f);
        write_sample_value(f, p->sm_clock_mhz);
        if ((i + 1) % PB_SAMPLES_PER_LINE == 0 || i + 1 == r->nsamples)
            fputc('\n', f);
    }
}

size_t pb_csv_sample_lines(const pb_row *r)
{
    return (r->nsamples + PB_SAMPLES_PER_LINE - 1) / PB_SAMPLES_PER_LINE;
}

int pb_row_set_samples(pb_row *r, const pb_sample *v, size_t n)
{
    pb_sample *copy = n ? malloc(n * sizeof *copy) : NULL;
    if (n && !copy)
        return -1;
    if (n)
        memcpy(copy, v, n * sizeof *copy);
    free(r->samples);
    r->samples = copy;
    r->nsamples = n;
    return 0;
}

int pb_rowset_push(pb_rowset *s, const pb_row *r)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        pb_row *p = realloc(s->rows, cap * sizeof *p);
        if (!p)
            return -1;
        s->rows = p;
        s->cap = cap;
    }
    pb_row *copy = &s->rows[s->n];
    *copy = *r;
    copy->samples = NULL;
    copy->nsamples = 0;
    if (pb_row_set_samples(copy, r->samples, r->nsamples) != 0)
        return -1;
    ++s->n;
    return 0;
}

void pb_rowset_free(pb_rowset *s)
{
    for (size_t i = 0; i < s->n; ++i)
        free(s->rows[i].samples);
    free(s->rows);
    s->rows = NULL;
    s->n = s->cap = 0;
}

static int find_column(const char *name)
{
    for (size_t i = 0; i < NCOLS; ++i)
        if (strcmp(columns[i].name, name) == 0)
            return (int)i;
    return -1;
}

static int set_column(pb_row *r, int c, const char *text)
{
    char *p = (char *)r + columns[c].off;
    if (columns[c].kind == COL_STR) {
        pb_strlcpy(p, text, columns[c].cap);
        return 0;
    }
    if (columns[c].kind == COL_ENUM) {
        for (int v = 0; v < columns[c].names->n; ++v)
            if (strcmp(columns[c].names->names[v], text) == 0) {
                *(int *)p = v;
                return 0;
            }
        return -1;
    }
    if (*text == '\0') {
        *(double *)p = NAN;
        return 0;
    }
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || errno == ERANGE)
        return -1;
    *(double *)p = v;
    return 0;
}

int pb_row_set(pb_row *r, const char *name, const char *text)
{
    int c = find_column(name);
    return c < 0 ? -1 : set_column(r, c, text);
}

/* Split one CSV record (RFC 4180 quoting, no embedded newlines) into fields in place.
 * Returns the field count, or -1 on a malformed quote. */
static int split_record(char *line, char **fields, int maxf)
{
    int n = 0;
    char *s = line;
    for (;;) {
        if (n == maxf)
            return -1;
        if (*s == '"') {
            char *w = ++s;
            fields[n++] = w;
            for (;;) {
                if (*s == '\0')
                    return -1; /* unterminated quote */
                if (*s == '"') {
                    if (s[1] == '"') {
                        *w++ = '"';
                        s += 2;
                        continue;
                    }
                    ++s;
                    break;
                }
                *w++ = *s++;
            }
            *w = '\0';
            if (*s == ',') {
                ++s;
                continue;
            }
            if (*s == '\0')
                return n;
            return -1; /* text after a closing quote */
        }
        fields[n++] = s;
        char *comma = strchr(s, ',');
        if (!comma)
            return n;
        *comma = '\0';
        s = comma + 1;
    }
}

void pb_row_derive_toolchain(pb_row *r)
{
    static const char *const compiled[] = {"cuda", "omp", "cpu"};
    if (r->toolchain[0])
        return;
    int is_compiled = 0;
    for (size_t i = 0; i < sizeof compiled / sizeof *compiled; ++i)
        is_compiled |= strcmp(r->backend, compiled[i]) == 0;
    if (!is_compiled || !r->compiler[0])
        return;
    char major[16];
    pb_strlcpy(major, r->compiler_version, sizeof major);
    major[strspn(major, "0123456789")] = '\0';
    if (major[0])
        snprintf(r->toolchain, sizeof r->toolchain, "%.15s-%.15s", r->compiler, major);
    else
        pb_strlcpy(r->toolchain, r->compiler, sizeof r->toolchain);
}

enum { MAX_FIELDS = 128, MAX_LINE = 8192 };
enum { READ_PARTIAL = 1, READ_CHECKED = 2 }; /* csv_read's flags */

static int csv_read(FILE *f, const char *path, pb_rowset *out, char *err, size_t errcap, int flags);

/* Any file the user names is read (a FIFO, /dev/stdin, a device too): the line-length
 * limit and the NUL check end a file that never ends a line. Every path closes it. */
static int csv_read_file(const char *path, pb_rowset *out, char *err, size_t errcap, int flags)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errcap, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    int rc = csv_read(f, path, out, err, errcap, flags);
    fclose(f);
    return rc;
}

int pb_csv_read(const char *path, pb_rowset *out, char *err, size_t errcap)
{
    return csv_read_file(path, out, err, errcap, 0);
}

int pb_csv_read_checked(const char *path, pb_rowset *out, char *err, size_t errcap)
{
    return csv_read_file(path, out, err, errcap, READ_CHECKED);
}

int pb_csv_read_partial(const char *path, pb_rowset *out, char *err, size_t errcap)
{
    return csv_read_file(path, out, err, errcap, READ_PARTIAL);
}

int pb_csv_read_text(const char *text, size_t len, const char *name, pb_rowset *out, char *err, size_t errcap)
{
    FILE *f = fmemopen((void *)text, len, "r");
    if (!f) {
        snprintf(err, errcap, "%s: cannot read: %s", name, strerror(errno));
        return -1;
    }
    int rc = csv_read(f, name, out, err, errcap, 0);
    fclose(f);
    return rc;
}

/* The field of r (as read: fields[i] set column map[i]) that holds a value no measurement
 * gives, or -1: a number that is not finite, a negative one where only a difference may be
 * negative, a PASS row without a time > 0 on its clock (it read as NO-TIME and passed a
 * gate). *why says which. */
static int impossible_field(const pb_row *r, char *const *fields, const int *map, int nf, const char **why)
{
    int pass = r->verified == PB_VERIFIED_PASS, device = r->clock == PB_CLOCK_DEVICE;
    for (int i = 0; i < nf; ++i) {
        int c = map[i];
        if (c < 0 || !is_number(&columns[c]))
            continue;
        size_t off = columns[c].off;
        double v = *(const double *)((const char *)r + off);
        if (fields[i][0] && !isfinite(v)) {
            *why = "is not a finite number";
            return i;
        }
        if (v < 0 && columns[c].kind == COL_NUM) {
            *why = "cannot be negative";
            return i;
        }
        int timed = off == offsetof(pb_row, time_median_s) ||
                    (device && fields[i][0] && off == offsetof(pb_row, device_time_median_s));
        if (pass && timed && !(v > 0)) {
            *why = "a PASS row needs a time > 0 on its clock";
            return i;
        }
    }
    return -1;
}

/* Append the repetitions of one #samples line ("h d c;h d c..."). 0, or -1 when it is not
 * that (or out of memory). */
static int add_samples(const char *text, pb_sample **v, size_t *n)
{
    for (const char *s = text; *s;) {
        double x[3];
        for (int k = 0; k < 3; ++k) {
            char *end;
            x[k] = strtod(s, &end);
            if (end == s || (k < 2 && *end != ' '))
                return -1;
            s = k < 2 ? end + 1 : end;
        }
        if (*s && *s != ';')
            return -1;
        if (*s == ';' && !*++s)
            return -1;
        if (*n % PB_SAMPLES_PER_LINE == 0) {
            pb_sample *p = realloc(*v, (*n + PB_SAMPLES_PER_LINE) * sizeof *p);
            if (!p)
                return -1;
            *v = p;
        }
        (*v)[(*n)++] = (pb_sample){x[0], x[1], x[2]};
    }
    return 0;
}

static int csv_read(FILE *f, const char *path, pb_rowset *out, char *err, size_t errcap, int flags)
{
    const int partial = flags & READ_PARTIAL;
    static const char *const required[] = {"benchmark", "variant", "backend", "compiler",
                                           "dtype", "size", "time_median_s", "verified"};
    char line[MAX_LINE];
    char *fields[MAX_FIELDS];
    int map[MAX_FIELDS], nhead = -1, rc = 0;
    long lineno = 0;
    pb_sample *pending = NULL; /* #samples lines read since the last row */
    size_t npending = 0;
    size_t len;
    while ((len = pb_read_line(f, line, sizeof line)) > 0) {
        ++lineno;
        int ended = line[len - 1] == '\n';
        /* a NUL byte is no text: zeros where a crash left rows unwritten, or no CSV at all */
        int nul = memchr(line, '\0', len) != NULL;
        if (nul && partial)
            break; /* the torn tail of a writer that did not finish */
        if (nul) {
            snprintf(err, errcap, "%s:%ld: a NUL byte (a torn or binary file, not a CSV)", path, lineno);
            rc = -1;
            break;
        }
        if (len == sizeof line - 1 && !ended) {
            snprintf(err, errcap, "%s:%ld: line longer than %d characters", path, lineno, MAX_LINE);
            rc = -1;
            break;
        }
        if (partial && !ended)
            break; /* a line its writer did not finish */
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (strncmp(line, "#samples ", 9) == 0) {
            if (add_samples(line + 9, &pending, &npending) != 0) {
                snprintf(err, errcap, "%s:%ld: a #samples line that is not repetitions of three numbers", path,
                         lineno);
                rc = -1;
                break;
            }
            continue;
        }
        if (len == 0 || line[0] == '#')
            continue;
        int nf = split_record(line, fields, MAX_FIELDS);
        if (nf < 0) {
            snprintf(err, errcap, "%s:%ld: malformed CSV quoting", path, lineno);
            rc = -1;
            break;
        }
        if (nhead < 0) {
            nhead = nf;
            for (int i = 0; i < nf; ++i)
                map[i] = find_column(fields[i]);
            for (size_t q = 0; q < sizeof required / sizeof *required; ++q) {
                int have = 0;
                for (int i = 0; i < nf; ++i)
                    have |= map[i] >= 0 && strcmp(columns[map[i]].name, required[q]) == 0;
                if (!have) {
                    snprintf(err, errcap, "%s:%ld: header lacks the column '%s' (is this a portbench CSV?)",
                             path, lineno, required[q]);
                    rc = -1;
                    break;
                }
            }
            if (rc)
                break;
            continue;
        }
        if (nf != nhead) {
            snprintf(err, errcap, "%s:%ld: %d fields, the header has %d", path, lineno, nf, nhead);
            rc = -1;
            break;
        }
        pb_row r;
        pb_row_init(&r);
        for (int i = 0; i < nf && rc == 0; ++i)
            if (map[i] >= 0 && set_column(&r, map[i], fields[i]) != 0) {
                const column *col = &columns[map[i]];
                if (col->kind == COL_ENUM)
                    snprintf(err, errcap, "%s:%ld: column '%s': unknown value '%s' (%s)", path, lineno, col->name,
                             fields[i], col->names->valid);
                else
                    snprintf(err, errcap, "%s:%ld: column '%s': '%s' is not a number", path, lineno, col->name,
                             fields[i]);
                rc = -1;
            }
        if (rc)
            break;
        const char *why;
        int bad = flags & READ_CHECKED ? impossible_field(&r, fields, map, nf, &why) : -1;
        if (bad >= 0) {
            snprintf(err, errcap, "%s:%ld: column '%s': '%s': %s", path, lineno, columns[map[bad]].name, fields[bad],
                     why);
            rc = -1;
            break;
        }
        pb_row_derive_toolchain(&r);
        if (pb_rowset_push(out, &r) != 0) {
            snprintf(err, errcap, "%s: out of memory", path);
            rc = -1;
            break;
        }
        /* the samples just before a row are its own (moved, not copied) */
        out->rows[out->n - 1].samples = pending;
        out->rows[out->n - 1].nsamples = npending;
        pending = NULL;
        npending = 0;
    }
    free(pending); /* samples of a row that never came (a torn tail): left out with it */
    if (rc == 0 && ferror(f)) {
        snprintf(err, errcap, "%s: cannot read: %s", path, strerror(errno));
        rc = -1;
    }
    if (rc == 0 && nhead < 0) {
        snprintf(err, errcap, "%s: empty file (no CSV header)", path);
        rc = -1;
    }
    return rc;
}
