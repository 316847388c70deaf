/* history.c - `portbench history`: reads the CSVs of DIR/<gpu>/BENCH/<run>/ (record.h) and
 * follows each configuration over the recorded runs. A trend is keyed by the GPU model (the
 * tree's GPU directory), the host and the GPU index, never by a GPU's UUID: a run on both GPUs
 * of a node (--gpu all, MPI) continues the trends of runs on one of them. Each run is judged
 * against the previous one and the spread of the runs before it
 * (pb_match.h's rule). The text starts with the verdict, then a line per configuration;
 * --details adds every run. A run that cannot be read is skipped with a warning. */
#define _GNU_SOURCE
#include "history.h"
#include "changes.h"
#include "pb_common.h"
#include "pb_match.h"
#include "pb_tab.h"
#include "pb_table.h"
#include "record.h"
#include "store.h"

#include <cjson/cJSON.h>
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
enum { O_RESULTS = NFILTERS, O_GPU, O_THRESHOLD, O_LOOKBACK, O_DETAILS, O_DB, O_BY, O_ALPHA, O_MD, O_CSV };

enum { DEFAULT_LOOKBACK = 5, MAX_LOOKBACK = 100 };
/* Earlier passing runs a change must be set against before it is REGRESSED or FASTER: with
 * fewer, how far the configuration moves between runs is not known (AMBIGUOUS). */
enum { MIN_EARLIER = 3 };

/* Filters are ids 0..NFILTERS-1, in the order of row_wanted(). */
static const pb_optdef history_opts[] = {
    {"results", PB_OPT_VALUE, "DIR", "results tree (default ./" PB_RECORD_DEFAULT_DIR ")", O_RESULTS, 0},
    {"gpu", PB_OPT_VALUE, "G", "only this GPU directory of the tree (default: every GPU model, each its own trends)",
     O_GPU, 0},
    {"variant", PB_OPT_VALUE, "LIST", "only these variants (comma list; so are the filters below)", 0, 0},
    {"backend", PB_OPT_VALUE, "LIST", "only these backends (cuda, omp, cublas ...)", 1, 0},
    {"toolchain", PB_OPT_VALUE, "LIST", "only these toolchains (clang-19, gcc-12 ...)", 2, 0},
    {"compiler", PB_OPT_VALUE, "LIST", "only these compilers (clang, gcc, nvcc ...)", 3, 0},
    {"dtype", PB_OPT_VALUE, "LIST", "only these dtypes", 4, 0},
    {"size", PB_OPT_VALUE, "LIST", "only these sizes", 5, 0},
    {"threshold", PB_OPT_VALUE, "X", "smallest change that counts: 5% or 0.05 (default 5%)", O_THRESHOLD, 0},
    {"lookback", PB_OPT_VALUE, "N", "a run is judged against the spread of up to N earlier runs (default 5)", O_LOOKBACK,
     0},
    {"details", PB_OPT_NONE, NULL, "every run of every configuration, not a line per configuration", O_DETAILS, 0},
    {"db", PB_OPT_VALUE, "FILE", "read the store (portbench db import) instead of the tree: each series over\n"
                                 "compiler versions (or time) with its change points",
     O_DB, 0},
    {"by", PB_OPT_VALUE, "version|time", "with --db: order each series by compiler version (default) or by time", O_BY, 0},
    {"alpha", PB_OPT_VALUE, "P", "with --db: a step is reported when its p is below P (default 0.01)", O_ALPHA, 0},
    {"md", PB_OPT_NONE, NULL, "markdown", O_MD, 0},
    {"csv", PB_OPT_NONE, NULL, "one CSV table on standard output: every run of every configuration", O_CSV, 0},
    {NULL, 0, NULL, NULL, 0, 0},
};

static const char history_details[] =
    "Reads the runs recorded with --record under DIR/<gpu>/BENCH/*/ (their portbench CSVs), in the\n"
    "order they were started (meta.json's started_unix_us; runs without it by their directory\n"
    "name, which starts with the UTC second). A trend is one configuration (benchmark, variant,\n"
    "backend, toolchain, dtype, size, params) on one GPU model (the tree's GPU directory), host and\n"
    "GPU index: a GPU's UUID does not split it (a rented GPU may carry a new one each time, it is\n"
    "shown in --details), and a run on several GPUs (--gpu all, MPI) continues the trend of each of\n"
    "them (GPU 0's row continues the runs on GPU 0 alone).\n"
    "\n"
    "Each run of a trend is judged, on the clock its rows have in common with the earlier ones:\n"
    "  REGRESSED  slower than the previous run by the rule of 'portbench compare' (beyond the\n"
    "             threshold and apart from it) and also apart from each of the up to --lookback\n"
    "             earlier runs (slower than every one of them, and beyond 2.576 sigma of how far\n"
    "             they move between runs), with 3 earlier runs at least; FASTER mirrored\n"
    "  AMBIGUOUS  beyond the threshold against the previous run, but within the spread of the\n"
    "             earlier runs or of its own repetitions, or set against fewer than 3 earlier\n"
    "             runs (fewer than --lookback when it is below 3) (too noisy to judge)\n"
    "  SAME       within the threshold of the previous run, or back within the threshold of the\n"
    "             earlier runs' centre after a previous run that was off (the ratio is then to that\n"
    "             centre)\n"
    "  first, FAIL, SKIP\n"
    "The text starts with the verdict of the latest runs and the configurations that regressed,\n"
    "then one line per configuration (runs, first and latest rate, the latest verdict);\n"
    "--details adds a table of every run per configuration (run, timestamp, git_sha, compiler\n"
    "version, clock, time, rate, ratio to the previous run, noise, GPUs with their UUIDs).\n"
    "A run that cannot be read (a torn or malformed CSV, an unknown 'verified' value, an\n"
    "impossible number) is skipped with a warning on stderr naming it.\n"
    "\n"
    "exit status: 0; 1 when the latest run of a shown configuration REGRESSED or failed\n"
    "verification; 3 when nothing did but some latest runs are AMBIGUOUS; 2 usage or input error\n"
    "(no readable run, no row matching the filters).\n";

const pb_cmdspec pb_history_spec = {
    "history", "BENCH", "the trend of a benchmark's recorded runs (--record), with regressions flagged",
    {history_opts}, 1, 1, history_details,
};

typedef struct hist_args {
    const char *root, *gpu, *bench, *db;
    const char *filter[NFILTERS];
    double threshold, alpha;
    int lookback, details, by_time;
    pb_fmt fmt;
} hist_args;

static int on_option(void *ctx, const pb_optdef *d, const char *val, char *err, size_t cap)
{
    hist_args *a = ctx;
    if (d->id < NFILTERS) {
        a->filter[d->id] = val;
    } else if (d->id == O_RESULTS) {
        a->root = val;
    } else if (d->id == O_GPU) {
        a->gpu = val;
    } else if (d->id == O_THRESHOLD) {
        return pb_parse_threshold(val, &a->threshold, err, cap) == 0 ? PB_OK : PB_ERR;
    } else if (d->id == O_LOOKBACK) {
        char *end;
        long n = strtol(val, &end, 10);
        if (end == val || *end || n < 1 || n > MAX_LOOKBACK) {
            snprintf(err, cap, "--lookback '%s': a whole number of runs from 1 to %d", val, MAX_LOOKBACK);
            return PB_ERR;
        }
        a->lookback = (int)n;
    } else if (d->id == O_DETAILS) {
        a->details = 1;
    } else if (d->id == O_DB) {
        a->db = val;
    } else if (d->id == O_BY) {
        return pb_parse_by(val, &a->by_time, err, cap) == 0 ? PB_OK : PB_ERR;
    } else if (d->id == O_ALPHA) {
        return pb_parse_alpha(val, &a->alpha, err, cap) == 0 ? PB_OK : PB_ERR;
    } else {
        a->fmt = d->id == O_MD ? PB_FMT_MD : PB_FMT_CSV;
    }
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
    double started_us; /* meta.json's started_unix_us, NaN without it */
    pb_rowset rows;
} run;

typedef struct runs {
    run *v;
    size_t n, cap;
    size_t skipped; /* unreadable runs */
} runs;

static void runs_free(runs *rs)
{
    for (size_t i = 0; i < rs->n; ++i)
        pb_rowset_free(&rs->v[i].rows);
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

/* started_unix_us of the first CSV's meta.json in dir, NaN when there is none. */
static double run_started(const char *dir)
{
    size_t ncsv;
    char **csv = list_dir(dir, 1, &ncsv);
    double us = NAN;
    for (size_t i = 0; csv && i < ncsv && isnan(us); ++i) {
        char p[PATH_MAX];
        if (snprintf(p, sizeof p, "%s/%s.meta.json", dir, csv[i]) >= (int)sizeof p)
            continue;
        FILE *f = fopen(p, "r");
        if (!f)
            continue;
        char buf[1 << 16];
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[n] = '\0';
        cJSON *j = cJSON_Parse(buf);
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, "started_unix_us");
        if (cJSON_IsNumber(v) && v->valuedouble > 0)
            us = v->valuedouble;
        cJSON_Delete(j);
    }
    free_names(csv, ncsv);
    return us;
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
    r.started_us = run_started(dir);
    rs->v[rs->n++] = r;
    return 0;
}

/* By GPU directory, then in time: two runs that both know when they started, by that (two
 * runs of one second have labels in any order); else by name (the UTC second, then the
 * label, _2 before _10). */
static int cmp_run(const void *a, const void *b)
{
    const run *x = a, *y = b;
    int c = strcmp(x->gpu, y->gpu);
    if (c)
        return c;
    if (!isnan(x->started_us) && !isnan(y->started_us) && x->started_us != y->started_us)
        return x->started_us < y->started_us ? -1 : 1;
    return pb_natural_cmp(x->name, y->name);
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

/* One run of one trend: its rows (one per GPU or rank of the host that ran it). */
typedef struct point {
    size_t run;
    const pb_row **row;
    size_t n;
    const char *status; /* first, SAME, FASTER, REGRESSED, AMBIGUOUS, FAIL, SKIP, NO-TIME */
    pb_cmp c;           /* against the previous passing run */
} point;

typedef struct trend {
    char gpu[64]; /* the tree's GPU directory: the GPU model */
    const pb_row *head;
    point *p;
    size_t n;
} trend;

static int all_pass(const point *p)
{
    for (size_t i = 0; i < p->n; ++i)
        if (p->row[i]->verified != PB_VERIFIED_PASS || !(pb_row_time(p->row[i]) > 0))
            return 0;
    return p->n > 0;
}

static const char *point_status(const point *p)
{
    for (size_t i = 0; i < p->n; ++i)
        if (p->row[i]->verified == PB_VERIFIED_FAIL)
            return "FAIL";
    for (size_t i = 0; i < p->n; ++i)
        if (p->row[i]->verified == PB_VERIFIED_SKIP)
            return "SKIP";
    return all_pass(p) ? NULL : "NO-TIME";
}

/* Judge each point against the previous passing one and the up to lookback before it. */
static void judge_trend(trend *t, const hist_args *a)
{
    const point *pass[MAX_LOOKBACK];
    size_t npass = 0;
    for (size_t i = 0; i < t->n; ++i) {
        point *p = &t->p[i];
        memset(&p->c, 0, sizeof p->c);
        p->c.ratio = p->c.noise = NAN;
        p->status = point_status(p);
        if (p->status)
            continue;
        if (!npass) {
            p->status = "first";
        } else {
            const point *prev = pass[npass - 1];
            pb_side b = {prev->row, prev->n}, n = {p->row, p->n};
            pb_verdict v = pb_classify_sides(&b, &n, a->threshold, &p->c);
            if (v == PB_SLOWER || v == PB_FASTER) { /* also apart from every earlier run? */
                const pb_row *rows[MAX_LOOKBACK * 8];
                size_t nr = 0;
                for (size_t k = 0; k < npass; ++k)
                    for (size_t j = 0; j < pass[k]->n && nr < sizeof rows / sizeof *rows; ++j)
                        rows[nr++] = pass[k]->row[j];
                pb_side w = {rows, nr};
                pb_cmp wc;
                pb_verdict wv = pb_classify_sides(&w, &n, a->threshold, &wc);
                if (wv != v) { /* back within the earlier runs (SAME), or within their spread */
                    v = wv == PB_SAME ? PB_SAME : PB_AMBIGUOUS;
                    p->c = wc;
                    p->c.verdict = v;
                    if (v == PB_AMBIGUOUS && wc.why == PB_WHY_NONE)
                        p->c.why = PB_WHY_OVERLAP;
                }
            }
            if ((v == PB_SLOWER || v == PB_FASTER) && npass < (size_t)(a->lookback < MIN_EARLIER ? a->lookback : MIN_EARLIER)) { /* one or two earlier runs: the
                                                                                  spread is unknown */
                v = p->c.verdict = PB_AMBIGUOUS;
                p->c.why = PB_WHY_FEW;
                p->c.base_runs = npass;
            }
            p->status = v == PB_SLOWER ? "REGRESSED" : pb_verdict_name(v);
        }
        if (npass == (size_t)a->lookback) /* keep the last lookback passing points */
            memmove(pass, pass + 1, --npass * sizeof *pass);
        pass[npass++] = p;
    }
}

/* The trends of the runs of one GPU directory, in order of first appearance. */
typedef struct trends {
    trend *t;
    size_t n;
    const pb_row **rows; /* every point's rows, one array */
    point *points;
} trends;

static void trends_free(trends *ts)
{
    free(ts->t);
    free(ts->rows);
    free(ts->points);
    memset(ts, 0, sizeof *ts);
}

static int build_trends(const hist_args *a, const runs *rs, size_t g0, size_t g1, trends *ts)
{
    memset(ts, 0, sizeof *ts);
    pb_rowset all = {0};
    size_t total = 0;
    for (size_t i = g0; i < g1; ++i)
        total += rs->v[i].rows.n;
    const pb_row **from = malloc((total + 1) * sizeof *from);
    size_t *run_of = malloc((total + 1) * sizeof *run_of);
    int rc = from && run_of ? 0 : -1;
    for (size_t i = g0; i < g1 && rc == 0; ++i)
        for (size_t j = 0; j < rs->v[i].rows.n && rc == 0; ++j) {
            const pb_row *r = &rs->v[i].rows.rows[j];
            if (!row_wanted(a, r))
                continue;
            from[all.n] = r;
            run_of[all.n] = i;
            rc = pb_rowset_push(&all, r);
        }
    pb_index ix;
    memset(&ix, 0, sizeof ix);
    ts->t = calloc(all.n + 1, sizeof *ts->t);
    ts->rows = calloc(all.n + 1, sizeof *ts->rows);
    ts->points = calloc(all.n + 1, sizeof *ts->points);
    if (rc != 0 || !ts->t || !ts->rows || !ts->points || pb_index_build(&ix, &all, PB_KEY_ROW | PB_KEY_HOST | PB_KEY_INDEX) != 0)
        rc = -1;
    size_t used_rows = 0, used_points = 0;
    for (size_t i = 0; i < all.n && rc == 0; ++i) {
        if (pb_index_first(&ix, ix.key[i]) != (long)i)
            continue;
        trend *t = &ts->t[ts->n++];
        pb_strlcpy(t->gpu, rs->v[g0].gpu, sizeof t->gpu);
        t->head = from[i];
        t->p = ts->points + used_points;
        /* the chain is in run order: a new point where the run changes */
        for (long j = (long)i; j >= 0; j = pb_index_next(&ix, j)) {
            if (!t->n || t->p[t->n - 1].run != run_of[j]) {
                point *p = &t->p[t->n++];
                p->run = run_of[j];
                p->row = ts->rows + used_rows;
                ++used_points;
            }
            point *p = &t->p[t->n - 1];
            p->row[p->n++] = from[j];
            ++used_rows;
        }
        judge_trend(t, a);
    }
    pb_index_free(&ix);
    pb_rowset_free(&all);
    free(from);
    free(run_of);
    if (rc != 0)
        trends_free(ts);
    return rc;
}

/* "h200@node7 g1": the GPU model, host and GPU index of a trend. */
static void trend_where(const trend *t, char *buf, size_t cap)
{
    char idx[24] = "";
    if (!isnan(t->head->gpu_index))
        snprintf(idx, sizeof idx, " g%.0f", t->head->gpu_index);
    snprintf(buf, cap, "%s%s%s%s", t->gpu, t->head->host[0] ? "@" : "", t->head->host, idx);
}

/* The rows of a point: their MPI ranks and GPU UUIDs ("r1 (GPU-...)"); the GPU index is the trend's. */
static void point_gpus(const point *p, char *buf, size_t cap, int uuids)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < p->n && len < cap; ++i) {
        const pb_row *r = p->row[i];
        char rank[24] = "";
        if (!isnan(r->rank))
            snprintf(rank, sizeof rank, "r%.0f", r->rank);
        len += (size_t)snprintf(buf + len, cap - len, "%s%s%s%s%s", i ? "," : "", rank,
                                uuids && r->gpu_uuid[0] ? (rank[0] ? " (" : "(") : "", uuids ? r->gpu_uuid : "",
                                uuids && r->gpu_uuid[0] ? ")" : "");
    }
}

/* A point's time (its rows' median on the compared clock) and rate on that clock. */
static double point_time(const point *p, int device)
{
    double t[64];
    size_t n = 0;
    for (size_t i = 0; i < p->n && n < 64; ++i)
        t[n++] = pb_row_clock_time(p->row[i], device);
    for (size_t i = 1; i < n; ++i)
        for (size_t j = i; j > 0 && t[j] < t[j - 1]; --j) {
            double x = t[j];
            t[j] = t[j - 1], t[j - 1] = x;
        }
    return !n ? NAN : n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

static int point_device(const point *p)
{
    if (!isnan(p->c.ratio))
        return p->c.device;
    return p->n && p->row[0]->clock == PB_CLOCK_DEVICE && p->row[0]->device_time_median_s > 0;
}

static double point_rate(const point *p)
{
    int dev = point_device(p);
    double t = point_time(p, dev), own = p->n ? pb_row_time(p->row[0]) : NAN;
    return t > 0 && own > 0 ? pb_row_rate(p->row[0]) * own / t : NAN;
}

/* ---- output ---- */

static const char *const cols_text[] = {"gpu",  "benchmark", "variant", "backend", "toolchain", "dtype",
                                        "size", "params",    "run",     "timestamp", "git_sha", "compiler_version",
                                        "clock", "time",     "rate",    "vs prev", "noise",   "status"};
static const char *const cols_csv[] = {"gpu",  "benchmark", "variant", "backend", "toolchain", "dtype",
                                       "size", "params",    "run",     "timestamp", "git_sha", "compiler_version",
                                       "clock", "time_s",   "rate",    "ratio_vs_prev", "noise", "status"};
enum { NCOLS = sizeof cols_text / sizeof *cols_text, KEY_COLS = 8, RATE_COL = 14 };

/* One table row per point of the trend: the details view and the CSV. */
static void put_points(const hist_args *a, const runs *rs, const trend *t, pb_tab *tab)
{
    for (size_t i = 0; i < t->n; ++i) {
        const point *p = &t->p[i];
        const pb_row *r = p->row[0];
        int pass = all_pass(p), dev = point_device(p);
        char v[64], gpu[600], where[160], gpus[300];
        trend_where(t, where, sizeof where);
        point_gpus(p, gpus, sizeof gpus, a->fmt != PB_FMT_CSV);
        snprintf(gpu, sizeof gpu, "%s%s%s", where, gpus[0] ? " " : "", gpus);
        pb_tab_put(tab, "%s", gpu);
        pb_tab_put_row_key(tab, r);
        pb_tab_put(tab, "%s", rs->v[p->run].name);
        pb_tab_put(tab, "%s", r->timestamp);
        pb_tab_put(tab, "%s", r->git_sha);
        pb_tab_put(tab, "%s", r->compiler_version);
        pb_tab_put(tab, "%s", pass ? pb_clock_name(dev) : "");
        pb_tab_put(tab, "%s", pass ? pb_fmt_time(point_time(p, dev), a->fmt, v, sizeof v) : "");
        pb_tab_put(tab, "%s", pass ? pb_fmt_rate(point_rate(p), a->fmt, v, sizeof v) : "");
        pb_tab_put(tab, "%s", pb_fmt_num(p->c.ratio, "%.3f", a->fmt, v, sizeof v));
        pb_tab_put(tab, "%s", pb_fmt_num(a->fmt == PB_FMT_CSV ? p->c.noise : 100 * p->c.noise, "%.1f%%", a->fmt, v, sizeof v));
        pb_tab_put(tab, "%s", p->status);
    }
}

static void put_header(pb_tab *t, pb_fmt fmt, const char *unit)
{
    for (int c = 0; c < NCOLS; ++c)
        pb_tab_put(t, "%s", fmt == PB_FMT_CSV ? cols_csv[c] : c == RATE_COL ? unit : cols_text[c]);
}

/* The latest point and its verdict, for the summary. */
static const point *latest(const trend *t) { return t->n ? &t->p[t->n - 1] : NULL; }

static int is_bad(const point *p) { return !strcmp(p->status, "REGRESSED") || !strcmp(p->status, "FAIL"); }

static void verdict_line(const trend *t, const hist_args *a, char *buf, size_t cap)
{
    const point *p = latest(t);
    char key[300], where[160], why[300] = "", gpus[200];
    pb_row_key_str(t->head, key, sizeof key);
    trend_where(t, where, sizeof where);
    point_gpus(p, gpus, sizeof gpus, 0);
    if (!strcmp(p->status, "REGRESSED"))
        snprintf(why, sizeof why, ": x%.3f against the previous run", p->c.ratio);
    else if (!strcmp(p->status, "AMBIGUOUS")) {
        why[0] = ':', why[1] = ' ';
        pb_cmp_why(&p->c, why + 2, sizeof why - 2);
    }
    const pb_row *r = p->row[0];
    char ver[200] = "";
    if (t->n > 1) { /* what else changed since the previous run */
        const pb_row *q = t->p[t->n - 2].row[0];
        if (strcmp(q->compiler_version, r->compiler_version) != 0)
            snprintf(ver, sizeof ver, "; %s %s -> %s", r->compiler, q->compiler_version, r->compiler_version);
    }
    snprintf(buf, cap, a->fmt == PB_FMT_MD ? "- `%s` [%s%s%s]%s%s" : "  %s [%s%s%s]%s%s", key, where, gpus[0] ? " " : "",
             gpus, why, ver);
}

static int print_history(const hist_args *a, runs *rs, FILE *out)
{
    trends *all = calloc(rs->n + 1, sizeof *all);
    size_t ng = 0, configs = 0, nbad = 0, namb = 0, nfirst = 0;
    int rc = all ? 0 : -1;
    for (size_t g0 = 0, g1; g0 < rs->n && rc == 0; g0 = g1) {
        for (g1 = g0 + 1; g1 < rs->n && strcmp(rs->v[g1].gpu, rs->v[g0].gpu) == 0;)
            ++g1;
        rc = build_trends(a, rs, g0, g1, &all[ng]);
        if (rc == 0)
            configs += all[ng++].n;
    }
    if (rc == 0 && configs == 0) {
        pb_errorf("no rows of '%s' in %zu recorded run(s) under %s match the filters", a->bench, rs->n, a->root);
        rc = 2;
    }
    for (size_t g = 0; g < ng && rc == 0; ++g)
        for (size_t i = 0; i < all[g].n; ++i) {
            const point *p = latest(&all[g].t[i]);
            nbad += is_bad(p);
            namb += !strcmp(p->status, "AMBIGUOUS");
            nfirst += !strcmp(p->status, "first");
        }
    int md = a->fmt == PB_FMT_MD;
    if (rc == 0 && a->fmt == PB_FMT_CSV) {
        pb_tab t;
        pb_tab_init(&t, NCOLS);
        put_header(&t, a->fmt, "rate");
        for (size_t g = 0; g < ng; ++g)
            for (size_t i = 0; i < all[g].n; ++i)
                put_points(a, rs, &all[g].t[i], &t);
        rc = pb_tab_print(out, &t, a->fmt);
        pb_tab_free(&t);
    } else if (rc == 0) {
        /* the verdict first */
        fprintf(out, md ? "**history %s**: %zu configuration(s) over %zu run(s)" : "history %s: %zu configuration(s) over %zu run(s)",
                a->bench, configs, rs->n);
        if (rs->skipped)
            fprintf(out, " (%zu unreadable run(s) skipped, see the warnings)", rs->skipped);
        fprintf(out, "; each run judged against the previous one and the spread of up to %d before it, threshold %.3g%%\n",
                a->lookback, 100 * (isnan(a->threshold) ? PB_DEFAULT_THRESHOLD : a->threshold));
        fprintf(out, "latest runs: %zu regressed or failed, %zu too noisy to judge (AMBIGUOUS), %zu first of their trend, "
                     "%zu SAME or FASTER\n",
                nbad, namb, nfirst, configs - nbad - namb - nfirst);
        for (int pass = 0; pass < 2; ++pass) {
            size_t n = pass ? namb : nbad;
            if (!n)
                continue;
            fprintf(out, md ? "\n**%s: %zu**\n\n" : "\n%s: %zu\n",
                    pass ? (nbad ? "too noisy to judge" : "too noisy to judge (exit status 3)")
                         : "regressed or failed in their latest run (exit status 1)",
                    n);
            for (size_t g = 0; g < ng; ++g)
                for (size_t i = 0; i < all[g].n; ++i) {
                    const point *p = latest(&all[g].t[i]);
                    if (pass ? strcmp(p->status, "AMBIGUOUS") != 0 : !is_bad(p))
                        continue;
                    char line[1024];
                    verdict_line(&all[g].t[i], a, line, sizeof line);
                    fprintf(out, "%s\n", line);
                }
        }
        fputc('\n', out);
        /* a line per configuration */
        pb_tab t;
        pb_tab_init(&t, 7);
        pb_tab_put(&t, "configuration");
        pb_tab_put(&t, "where");
        pb_tab_put(&t, "runs");
        pb_tab_put(&t, "first");
        pb_tab_put(&t, "latest");
        pb_tab_put(&t, "unit");
        pb_tab_put(&t, "latest vs previous");
        for (size_t g = 0; g < ng; ++g)
            for (size_t i = 0; i < all[g].n; ++i) {
                const trend *tr = &all[g].t[i];
                const point *p = latest(tr), *f = NULL;
                for (size_t k = 0; k < tr->n && !f; ++k)
                    if (all_pass(&tr->p[k]))
                        f = &tr->p[k];
                char key[300], where[160], x[64];
                pb_row_key_str(tr->head, key, sizeof key);
                trend_where(tr, where, sizeof where);
                pb_tab_put(&t, "%s", key);
                pb_tab_put(&t, "%s", where);
                pb_tab_put(&t, "%zu", tr->n);
                pb_tab_put(&t, "%s", f ? pb_fmt_rate(point_rate(f), a->fmt, x, sizeof x) : "-");
                pb_tab_put(&t, "%s", all_pass(p) ? pb_fmt_rate(point_rate(p), a->fmt, x, sizeof x) : "-");
                pb_tab_put(&t, "%s", pb_row_unit(tr->head));
                if (isnan(p->c.ratio))
                    pb_tab_put(&t, "%s", p->status);
                else
                    pb_tab_put(&t, "%s x%.3f", p->status, p->c.ratio);
            }
        rc = pb_tab_print(out, &t, a->fmt);
        pb_tab_free(&t);
        /* every run, on request */
        for (size_t g = 0; g < ng && rc == 0 && a->details; ++g)
            for (size_t i = 0; i < all[g].n && rc == 0; ++i) {
                const trend *tr = &all[g].t[i];
                pb_tab d;
                char key[300], where[160];
                pb_tab_init(&d, NCOLS);
                put_header(&d, a->fmt, pb_row_unit(tr->head));
                put_points(a, rs, tr, &d);
                for (int c = 1; c < KEY_COLS; ++c)
                    d.hidden[c] = 1;
                pb_row_key_str(tr->head, key, sizeof key);
                trend_where(tr, where, sizeof where);
                fprintf(out, md ? "\n#### %s (%s)\n\n" : "\n%s  [%s]\n", key, where);
                rc = pb_tab_print(out, &d, a->fmt);
                pb_tab_free(&d);
            }
    }
    for (size_t g = 0; g < ng; ++g)
        trends_free(&all[g]);
    free(all);
    if (rc != 0)
        return rc == 2 ? PB_EXIT_USAGE : -1;
    return nbad ? PB_EXIT_REGRESSION : namb ? PB_EXIT_AMBIGUOUS : PB_EXIT_OK;
}

/* ---- the store: each series over compiler versions (or time), with its change points ---- */

typedef struct db_series {
    char key[600];
    pb_rowset rows; /* its points, in order */
} db_series;

typedef struct db_step_line {
    char *text;
    int slower, latest;
} db_step_line;

typedef struct db_ctx {
    const hist_args *a;
    db_series cur;
    pb_tab t;
    db_step_line *line;
    size_t nline, cap;
    size_t nseries, npoints, nslower, nfaster, nlatest, nshort;
    int oom;
} db_ctx;

static void db_add_line(db_ctx *x, char *text, int slower, int latest)
{
    if (x->nline == x->cap) {
        size_t cap = x->cap ? 2 * x->cap : 16;
        db_step_line *v = realloc(x->line, cap * sizeof *v);
        if (!v) {
            free(text);
            x->oom = 1;
            return;
        }
        x->line = v, x->cap = cap;
    }
    x->line[x->nline++] = (db_step_line){text, slower, latest};
}

/* Fit the finished series and report its steps. */
static void db_finish(db_ctx *x)
{
    db_series *s = &x->cur;
    const hist_args *a = x->a;
    if (!s->rows.n)
        return;
    char name[300], where[240], x0[64], x1[64];
    pb_series_name(&s->rows.rows[0], name, sizeof name);
    pb_series_where(&s->rows.rows[0], where, sizeof where);
    ++x->nseries;
    x->npoints += s->rows.n;
    pb_changes ch;
    if (pb_changes_find(s->rows.rows, s->rows.n, a->by_time, a->alpha, a->threshold, &ch) != 0) {
        x->oom = 1;
        pb_rowset_free(&s->rows);
        return;
    }
    const pb_row **r = ch.pt;
    size_t n = ch.n;
    int device = ch.device;
    for (size_t k = 0; k < ch.nc; ++k) {
        const pb_change *c = &ch.c[k];
        char vs[120] = "", p[32], *text;
        if (!isnan(c->lib_before) && !isnan(c->lib_after))
            snprintf(vs, sizeof vs, ", ratio to the library %.2f -> %.2f", c->lib_before, c->lib_after);
        pb_change_p(c, p, sizeof p);
        x->nslower += c->slower, x->nfaster += !c->slower, x->nlatest += c->latest && c->slower;
        if (asprintf(&text, "%s %+.1f%% %s [%s]: %s (%s; %zu and %zu points on the %s clock)%s%s",
                     c->slower ? "SLOWER" : "FASTER", 100 * c->pct, name, where, c->between, p, c->n_before,
                     c->n_after, pb_clock_name(device), vs, c->latest ? "; at the latest point" : "") >= 0)
            db_add_line(x, text, c->slower, c->latest);
    }
    x->nshort += !ch.fitted;
    pb_tab_put(&x->t, "%s", name);
    pb_tab_put(&x->t, "%s", where);
    pb_tab_put(&x->t, "%zu", s->rows.n);
    pb_tab_put(&x->t, "%s", n ? pb_fmt_time(pb_row_clock_time(r[0], device), a->fmt, x0, sizeof x0) : "-");
    pb_tab_put(&x->t, "%s", n ? pb_fmt_time(pb_row_clock_time(r[n - 1], device), a->fmt, x1, sizeof x1) : "-");
    pb_tab_put(&x->t, "%s %s", n ? r[0]->compiler_version : "", n ? r[n - 1]->compiler_version : "");
    if (!ch.fitted)
        pb_tab_put(&x->t, "%s", "too few points");
    else
        pb_tab_put(&x->t, "%zu", ch.nc);
    pb_changes_free(&ch);
    pb_rowset_free(&s->rows);
}

static int db_point(const pb_store_point *p, void *ctx)
{
    db_ctx *x = ctx;
    if (!row_wanted(x->a, p->row))
        return 0;
    if (strcmp(x->cur.key, p->series) != 0) {
        db_finish(x);
        pb_strlcpy(x->cur.key, p->series, sizeof x->cur.key);
    }
    if (pb_rowset_push(&x->cur.rows, p->row) != 0)
        x->oom = 1;
    return x->oom;
}

static int db_history(const hist_args *a, FILE *out)
{
    pb_store *st;
    char err[1024];
    if (pb_store_open(a->db, PB_STORE_READ, &st, err, sizeof err) != 0) {
        pb_errorf("history: %s", err);
        return PB_EXIT_USAGE;
    }
    db_ctx x;
    memset(&x, 0, sizeof x);
    x.a = a;
    pb_tab_init(&x.t, 7);
    static const char *const head[] = {"series", "where", "points", "first", "latest", "versions", "steps"};
    for (int c = 0; c < 7; ++c)
        pb_tab_put(&x.t, "%s", head[c]);
    pb_store_query q = {a->bench, NULL, NULL, NULL, NULL, a->gpu, NULL, a->by_time ? PB_STORE_BY_TIME : PB_STORE_BY_VERSION};
    int rc = pb_store_series(st, &q, db_point, &x, err, sizeof err);
    if (rc == 0)
        db_finish(&x);
    pb_store_close(st);
    if (rc != 0 || x.oom) {
        pb_errorf("history: %s", x.oom ? "out of memory" : err);
        rc = PB_EXIT_USAGE;
    } else if (!x.nseries) {
        pb_errorf("history: no rows of '%s' in %s match the filters", a->bench, a->db);
        rc = PB_EXIT_USAGE;
    } else {
        int md = a->fmt == PB_FMT_MD;
        fprintf(out, md ? "**history %s** (store %s): %zu series, %zu points, ordered by %s\n\n"
                        : "history %s (store %s): %zu series, %zu points, ordered by %s\n",
                a->bench, a->db, x.nseries, x.npoints, a->by_time ? "time" : "compiler version");
        fprintf(out, "change points: a penalised piecewise-constant fit of log time (PELT, MBIC penalty; "
                     "docs/statistics.md), steps with p < %g and at least %.3g%%\n",
                a->alpha, 100 * (isnan(a->threshold) ? PB_DEFAULT_THRESHOLD : a->threshold));
        fprintf(out, "%zu step(s): %zu slower, %zu faster; %zu slower at the latest point%s\n", x.nline, x.nslower,
                x.nfaster, x.nlatest, x.nlatest ? " (exit status 1)" : "");
        if (x.nshort)
            fprintf(out, "%zu series with fewer than 3 passing points: not fitted\n", x.nshort);
        for (int pass = 0; pass < 2; ++pass) /* slower steps first */
            for (size_t i = 0; i < x.nline; ++i)
                if (x.line[i].slower == !pass)
                    fprintf(out, md ? "- %s\n" : "  %s\n", x.line[i].text);
        fputc('\n', out);
        if (pb_tab_print_fit(out, &x.t, a->fmt, PB_TEXT_WIDTH, 2) != 0)
            x.oom = 1;
        rc = x.oom ? PB_EXIT_USAGE : x.nlatest ? PB_EXIT_REGRESSION : PB_EXIT_OK;
    }
    for (size_t i = 0; i < x.nline; ++i)
        free(x.line[i].text);
    free(x.line);
    pb_tab_free(&x.t);
    pb_rowset_free(&x.cur.rows);
    return rc;
}

int pb_cmd_history(int argc, char **argv)
{
    hist_args a;
    memset(&a, 0, sizeof a);
    a.root = PB_RECORD_DEFAULT_DIR;
    a.threshold = NAN;
    a.lookback = DEFAULT_LOOKBACK;
    a.alpha = 0.01;
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
    if (a.db)
        return db_history(&a, stdout);
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
