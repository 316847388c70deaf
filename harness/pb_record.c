/* pb_record.c - the results tree: `--record` writes a run into it, `history` reads it
 * back. Layout: DIR/<gpu>/<benchmark>/<YYYYmmddTHHMMSSZ>_<label>[_N]/, each holding
 * results.csv, results.csv.meta.json, table.txt and command.txt (see results/README.md).
 * Directory names start with the UTC time, so name order is time order. */
#define _GNU_SOURCE
#include "pb_record.h"
#include "pb_bench.h"
#include "pb_common.h"
#include "pb_compare.h"
#include "pb_table.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- names ---- */

/* Directory-safe name: letters, digits, '.', '+', '-' and '_'; anything else becomes
 * '-', runs of '-' collapse, and no leading '.' (no hidden or ".." names). */
static void safe_name(const char *in, int lower, char *out, size_t cap)
{
    size_t n = 0;
    for (; *in && n + 1 < cap; ++in) {
        unsigned char c = (unsigned char)*in;
        int ok = isalnum(c) || c == '.' || c == '+' || c == '-' || c == '_';
        char w = ok ? (char)(lower ? tolower(c) : c) : '-';
        if ((w == '-' && (n == 0 || out[n - 1] == '-')) || (w == '.' && n == 0))
            continue;
        out[n++] = w;
    }
    while (n && out[n - 1] == '-')
        --n;
    out[n] = '\0';
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void pb_record_label(const char *bench, const pb_rowset *rows, char *buf, size_t cap)
{
    char dtypes[64] = "";
    double *sizes = malloc((rows->n + 1) * sizeof *sizes);
    size_t nsizes = 0;
    for (size_t i = 0; i < rows->n; ++i) {
        const pb_row *r = &rows->rows[i];
        char item[16];
        snprintf(item, sizeof item, "-%s-", r->dtype);
        char padded[72];
        snprintf(padded, sizeof padded, "-%s-", dtypes);
        if (r->dtype[0] && !strstr(padded, item)) {
            strncat(dtypes, dtypes[0] ? "-" : "", sizeof dtypes - strlen(dtypes) - 1);
            strncat(dtypes, r->dtype, sizeof dtypes - strlen(dtypes) - 1);
        }
        int seen = 0;
        for (size_t k = 0; sizes && k < nsizes; ++k)
            seen |= sizes[k] == r->size;
        if (sizes && !seen && !isnan(r->size))
            sizes[nsizes++] = r->size;
    }
    const pb_bench *b = pb_bench_find(bench);
    const char *sz = b && b->size_option ? b->size_option + 2 : "n";
    char sizestr[96] = "";
    if (sizes && nsizes) {
        qsort(sizes, nsizes, sizeof *sizes, cmp_double);
        if (nsizes <= 3) { /* a few sizes are named; a sweep is its range and count */
            size_t len = 0;
            for (size_t k = 0; k < nsizes && len < sizeof sizestr; ++k)
                len += (size_t)snprintf(sizestr + len, sizeof sizestr - len, "%s%.0f", k ? "-" : "", sizes[k]);
        } else {
            snprintf(sizestr, sizeof sizestr, "%.0f-%.0f_%zupts", sizes[0], sizes[nsizes - 1], nsizes);
        }
    }
    free(sizes);
    char raw[192];
    if (dtypes[0] || sizestr[0])
        snprintf(raw, sizeof raw, "%s%s%s%s", dtypes, dtypes[0] && sizestr[0] ? "_" : "", sizestr[0] ? sz : "",
                 sizestr);
    else
        snprintf(raw, sizeof raw, "run");
    safe_name(raw, 0, buf, cap);
}

/* ---- options ---- */

/* The nearest existing ancestor of dir (or dir itself) must be a writable directory. */
static int check_writable(const char *dir, char *err, size_t cap)
{
    char p[PATH_MAX];
    pb_strlcpy(p, dir, sizeof p);
    for (;;) {
        struct stat st;
        if (stat(p, &st) == 0) {
            if (!S_ISDIR(st.st_mode)) {
                snprintf(err, cap, "--record: %s is not a directory", p);
                return -1;
            }
            if (access(p, W_OK | X_OK) != 0) {
                snprintf(err, cap, "--record: cannot write in %s: %s", p, strerror(errno));
                return -1;
            }
            return 0;
        }
        char *slash = strrchr(p, '/');
        if (!slash)
            pb_strlcpy(p, ".", sizeof p);
        else if (slash == p)
            p[1] = '\0';
        else
            *slash = '\0';
    }
}

int pb_record_take_options(int argc, char **argv, char **kept, int *nkept, pb_record_opts *rec, char *err,
                           size_t cap)
{
    memset(rec, 0, sizeof *rec);
    int label_given = 0;
    *nkept = 0;
    for (int i = 0; i < argc; ++i) {
        const char *a = argv[i], *label = NULL;
        if (strcmp(a, "--record") == 0) {
            rec->on = 1;
            pb_strlcpy(rec->dir, PB_RECORD_DEFAULT_DIR, sizeof rec->dir);
        } else if (strncmp(a, "--record=", 9) == 0) {
            if (a[9] == '\0' || strlen(a + 9) >= sizeof rec->dir - 256) {
                snprintf(err, cap, "--record=DIR needs a directory (or plain --record for ./%s)", PB_RECORD_DEFAULT_DIR);
                return -1;
            }
            rec->on = 1;
            pb_strlcpy(rec->dir, a + 9, sizeof rec->dir);
        } else if (strcmp(a, "--label") == 0) {
            if (i + 1 >= argc) {
                snprintf(err, cap, "option --label needs a value");
                return -1;
            }
            label = argv[++i];
        } else if (strncmp(a, "--label=", 8) == 0) {
            label = a + 8;
        } else {
            kept[(*nkept)++] = argv[i];
        }
        if (label) {
            safe_name(label, 0, rec->label, sizeof rec->label);
            if (!rec->label[0]) {
                snprintf(err, cap, "--label '%s': use letters, digits, '.', '+', '-' or '_'", label);
                return -1;
            }
            label_given = 1;
        }
    }
    kept[*nkept] = NULL;
    if (label_given && !rec->on) {
        snprintf(err, cap, "--label names a recorded run: use it with --record[=DIR]");
        return -1;
    }
    return rec->on ? check_writable(rec->dir, err, cap) : 0;
}

void pb_record_print_help(FILE *f)
{
    fprintf(f, "  --record[=DIR]     also store the run under DIR/<gpu>/<benchmark>/<UTC time>_<label>/\n"
               "                     (default DIR: ./%s; see results/README.md)\n"
               "  --label NAME       label of the recorded run (default: dtypes and sizes, e.g. double_nx4096)\n",
            PB_RECORD_DEFAULT_DIR);
}

/* ---- writing a run ---- */

int pb_mkdir_p(const char *path, char *err, size_t cap)
{
    char p[PATH_MAX];
    pb_strlcpy(p, path, sizeof p);
    for (char *s = p + 1;; ++s) {
        if (*s != '/' && *s != '\0')
            continue;
        char c = *s;
        *s = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            snprintf(err, cap, "cannot create %s: %s", p, strerror(errno));
            return -1;
        }
        *s = c;
        if (c == '\0')
            break;
    }
    struct stat st;
    if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, cap, "%s is not a directory", p);
        return -1;
    }
    return 0;
}

/* mkdir is atomic: the first name nobody has taken is ours, so runs never overwrite. */
static int new_run_dir(const char *parent, const char *base, char *out, size_t cap, char *err, size_t errcap)
{
    for (int k = 1; k < 1000; ++k) {
        int n = k == 1 ? snprintf(out, cap, "%s/%s", parent, base) : snprintf(out, cap, "%s/%s_%d", parent, base, k);
        if (n < 0 || (size_t)n >= cap) {
            snprintf(err, errcap, "path too long under %s", parent);
            return -1;
        }
        if (mkdir(out, 0777) == 0)
            return 0;
        if (errno != EEXIST) {
            snprintf(err, errcap, "cannot create %s: %s", out, strerror(errno));
            return -1;
        }
    }
    snprintf(err, errcap, "%s/%s: too many runs with this name", parent, base);
    return -1;
}

static void put_shell_word(FILE *f, const char *s)
{
    if (*s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%+=:,./_-") == strlen(s)) {
        fputs(s, f);
        return;
    }
    fputc('\'', f);
    for (; *s; ++s) {
        if (*s == '\'')
            fputs("'\\''", f); /* close, escaped quote, reopen */
        else
            fputc(*s, f);
    }
    fputc('\'', f);
}

/* The lines after the benchmark table, as the driver prints them. */
static void print_summary(FILE *f, const pb_rowset *rows)
{
    size_t failed = 0, skipped = 0;
    for (size_t i = 0; i < rows->n; ++i) {
        failed += strcmp(rows->rows[i].verified, "FAIL") == 0;
        skipped += strcmp(rows->rows[i].verified, "SKIP") == 0;
    }
    fprintf(f, "\n%zu rows: %zu passed, %zu failed, %zu skipped\n", rows->n, rows->n - failed - skipped, failed,
            skipped);
    for (size_t i = 0; i < rows->n; ++i) { /* each reason once, with the backends it hit */
        const pb_row *r = &rows->rows[i];
        int first = 1;
        for (size_t k = 0; k < i && first; ++k)
            first = !(strcmp(rows->rows[k].verified, "SKIP") == 0 && strcmp(rows->rows[k].note, r->note) == 0);
        if (strcmp(r->verified, "SKIP") != 0 || !first)
            continue;
        fprintf(f, "  skipped ");
        int n = 0;
        for (size_t k = i; k < rows->n; ++k) {
            const pb_row *s = &rows->rows[k];
            if (strcmp(s->verified, "SKIP") != 0 || strcmp(s->note, r->note) != 0)
                continue;
            int dup = 0;
            for (size_t m = i; m < k && !dup; ++m)
                dup = strcmp(rows->rows[m].verified, "SKIP") == 0 && strcmp(rows->rows[m].note, r->note) == 0 &&
                      strcmp(rows->rows[m].backend, s->backend) == 0 && strcmp(rows->rows[m].compiler, s->compiler) == 0;
            if (!dup)
                fprintf(f, "%s%s/%s", n++ ? ", " : "", s->backend, s->compiler);
        }
        fprintf(f, ": %s\n", r->note);
    }
}

static int write_file(const char *dir, const char *name, const pb_rowset *rows, int argc, char **argv, char *err,
                      size_t cap)
{
    char p[PATH_MAX + 64];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    if (!f) {
        snprintf(err, cap, "cannot write %s: %s", p, strerror(errno));
        return -1;
    }
    if (strcmp(name, PB_RECORD_CSV) == 0) {
        pb_csv_write_header(f);
        for (size_t i = 0; i < rows->n; ++i)
            pb_csv_write_row(f, &rows->rows[i]);
    } else if (strcmp(name, "table.txt") == 0) {
        pb_table_print(f, rows);
        print_summary(f, rows);
    } else {
        for (int i = 0; i < argc; ++i) {
            if (i)
                fputc(' ', f);
            put_shell_word(f, argv[i]);
        }
        fputc('\n', f);
    }
    if (ferror(f) | (fclose(f) != 0)) {
        snprintf(err, cap, "cannot write %s", p);
        return -1;
    }
    return 0;
}

int pb_record_run(const pb_record_opts *rec, const char *gpu, const char *bench, const pb_rowset *rows, int argc,
                  char **argv, char *run_dir, size_t run_cap, char *err, size_t cap)
{
    char gpu_dir[64], bench_dir[64], label[64], stamp[32], parent[PATH_MAX + 160], base[128];
    safe_name(gpu ? gpu : "", 1, gpu_dir, sizeof gpu_dir);
    if (!gpu_dir[0])
        pb_strlcpy(gpu_dir, "nogpu", sizeof gpu_dir);
    safe_name(bench, 0, bench_dir, sizeof bench_dir);
    if (rec->label[0])
        pb_strlcpy(label, rec->label, sizeof label);
    else
        pb_record_label(bench, rows, label, sizeof label);
    time_t now = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", gmtime(&now));
    snprintf(parent, sizeof parent, "%s/%s/%s", rec->dir, gpu_dir, bench_dir);
    snprintf(base, sizeof base, "%s_%s", stamp, label);
    if (pb_mkdir_p(parent, err, cap) != 0 || new_run_dir(parent, base, run_dir, run_cap, err, cap) != 0)
        return -1;
    if (write_file(run_dir, PB_RECORD_CSV, rows, argc, argv, err, cap) != 0 ||
        write_file(run_dir, "table.txt", rows, argc, argv, err, cap) != 0 ||
        write_file(run_dir, "command.txt", rows, argc, argv, err, cap) != 0)
        return -1;
    return 0;
}

/* ---- history ---- */

/* dir/name into out; -1 if it does not fit (a truncated path would name another file). */
static int path_join(char *out, size_t cap, const char *dir, const char *name)
{
    int n = snprintf(out, cap, "%s/%s", dir, name);
    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

typedef struct hist_args {
    const char *root, *gpu, *bench;
    const char *filter[5]; /* variant, backend, compiler, dtype, size: comma lists */
    double threshold;
    pb_fmt fmt;
} hist_args;

static const char *const filter_opts[5] = {"--variant", "--backend", "--compiler", "--dtype", "--size"};

typedef struct run {
    char gpu[64];
    char name[256];
    pb_rowset rows;
} run;

typedef struct runs {
    run *v;
    size_t n, cap;
} runs;

static void runs_free(runs *rs)
{
    for (size_t i = 0; i < rs->n; ++i)
        pb_rowset_free(&rs->v[i].rows);
    free(rs->v);
}

static int opt_value(int argc, char **argv, int *i, const char *name, const char **val, char *err, size_t cap)
{
    size_t len = strlen(name);
    if (strncmp(argv[*i], name, len) != 0 || (argv[*i][len] != '\0' && argv[*i][len] != '='))
        return 0;
    if (argv[*i][len] == '=') {
        *val = argv[*i] + len + 1;
        return 1;
    }
    if (*i + 1 >= argc) {
        snprintf(err, cap, "option %s needs a value", name);
        return -1;
    }
    *val = argv[++*i];
    return 1;
}

static int parse_history_args(int argc, char **argv, hist_args *a, char *err, size_t cap)
{
    memset(a, 0, sizeof *a);
    a->root = PB_RECORD_DEFAULT_DIR;
    a->threshold = PB_DEFAULT_THRESHOLD;
    for (int i = 0; i < argc; ++i) {
        const char *v = NULL;
        int k = 0;
        if (strcmp(argv[i], "--md") == 0) {
            a->fmt = PB_FMT_MD;
            continue;
        }
        if (strcmp(argv[i], "--csv") == 0) {
            a->fmt = PB_FMT_CSV;
            continue;
        }
        if ((k = opt_value(argc, argv, &i, "--results", &a->root, err, cap)) != 0 ||
            (k = opt_value(argc, argv, &i, "--gpu", &a->gpu, err, cap)) != 0) {
            if (k < 0)
                return -1;
            continue;
        }
        if ((k = opt_value(argc, argv, &i, "--threshold", &v, err, cap)) != 0) {
            if (k < 0 || pb_parse_threshold(v, &a->threshold, err, cap) != 0)
                return -1;
            continue;
        }
        for (int f = 0; f < 5 && k == 0; ++f)
            k = opt_value(argc, argv, &i, filter_opts[f], &a->filter[f], err, cap);
        if (k < 0)
            return -1;
        if (k > 0)
            continue;
        if (argv[i][0] == '-') {
            snprintf(err, cap, "history: unknown option '%s' (see portbench help history)", argv[i]);
            return -1;
        }
        if (a->bench) {
            snprintf(err, cap, "history takes one benchmark name, got '%s' and '%s'", a->bench, argv[i]);
            return -1;
        }
        a->bench = argv[i];
    }
    if (!a->bench) {
        snprintf(err, cap, "history needs a benchmark name, e.g. portbench history dmvm");
        return -1;
    }
    return 0;
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
    const char *field[5] = {r->variant, r->backend, r->compiler, r->dtype, size};
    for (int f = 0; f < 5; ++f)
        if (!in_list(a->filter[f], field[f]))
            return 0;
    return 1;
}

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Sorted names of the entries of dir (not starting with '.') that are directories, or
 * with want_csv, regular files ending in .csv. NULL on error (errno set). */
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
        if (e->d_name[0] == '.')
            continue;
        char p[PATH_MAX];
        if (path_join(p, sizeof p, dir, e->d_name) != 0)
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
        names[(*n)++] = strdup(e->d_name);
    }
    closedir(d);
    if (!names)
        names = calloc(1, sizeof *names);
    if (names)
        qsort(names, *n, sizeof *names, cmp_str);
    return names;
}

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; names && i < n; ++i)
        free(names[i]);
    free(names);
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

static int load_run(const char *dir, const char *gpu, const char *name, runs *rs, char *err, size_t cap)
{
    size_t ncsv;
    char **csv = list_dir(dir, 1, &ncsv);
    if (!csv) {
        snprintf(err, cap, "cannot read %s: %s", dir, strerror(errno));
        return -1;
    }
    run r = {.rows = {0}};
    pb_strlcpy(r.gpu, gpu, sizeof r.gpu);
    pb_strlcpy(r.name, name, sizeof r.name);
    int rc = 0;
    for (size_t i = 0; i < ncsv && rc == 0; ++i) {
        char p[PATH_MAX];
        if (path_join(p, sizeof p, dir, csv[i]) != 0) {
            snprintf(err, cap, "path too long: %.200s/%.200s", dir, csv[i]);
            rc = -1;
        } else if (is_portbench_csv(p))
            rc = pb_csv_read(p, &r.rows, err, cap);
    }
    free_names(csv, ncsv);
    if (rc == 0 && rs->n == rs->cap) {
        size_t c = rs->cap ? 2 * rs->cap : 16;
        run *v = realloc(rs->v, c * sizeof *v);
        if (!v) {
            snprintf(err, cap, "out of memory");
            rc = -1;
        } else {
            rs->v = v;
            rs->cap = c;
        }
    }
    if (rc != 0) {
        pb_rowset_free(&r.rows);
        return -1;
    }
    rs->v[rs->n++] = r;
    return 0;
}

static int cmp_run(const void *a, const void *b)
{
    const run *x = a, *y = b;
    int c = pb_natural_cmp(x->name, y->name); /* time first; _2 before _10 */
    return c ? c : strcmp(x->gpu, y->gpu);
}

/* Every run of a->bench under root (one GPU, or all), in time order. */
static int scan_runs(const hist_args *a, runs *rs, char *err, size_t cap)
{
    size_t ngpu = 1;
    char **gpus;
    if (a->gpu) {
        gpus = calloc(1, sizeof *gpus);
        if (gpus)
            gpus[0] = strdup(a->gpu);
    } else {
        gpus = list_dir(a->root, 0, &ngpu);
        if (!gpus) {
            snprintf(err, cap, "cannot read the results directory %s: %s", a->root, strerror(errno));
            return -1;
        }
    }
    int rc = 0;
    for (size_t g = 0; g < ngpu && rc == 0; ++g) {
        char bdir[PATH_MAX];
        if (snprintf(bdir, sizeof bdir, "%s/%s/%s", a->root, gpus[g], a->bench) >= (int)sizeof bdir)
            continue;
        if (!is_dir(bdir))
            continue;
        size_t nruns;
        char **names = list_dir(bdir, 0, &nruns);
        for (size_t k = 0; names && k < nruns && rc == 0; ++k) {
            char rdir[PATH_MAX];
            if (path_join(rdir, sizeof rdir, bdir, names[k]) != 0) {
                snprintf(err, cap, "path too long: %.200s/%.200s", bdir, names[k]);
                rc = -1;
                break;
            }
            rc = load_run(rdir, gpus[g], names[k], rs, err, cap);
        }
        free_names(names, nruns);
    }
    free_names(gpus, ngpu);
    if (rc == 0 && rs->n == 0) {
        snprintf(err, cap, "no recorded runs of '%s' under %s/%s/%s/ (record some with --record)", a->bench, a->root,
                 a->gpu ? a->gpu : "*", a->bench);
        rc = -1;
    }
    if (rc == 0)
        qsort(rs->v, rs->n, sizeof *rs->v, cmp_run);
    return rc;
}

typedef struct hkey {
    const run *first_run; /* its GPU */
    const pb_row *row;    /* the key fields */
} hkey;

static const pb_row *find_in_run(const run *r, const hkey *k)
{
    if (strcmp(r->gpu, k->first_run->gpu) != 0)
        return NULL;
    for (size_t i = 0; i < r->rows.n; ++i)
        if (pb_row_same_key(&r->rows.rows[i], k->row))
            return &r->rows.rows[i];
    return NULL;
}

static hkey *collect_keys(const hist_args *a, const runs *rs, size_t *nk)
{
    size_t cap = 64;
    hkey *k = malloc(cap * sizeof *k);
    *nk = 0;
    for (size_t i = 0; k && i < rs->n; ++i)
        for (size_t j = 0; j < rs->v[i].rows.n; ++j) {
            const pb_row *r = &rs->v[i].rows.rows[j];
            if (!row_wanted(a, r))
                continue;
            hkey cand = {&rs->v[i], r};
            int known = 0;
            for (size_t m = 0; m < *nk && !known; ++m)
                known = strcmp(k[m].first_run->gpu, cand.first_run->gpu) == 0 && pb_row_same_key(k[m].row, r);
            if (known)
                continue;
            if (*nk == cap) {
                hkey *q = realloc(k, 2 * cap * sizeof *k);
                if (!q) {
                    free(k);
                    return NULL;
                }
                k = q;
                cap *= 2;
            }
            k[(*nk)++] = cand;
        }
    return k;
}

static const char *const hist_cols[] = {"gpu",  "benchmark", "variant",   "backend", "compiler", "dtype",
                                        "size", "params",    "run",       "timestamp", "git_sha", "compiler_version",
                                        "time", "GB/s",      "vs prev", "noise",    "status"};
static const char *const hist_csv_cols[] = {"gpu",  "benchmark", "variant", "backend", "compiler", "dtype",
                                            "size", "params",    "run",     "timestamp", "git_sha", "compiler_version",
                                            "time_s", "gbs",     "ratio_vs_prev", "noise", "status"};
enum { NHIST_COLS = sizeof hist_cols / sizeof *hist_cols, HIST_KEY_COLS = 8 };

static void put_hist_header(pb_tab *t, pb_fmt fmt)
{
    for (int c = 0; c < NHIST_COLS; ++c)
        pb_tab_put(t, "%s", fmt == PB_FMT_CSV ? hist_csv_cols[c] : hist_cols[c]);
}

/* One table row per run holding the key; returns 1 if the latest one regressed or failed. */
static int key_trend(const hist_args *a, const runs *rs, const hkey *k, pb_tab *t)
{
    const pb_row *prev = NULL;
    int bad = 0;
    for (size_t i = 0; i < rs->n; ++i) {
        const pb_row *r = find_in_run(&rs->v[i], k);
        if (!r)
            continue;
        pb_cmp c = {pb_row_time(r), pb_row_time(r), NAN, NAN, NAN, PB_SAME};
        const char *status;
        if (strcmp(r->verified, "FAIL") == 0 || strcmp(r->verified, "SKIP") == 0) {
            status = r->verified;
        } else if (!prev) {
            status = "first";
        } else {
            pb_verdict v = pb_classify(prev, r, a->threshold, &c);
            status = v == PB_SLOWER ? "REGRESSED" : pb_verdict_name(v);
        }
        bad = strcmp(status, "REGRESSED") == 0 || strcmp(status, "FAIL") == 0;
        if (strcmp(r->verified, "PASS") == 0 && pb_row_time(r) > 0)
            prev = r; /* the next run is judged against the last good measurement */
        char x[64];
        pb_tab_put(t, "%s", rs->v[i].gpu);
        pb_tab_put(t, "%s", r->benchmark);
        pb_tab_put(t, "%s", r->variant);
        pb_tab_put(t, "%s", r->backend);
        pb_tab_put(t, "%s", r->compiler);
        pb_tab_put(t, "%s", r->dtype);
        pb_tab_put(t, "%.0f", r->size);
        pb_tab_put(t, "%s", r->params);
        pb_tab_put(t, "%s", rs->v[i].name);
        pb_tab_put(t, "%s", r->timestamp);
        pb_tab_put(t, "%s", r->git_sha);
        pb_tab_put(t, "%s", r->compiler_version);
        pb_tab_put(t, "%s", strcmp(r->verified, "PASS") == 0 ? pb_fmt_time(pb_row_time(r), a->fmt, x, sizeof x) : "");
        pb_tab_put(t, "%s", strcmp(r->verified, "PASS") == 0 ? pb_fmt_num(r->gbs, "%.1f", a->fmt, x, sizeof x) : "");
        pb_tab_put(t, "%s", pb_fmt_num(c.ratio, "%.3f", a->fmt, x, sizeof x));
        pb_tab_put(t, "%s", pb_fmt_num(a->fmt == PB_FMT_CSV ? c.noise : 100 * c.noise, "%.1f%%", a->fmt, x, sizeof x));
        pb_tab_put(t, "%s", status);
    }
    return bad;
}

static int print_history(const hist_args *a, const runs *rs, const hkey *k, size_t nk, FILE *out)
{
    pb_tab all;
    if (pb_tab_init(&all, NHIST_COLS) != 0)
        return -1;
    put_hist_header(&all, a->fmt);
    size_t nbad = 0;
    char *bad = calloc(nk + 1, 1);
    int rc = bad ? 0 : -1;
    for (size_t i = 0; i < nk && rc == 0; ++i) {
        if (a->fmt == PB_FMT_CSV) {
            bad[i] = (char)key_trend(a, rs, &k[i], &all);
            nbad += (size_t)bad[i];
            continue;
        }
        pb_tab t; /* text and markdown: one block per configuration, key in the heading */
        pb_tab_init(&t, NHIST_COLS);
        put_hist_header(&t, a->fmt);
        bad[i] = (char)key_trend(a, rs, &k[i], &t);
        nbad += (size_t)bad[i];
        for (int c = 0; c < HIST_KEY_COLS; ++c)
            t.hidden[c] = 1;
        char key[256];
        pb_row_key_str(k[i].row, key, sizeof key);
        fprintf(out, a->fmt == PB_FMT_MD ? "\n#### %s (%s)\n\n" : "\n%s  [%s]\n", key, k[i].first_run->gpu);
        rc = pb_tab_print(out, &t, a->fmt);
        pb_tab_free(&t);
    }
    if (a->fmt == PB_FMT_CSV && rc == 0)
        rc = pb_tab_print(out, &all, a->fmt);
    pb_tab_free(&all);
    if (a->fmt != PB_FMT_CSV && rc == 0) {
        fprintf(out, "\n%zu configuration(s) over %zu run(s); %zu regressed or failed in their latest run%s\n", nk,
                rs->n, nbad, nbad ? ":" : "");
        for (size_t i = 0; i < nk; ++i)
            if (bad[i]) {
                char key[256];
                pb_row_key_str(k[i].row, key, sizeof key);
                fprintf(out, a->fmt == PB_FMT_MD ? "- `%s` (%s)\n" : "  %s [%s]\n", key, k[i].first_run->gpu);
            }
    }
    free(bad);
    return rc < 0 ? -1 : nbad > 0;
}

void pb_history_help(FILE *f)
{
    fprintf(f,
            "usage: portbench history [--results DIR] [--gpu G] BENCH [--variant V] [--backend B]\n"
            "                         [--compiler C] [--dtype D] [--size N] [--threshold X] [--md|--csv]\n\n"
            "  The trend of every (variant, backend, compiler, dtype, size, params) of BENCH over the\n"
            "  runs recorded under DIR/<gpu>/BENCH/*/ (*.csv; runs in time order; each GPU apart).\n"
            "  Each run is classified against the previous run where that configuration passed,\n"
            "  with the rule of 'portbench compare'; a SLOWER run is marked REGRESSED.\n\n"
            "  --results DIR   results tree (default ./%s)\n"
            "  --gpu G         only this GPU directory (default: all)\n"
            "  --variant, --backend, --compiler, --dtype, --size   filters (comma lists)\n"
            "  --threshold X   5%% or 0.05 (default 5%%)\n"
            "  --md, --csv     markdown, or one CSV table on stdout\n\n"
            "  exit status: 0; 1 when the latest run of a shown configuration regressed or failed\n"
            "  verification; 2 usage or input error\n",
            PB_RECORD_DEFAULT_DIR);
}

int pb_cmd_history(int argc, char **argv, FILE *out)
{
    if (pb_wants_help(argc, argv)) {
        pb_history_help(out);
        return PB_EXIT_OK;
    }
    hist_args a;
    char err[2 * PATH_MAX];
    runs rs = {0};
    if (parse_history_args(argc, argv, &a, err, sizeof err) != 0 || scan_runs(&a, &rs, err, sizeof err) != 0) {
        pb_errorf("%s", err);
        runs_free(&rs);
        return PB_EXIT_USAGE;
    }
    size_t nk;
    hkey *k = collect_keys(&a, &rs, &nk);
    int rc;
    if (!k) {
        pb_errorf("out of memory");
        rc = PB_EXIT_USAGE;
    } else if (nk == 0) {
        pb_errorf("no rows of '%s' in %zu recorded run(s) under %s match the filters", a.bench, rs.n, a.root);
        rc = PB_EXIT_USAGE;
    } else {
        rc = print_history(&a, &rs, k, nk, out);
        if (rc < 0) {
            pb_errorf("out of memory");
            rc = PB_EXIT_USAGE;
        }
    }
    free(k);
    runs_free(&rs);
    return rc;
}
