#include "pb_cli.h"
#include "pb_energy.h"
#include "pb_gpu.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pb_options_defaults(pb_options *o, const pb_bench *bench)
{
    memset(o, 0, sizeof *o);
    o->bench = bench;
    o->warmup = 2;
    o->reps = 10;
    o->max_noise = 0.01; /* issue 24: repetitions adapt by default, as nvbench's do */
    o->time_budget = 60;
    o->mpi_timeout = 600;
    o->mpi_local_rank = -1;
    o->seed = 42;
    o->gpu_kind = PB_GPU_AUTO;
    o->device = 0;
    o->energy_window = PB_ENERGY_WINDOW_DEFAULT;
    o->start_temp_c = NAN;
    if (!bench)
        return;
    o->dtypes[0] = bench->default_dtype;
    o->ndtypes = 1;
    for (int v = 0; bench->variants[v]; ++v)
        o->variants |= 1u << v;
    char err[160];
    pb_parse_sizes(bench->default_sizes, o->sizes, PB_MAX_SIZES, &o->nsizes, err, sizeof err);
    for (int p = 0; p < bench->nparams; ++p) {
        o->params[p][0] = bench->params[p].def;
        o->nparams[p] = 1;
    }
    o->backends = pb_backend_defaults();
}

/* ---- numbers and size lists ---- */

/* 1 if a comma list has an empty item ("4,,5", ",4", "4,"): a typo, never meant. */
static int empty_item(const char *spec)
{
    size_t n = strlen(spec);
    return n == 0 || spec[0] == ',' || spec[n - 1] == ',' || strstr(spec, ",,") != NULL;
}

/* A comma list of names (what: "variant", "dtype") copied into buf for strtok_r; refused
 * when buf cannot hold it or an item is empty. */
static int copy_list(const char *what, const char *spec, char *buf, size_t bufcap, char *err, size_t cap)
{
    if (strlen(spec) >= bufcap) {
        snprintf(err, cap, "%s list too long", what);
        return PB_ERR;
    }
    if (empty_item(spec)) {
        snprintf(err, cap, "empty item in the %s list '%.40s'", what, spec);
        return PB_ERR;
    }
    pb_strlcpy(buf, spec, bufcap);
    return PB_OK;
}

/* One size: decimal integer, 2^k, or with suffix k/M/G (10^3..) or Ki/Mi/Gi (2^10..). */
static int parse_count(const char *s, double *out)
{
    char *end;
    errno = 0;
    if (s[0] == '2' && s[1] == '^') {
        long k = strtol(s + 2, &end, 10);
        if (end == s + 2 || *end || k < 0 || k > 62)
            return -1;
        *out = ldexp(1.0, (int)k);
        return 0;
    }
    if (!isdigit((unsigned char)s[0]))
        return -1;
    double v = (double)strtoull(s, &end, 10);
    if (errno == ERANGE)
        return -1;
    static const struct { const char *suffix; double mult; } units[] = {
        {"", 1}, {"k", 1e3}, {"M", 1e6}, {"G", 1e9}, {"Ki", 1024.0}, {"Mi", 1048576.0}, {"Gi", 1073741824.0},
    };
    for (size_t u = 0; u < sizeof units / sizeof units[0]; ++u)
        if (strcmp(end, units[u].suffix) == 0) {
            *out = v * units[u].mult;
            return 0;
        }
    return -1;
}

static int push_size(size_t *out, int max, int *n, double v, char *err, size_t cap)
{
    if (v < 1) {
        snprintf(err, cap, "sizes must be >= 1 (got %.0f)", v);
        return PB_ERR;
    }
    if (v > 1e15) {
        snprintf(err, cap, "size %.0f is too large", v);
        return PB_ERR;
    }
    for (int i = 0; i < *n; ++i)
        if (out[i] == (size_t)v)
            return PB_OK; /* sweeps may round two points to the same size */
    if (*n == max) {
        snprintf(err, cap, "too many sizes (at most %d)", max);
        return PB_ERR;
    }
    out[(*n)++] = (size_t)v;
    return PB_OK;
}

static int parse_range(char *item, size_t *out, int max, int *n, char *err, size_t cap)
{
    char *lo_s = item, *hi_s = strchr(item, ':');
    *hi_s++ = '\0';
    char *step = strchr(hi_s, ':');
    if (!step) {
        snprintf(err, cap, "range '%s:%s' needs a step: LO:HI:xF, LO:HI:+D or LO:HI:K/oct", lo_s, hi_s);
        return PB_ERR;
    }
    *step++ = '\0';
    double lo, hi;
    if (parse_count(lo_s, &lo) || parse_count(hi_s, &hi)) {
        snprintf(err, cap, "bad number in range '%s:%s'", lo_s, hi_s);
        return PB_ERR;
    }
    if (lo < 1 || hi < lo) {
        snprintf(err, cap, "range '%s:%s' must have 1 <= LO <= HI", lo_s, hi_s);
        return PB_ERR;
    }
    char *end;
    if (step[0] == 'x') {
        long f = strtol(step + 1, &end, 10);
        if (end == step + 1 || *end || f < 2) {
            snprintf(err, cap, "bad step '%s': xF needs an integer factor F >= 2", step);
            return PB_ERR;
        }
        for (double v = lo; v <= hi; v *= (double)f)
            if (push_size(out, max, n, v, err, cap))
                return PB_ERR;
        return PB_OK;
    }
    if (step[0] == '+') {
        double d;
        if (parse_count(step + 1, &d) || d < 1) {
            snprintf(err, cap, "bad step '%s': +D needs a count D >= 1", step);
            return PB_ERR;
        }
        if ((hi - lo) / d >= max) {
            snprintf(err, cap, "range with step '%s' has too many sizes (at most %d)", step, max);
            return PB_ERR;
        }
        for (double v = lo; v <= hi; v += d)
            if (push_size(out, max, n, v, err, cap))
                return PB_ERR;
        return PB_OK;
    }
    long k = strtol(step, &end, 10);
    if (end != step && strcmp(end, "/oct") == 0 && k >= 1 && k <= 64) {
        /* K points per octave: LO * 2^(i/K), rounded to integers, up to HI. */
        for (int i = 0;; ++i) {
            double v = floor(lo * pow(2.0, (double)i / (double)k) + 0.5);
            if (v > hi * (1 + 1e-12))
                break;
            if (push_size(out, max, n, v, err, cap))
                return PB_ERR;
        }
        return PB_OK;
    }
    snprintf(err, cap, "bad step '%s': use xF (factor), +D (increment) or K/oct (points per octave)", step);
    return PB_ERR;
}

int pb_parse_sizes(const char *spec, size_t *out, int max, int *n, char *err, size_t cap)
{
    *n = 0;
    if (empty_item(spec)) {
        snprintf(err, cap, "empty item in the size list '%.40s'", spec);
        return PB_ERR;
    }
    char *buf = strdup(spec); /* any length: workers get long expanded sweeps */
    if (!buf) {
        snprintf(err, cap, "out of memory");
        return PB_ERR;
    }
    int rc = PB_OK;
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item && rc == PB_OK; item = strtok_r(NULL, ",", &save)) {
        double v;
        if (strchr(item, ':'))
            rc = parse_range(item, out, max, n, err, cap);
        else if (parse_count(item, &v)) {
            snprintf(err, cap, "'%.40s' is not a size (examples: 1000, 2^20, 16Ki, 1024:32768:x2, 2^10:2^20:4/oct)",
                     item);
            rc = PB_ERR;
        } else
            rc = push_size(out, max, n, v, err, cap);
    }
    free(buf);
    if (rc == PB_OK && *n == 0) {
        snprintf(err, cap, "empty size list");
        rc = PB_ERR;
    }
    return rc;
}

/* ---- variants and backends ---- */

static int variant_index(const pb_bench *b, const char *name)
{
    for (int v = 0; b->variants[v]; ++v)
        if (strcmp(b->variants[v], name) == 0)
            return v;
    return -1;
}

static void variant_list(const pb_bench *b, char *out, size_t cap)
{
    out[0] = '\0';
    for (int v = 0; b->variants[v]; ++v) {
        strncat(out, v ? " " : "", cap - strlen(out) - 1);
        strncat(out, b->variants[v], cap - strlen(out) - 1);
    }
}

int pb_parse_variants(const pb_bench *b, const char *spec, unsigned *mask, char *err, size_t cap)
{
    char buf[512], valid[256];
    if (copy_list("variant", spec, buf, sizeof buf, err, cap) != PB_OK)
        return PB_ERR;
    variant_list(b, valid, sizeof valid);
    *mask = 0;
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        if (strcmp(item, "all") == 0) {
            for (int v = 0; b->variants[v]; ++v)
                *mask |= 1u << v;
            continue;
        }
        char *dash = strchr(item, '-');
        int lo, hi;
        if (dash) {
            *dash = '\0';
            lo = variant_index(b, item);
            hi = variant_index(b, dash + 1);
            if (lo < 0 || hi < 0 || hi < lo) {
                snprintf(err, cap, "bad variant range '%s-%s' for %s: valid variants are %s (ranges like v3-v9, or all)",
                         item, dash + 1, b->name, valid);
                return PB_ERR;
            }
        } else {
            lo = hi = variant_index(b, item);
            if (lo < 0) {
                snprintf(err, cap, "unknown variant '%s' for %s: valid variants are %s (ranges like v3-v9, or all)",
                         item, b->name, valid);
                return PB_ERR;
            }
        }
        for (int v = lo; v <= hi; ++v)
            *mask |= 1u << v;
    }
    if (*mask == 0) {
        snprintf(err, cap, "empty variant list");
        return PB_ERR;
    }
    return PB_OK;
}

int pb_parse_backends(const char *spec, pb_backend_mask *mask, char *err, size_t cap)
{
    if (empty_item(spec)) {
        snprintf(err, cap, "empty item in the backend list '%.40s': valid backends are %s", spec,
                 pb_backend_cli_list());
        return PB_ERR;
    }
    char *buf = strdup(spec);
    if (!buf) {
        snprintf(err, cap, "out of memory");
        return PB_ERR;
    }
    *mask = 0;
    int rc = PB_OK;
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item && rc == PB_OK; item = strtok_r(NULL, ",", &save)) {
        int i = pb_backend_find(item);
        if (i < 0) {
            snprintf(err, cap, "unknown backend '%.40s': valid backends are %s", item, pb_backend_cli_list());
            rc = PB_ERR;
        } else {
            *mask |= (pb_backend_mask)1 << i;
        }
    }
    free(buf);
    if (rc == PB_OK && *mask == 0) {
        snprintf(err, cap, "empty backend list");
        rc = PB_ERR;
    }
    return rc;
}

int pb_copy_path(const char *opt, const char *val, char *dst, size_t cap, char *err, size_t errcap)
{
    size_t len = strlen(val);
    if (len == 0) {
        snprintf(err, errcap, "%s needs a file name", opt);
        return PB_ERR;
    }
    if (len >= cap) {
        snprintf(err, errcap, "%s: the path is too long (%zu bytes; at most %zu)", opt, len, cap - 1);
        return PB_ERR;
    }
    memcpy(dst, val, len + 1);
    return PB_OK;
}

static int parse_int(const char *opt, const char *s, long lo, long hi, long *out, char *err, size_t cap)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno == ERANGE || v < lo || v > hi) {
        snprintf(err, cap, "%s needs an integer in [%ld, %ld], got '%s'", opt, lo, hi, s);
        return PB_ERR;
    }
    *out = v;
    return PB_OK;
}

static int parse_dtypes(const pb_bench *b, const char *spec, pb_options *o, char *err, size_t cap)
{
    char buf[128];
    if (copy_list("dtype", spec, buf, sizeof buf, err, cap) != PB_OK)
        return PB_ERR;
    o->ndtypes = 0;
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        pb_dtype t;
        if (pb_dtype_parse(item, &t) || !(b->dtypes & PB_DT(t))) {
            char valid[64] = "";
            for (int k = 0; k < PB_NDTYPES; ++k)
                if (b->dtypes & PB_DT(k)) {
                    strncat(valid, valid[0] ? ", " : "", sizeof valid - strlen(valid) - 1);
                    strncat(valid, pb_dtype_name((pb_dtype)k), sizeof valid - strlen(valid) - 1);
                }
            snprintf(err, cap, "unknown dtype '%s' for %s: valid dtypes are %s", item, b->name, valid);
            return PB_ERR;
        }
        int dup = 0;
        for (int k = 0; k < o->ndtypes; ++k)
            dup |= o->dtypes[k] == t;
        if (!dup)
            o->dtypes[o->ndtypes++] = t;
    }
    if (o->ndtypes == 0) {
        snprintf(err, cap, "empty dtype list");
        return PB_ERR;
    }
    return PB_OK;
}

static int parse_gpu(const char *s, pb_options *o, char *err, size_t cap)
{
    o->ngpu_list = 0;
    if (strcmp(s, "auto") == 0) {
        o->gpu_kind = PB_GPU_AUTO;
        return PB_OK;
    }
    if (strcmp(s, "all") == 0) {
        o->gpu_kind = PB_GPU_ALL;
        return PB_OK;
    }
    if (isdigit((unsigned char)s[0])) { /* an index or a comma list of them */
        char buf[256];
        if (strlen(s) >= sizeof buf) {
            snprintf(err, cap, "--gpu: list too long");
            return PB_ERR;
        }
        pb_strlcpy(buf, s, sizeof buf);
        char *save = NULL;
        for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            long v;
            if (parse_int("--gpu", t, 0, PB_MAX_GPUS - 1, &v, err, cap))
                return PB_ERR;
            for (int k = 0; k < o->ngpu_list; ++k)
                if (o->gpu_list[k] == v) {
                    snprintf(err, cap, "--gpu: GPU %ld is listed twice", v);
                    return PB_ERR;
                }
            o->gpu_list[o->ngpu_list++] = (int)v;
        }
        if (o->ngpu_list == 0) {
            snprintf(err, cap, "--gpu: empty list");
            return PB_ERR;
        }
        o->gpu_kind = PB_GPU_INDEX;
        o->gpu_index = o->gpu_list[0];
        return PB_OK;
    }
    if (!pb_gpu_model_known(s)) {
        snprintf(err, cap, "unknown GPU model '%.40s': use auto, all, a device index or list (0,1), or one of %s", s,
                 pb_gpu_model_list());
        return PB_ERR;
    }
    o->gpu_kind = PB_GPU_MODEL;
    pb_strlcpy(o->gpu_model, s, sizeof o->gpu_model);
    return PB_OK;
}

static int parse_param_values(const pb_param_def *d, const char *spec, long *vals, int *n, char *err, size_t cap)
{
    size_t tmp[PB_MAX_VALUES];
    char sub[160];
    /* A parameter whose range starts at 0 takes 0 as a value of its own (gemm --m 0 = use
     * --size, transpose --cols 0 = square), also inside a list: "0,33". The other items
     * are sizes (sweeps included). */
    if (d->min == 0 && !empty_item(spec)) {
        char buf[512], rest[512] = "";
        int zero = 0;
        if (strlen(spec) >= sizeof buf) {
            snprintf(err, cap, "%s: list too long", d->option);
            return PB_ERR;
        }
        pb_strlcpy(buf, spec, sizeof buf);
        char *save = NULL;
        for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            if (strcmp(t, "0") == 0)
                zero = 1;
            else
                snprintf(rest + strlen(rest), sizeof rest - strlen(rest), "%s%s", rest[0] ? "," : "", t);
        }
        *n = 0;
        if (zero)
            vals[(*n)++] = 0;
        if (!rest[0])
            return PB_OK;
        int m;
        if (pb_parse_sizes(rest, tmp, PB_MAX_VALUES - *n, &m, sub, sizeof sub)) {
            snprintf(err, cap, "%s: %s", d->option, sub);
            return PB_ERR;
        }
        for (int i = 0; i < m; ++i) {
            if ((long)tmp[i] > d->max) {
                snprintf(err, cap, "%s: %zu is outside [%ld, %ld]", d->option, tmp[i], d->min, d->max);
                return PB_ERR;
            }
            vals[(*n)++] = (long)tmp[i];
        }
        return PB_OK;
    }
    if (pb_parse_sizes(spec, tmp, PB_MAX_VALUES, n, sub, sizeof sub)) {
        snprintf(err, cap, "%s: %s", d->option, sub);
        return PB_ERR;
    }
    for (int i = 0; i < *n; ++i) {
        if ((long)tmp[i] < d->min || (long)tmp[i] > d->max) {
            snprintf(err, cap, "%s: %zu is outside [%ld, %ld]", d->option, tmp[i], d->min, d->max);
            return PB_ERR;
        }
        vals[i] = (long)tmp[i];
    }
    return PB_OK;
}

/* ---- the options of the benchmark commands, as tables ---- */

/* one enum, packed (clang-format would give each name a line) */
/* clang-format off */
enum {
    O_BACKEND = 1, O_VARIANTS, O_SIZE, O_DTYPE, O_WARMUP, O_REPS, O_BUDGET, O_SEED, O_THREADS, O_GPU, O_CSV,
    O_JSON, O_CEILINGS, O_CLOCK, O_NO_BASELINES, O_FALLBACK, O_FAIL_ON_SKIP, O_QUIET, O_RECORD, O_LABEL, O_DB,
    O_GPU_SERIAL, O_SPREAD, O_WIDE, O_MPI_TIMEOUT, O_ENERGY, O_ENERGY_WINDOW, O_COOLDOWN, O_MAX_NOISE, O_PARAM = 100,
    O_ALIAS = 200
};
/* clang-format on */
enum { O_DRY_RUN = O_MAX_NOISE + 1 }; /* the options after it, below O_PARAM */

static const pb_optdef common_opts[] = {
    {"backend", PB_OPT_VALUE, "LIST", "comma list of backends (default: the table's defaults)", O_BACKEND, 0},
    {"variants", PB_OPT_VALUE, "LIST", "versions: names, ranges like v3-v9, all (default)", O_VARIANTS, 0},
    {"dtype", PB_OPT_VALUE, "LIST", "element types", O_DTYPE, 0},
    {"warmup", PB_OPT_VALUE, "N", "untimed runs before timing (default 2)", O_WARMUP, 0},
    {"reps", PB_OPT_VALUE, "N", "timed repetitions: at most N, see --max-noise (default 10)", O_REPS, 0},
    {"time-budget", PB_OPT_VALUE, "S",
     "at most S seconds per configuration (checked run, warm-ups, repetitions): a slow\n"
     "one runs fewer warm-ups, then fewer repetitions (at least 1; the row says so).\n"
     "0 = no limit (default 60)", O_BUDGET, 0},
    {"max-noise", PB_OPT_VALUE, "X",
     "repeat until the median's relative noise (half-width of its 95% distribution-free\n"
     "confidence interval / median) is at most X: a percentage (1%) or a fraction (0.01);\n"
     "at least 6 repetitions (or --reps if fewer), at most --reps, within --time-budget;\n"
     "the row's stop_reason says which ended it. off (or 0): exactly --reps (default 1%)", O_MAX_NOISE, 0},
    {"gpu", PB_OPT_VALUE, "SPEC",
     "auto | all | device index or list (0,1) | model (it must match the GPUs found);\n"
     "several GPUs run at once, one process each, bound to the cores nearest its GPU", O_GPU, 0},
    {"seed", PB_OPT_VALUE, "N", "input generator seed (default 42)", O_SEED, 0},
    {"threads", PB_OPT_VALUE, "N", "CPU baseline threads (default: one per core; at most the hardware threads)",
     O_THREADS, 0},
    {"clock", PB_OPT_VALUE, "host|device", "time the rates use (default: device where traced, else host)", O_CLOCK, 0},
    {"csv", PB_OPT_VALUE, "FILE", "results in long CSV format (and FILE.meta.json); - = standard output\n"
                                 "(the table then goes to standard error)", O_CSV, 0},
    {"no-baselines", PB_OPT_NONE, NULL, "do not add the library and CPU baselines", O_NO_BASELINES, 0},
    {"allow-host-fallback", PB_OPT_NONE, NULL, "run OpenMP target code on the host when no GPU exists", O_FALLBACK,
     0},
    {"quiet", PB_OPT_NONE, NULL, "no progress lines on stderr", O_QUIET, 'q'},
    {"energy", PB_OPT_NONE, NULL,
     "GPU rows: energy per repetition, power, GB/J and GFLOP/J from the GPU's energy\n"
     "counter (NVML) over a window of repeated repetitions after the timed ones", O_ENERGY, 0},
    {"energy-window", PB_OPT_VALUE, "S", "--energy: the window lasts at least S seconds, 0.1 to 600 (default 1)",
     O_ENERGY_WINDOW, 0},
    {"cooldown", PB_OPT_VALUE, "S|auto",
     "GPU rows: wait S seconds (at most 3600) before each configuration, or auto: until\n"
     "the GPU is within 3 C of its temperature at the start (at most 120 s)", O_COOLDOWN, 0},
    {NULL, 0, NULL, NULL, 0, 0},
};

/* Options of the driver only (a worker gets the plan, pb_plan.h). */
static const pb_optdef driver_opts[] = {
    {"json", PB_OPT_VALUE, "FILE", "results and run metadata as one JSON document (schema_version 1)", O_JSON, 0},
    {"ceilings", PB_OPT_VALUE, "FILE",
     "measured ceilings for pct_measured_* (default: the file portbench ceilings\nwrote for this GPU, if any)",
     O_CEILINGS, 0},
    {"fail-on-skip", PB_OPT_NONE, NULL, "exit 1 when any row was skipped (a nightly job on a node without a GPU fails)",
     O_FAIL_ON_SKIP, 0},
    {"gpu-serial", PB_OPT_NONE, NULL, "several GPUs: one after another, not at once (no contention)", O_GPU_SERIAL, 0},
    {"spread", PB_OPT_NONE, NULL, "several GPUs or MPI ranks: one line per variant with min/median/max and the slowest",
     O_SPREAD, 0},
    {"wide", PB_OPT_NONE, NULL,
     "tables one line per row however wide (default: they fit 120 columns, columns\n"
     "that do not fit go on in further blocks)",
     O_WIDE, 0},
    {"mpi-timeout", PB_OPT_VALUE, "S",
     "under MPI: seconds a rank waits for the others at the gather before it gives up\n(default 600)", O_MPI_TIMEOUT,
     0},
    {"record", PB_OPT_OPTIONAL, "DIR",
     "also store the run under DIR/<gpu>/<benchmark>/<UTC time>_<label>/\n"
     "(default DIR: ./results)",
     O_RECORD, 0},
    {"label", PB_OPT_VALUE, "NAME", "label of the recorded run (default: dtypes and sizes, e.g. double_nx4096)",
     O_LABEL, 0},
    {"db", PB_OPT_VALUE, "FILE",
     "also import the run into the results store FILE (SQLite, made when missing;\n"
     "portbench db, history --db, dashboard --db read it)",
     O_DB, 0},
    {"dry-run", PB_OPT_NONE, NULL,
     "print the plan (JSON: the settings and every row the run would measure, one item\n"
     "each) and measure nothing; with several GPUs one plan per GPU",
     O_DRY_RUN, 0},
    {NULL, 0, NULL, NULL, 0, 0},
};

/* The size option(s), the parameters and their aliases of one benchmark. */
typedef struct bench_opts {
    pb_optdef defs[2 * PB_MAX_PARAMS + 3];
    char help[PB_MAX_PARAMS + 2][160];
} bench_opts;

static void make_bench_opts(const pb_bench *b, bench_opts *bo)
{
    int n = 0;
    memset(bo, 0, sizeof *bo);
    snprintf(bo->help[0], sizeof bo->help[0],
             "sizes: 1000,4096 | 2^20 | 16Ki | LO:HI:xF | LO:HI:+D | LO:HI:K/oct\n(default %s)", b->default_sizes);
    bo->defs[n++] = (pb_optdef){b->size_option + 2, PB_OPT_VALUE, "LIST", bo->help[0], O_SIZE, 0};
    if (strcmp(b->size_option, "--size") != 0)
        bo->defs[n++] = (pb_optdef){"size", PB_OPT_VALUE, "LIST", "the same as --" , O_SIZE, 0};
    if (n == 2) {
        snprintf(bo->help[1], sizeof bo->help[1], "the same as %s", b->size_option);
        bo->defs[1].help = bo->help[1];
    }
    for (int p = 0; p < b->nparams; ++p) {
        snprintf(bo->help[p + 2], sizeof bo->help[p + 2], "%s (list or sweep; default %ld)", b->params[p].help,
                 b->params[p].def);
        bo->defs[n++] = (pb_optdef){b->params[p].option + 2, PB_OPT_VALUE, "LIST", bo->help[p + 2], O_PARAM + p, 0};
    }
    for (int k = 0; k < PB_MAX_PARAMS && b->aliases[k].option; ++k)
        bo->defs[n++] = (pb_optdef){b->aliases[k].option + 2, PB_OPT_VALUE, "LIST", b->aliases[k].help, O_ALIAS + k, 0};
}

/* An alias sets each of its parameters to the same values, checked against each range;
 * the parameters are then tied: they take their values together, not crossed. */
static int parse_alias(const pb_bench *b, int k, const char *spec, pb_options *o, char *err, size_t cap)
{
    for (int p = 0; p < b->nparams; ++p)
        if (b->aliases[k].params & (1u << p)) {
            pb_param_def d = b->params[p];
            d.option = b->aliases[k].option;
            if (parse_param_values(&d, spec, o->params[p], &o->nparams[p], err, cap))
                return PB_ERR;
        }
    o->tied |= 1u << k;
    return PB_OK;
}

static void bench_spec(const pb_bench *b, const bench_opts *bo, pb_cmdspec *c)
{
    memset(c, 0, sizeof *c);
    c->name = b->name;
    c->summary = b->summary;
    c->tables[0] = bo->defs;
    c->tables[1] = common_opts;
    c->tables[2] = driver_opts;
    c->min_pos = 0;
    c->max_pos = 0;
}

/* --max-noise: "X%" (0 < X <= 100) or a fraction 0 < X < 1; a bare number >= 1 is refused
 * rather than read as 100% or more (5 meant 5%). "off", 0 or 0% switch it off (*frac = 0):
 * exactly --reps repetitions. */
static int parse_noise(const char *val, double *frac, char *err, size_t cap)
{
    char *end;
    double x = strtod(val, &end);
    int pct = end != val && strcmp(end, "%") == 0;
    if (strcmp(val, "off") == 0 || (end != val && (!*end || pct) && x == 0)) {
        *frac = 0;
        return PB_OK;
    }
    if (end == val || (*end && !pct) || !isfinite(x)) {
        snprintf(err, cap, "--max-noise needs a percentage (1%%), a fraction (0.01) or off, got '%.40s'", val);
        return PB_ERR;
    }
    if (!pct && x >= 1) {
        snprintf(err, cap, "--max-noise %.40s: a fraction must be below 1 (did you mean %.40s%%?)", val, val);
        return PB_ERR;
    }
    if (pct)
        x /= 100;
    if (!(x > 0) || x > 1) {
        snprintf(err, cap, "--max-noise needs more than 0 and at most 100%%, got '%.40s'", val);
        return PB_ERR;
    }
    *frac = x;
    return PB_OK;
}

static int set_option(void *ctx, const pb_optdef *d, const char *val, char *err, size_t cap)
{
    pb_options *o = ctx;
    const pb_bench *b = o->bench;
    long v;
    char sub[200];
    switch (d->id) {
    case O_BACKEND:
        if (pb_parse_backends(val, &o->backends, err, cap) != PB_OK)
            return PB_ERR;
        o->backends_named = o->backends;
        return PB_OK;
    case O_VARIANTS: return pb_parse_variants(b, val, &o->variants, err, cap);
    case O_SIZE:
        if (pb_parse_sizes(val, o->sizes, PB_MAX_SIZES, &o->nsizes, sub, sizeof sub) == PB_OK)
            return PB_OK;
        snprintf(err, cap, "%s: %s", b->size_option, sub);
        return PB_ERR;
    case O_DTYPE: return parse_dtypes(b, val, o, err, cap);
    case O_WARMUP:
        if (parse_int("--warmup", val, 0, 1000000, &v, err, cap))
            return PB_ERR;
        o->warmup = (int)v;
        return PB_OK;
    case O_REPS:
        if (parse_int("--reps", val, 1, 1000000, &v, err, cap))
            return PB_ERR;
        o->reps = (int)v;
        return PB_OK;
    case O_BUDGET: {
        char *end;
        double tb = strtod(val, &end);
        if (end == val || *end || !(tb >= 0) || tb > 1e6) {
            snprintf(err, cap, "--time-budget needs seconds >= 0 (0 = no limit), got '%.40s'", val);
            return PB_ERR;
        }
        o->time_budget = tb;
        return PB_OK;
    }
    case O_MAX_NOISE: return parse_noise(val, &o->max_noise, err, cap);
    case O_SEED:
        if (parse_int("--seed", val, 0, 0x7fffffffffffffffL, &v, err, cap))
            return PB_ERR;
        o->seed = (uint64_t)v;
        return PB_OK;
    case O_THREADS:
        if (parse_int("--threads", val, 1, 4096, &v, err, cap))
            return PB_ERR;
        o->threads = (int)v;
        return PB_OK;
    case O_GPU: return parse_gpu(val, o, err, cap);
    case O_CSV: return pb_copy_path("--csv", val, o->csv, sizeof o->csv, err, cap);
    case O_JSON: return pb_copy_path("--json", val, o->json, sizeof o->json, err, cap);
    case O_CEILINGS: return pb_copy_path("--ceilings", val, o->ceilings, sizeof o->ceilings, err, cap);
    case O_CLOCK:
        if (strcmp(val, "host") && strcmp(val, "device")) {
            snprintf(err, cap, "--clock must be host or device, got '%.40s'", val);
            return PB_ERR;
        }
        pb_strlcpy(o->clock, val, sizeof o->clock);
        return PB_OK;
    case O_NO_BASELINES: o->no_baselines = 1; return PB_OK;
    case O_FALLBACK: o->allow_host_fallback = 1; return PB_OK;
    case O_FAIL_ON_SKIP: o->fail_on_skip = 1; return PB_OK;
    case O_GPU_SERIAL: o->gpu_serial = 1; return PB_OK;
    case O_SPREAD: o->spread = 1; return PB_OK;
    case O_WIDE: o->wide = 1; return PB_OK;
    case O_MPI_TIMEOUT: {
        char *end;
        double t = strtod(val, &end);
        if (end == val || *end || !(t > 0) || t > 1e6) {
            snprintf(err, cap, "--mpi-timeout needs seconds > 0, got '%.40s'", val);
            return PB_ERR;
        }
        o->mpi_timeout = t;
        return PB_OK;
    }
    case O_QUIET: o->quiet = 1; return PB_OK;
    case O_DRY_RUN:
        o->dry_run = 1;
        return PB_OK;
    case O_ENERGY: o->energy = 1; return PB_OK;
    case O_ENERGY_WINDOW:
        o->energy_window_given = 1;
        return pb_energy_parse_window(val, &o->energy_window, err, cap);
    case O_COOLDOWN:
        return pb_cooldown_parse(val, &o->cooldown, err, cap);
    case O_RECORD:
        o->record = 1;
        if (!val)
            val = "results";
        return pb_copy_path("--record", val, o->record_dir, sizeof o->record_dir, err, cap);
    case O_DB:
        return pb_copy_path("--db", val, o->db, sizeof o->db, err, cap);
    case O_LABEL: {
        size_t len = strlen(val), ok = len > 0 && len < sizeof o->label && pb_plain_name(val);
        for (size_t i = 0; i < len && ok; ++i)
            ok = isalnum((unsigned char)val[i]) || strchr(".+-_", val[i]);
        if (!ok) { /* it names a folder: a plain name */
            snprintf(err, cap, "--label '%.40s': use 1-%zu letters, digits, '.', '+', '-' or '_' (not '.' or '..')",
                     val, sizeof o->label - 1);
            return PB_ERR;
        }
        pb_strlcpy(o->label, val, sizeof o->label);
        return PB_OK;
    }
    default: {
        if (d->id >= O_ALIAS)
            return parse_alias(b, d->id - O_ALIAS, val, o, err, cap);
        int p = d->id - O_PARAM;
        if (p < 0 || p >= b->nparams) {
            snprintf(err, cap, "internal error: option %s", d->name);
            return PB_ERR;
        }
        for (int k = 0; k < PB_MAX_PARAMS && b->aliases[k].option; ++k)
            if (b->aliases[k].params & (1u << p))
                o->tied &= ~(1u << k); /* set on its own now */
        return parse_param_values(&b->params[p], val, o->params[p], &o->nparams[p], err, cap);
    }
    }
}

int pb_options_parse(pb_options *o, int argc, char **argv, char *err, size_t cap)
{
    err[0] = '\0';
    bench_opts bo;
    pb_cmdspec c;
    make_bench_opts(o->bench, &bo);
    bench_spec(o->bench, &bo, &c);
    int rc = pb_opt_parse(&c, argc, argv, set_option, o, NULL, NULL, err, cap);
    if (rc == PB_OK && o->label[0] && !o->record) {
        snprintf(err, cap, "--label names a recorded run: use it with --record[=DIR]");
        rc = PB_ERR;
    }
    if (rc == PB_OK && o->energy_window_given && !o->energy) {
        snprintf(err, cap, "--energy-window sets the window of --energy: use it with --energy");
        rc = PB_ERR;
    }
    return rc;
}

/* The first parameter of a tied alias that holds parameter p, or p itself: tied
 * parameters follow the index of that first one instead of being crossed with it. */
static int tied_leader(const pb_options *o, int p)
{
    const pb_bench *b = o->bench;
    for (int k = 0; k < PB_MAX_PARAMS && b->aliases[k].option; ++k)
        if ((o->tied & (1u << k)) && (b->aliases[k].params & (1u << p)))
            for (int q = 0; q < p; ++q)
                if (b->aliases[k].params & (1u << q))
                    return q;
    return p;
}

void pb_options_case(const pb_options *o, int t, int s, const int *idx, pb_case *c)
{
    memset(c, 0, sizeof *c);
    c->bench = o->bench;
    c->dtype = o->dtypes[t];
    c->n = o->sizes[s];
    for (int p = 0; p < o->bench->nparams; ++p)
        c->param[p] = o->params[p][idx[tied_leader(o, p)]];
}

int pb_options_next_combo(const pb_options *o, int *idx)
{
    for (int p = o->bench->nparams - 1; p >= 0; --p) {
        if (tied_leader(o, p) != p)
            continue;
        if (++idx[p] < o->nparams[p])
            return 1;
        idx[p] = 0;
    }
    return 0;
}

int pb_options_check_cases(const pb_options *o, char *err, size_t cap)
{
    if (!o->bench->validate)
        return PB_OK;
    int idx[PB_MAX_PARAMS];
    for (int t = 0; t < o->ndtypes; ++t)
        for (int s = 0; s < o->nsizes; ++s) {
            memset(idx, 0, sizeof idx);
            do {
                pb_case c;
                pb_options_case(o, t, s, idx, &c);
                if (o->bench->validate(&c, err, cap) != PB_OK)
                    return PB_ERR;
            } while (pb_options_next_combo(o, idx));
        }
    return PB_OK;
}

void pb_options_finish(pb_options *o)
{
    if (o->no_baselines)
        return;
    for (size_t i = 0; i < pb_backend_count(); ++i) {
        const pb_backend_spec *s = pb_backend_at(i);
        if (strcmp(s->cli, "cpu") == 0 || (s->library && !s->gpu) || /* CPU libraries come with the CPU baseline */
            (s->library && o->bench->lib_backend && strcmp(s->cli, o->bench->lib_backend) == 0))
            o->backends |= (pb_backend_mask)1 << i;
    }
}

void pb_print_bench_help(FILE *f, const pb_bench *b)
{
    bench_opts bo;
    pb_cmdspec c;
    make_bench_opts(b, &bo);
    bench_spec(b, &bo, &c);
    char details[2048], valid[256];
    variant_list(b, valid, sizeof valid);
    snprintf(details, sizeof details,
             "backends: %s\nvariants: %s\ndtypes:   default %s\n\ncost model: %s\n", pb_backend_cli_list(), valid,
             pb_dtype_name(b->default_dtype), b->cost_model);
    c.details = details;
    pb_opt_help(f, &c);
}
