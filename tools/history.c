/* history.c - `portbench history`: reads the CSVs of DIR/<gpu>/BENCH/<run>/ (record.h), and
 * shows each configuration's runs in time order, each judged against the previous run
 * where it passed, on the clock both runs have. A run that cannot be read (torn by a
 * crash, hand-edited) is skipped with a warning: it never hides the others. */
#define _GNU_SOURCE
#include "history.h"
#include "pb_common.h"
#include "pb_match.h"
#include "pb_tab.h"
#include "pb_table.h"
#include "record.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- options ---- */

enum { NFILTERS = 6 };
enum { O_RESULTS = NFILTERS, O_GPU, O_THRESHOLD, O_MD, O_CSV };

/* Filters are ids 0..NFILTERS-1, in the order of row_fields(). */
static const pb_optdef history_opts[] = {
    {"results", PB_OPT_VALUE, "DIR", "results tree (default ./" PB_RECORD_DEFAULT_DIR ")", O_RESULTS, 0},
    {"gpu", PB_OPT_VALUE, "G", "only this GPU directory of the tree (default: every GPU, each a trend of its own)",
     O_GPU, 0},
    {"variant", PB_OPT_VALUE, "LIST", "only these variants (comma list; so are the filters below)", 0, 0},
    {"backend", PB_OPT_VALUE, "LIST", "only these backends (cuda, omp, cublas ...)", 1, 0},
    {"toolchain", PB_OPT_VALUE, "LIST", "only these toolchains (clang-19, gcc-12 ...)", 2, 0},
    {"compiler", PB_OPT_VALUE, "LIST", "only these compilers (clang, gcc, nvcc ...)", 3, 0},
    {"dtype", PB_OPT_VALUE, "LIST", "only these dtypes", 4, 0},
    {"size", PB_OPT_VALUE, "LIST", "only these sizes", 5, 0},
    {"threshold", PB_OPT_VALUE, "X", "smallest change that counts: 5% or 0.05 (default 5%)", O_THRESHOLD, 0},
    {"md", PB_OPT_NONE, NULL, "markdown", O_MD, 0},
    {"csv", PB_OPT_NONE, NULL, "one CSV table on standard output", O_CSV, 0},
    {NULL, 0, NULL, NULL, 0, 0},
};

static const char history_details[] =
    "Reads the runs recorded with --record under DIR/<gpu>/BENCH/*/ (their portbench CSVs; run\n"
    "directories are named by UTC time, so name order is time order; each GPU directory is a\n"
    "trend of its own). For every configuration (benchmark, variant, backend, toolchain, dtype,\n"
    "size, params) it lists the runs in time order: run, timestamp, git_sha, compiler version,\n"
    "the clock used, time and rate on that clock, and the verdict against the previous run where\n"
    "the configuration passed, by the rule of 'portbench compare' (on the clock both runs have:\n"
    "the device clock when both have it, else the host clock); a SLOWER run is REGRESSED.\n"
    "A run that cannot be read (a torn or malformed CSV, an unknown 'verified' value) is skipped\n"
    "with a warning on stderr naming it.\n"
    "Several GPUs: where the runs of a GPU directory hold rows of several GPUs (--gpu all, MPI),\n"
    "each physical GPU (gpu_uuid) is a trend of its own, named in the gpu column and the headings\n"
    "as 'h200 g1@node7' (GPU index@host, and MPI rank); a later run on one of them alone\n"
    "continues its trend. MPI ranks without GPUs are told apart by rank.\n"
    "\n"
    "exit status: 0; 1 when the latest run of a shown configuration regressed or failed\n"
    "verification; 2 usage or input error (no readable run, no row matching the filters).\n";

const pb_cmdspec pb_history_spec = {
    "history", "BENCH", "the trend of a benchmark's recorded runs (--record), with regressions flagged",
    {history_opts}, 1, 1, history_details,
};

typedef struct hist_args {
    const char *root, *gpu, *bench;
    const char *filter[NFILTERS];
    double threshold;
    pb_fmt fmt;
} hist_args;

static int on_option(void *ctx, const pb_optdef *d, const char *val, char *err, size_t cap)
{
    hist_args *a = ctx;
    if (d->id < NFILTERS)
        a->filter[d->id] = val;
    else if (d->id == O_RESULTS)
        a->root = val;
    else if (d->id == O_GPU)
        a->gpu = val;
    else if (d->id == O_THRESHOLD)
        return pb_parse_threshold(val, &a->threshold, err, cap) == 0 ? PB_OK : PB_ERR;
    else
        a->fmt = d->id == O_MD ? PB_FMT_MD : PB_FMT_CSV;
    return PB_OK;
}

static int in_list(const char *list, const char *value)
{
    if (!list)
        return 1;
    size_t n = strlen(value);
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, value, n) == 0)
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

static int row_wanted(const hist_args *a, const pb_row *r)
{
    char size[32];
    snprintf(size, sizeof size, "%.0f", r->size);
    const char *field[NFILTERS] = {r->variant, r->backend, r->toolchain, r->compiler, r->dtype, size};
    for (int f = 0; f < NFILTERS; ++f)
        if (!in_list(a->filter[f], field[f]))
            return 0;
    return 1;
}

/* ---- the tree ---- */

typedef struct run {
    char gpu[64];
    char name[256];
    pb_rowset rows;
    pb_index ix;
} run;

typedef struct runs {
    run *v;
    size_t n, cap;
    size_t skipped; /* unreadable runs */
} runs;

static void runs_free(runs *rs)
{
    for (size_t i = 0; i < rs->n; ++i) {
        pb_rowset_free(&rs->v[i].rows);
        pb_index_free(&rs->v[i].ix);
    }
    free(rs->v);
}

/* dir/name into out; -1 if it does not fit (a truncated path would name another file). */
static int path_join(char *out, size_t cap, const char *dir, const char *name)
{
    int n = snprintf(out, cap, "%s/%s", dir, name);
    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; names && i < n; ++i)
        free(names[i]);
    free(names);
}

/* Sorted names of the entries of dir (not starting with '.') that are directories, or
 * with want_csv, other entries ending in .csv. NULL on error (errno set). */
static char **list_dir(const char *dir, int want_csv, size_t *n)
{
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    char **names = NULL;
    size_t cap = 0;
    *n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char p[PATH_MAX];
        if (e->d_name[0] == '.' || path_join(p, sizeof p, dir, e->d_name) != 0)
            continue;
        size_t len = strlen(e->d_name);
        int ok = want_csv ? len > 4 && strcmp(e->d_name + len - 4, ".csv") == 0 && !is_dir(p) : is_dir(p);
        if (!ok)
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 16;
            char **q = realloc(names, cap * sizeof *q);
            if (!q)
                break;
            names = q;
        }
        if ((names[*n] = strdup(e->d_name)) != NULL)
            ++*n;
    }
    closedir(d);
    if (!names)
        names = calloc(1, sizeof *names);
    if (names)
        qsort(names, *n, sizeof *names, cmp_str);
    return names;
}

/* Other CSVs may sit in a run directory (tools' own output): only portbench's count. */
static int is_portbench_csv(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[4096] = "";
    int ok = fgets(line, sizeof line, f) && strstr(line, "benchmark") && strstr(line, "time_median_s") &&
             strstr(line, "verified");
    fclose(f);
    return ok;
}

/* The rows of one run directory: 0, or -1 with err (the caller skips the run). */
static int read_run(const char *dir, pb_rowset *rows, char *err, size_t cap)
{
    size_t ncsv;
    char **csv = list_dir(dir, 1, &ncsv);
    if (!csv) {
        snprintf(err, cap, "cannot read %s: %s", dir, strerror(errno));
        return -1;
    }
    int rc = 0, found = 0;
    for (size_t i = 0; i < ncsv && rc == 0; ++i) {
        char p[PATH_MAX];
        if (path_join(p, sizeof p, dir, csv[i]) != 0) {
            snprintf(err, cap, "path too long: %.200s/%.200s", dir, csv[i]);
            rc = -1;
        } else if (is_portbench_csv(p)) {
            found = 1;
            rc = pb_results_read(p, rows, err, cap);
        }
    }
    free_names(csv, ncsv);
    if (rc == 0 && !found) {
        snprintf(err, cap, "%s: no portbench results CSV in it", dir);
        rc = -1;
    }
    return rc;
}

static int add_run(runs *rs, const char *dir, const char *gpu, const char *name)
{
    char err[2 * PATH_MAX];
    run r;
    memset(&r, 0, sizeof r);
    if (read_run(dir, &r.rows, err, sizeof err) != 0) {
        pb_errorf("warning: skipping the recorded run %s: %s", dir, err);
        pb_rowset_free(&r.rows);
        ++rs->skipped;
        return 0;
    }
    if (rs->n == rs->cap) {
        size_t c = rs->cap ? 2 * rs->cap : 16;
        run *v = realloc(rs->v, c * sizeof *v);
        if (!v) {
            pb_rowset_free(&r.rows);
            return -1;
        }
        rs->v = v;
        rs->cap = c;
    }
    pb_strlcpy(r.gpu, gpu, sizeof r.gpu);
    pb_strlcpy(r.name, name, sizeof r.name);
    rs->v[rs->n++] = r;
    return 0;
}

static int cmp_run(const void *a, const void *b)
{
    const run *x = a, *y = b;
    int c = strcmp(x->gpu, y->gpu);
    return c ? c : pb_natural_cmp(x->name, y->name); /* time first; _2 before _10 */
}

/* Every readable run of a->bench under the root (one GPU, or all), by GPU, in time order. */
static int scan_runs(const hist_args *a, runs *rs, char *err, size_t cap)
{
    size_t ngpu = 1;
    char **gpus;
    if (a->gpu) {
        gpus = calloc(1, sizeof *gpus);
        if (gpus && !(gpus[0] = strdup(a->gpu)))
            ngpu = 0;
    } else if (!(gpus = list_dir(a->root, 0, &ngpu))) {
        snprintf(err, cap, "cannot read the results directory %s: %s", a->root, strerror(errno));
        return -1;
    }
    int rc = gpus ? 0 : -1;
    for (size_t g = 0; g < ngpu && rc == 0; ++g) {
        char bdir[PATH_MAX];
        if (snprintf(bdir, sizeof bdir, "%s/%s/%s", a->root, gpus[g], a->bench) >= (int)sizeof bdir || !is_dir(bdir))
            continue;
        size_t nruns = 0;
        char **names = list_dir(bdir, 0, &nruns);
        for (size_t k = 0; names && k < nruns && rc == 0; ++k) {
            char rdir[PATH_MAX];
            if (path_join(rdir, sizeof rdir, bdir, names[k]) != 0)
                pb_errorf("warning: skipping a run under %s: path too long", bdir);
            else
                rc = add_run(rs, rdir, gpus[g], names[k]);
        }
        free_names(names, nruns);
    }
    free_names(gpus, ngpu);
    if (rc != 0) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    if (rs->n == 0) {
        snprintf(err, cap, "no %srecorded runs of '%s' under %s/%s/%s/ (record some with --record)",
                 rs->skipped ? "readable " : "", a->bench, a->root, a->gpu ? a->gpu : "*", a->bench);
        return -1;
    }
    qsort(rs->v, rs->n, sizeof *rs->v, cmp_run);
    return 0;
}

/* ---- the trends ---- */

static const char *const cols_text[] = {"gpu",  "benchmark", "variant", "backend", "toolchain", "dtype",
                                        "size", "params",    "run",     "timestamp", "git_sha", "compiler_version",
                                        "clock", "time",     "rate",    "vs prev", "noise",   "status"};
static const char *const cols_csv[] = {"gpu",  "benchmark", "variant", "backend", "toolchain", "dtype",
                                       "size", "params",    "run",     "timestamp", "git_sha", "compiler_version",
                                       "clock", "time_s",   "rate",    "ratio_vs_prev", "noise", "status"};
enum { NCOLS = sizeof cols_text / sizeof *cols_text, KEY_COLS = 8, RATE_COL = 14 };

static void put_header(pb_tab *t, pb_fmt fmt, const char *unit)
{
    for (int c = 0; c < NCOLS; ++c)
        pb_tab_put(t, "%s", fmt == PB_FMT_CSV ? cols_csv[c] : c == RATE_COL ? unit : cols_text[c]);
}

typedef struct trend_ctx {
    const hist_args *a;
    const runs *rs;
    size_t g0, g1;     /* the runs of one GPU directory */
    unsigned instance; /* PB_KEY_GPU or PB_KEY_SLOT: its runs hold several GPUs (or ranks) */
} trend_ctx;

/* The gpu column: the GPU directory, and which GPU when runs hold several ("h200 g1@node7"). */
static void trend_gpu(const trend_ctx *x, const run *rn, const pb_row *r, char *buf, size_t cap)
{
    char where[160] = "";
    if (x->instance)
        pb_row_gpu_label(r, where, sizeof where);
    snprintf(buf, cap, "%s%s%s", rn->gpu, where[0] ? " " : "", where);
}

/* One table row per run holding the key; returns 1 if the latest one regressed or failed. */
static int key_trend(const trend_ctx *x, const char *key, pb_tab *t)
{
    const hist_args *a = x->a;
    const pb_row *prev = NULL;
    int bad = 0;
    for (size_t i = x->g0; i < x->g1; ++i) {
        const run *rn = &x->rs->v[i];
        long j = pb_index_first(&rn->ix, key);
        if (j < 0)
            continue;
        const pb_row *r = &rn->rows.rows[j];
        int pass = pb_row_is(r, "PASS");
        pb_cmp c = {strcmp(r->clock, "device") == 0, NAN, pb_row_time(r), NAN, NAN, NAN, PB_SAME};
        double rate = pb_row_rate(r);
        const char *status;
        if (!pass) {
            status = r->verified;
        } else if (!prev) {
            status = "first";
        } else {
            pb_verdict v = pb_classify(prev, r, a->threshold, &c);
            status = v == PB_SLOWER ? "REGRESSED" : pb_verdict_name(v);
            rate = pb_row_rate_on(r, c.device);
        }
        bad = strcmp(status, "REGRESSED") == 0 || strcmp(status, "FAIL") == 0;
        if (pass && pb_row_time(r) > 0)
            prev = r; /* the next run is judged against the last good measurement */
        char v[64], gpu[256];
        trend_gpu(x, rn, r, gpu, sizeof gpu);
        pb_tab_put(t, "%s", gpu);
        pb_tab_put(t, "%s", r->benchmark);
        pb_tab_put(t, "%s", r->variant);
        pb_tab_put(t, "%s", r->backend);
        pb_tab_put(t, "%s", r->toolchain);
        pb_tab_put(t, "%s", r->dtype);
        pb_tab_put(t, "%.0f", r->size);
        pb_tab_put(t, "%s", r->params);
        pb_tab_put(t, "%s", rn->name);
        pb_tab_put(t, "%s", r->timestamp);
        pb_tab_put(t, "%s", r->git_sha);
        pb_tab_put(t, "%s", r->compiler_version);
        pb_tab_put(t, "%s", pass ? pb_clock_name(c.device) : "");
        pb_tab_put(t, "%s", pass ? pb_fmt_time(c.new_s, a->fmt, v, sizeof v) : "");
        pb_tab_put(t, "%s", pass ? pb_fmt_rate(rate, a->fmt, v, sizeof v) : "");
        pb_tab_put(t, "%s", pb_fmt_num(c.ratio, "%.3f", a->fmt, v, sizeof v));
        pb_tab_put(t, "%s", pb_fmt_num(a->fmt == PB_FMT_CSV ? c.noise : 100 * c.noise, "%.1f%%", a->fmt, v, sizeof v));
        pb_tab_put(t, "%s", status);
    }
    return bad;
}

/* The configurations of one GPU's runs, in order of first appearance: their keys, and a
 * row of each (for the headings). */
typedef struct keys {
    char **key;
    const pb_row **row;
    size_t n;
} keys;

static int collect_keys(const trend_ctx *x, unsigned fields, keys *k)
{
    size_t total = 0;
    for (size_t i = x->g0; i < x->g1; ++i)
        total += x->rs->v[i].rows.n;
    pb_rowset all = {0};
    const pb_row **from = malloc((total + 1) * sizeof *from);
    int rc = from ? 0 : -1;
    for (size_t i = x->g0; i < x->g1 && rc == 0; ++i)
        for (size_t j = 0; j < x->rs->v[i].rows.n && rc == 0; ++j) {
            const pb_row *r = &x->rs->v[i].rows.rows[j];
            if (!row_wanted(x->a, r))
                continue;
            from[all.n] = r;
            rc = pb_rowset_push(&all, r);
        }
    pb_index ix;
    k->key = calloc(all.n + 1, sizeof *k->key);
    k->row = calloc(all.n + 1, sizeof *k->row);
    k->n = 0;
    if (rc == 0 && k->key && k->row && pb_index_build(&ix, &all, fields) == 0) {
        for (size_t i = 0; i < all.n && rc == 0; ++i)
            if (pb_index_first(&ix, ix.key[i]) == (long)i) {
                k->row[k->n] = from[i];
                if (!(k->key[k->n++] = strdup(ix.key[i])))
                    rc = -1;
            }
        pb_index_free(&ix);
    } else {
        rc = -1;
    }
    pb_rowset_free(&all);
    free(from);
    return rc;
}

static void keys_free(keys *k)
{
    for (size_t i = 0; k->key && i < k->n; ++i)
        free(k->key[i]);
    free(k->key);
    free(k->row);
}

typedef struct totals {
    size_t configs, bad;
    char **bad_line;
    size_t nbad_lines;
} totals;

static void note_bad(totals *tt, const pb_row *r, const char *gpu, pb_fmt fmt)
{ /* gpu: as trend_gpu() names it */
    char key[300], *s;
    pb_row_key_str(r, key, sizeof key);
    char **p = realloc(tt->bad_line, (tt->nbad_lines + 1) * sizeof *p);
    if (!p)
        return;
    tt->bad_line = p;
    if (asprintf(&s, fmt == PB_FMT_MD ? "- `%s` (%s)" : "  %s [%s]", key, gpu) >= 0)
        tt->bad_line[tt->nbad_lines++] = s;
}

/* The trends of one GPU's runs; CSV rows go to all. 0, or -1 out of memory. */
static int gpu_history(const trend_ctx *x, unsigned fields, pb_tab *all, totals *tt, FILE *out)
{
    keys k;
    char gpu[256];
    if (collect_keys(x, fields, &k) != 0) {
        keys_free(&k);
        return -1;
    }
    if (x->instance && k.n && x->a->fmt != PB_FMT_CSV)
        fprintf(out, "\n%s%s: runs with rows of several %s: each %s is a trend of its own (%s)%s\n",
                x->a->fmt == PB_FMT_MD ? "**" : "", x->rs->v[x->g0].gpu, x->instance == PB_KEY_GPU ? "GPUs" : "MPI ranks",
                x->instance == PB_KEY_GPU ? "GPU (gpu_uuid)" : "rank",
                x->instance == PB_KEY_GPU ? "GPU index@host, MPI rank" : "rank@host", x->a->fmt == PB_FMT_MD ? "**" : "");
    int rc = 0;
    for (size_t i = 0; i < k.n && rc == 0; ++i) {
        int bad;
        ++tt->configs;
        if (x->a->fmt == PB_FMT_CSV) {
            bad = key_trend(x, k.key[i], all);
        } else { /* text and markdown: one block per configuration, the key in its heading */
            pb_tab t;
            pb_tab_init(&t, NCOLS);
            put_header(&t, x->a->fmt, pb_row_unit(k.row[i]));
            bad = key_trend(x, k.key[i], &t);
            for (int c = 0; c < KEY_COLS; ++c)
                t.hidden[c] = 1;
            char key[300];
            pb_row_key_str(k.row[i], key, sizeof key);
            trend_gpu(x, &x->rs->v[x->g0], k.row[i], gpu, sizeof gpu);
            fprintf(out, x->a->fmt == PB_FMT_MD ? "\n#### %s (%s)\n\n" : "\n%s  [%s]\n", key, gpu);
            rc = pb_tab_print(out, &t, x->a->fmt);
            pb_tab_free(&t);
        }
        if (bad) {
            ++tt->bad;
            trend_gpu(x, &x->rs->v[x->g0], k.row[i], gpu, sizeof gpu);
            note_bad(tt, k.row[i], gpu, x->a->fmt);
        }
    }
    keys_free(&k);
    return rc;
}

static int print_history(const hist_args *a, runs *rs, FILE *out)
{
    pb_tab all;
    pb_tab_init(&all, NCOLS);
    put_header(&all, a->fmt, "rate");
    totals tt = {0, 0, NULL, 0};
    int rc = 0;
    for (size_t g0 = 0, g1; g0 < rs->n && rc == 0; g0 = g1) {
        for (g1 = g0 + 1; g1 < rs->n && strcmp(rs->v[g1].gpu, rs->v[g0].gpu) == 0;)
            ++g1;
        /* a directory whose runs hold several GPUs (or MPI ranks without GPUs): each GPU
         * (rank) its own trend, a run of one of them on its own continuing that GPU's */
        unsigned inst = 0;
        for (size_t i = g0; i < g1 && inst != PB_KEY_GPU; ++i) {
            unsigned k = pb_rows_instance_key(&rs->v[i].rows);
            inst = k == PB_KEY_GPU || !inst ? k : inst;
        }
        unsigned fields = PB_KEY_ROW | inst;
        for (size_t i = g0; i < g1 && rc == 0; ++i)
            if (pb_index_build(&rs->v[i].ix, &rs->v[i].rows, fields) != 0)
                rc = -1;
        trend_ctx x = {a, rs, g0, g1, inst};
        if (rc == 0)
            rc = gpu_history(&x, fields, &all, &tt, out);
    }
    if (rc == 0 && tt.configs == 0) {
        pb_errorf("no rows of '%s' in %zu recorded run(s) under %s match the filters", a->bench, rs->n, a->root);
        rc = 2;
    } else if (rc == 0 && a->fmt == PB_FMT_CSV) {
        rc = pb_tab_print(out, &all, a->fmt);
    } else if (rc == 0) {
        fprintf(out, "\n%zu configuration(s) over %zu run(s)", tt.configs, rs->n);
        if (rs->skipped)
            fprintf(out, " (%zu unreadable run(s) skipped, see the warnings)", rs->skipped);
        fprintf(out, "; %zu regressed or failed in their latest run%s\n", tt.bad, tt.bad ? ":" : "");
        for (size_t i = 0; i < tt.nbad_lines; ++i)
            fprintf(out, "%s\n", tt.bad_line[i]);
    }
    for (size_t i = 0; i < tt.nbad_lines; ++i)
        free(tt.bad_line[i]);
    free(tt.bad_line);
    pb_tab_free(&all);
    if (rc != 0)
        return rc == 2 ? PB_EXIT_USAGE : -1;
    return tt.bad ? PB_EXIT_REGRESSION : PB_EXIT_OK;
}

int pb_cmd_history(int argc, char **argv)
{
    hist_args a;
    memset(&a, 0, sizeof a);
    a.root = PB_RECORD_DEFAULT_DIR;
    a.threshold = PB_DEFAULT_THRESHOLD;
    char err[2 * PATH_MAX], *pos[1];
    int npos = 0;
    int rc = pb_opt_parse(&pb_history_spec, argc, argv, on_option, &a, pos, &npos, err, sizeof err);
    if (rc == PB_OPT_HELP) {
        pb_opt_help(stdout, &pb_history_spec);
        return PB_EXIT_OK;
    }
    if (rc != PB_OK) {
        pb_errorf("%s", err);
        return PB_EXIT_USAGE;
    }
    a.bench = pos[0];
    /* both become folder names under --results: dmvm/../reduce read another tree */
    if (!pb_plain_name(a.bench) || (a.gpu && !pb_plain_name(a.gpu))) {
        int bad_bench = !pb_plain_name(a.bench);
        pb_errorf("history: %s '%s' is not a plain name (no '/', not '.' or '..', no control characters)",
                  bad_bench ? "BENCH" : "--gpu", bad_bench ? a.bench : a.gpu);
        return PB_EXIT_USAGE;
    }
    runs rs = {0};
    if (scan_runs(&a, &rs, err, sizeof err) != 0) {
        pb_errorf("%s", err);
        runs_free(&rs);
        return PB_EXIT_USAGE;
    }
    rc = print_history(&a, &rs, stdout);
    if (rc < 0) {
        pb_errorf("out of memory");
        rc = PB_EXIT_USAGE;
    }
    runs_free(&rs);
    return rc;
}
