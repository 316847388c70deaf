#include "pb_cli.h"
#include "pb_gpu.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const pb_backend_spec pb_backend_specs[] = {
    /* cli         backend   worker          compiler  gpu library */
    {"cuda", "cuda", "pb-cuda", "nvcc", 1, 0},
    {"cublas", "cublas", "pb-cuda", "cublas", 1, 1},
    {"cub", "cub", "pb-cuda", "cub", 1, 1},
    {"cudart", "cudart", "pb-cuda", "cudart", 1, 1},
    {"omp@clang", "omp", "pb-omp-clang", "clang", 1, 0},
    {"omp@gcc", "omp", "pb-omp-gcc", "gcc", 1, 0},
    {"cpu", "cpu", "pb-cpu", "gcc", 0, 0},
};
const size_t pb_nbackend_specs = sizeof pb_backend_specs / sizeof pb_backend_specs[0];

int pb_backend_spec_find(const char *cli)
{
    if (strcmp(cli, "omp") == 0)
        cli = "omp@clang";
    for (size_t i = 0; i < pb_nbackend_specs; ++i)
        if (strcmp(pb_backend_specs[i].cli, cli) == 0)
            return (int)i;
    return -1;
}

void pb_options_defaults(pb_options *o, const pb_bench *bench)
{
    memset(o, 0, sizeof *o);
    o->bench = bench;
    o->warmup = 2;
    o->reps = 10;
    o->time_budget = 60;
    o->seed = 42;
    o->gpu_kind = PB_GPU_AUTO;
    o->device = 0;
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
    /* Default backends: every programming model that has this benchmark. */
    for (size_t i = 0; i < pb_nbackend_specs; ++i)
        if (!pb_backend_specs[i].library && pb_backend_specs[i].gpu)
            o->backends |= 1u << i;
}

/* ---- numbers and size lists ---- */

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
    char buf[1024];
    if (strlen(spec) >= sizeof buf) {
        snprintf(err, cap, "size list too long");
        return PB_ERR;
    }
    pb_strlcpy(buf, spec, sizeof buf);
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        if (strchr(item, ':')) {
            if (parse_range(item, out, max, n, err, cap))
                return PB_ERR;
            continue;
        }
        double v;
        if (parse_count(item, &v)) {
            snprintf(err, cap, "'%s' is not a size (examples: 1000, 2^20, 16Ki, 1024:32768:x2, 2^10:2^20:4/oct)",
                     item);
            return PB_ERR;
        }
        if (push_size(out, max, n, v, err, cap))
            return PB_ERR;
    }
    if (*n == 0) {
        snprintf(err, cap, "empty size list");
        return PB_ERR;
    }
    return PB_OK;
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
    pb_strlcpy(buf, spec, sizeof buf);
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

int pb_parse_backends(const char *spec, unsigned *mask, char *err, size_t cap)
{
    char buf[256];
    pb_strlcpy(buf, spec, sizeof buf);
    *mask = 0;
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        int i = pb_backend_spec_find(item);
        if (i < 0) {
            snprintf(err, cap, "unknown backend '%s': valid backends are cuda, omp (= omp@clang), omp@gcc, cublas, cub, cudart, cpu",
                     item);
            return PB_ERR;
        }
        *mask |= 1u << i;
    }
    if (*mask == 0) {
        snprintf(err, cap, "empty backend list");
        return PB_ERR;
    }
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
    pb_strlcpy(buf, spec, sizeof buf);
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
    if (strcmp(s, "auto") == 0) {
        o->gpu_kind = PB_GPU_AUTO;
        return PB_OK;
    }
    if (isdigit((unsigned char)s[0])) {
        long v;
        if (parse_int("--gpu", s, 0, 63, &v, err, cap))
            return PB_ERR;
        o->gpu_kind = PB_GPU_INDEX;
        o->gpu_index = (int)v;
        return PB_OK;
    }
    if (!pb_gpu_model_known(s)) {
        snprintf(err, cap, "unknown GPU model '%s': use auto, a device index, or one of %s", s, pb_gpu_model_list());
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

static int missing(const char *opt, char *err, size_t cap)
{
    snprintf(err, cap, "option %s needs a value", opt);
    return 0;
}

int pb_options_parse(pb_options *o, int argc, char **argv, int worker, char *err, size_t cap)
{
    err[0] = '\0';
    const pb_bench *b = o->bench;
    const char *cmd = b ? b->name : "portbench";
    for (int i = 0; i < argc; ++i) {
        char name[64];
        const char *arg = argv[i], *val = NULL;
        const char *eq = strchr(arg, '=');
        if (strncmp(arg, "--", 2) == 0 && eq && (size_t)(eq - arg) < sizeof name) {
            memcpy(name, arg, (size_t)(eq - arg));
            name[eq - arg] = '\0';
            val = eq + 1;
        } else {
            pb_strlcpy(name, arg, sizeof name);
        }
#define FLAG(s) (strcmp(name, s) == 0 && !val)
#define OPT(s) (strcmp(name, s) == 0 && (val || (i + 1 < argc ? (val = argv[++i], 1) : missing(s, err, cap))))
        long v;
        if (FLAG("--no-baselines")) {
            o->no_baselines = 1;
        } else if (FLAG("--allow-host-fallback")) {
            o->allow_host_fallback = 1;
        } else if (FLAG("--quiet") || FLAG("-q")) {
            o->quiet = 1;
        } else if (OPT("--backend")) {
            if (pb_parse_backends(val, &o->backends, err, cap))
                return PB_ERR;
        } else if (OPT("--variants")) {
            if (pb_parse_variants(b, val, &o->variants, err, cap))
                return PB_ERR;
        } else if (OPT(b->size_option) || OPT("--size")) {
            char sub[200];
            if (pb_parse_sizes(val, o->sizes, PB_MAX_SIZES, &o->nsizes, sub, sizeof sub)) {
                snprintf(err, cap, "%s: %s", b->size_option, sub);
                return PB_ERR;
            }
        } else if (OPT("--dtype")) {
            if (parse_dtypes(b, val, o, err, cap))
                return PB_ERR;
        } else if (OPT("--warmup")) {
            if (parse_int("--warmup", val, 0, 1000000, &v, err, cap))
                return PB_ERR;
            o->warmup = (int)v;
        } else if (OPT("--reps")) {
            if (parse_int("--reps", val, 1, 1000000, &v, err, cap))
                return PB_ERR;
            o->reps = (int)v;
        } else if (OPT("--time-budget")) {
            char *end;
            double tb = strtod(val, &end);
            if (end == val || *end || !(tb >= 0) || tb > 1e6) {
                snprintf(err, cap, "--time-budget needs seconds >= 0 (0 = no limit), got '%s'", val);
                return PB_ERR;
            }
            o->time_budget = tb;
        } else if (OPT("--seed")) {
            if (parse_int("--seed", val, 0, 0x7fffffffffffffffL, &v, err, cap))
                return PB_ERR;
            o->seed = (uint64_t)v;
        } else if (OPT("--threads")) {
            if (parse_int("--threads", val, 1, 65536, &v, err, cap))
                return PB_ERR;
            o->threads = (int)v;
        } else if (OPT("--gpu")) {
            if (parse_gpu(val, o, err, cap))
                return PB_ERR;
        } else if (OPT("--csv")) {
            if (!*val) {
                snprintf(err, cap, "--csv needs a file name");
                return PB_ERR;
            }
            pb_strlcpy(o->csv, val, sizeof o->csv);
        } else if (!worker && OPT("--ceilings")) {
            pb_strlcpy(o->ceilings, val, sizeof o->ceilings);
        } else if (OPT("--clock")) {
            if (strcmp(val, "host") && strcmp(val, "device")) {
                snprintf(err, cap, "--clock must be host or device, got '%s'", val);
                return PB_ERR;
            }
            pb_strlcpy(o->clock, val, sizeof o->clock);
        } else if (worker && OPT("--emit")) {
            pb_strlcpy(o->emit, val, sizeof o->emit);
        } else if (worker && OPT("--meta")) {
            pb_strlcpy(o->meta, val, sizeof o->meta);
        } else if (worker && OPT("--device")) {
            if (parse_int("--device", val, 0, 63, &v, err, cap))
                return PB_ERR;
            o->device = (int)v;
        } else if (worker && OPT("--gpu-profile")) {
            pb_strlcpy(o->gpu_profile, val, sizeof o->gpu_profile);
        } else {
            int matched = 0;
            for (int p = 0; b && p < b->nparams && !matched; ++p)
                if (OPT(b->params[p].option)) {
                    if (parse_param_values(&b->params[p], val, o->params[p], &o->nparams[p], err, cap))
                        return PB_ERR;
                    matched = 1;
                }
            if (!matched) {
                if (err[0])
                    return PB_ERR; /* a missing value was reported */
                snprintf(err, cap, "unknown option '%s' for '%s' (see 'portbench %s --help')", arg, cmd, cmd);
                return PB_ERR;
            }
        }
        if (err[0])
            return PB_ERR;
#undef FLAG
#undef OPT
    }
    return PB_OK;
}

void pb_options_case(const pb_options *o, int t, int s, const int *idx, pb_case *c)
{
    memset(c, 0, sizeof *c);
    c->bench = o->bench;
    c->dtype = o->dtypes[t];
    c->n = o->sizes[s];
    for (int p = 0; p < o->bench->nparams; ++p)
        c->param[p] = o->params[p][idx[p]];
}

int pb_options_next_combo(const pb_options *o, int *idx)
{
    for (int p = o->bench->nparams - 1; p >= 0; --p) {
        if (++idx[p] < o->nparams[p])
            return 1;
        idx[p] = 0;
    }
    return 0;
}

void pb_options_finish(pb_options *o)
{
    if (o->no_baselines)
        return;
    for (size_t i = 0; i < pb_nbackend_specs; ++i) {
        const pb_backend_spec *s = &pb_backend_specs[i];
        if (strcmp(s->cli, "cpu") == 0 ||
            (s->library && o->bench->lib_backend && strcmp(s->cli, o->bench->lib_backend) == 0))
            o->backends |= 1u << i;
    }
}

/* Appends to the argument vector; strings are copied into the store. */
typedef struct argv_builder {
    char **argv;
    int argc, max;
    char *store;
    size_t used, cap;
    int overflow;
} argv_builder;

static void add_arg(argv_builder *a, const char *s)
{
    size_t len = strlen(s) + 1;
    if (a->argc + 1 >= a->max || a->used + len > a->cap) {
        a->overflow = 1;
        return;
    }
    memcpy(a->store + a->used, s, len);
    a->argv[a->argc++] = a->store + a->used;
    a->used += len;
}

static void add_opt(argv_builder *a, const char *opt, const char *val)
{
    add_arg(a, opt);
    add_arg(a, val);
}

static void add_longs(argv_builder *a, const char *opt, const long *v, int n)
{
    char buf[PB_MAX_VALUES * 22] = "";
    for (int i = 0; i < n; ++i) {
        char one[24];
        snprintf(one, sizeof one, "%s%ld", i ? "," : "", v[i]);
        strncat(buf, one, sizeof buf - strlen(buf) - 1);
    }
    add_opt(a, opt, buf);
}

int pb_options_to_argv(const pb_options *o, unsigned backends, char **argv, int maxargs, char *store,
                       size_t storecap)
{
    argv_builder a = {argv, 0, maxargs, store, 0, storecap, 0};
    const pb_bench *b = o->bench;
    char buf[PB_MAX_SIZES * 17 + 64];

    buf[0] = '\0';
    for (size_t i = 0; i < pb_nbackend_specs; ++i)
        if (backends & (1u << i)) {
            strncat(buf, buf[0] ? "," : "", sizeof buf - strlen(buf) - 1);
            strncat(buf, pb_backend_specs[i].backend, sizeof buf - strlen(buf) - 1);
        }
    add_arg(&a, b->name);
    add_opt(&a, "--backend", buf);

    buf[0] = '\0';
    for (int v = 0; b->variants[v]; ++v)
        if (o->variants & (1u << v)) {
            strncat(buf, buf[0] ? "," : "", sizeof buf - strlen(buf) - 1);
            strncat(buf, b->variants[v], sizeof buf - strlen(buf) - 1);
        }
    add_opt(&a, "--variants", buf);

    buf[0] = '\0';
    for (int i = 0; i < o->nsizes; ++i) {
        char one[24];
        snprintf(one, sizeof one, "%s%zu", i ? "," : "", o->sizes[i]);
        strncat(buf, one, sizeof buf - strlen(buf) - 1);
    }
    add_opt(&a, b->size_option, buf);

    buf[0] = '\0';
    for (int i = 0; i < o->ndtypes; ++i) {
        strncat(buf, i ? "," : "", sizeof buf - strlen(buf) - 1);
        strncat(buf, pb_dtype_name(o->dtypes[i]), sizeof buf - strlen(buf) - 1);
    }
    add_opt(&a, "--dtype", buf);

    for (int p = 0; p < b->nparams; ++p)
        add_longs(&a, b->params[p].option, o->params[p], o->nparams[p]);

    long num[1];
    num[0] = o->warmup;
    add_longs(&a, "--warmup", num, 1);
    num[0] = o->reps;
    add_longs(&a, "--reps", num, 1);
    num[0] = (long)o->seed;
    add_longs(&a, "--seed", num, 1);
    char tb[32];
    snprintf(tb, sizeof tb, "%.17g", o->time_budget);
    add_opt(&a, "--time-budget", tb);
    if (o->threads) {
        num[0] = o->threads;
        add_longs(&a, "--threads", num, 1);
    }
    num[0] = o->device;
    add_longs(&a, "--device", num, 1);
    if (o->gpu_profile[0])
        add_opt(&a, "--gpu-profile", o->gpu_profile);
    if (o->clock[0])
        add_opt(&a, "--clock", o->clock);
    if (o->allow_host_fallback)
        add_arg(&a, "--allow-host-fallback");
    if (o->quiet)
        add_arg(&a, "--quiet");
    if (o->emit[0])
        add_opt(&a, "--emit", o->emit);
    if (o->meta[0])
        add_opt(&a, "--meta", o->meta);
    if (a.overflow)
        return -1;
    argv[a.argc] = NULL;
    return a.argc;
}

void pb_print_bench_help(FILE *f, const pb_bench *b)
{
    char valid[256];
    variant_list(b, valid, sizeof valid);
    fprintf(f, "usage: portbench %s [options]\n  %s\n\n", b->name, b->summary);
    fprintf(f, "  --backend LIST     cuda, omp (= omp@clang), omp@gcc, cublas, cub, cudart, cpu (default: cuda,omp,omp@gcc)\n");
    fprintf(f, "  --variants LIST    %s; ranges like %s-%s; all (default)\n", valid, b->variants[0],
            b->variants[1] ? b->variants[1] : b->variants[0]);
    fprintf(f, "  %-18s sizes: 1000,4096 | 2^20 | 16Ki | LO:HI:xF | LO:HI:+D | LO:HI:K/oct (default %s)\n",
            b->size_option, b->default_sizes);
    fprintf(f, "  --dtype LIST       element types (default %s)\n", pb_dtype_name(b->default_dtype));
    for (int p = 0; p < b->nparams; ++p)
        fprintf(f, "  %-18s %s (list or sweep; default %ld)\n", b->params[p].option, b->params[p].help,
                b->params[p].def);
    fprintf(f, "  --warmup N         untimed runs before timing (default 2)\n");
    fprintf(f, "  --reps N           timed repetitions (default 10)\n");
    fprintf(f, "  --time-budget S    at most S seconds of timed repetitions per configuration: a slow one runs\n"
               "                     fewer (at least 1; the row says so). 0 = no limit (default 60)\n");
    fprintf(f, "  --gpu SPEC         auto | device index | model (%s)\n", pb_gpu_model_list());
    fprintf(f, "  --csv FILE         write results in long CSV format (and FILE.meta.json)\n");
    fprintf(f, "  --seed N           input generator seed (default 42)\n");
    fprintf(f, "  --threads N        CPU baseline threads (default: one per core)\n");
    fprintf(f, "  --clock host|device  time the rates use (default: device where traced, else host)\n");
    fprintf(f, "  --ceilings FILE    measured ceilings for pct_measured_* (default: the file portbench ceilings\n"
               "                     wrote for this GPU, if any)\n");
    fprintf(f, "  --no-baselines     do not add the library and CPU baselines\n");
    fprintf(f, "  --allow-host-fallback  run OpenMP target code on the host when no GPU exists\n");
    fprintf(f, "  --quiet            no progress lines on stderr\n");
    fprintf(f, "\n  cost model: %s\n", b->cost_model);
}
