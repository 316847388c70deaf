/* record.c - `--record`: a finished run goes into a new directory of the results tree,
 * every file through a temporary file renamed into place. */
#define _GNU_SOURCE
#include "record.h"
#include "pb_backends.h"
#include "pb_bench.h"
#include "pb_common.h"
#include "pb_output.h"
#include "pb_table.h"
#include "summary.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- names ---- */

void pb_record_safe_name(const char *in, int lower, char *out, size_t cap)
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

/* "float-double": the dtypes in order of first appearance. */
static void label_dtypes(const pb_rowset *rows, char *out, size_t cap)
{
    out[0] = '\0';
    for (size_t i = 0; i < rows->n; ++i) {
        const char *d = rows->rows[i].dtype;
        char item[16], padded[80];
        snprintf(item, sizeof item, "-%s-", d);
        snprintf(padded, sizeof padded, "-%s-", out);
        if (d[0] && !strstr(padded, item))
            snprintf(out + strlen(out), cap - strlen(out), "%s%s", out[0] ? "-" : "", d);
    }
}

/* A few sizes are named; a sweep is its range and count. */
static void label_sizes(const pb_rowset *rows, char *out, size_t cap)
{
    out[0] = '\0';
    double *sizes = malloc((rows->n + 1) * sizeof *sizes);
    size_t n = 0;
    for (size_t i = 0; sizes && i < rows->n; ++i)
        if (!isnan(rows->rows[i].size))
            sizes[n++] = rows->rows[i].size;
    if (sizes && n)
        qsort(sizes, n, sizeof *sizes, cmp_double);
    size_t distinct = 0;
    for (size_t i = 0; sizes && i < n; ++i)
        if (i == 0 || sizes[i] != sizes[distinct - 1])
            sizes[distinct++] = sizes[i];
    if (distinct && distinct <= 3) {
        size_t len = 0;
        for (size_t k = 0; k < distinct && len < cap; ++k)
            len += (size_t)snprintf(out + len, cap - len, "%s%.0f", k ? "-" : "", sizes[k]);
    } else if (distinct) {
        snprintf(out, cap, "%.0f-%.0f_%zupts", sizes[0], sizes[distinct - 1], distinct);
    }
    free(sizes);
}

void pb_record_label(const char *bench, const pb_rowset *rows, char *buf, size_t cap)
{
    char dtypes[64], sizes[96], raw[192];
    label_dtypes(rows, dtypes, sizeof dtypes);
    label_sizes(rows, sizes, sizeof sizes);
    const pb_bench *b = pb_bench_find(bench);
    const char *sz = b && b->size_option ? b->size_option + 2 : "n";
    if (dtypes[0] || sizes[0])
        snprintf(raw, sizeof raw, "%s%s%s%s", dtypes, dtypes[0] && sizes[0] ? "_" : "", sizes[0] ? sz : "", sizes);
    else
        snprintf(raw, sizeof raw, "run");
    pb_record_safe_name(raw, 0, buf, cap);
}

/* ---- directories ---- */

int pb_mkdir_p(const char *path, char *err, size_t cap)
{
    char p[PATH_MAX];
    if (strlen(path) >= sizeof p) {
        snprintf(err, cap, "path too long: %.200s...", path);
        return -1;
    }
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

/* ---- the files ---- */

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

typedef struct command {
    int argc;
    char **argv;
} command;

static int write_command(FILE *f, const void *ctx)
{
    const command *c = ctx;
    for (int i = 0; i < c->argc; ++i) {
        if (i)
            fputc(' ', f);
        put_shell_word(f, c->argv[i]);
    }
    fputc('\n', f);
    return ferror(f) ? PB_ERR : PB_OK;
}

/* The lines after the benchmark table, as the driver prints them: the counts, each
 * skip reason once with the series it hit, and the summary paragraph. */
static void print_counts(FILE *f, const pb_rowset *rows)
{
    size_t failed = 0, skipped = 0;
    for (size_t i = 0; i < rows->n; ++i) {
        failed += rows->rows[i].verified == PB_VERIFIED_FAIL;
        skipped += rows->rows[i].verified == PB_VERIFIED_SKIP;
    }
    fprintf(f, "\n%zu rows: %zu passed, %zu failed, %zu skipped\n", rows->n, rows->n - failed - skipped, failed,
            skipped);
    for (size_t i = 0; i < rows->n; ++i) {
        const pb_row *r = &rows->rows[i];
        int first = r->verified == PB_VERIFIED_SKIP;
        for (size_t k = 0; k < i && first; ++k)
            first = !(rows->rows[k].verified == PB_VERIFIED_SKIP && strcmp(rows->rows[k].note, r->note) == 0);
        if (!first)
            continue;
        char who[512] = "";
        for (size_t k = i; k < rows->n; ++k) {
            const pb_row *s = &rows->rows[k];
            char one[80], padded[520];
            if (s->verified != PB_VERIFIED_SKIP || strcmp(s->note, r->note) != 0)
                continue;
            pb_series_title(s->backend, s->toolchain, one, sizeof one);
            snprintf(padded, sizeof padded, ", %s,", who);
            char item[90];
            snprintf(item, sizeof item, ", %s,", one);
            if (!strstr(padded, item))
                snprintf(who + strlen(who), sizeof who - strlen(who), "%s%s", who[0] ? ", " : "", one);
        }
        fprintf(f, "  skipped %s: %s\n", who, r->note);
    }
}

static int write_table(FILE *f, const void *ctx)
{
    const pb_rowset *rows = ctx;
    pb_table_print(f, rows);
    print_counts(f, rows);
    pb_summary_paragraph(f, rows);
    return ferror(f) ? PB_ERR : PB_OK;
}

/* DIR/<gpu>/<benchmark>: where the runs of bench on gpu go. 0, or -1 with err. */
static int run_parent(const char *dir, const char *gpu, const char *bench, char *out, size_t cap, char *err,
                      size_t errcap)
{
    char gpu_dir[64], bench_dir[64];
    pb_record_safe_name(gpu ? gpu : "", 1, gpu_dir, sizeof gpu_dir);
    if (!gpu_dir[0])
        pb_strlcpy(gpu_dir, "nogpu", sizeof gpu_dir);
    pb_record_safe_name(bench, 0, bench_dir, sizeof bench_dir);
    if ((size_t)snprintf(out, cap, "%s/%s/%s", dir, gpu_dir, bench_dir) >= cap) {
        snprintf(err, errcap, "--record: path too long under %.200s", dir);
        return -1;
    }
    return 0;
}

int pb_record_check(const char *dir, const char *gpu, const char *bench, char *err, size_t cap)
{
    char parent[PATH_MAX];
    if (run_parent(dir, gpu, bench, parent, sizeof parent, err, cap) != 0)
        return -1;
    return pb_output_check_dir("--record", parent, err, cap) == PB_OK ? 0 : -1;
}

/* The nearest existing directory at or above path (textually: "." for a relative path
 * whose first component is missing). */
static void nearest_existing(const char *path, char *out, size_t cap)
{
    pb_strlcpy(out, path, cap);
    struct stat st;
    while (stat(out, &st) != 0) {
        char *slash = strrchr(out, '/');
        if (!slash) {
            pb_strlcpy(out, ".", cap);
            return;
        }
        if (slash == out) {
            out[1] = '\0';
            return;
        }
        *slash = '\0';
    }
}

/* rmdir of path and its parents up to keep (which stays): the folders this run made, if
 * they are empty (another run may have put its own there meanwhile). */
static void remove_made(const char *path, const char *keep)
{
    char p[PATH_MAX];
    pb_strlcpy(p, path, sizeof p);
    size_t klen = strcmp(keep, ".") == 0 ? 0 : strlen(keep);
    while (strlen(p) > klen && rmdir(p) == 0) {
        char *slash = strrchr(p, '/');
        if (!slash)
            break;
        *slash = '\0';
    }
}

int pb_record_run(const char *dir, const char *label, const char *gpu, const char *bench, const pb_rowset *rows,
                  int argc, char **argv, pb_writer_fn meta, const void *meta_ctx, char *run_dir, size_t run_cap,
                  char *err, size_t cap)
{
    char name[64], stamp[32], parent[PATH_MAX], base[160], kept[PATH_MAX];
    if (run_parent(dir, gpu, bench, parent, sizeof parent, err, cap) != 0)
        return -1;
    if (label && label[0])
        pb_record_safe_name(label, 0, name, sizeof name);
    else
        pb_record_label(bench, rows, name, sizeof name);
    time_t now = time(NULL);
    struct tm tm;
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", gmtime_r(&now, &tm));
    snprintf(base, sizeof base, "%s_%s", stamp, name);
    nearest_existing(parent, kept, sizeof kept);
    if (pb_mkdir_p(parent, err, cap) != 0 || new_run_dir(parent, base, run_dir, run_cap, err, cap) != 0) {
        remove_made(parent, kept);
        return -1;
    }
    char csv[PATH_MAX + 32], table[PATH_MAX + 32], cmd[PATH_MAX + 32], mpath[PATH_MAX + 32];
    snprintf(csv, sizeof csv, "%s/%s", run_dir, PB_RECORD_CSV);
    snprintf(table, sizeof table, "%s/table.txt", run_dir);
    snprintf(cmd, sizeof cmd, "%s/command.txt", run_dir);
    snprintf(mpath, sizeof mpath, "%s/%s", run_dir, PB_RECORD_META);
    command c = {argc, argv};
    pb_out_file files[4] = {{csv, pb_write_csv_rows, rows}, {table, write_table, rows}, {cmd, write_command, &c},
                            {mpath, meta, meta_ctx}};
    /* all the files or none: a half-written run folder is no run (a full disk left one) */
    if (pb_write_atomic_set(files, meta ? 4 : 3, err, cap) != PB_OK) {
        remove_made(run_dir, kept);
        size_t len = strlen(err);
        snprintf(err + len, cap - len, "; the run is not recorded");
        return -1;
    }
    return 0;
}
