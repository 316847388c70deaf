/* compare.c - `portbench compare BASE NEW` (what got faster, slower, broken or lost,
 * with an exit status for CI) and `portbench compare --by compiler` (the compiler matrix
 * of matrix.h: every OpenMP toolchain side by side, newer compiler versions judged
 * against older ones). */
#define _GNU_SOURCE
#include "compare.h"
#include "matrix.h"
#include "pb_common.h"
#include "pb_table.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- options ---- */

enum { O_THRESHOLD, O_BY, O_FAIL_ON_REGRESSION, O_MD, O_CSV };

static const pb_optdef compare_opts[] = {
    {"threshold", PB_OPT_VALUE, "X", "smallest change that counts: 5% or 0.05 (default 5%)", O_THRESHOLD, 0},
    {"by", PB_OPT_VALUE, "compiler",
     "one run instead of two: every OpenMP toolchain side by side per variant,\n"
     "CUDA as reference, each newer compiler version against the older one",
     O_BY, 0},
    {"fail-on-regression", PB_OPT_NONE, NULL, "with --by compiler: exit 1 when a newer compiler version is\n"
                                              "slower than the older one, or fails where it passed",
     O_FAIL_ON_REGRESSION, 0},
    {"md", PB_OPT_NONE, NULL, "markdown tables", O_MD, 0},
    {"csv", PB_OPT_NONE, NULL, "one CSV table on standard output (every column; unmatched rows included)", O_CSV, 0},
    {NULL, 0, NULL, NULL, 0, 0},
};

static const char compare_details[] =
    "BASE vs NEW: rows are matched by benchmark, variant, backend, toolchain, dtype, size and\n"
    "params; where a compiler has one toolchain in each file and its major version changed\n"
    "(clang-19 -> clang-20), its rows are matched without the version and the note says so.\n"
    "Several GPUs: when a file holds rows of several GPUs, each GPU's rows are rows of their own,\n"
    "matched by gpu_uuid, and a gpu column names the GPU (GPU index@host, MPI rank); a GPU of BASE\n"
    "missing in NEW fails like any row that passed and is missing, and is listed. Where the files\n"
    "share no GPU (other nodes), rows are matched by MPI rank and GPU index instead (the note\n"
    "says 'gpu A -> B'); rows of several MPI ranks without GPUs by rank.\n"
    "Each pair is compared on the clock both rows have: the device median when both have one\n"
    "from the same source (device_clock), else the host median, so a clock change alone is\n"
    "never SLOWER; the note names the clock.\n"
    "Verdicts: SAME, FASTER, SLOWER; FAIL (verification failed in either file) and SKIP are\n"
    "never classified.\n"
    "\n"
    "noise rule: s = stddev / median of the compared clock in each row (0 when unknown);\n"
    "  noise = 2*sqrt(s_base^2 + s_new^2); limit = max(threshold, noise); with r = new/base,\n"
    "  SLOWER when r > 1 + limit, FASTER when r < 1/(1 + limit), else SAME.\n"
    "\n"
    "--by compiler: per benchmark, variant, dtype, size and params, the time and rate of every\n"
    "OpenMP toolchain in the files, the fastest one ('tie:' when within the noise rule), each\n"
    "newer major version of a compiler against the next older one in the files (REGRESSION when\n"
    "slower or failing where the older passed, IMPROVED when faster), and the CUDA row of the same\n"
    "case as reference (its time and rate, each toolchain's time over CUDA's); per GPU (a gpu\n"
    "column) when the files hold rows of several.\n"
    "\n"
    "exit status: 0 nothing failed; 1 (BASE vs NEW) a SLOWER row, a row that fails in NEW, a row\n"
    "that passed in BASE and is missing or skipped in NEW, or a failing row found only in NEW;\n"
    "1 (--by compiler --fail-on-regression) a REGRESSION; 2 usage or input error (a malformed CSV\n"
    "or an unknown 'verified' value names its file and line). The failures are listed.\n";

const pb_cmdspec pb_compare_spec = {
    "compare",
    "BASE.csv NEW.csv | --by compiler RESULTS.csv...",
    "what got faster, slower or broken between two results CSVs (--by compiler: toolchains side by side)",
    {compare_opts},
    1,
    -1,
    compare_details,
};

typedef struct cmp_args {
    double threshold;
    pb_fmt fmt;
    int by_compiler, fail_on_regression;
    char **files;
    int nfiles;
} cmp_args;

static int on_option(void *ctx, const pb_optdef *d, const char *val, char *err, size_t cap)
{
    cmp_args *a = ctx;
    switch (d->id) {
    case O_THRESHOLD:
        return pb_parse_threshold(val, &a->threshold, err, cap) == 0 ? PB_OK : PB_ERR;
    case O_BY:
        if (strcmp(val, "compiler") != 0) {
            snprintf(err, cap, "compare --by '%s': only 'compiler' is supported", val);
            return PB_ERR;
        }
        a->by_compiler = 1;
        return PB_OK;
    case O_FAIL_ON_REGRESSION:
        a->fail_on_regression = 1;
        return PB_OK;
    case O_MD:
        a->fmt = PB_FMT_MD;
        return PB_OK;
    default:
        a->fmt = PB_FMT_CSV;
        return PB_OK;
    }
}

/* ---- BASE vs NEW ---- */

/* The gpu column (after params) is there only when rows of several GPUs were told apart. */
static const char *const cols_text[] = {"benchmark", "variant", "backend", "toolchain", "dtype", "size", "params", "gpu",
                                        "base",      "new",     "new/base", "noise",    "status", "note"};
static const char *const cols_csv[] = {"benchmark", "variant", "backend", "toolchain", "dtype", "size", "params", "gpu",
                                       "base_s",    "new_s",   "ratio",   "noise",     "status", "note"};
enum { NCOLS = sizeof cols_text / sizeof *cols_text, GPU_COL = 7 };

static void put_key_cells(pb_tab *t, const pb_row *r, unsigned inst)
{
    char where[160];
    pb_tab_put(t, "%s", r->benchmark);
    pb_tab_put(t, "%s", r->variant);
    pb_tab_put(t, "%s", r->backend);
    pb_tab_put(t, "%s", r->toolchain);
    pb_tab_put(t, "%s", r->dtype);
    pb_tab_put(t, "%.0f", r->size);
    pb_tab_put(t, "%s", r->params);
    if (inst) {
        pb_row_gpu_label(r, where, sizeof where);
        pb_tab_put(t, "%s", where);
    }
}

/* A row for people: its key, and where it ran when rows of several GPUs are told apart. */
static void row_name(const pb_row *r, unsigned inst, char *buf, size_t cap)
{
    char key[300], where[160] = "";
    pb_row_key_str(r, key, sizeof key);
    if (inst)
        pb_row_gpu_label(r, where, sizeof where);
    snprintf(buf, cap, "%s%s%s%s", key, where[0] ? " [" : "", where, where[0] ? "]" : "");
}

typedef struct note {
    char buf[512];
    size_t len;
} note;

static void add(note *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(note *n, const char *fmt, ...)
{
    if (n->len >= sizeof n->buf)
        return;
    if (n->len)
        n->len += (size_t)snprintf(n->buf + n->len, sizeof n->buf - n->len, "; ");
    va_list ap;
    va_start(ap, fmt);
    if (n->len < sizeof n->buf)
        n->len += (size_t)vsnprintf(n->buf + n->len, sizeof n->buf - n->len, fmt, ap);
    va_end(ap);
}

/* Which clock was compared, and what else changed between the runs besides the code. */
static void change_note(const pb_row *b, const pb_row *n, const pb_cmp *c, int tc_changed, unsigned inst, note *out)
{
    out->len = 0;
    out->buf[0] = '\0';
    if (c->verdict == PB_FAILED)
        add(out, "FAIL in %s", pb_row_is(b, "FAIL") && pb_row_is(n, "FAIL") ? "base and new"
                               : pb_row_is(b, "FAIL")                       ? "base"
                                                                            : "new");
    if (c->verdict == PB_SKIPPED) { /* nothing was measured: other differences do not matter */
        add(out, "SKIP in %s", pb_row_is(b, "SKIP") && pb_row_is(n, "SKIP") ? "base and new"
                               : pb_row_is(b, "SKIP")                       ? "base"
                                                                            : "new");
        if (pb_row_is(b, "PASS"))
            add(out, "passed in base, not measured in new");
        return;
    }
    if (strcmp(b->clock, n->clock) != 0)
        add(out, "%s clock (clock column %s -> %s)", pb_clock_name(c->device), b->clock[0] ? b->clock : "?",
            n->clock[0] ? n->clock : "?");
    else
        add(out, "%s clock", pb_clock_name(c->device));
    if (tc_changed)
        add(out, "toolchain %s -> %s", b->toolchain[0] ? b->toolchain : "?", n->toolchain[0] ? n->toolchain : "?");
    else if (strcmp(b->compiler_version, n->compiler_version) != 0)
        add(out, "%s %s -> %s", n->compiler, b->compiler_version[0] ? b->compiler_version : "?",
            n->compiler_version[0] ? n->compiler_version : "?");
    if (strcmp(b->device, n->device) != 0)
        add(out, "device %s -> %s", b->device, n->device);
    char wb[160], wn[160];
    pb_row_gpu_label(b, wb, sizeof wb);
    pb_row_gpu_label(n, wn, sizeof wn);
    if (inst && strcmp(wb, wn) != 0) /* matched by rank and index across nodes, or renumbered */
        add(out, "gpu %s -> %s", wb[0] ? wb : "?", wn[0] ? wn : "?");
    if (strcmp(b->offload, n->offload) != 0)
        add(out, "offload %s -> %s", b->offload, n->offload);
    if (strcmp(n->throttled, "yes") == 0 || strcmp(b->throttled, "yes") == 0)
        add(out, "throttled");
}

static void put_pair(pb_tab *t, const pb_row *b, const pb_row *n, int tc_changed, unsigned inst, const cmp_args *a,
                     pb_verdict *v)
{
    pb_cmp c;
    char x[64];
    note nt;
    *v = pb_classify(b, n, a->threshold, &c);
    put_key_cells(t, b, inst);
    /* the time of a wrong result is no result: only passing rows show one */
    pb_tab_put(t, "%s", pb_fmt_time(pb_row_is(b, "PASS") ? c.base_s : NAN, a->fmt, x, sizeof x));
    pb_tab_put(t, "%s", pb_fmt_time(pb_row_is(n, "PASS") ? c.new_s : NAN, a->fmt, x, sizeof x));
    int timed = *v != PB_SKIPPED && *v != PB_FAILED;
    pb_tab_put(t, "%s", pb_fmt_num(timed ? c.ratio : NAN, "%.3f", a->fmt, x, sizeof x));
    double noise = timed ? c.noise : NAN;
    pb_tab_put(t, "%s", pb_fmt_num(a->fmt == PB_FMT_CSV ? noise : 100 * noise, "%.1f%%", a->fmt, x, sizeof x));
    pb_tab_put(t, "%s", pb_verdict_name(*v));
    change_note(b, n, &c, tc_changed, inst, &nt);
    pb_tab_put(t, "%s", nt.buf);
}

static void put_only(pb_tab *t, const pb_row *r, int in_base, unsigned inst, pb_fmt fmt)
{
    char x[64];
    const char *time = pb_fmt_time(pb_row_is(r, "PASS") ? pb_row_time(r) : NAN, fmt, x, sizeof x);
    put_key_cells(t, r, inst);
    pb_tab_put(t, "%s", in_base ? time : "");
    pb_tab_put(t, "%s", in_base ? "" : time);
    pb_tab_put(t, "%s", "");
    pb_tab_put(t, "%s", "");
    pb_tab_put(t, "%s", in_base ? "ONLY-BASE" : "ONLY-NEW");
    pb_tab_put(t, "%s%s", r->verified,
               in_base && pb_row_is(r, "PASS")    ? ": missing in new"
               : !in_base && pb_row_is(r, "FAIL") ? ": fails, only in new"
                                                  : "");
}

/* What makes compare exit 1, one line each. */
typedef struct failures {
    char **line;
    size_t n, cap;
} failures;

static void fail_add(failures *f, const char *what, const pb_row *r, unsigned inst)
{
    char key[480], *s;
    row_name(r, inst, key, sizeof key);
    if (f->n == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 16;
        char **p = realloc(f->line, cap * sizeof *p);
        if (!p)
            return;
        f->line = p;
        f->cap = cap;
    }
    if (asprintf(&s, "%s: %s", what, key) >= 0)
        f->line[f->n++] = s;
}

static void fail_print(FILE *out, const failures *f, pb_fmt fmt)
{
    if (!f->n)
        return;
    fprintf(out, fmt == PB_FMT_MD ? "\n**Failures (exit status 1): %zu**\n\n" : "\nfailures (exit status 1): %zu\n", f->n);
    for (size_t i = 0; i < f->n; ++i)
        fprintf(out, fmt == PB_FMT_MD ? "- %s\n" : "  %s\n", f->line[i]);
}

static void fail_free(failures *f)
{
    for (size_t i = 0; i < f->n; ++i)
        free(f->line[i]);
    free(f->line);
}

static void list_only(FILE *out, const pb_rowset *s, const long *partner, const char *file, unsigned inst, pb_fmt fmt)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; ++i)
        n += partner[i] < 0;
    if (!n)
        return;
    fprintf(out, fmt == PB_FMT_MD ? "\n**Only in %s** (%zu):\n\n" : "\nonly in %s (%zu):\n", file, n);
    for (size_t i = 0; i < s->n; ++i)
        if (partner[i] < 0) {
            char key[480];
            row_name(&s->rows[i], inst, key, sizeof key);
            fprintf(out, fmt == PB_FMT_MD ? "- `%s` (%s)\n" : "  %s (%s)\n", key, s->rows[i].verified);
        }
}

static int cmp_uuid(const void *x, const void *y)
{
    return strcmp((*(const pb_row *const *)x)->gpu_uuid, (*(const pb_row *const *)y)->gpu_uuid);
}

/* The GPUs of BASE that NEW lacks entirely (a GPU lost from the node), one line each:
 * their rows are failures one by one, this says why. */
static void list_lost_gpus(FILE *out, const pb_rowset *base, const pb_rowset *cur, pb_fmt fmt)
{
    const pb_row **b = malloc((base->n + 1) * sizeof *b), **c = malloc((cur->n + 1) * sizeof *c);
    size_t nb = 0, nc = 0, lost = 0;
    for (size_t i = 0; b && i < base->n; ++i)
        if (base->rows[i].gpu_uuid[0])
            b[nb++] = &base->rows[i];
    for (size_t j = 0; c && j < cur->n; ++j)
        if (cur->rows[j].gpu_uuid[0])
            c[nc++] = &cur->rows[j];
    if (b && c) {
        qsort(b, nb, sizeof *b, cmp_uuid);
        qsort(c, nc, sizeof *c, cmp_uuid);
        for (size_t i = 0, j; i < nb; i = j) {
            size_t rows = 0;
            for (j = i; j < nb && cmp_uuid(&b[j], &b[i]) == 0; ++j)
                rows += pb_row_is(b[j], "PASS");
            if (!rows || bsearch(&b[i], c, nc, sizeof *c, cmp_uuid))
                continue;
            char where[160];
            pb_row_gpu_label(b[i], where, sizeof where);
            if (lost++ == 0)
                fprintf(out, fmt == PB_FMT_MD ? "\n**GPUs of base missing in new:**\n\n" : "\nGPUs of base missing in new:\n");
            fprintf(out, fmt == PB_FMT_MD ? "- %s (%s): %zu passing row(s)\n" : "  %s (%s): %zu passing row(s)\n", where,
                    b[i]->gpu_uuid, rows);
        }
    }
    free(b);
    free(c);
}

static int compare_two(const cmp_args *a, const pb_rowset *base, const pb_rowset *cur, FILE *out)
{
    pb_pairing p;
    pb_tab t;
    failures fl = {0};
    if (pb_pair_rows(base, cur, &p) != 0) {
        pb_pairing_free(&p);
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    const unsigned inst = p.instance;
    pb_tab_init(&t, NCOLS - !inst);
    for (int c = 0; c < NCOLS; ++c)
        if (inst || c != GPU_COL)
            pb_tab_put(&t, "%s", a->fmt == PB_FMT_CSV ? cols_csv[c] : cols_text[c]);
    int count[PB_NOTIME + 1] = {0};
    size_t matched = 0, only_b = 0, only_n = 0;
    for (size_t i = 0; i < base->n; ++i) {
        long j = p.of_base[i];
        if (j < 0)
            continue;
        const pb_row *b = &base->rows[i], *n = &cur->rows[j];
        pb_verdict v;
        put_pair(&t, b, n, p.toolchain_changed[i], inst, a, &v);
        ++count[v];
        ++matched;
        if (v == PB_SLOWER)
            fail_add(&fl, "SLOWER", n, inst);
        else if (pb_row_is(n, "FAIL"))
            fail_add(&fl, "FAIL in new", n, inst);
        else if (pb_row_is(n, "SKIP") && pb_row_is(b, "PASS"))
            fail_add(&fl, "passed in base, skipped in new", b, inst);
    }
    for (size_t i = 0; i < base->n; ++i)
        if (p.of_base[i] < 0) {
            ++only_b;
            if (pb_row_is(&base->rows[i], "PASS"))
                fail_add(&fl, "passed in base, missing in new", &base->rows[i], inst);
            if (a->fmt == PB_FMT_CSV) /* one table for scripts: unmatched rows included */
                put_only(&t, &base->rows[i], 1, inst, a->fmt);
        }
    for (size_t j = 0; j < cur->n; ++j)
        if (p.of_new[j] < 0) {
            ++only_n;
            if (pb_row_is(&cur->rows[j], "FAIL"))
                fail_add(&fl, "FAIL, only in new", &cur->rows[j], inst);
            if (a->fmt == PB_FMT_CSV)
                put_only(&t, &cur->rows[j], 0, inst, a->fmt);
        }
    if (a->fmt != PB_FMT_CSV) {
        pb_tab_hide_empty(&t);
        fprintf(out, a->fmt == PB_FMT_MD ? "Comparison of `%s` (base) and `%s` (new); threshold %.3g%%\n\n"
                                         : "base: %s\nnew:  %s\nthreshold %.3g%%; noise = 2*sqrt(sb^2+sn^2) of the "
                                           "relative spreads (stddev/median) of the compared clock\n\n",
                a->files[0], a->files[1], 100 * a->threshold);
        if (inst == PB_KEY_GPU)
            fprintf(out, "%srows of several GPUs: matched per GPU (gpu_uuid); the gpu column is GPU index@host%s\n\n",
                    a->fmt == PB_FMT_MD ? "Note: " : "", " (and MPI rank)");
        else if (inst)
            fprintf(out, "%s%s: matched by MPI rank and GPU index; the gpu column is where the base row ran\n\n",
                    a->fmt == PB_FMT_MD ? "Note: " : "",
                    pb_rows_multi_gpu(base) || pb_rows_multi_gpu(cur)
                        ? "the files share no GPU (other nodes, or a run without GPUs)"
                        : "rows of several MPI ranks");
    }
    int rc = pb_tab_print(out, &t, a->fmt);
    if (a->fmt != PB_FMT_CSV) {
        list_only(out, base, p.of_base, a->files[0], inst, a->fmt);
        list_only(out, cur, p.of_new, a->files[1], inst, a->fmt);
        if (inst == PB_KEY_GPU)
            list_lost_gpus(out, base, cur, a->fmt);
        fprintf(out, "\n%zu matched: %d SLOWER, %d FASTER, %d SAME, %d FAIL, %d SKIP%s; %zu only in base, %zu only in new\n",
                matched, count[PB_SLOWER], count[PB_FASTER], count[PB_SAME], count[PB_FAILED], count[PB_SKIPPED],
                count[PB_NOTIME] ? " (some without a time)" : "", only_b, only_n);
        fail_print(out, &fl, a->fmt);
    } else {
        for (size_t i = 0; i < fl.n; ++i) /* stdout is the CSV: the failures go to stderr */
            pb_errorf("%s", fl.line[i]);
    }
    int failed = fl.n > 0;
    fail_free(&fl);
    pb_tab_free(&t);
    pb_pairing_free(&p);
    if (rc != 0) {
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    return failed ? PB_EXIT_REGRESSION : PB_EXIT_OK;
}

static int compare_by_compiler(const cmp_args *a, const pb_rowset *s, FILE *out)
{
    pb_matrix m;
    pb_tab t;
    if (pb_matrix_build(&m, s, a->threshold) != 0 || pb_matrix_table(&m, a->fmt, &t) != 0) {
        pb_matrix_free(&m);
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    if (m.ng == 0) {
        pb_errorf("compare --by compiler: no OpenMP rows (backend omp) in the input");
        pb_tab_free(&t);
        pb_matrix_free(&m);
        return PB_EXIT_OK;
    }
    if (a->fmt != PB_FMT_CSV) {
        pb_tab_hide_empty(&t);
        fprintf(out, "OpenMP toolchains side by side; X/Y = time of X over time of Y (> 1: X slower); newer\n"
                     "compiler versions against older ones and 'tie' within max(%.3g%%, noise); times on each\n"
                     "row's clock, ratios on the clock both rows have.%s\n\n",
                100 * a->threshold,
                m.instance == PB_KEY_GPU ? "\nRows of several GPUs: one line per GPU (gpu: GPU index@host)."
                : m.instance             ? "\nRows of several MPI ranks: one line per rank (gpu: rank@host)."
                                         : "");
    }
    int rc = pb_tab_print(out, &t, a->fmt);
    if (a->fmt != PB_FMT_CSV && m.nsteps > 0)
        fprintf(out, "\n%zu regression(s), %zu improvement(s) between compiler versions%s\n", m.nregressions,
                m.nimprovements, m.nregressions ? ":" : "");
    for (size_t i = 0; i < m.ng; ++i)
        for (int k = 0; k < m.nsteps; ++k)
            if (m.g[i].step[k] == PB_STEP_REGRESSION) {
                const pb_matrix_group *g = &m.g[i];
                const pb_row *o = g->tc[m.step_old[k]], *n = g->tc[m.step_new[k]];
                char line[700], where[160] = "";
                if (m.instance)
                    pb_row_gpu_label(n, where, sizeof where);
                snprintf(line, sizeof line, "REGRESSION %s vs %s: %s %s %s %.0f%s%s%s%s%s (%s)", n->toolchain,
                         o->toolchain, n->benchmark, n->variant, n->dtype, n->size, n->params[0] ? " " : "", n->params,
                         where[0] ? " [" : "", where, where[0] ? "]" : "", pb_row_is(n, "FAIL") ? "fails" : "slower");
                if (a->fmt == PB_FMT_CSV)
                    pb_errorf("%s", line);
                else
                    fprintf(out, a->fmt == PB_FMT_MD ? "- %s\n" : "  %s\n", line);
            }
    size_t nreg = m.nregressions;
    pb_tab_free(&t);
    pb_matrix_free(&m);
    if (rc != 0)
        return PB_EXIT_USAGE;
    return a->fail_on_regression && nreg ? PB_EXIT_REGRESSION : PB_EXIT_OK;
}

/* ---- command ---- */

int pb_cmd_compare(int argc, char **argv)
{
    cmp_args a = {PB_DEFAULT_THRESHOLD, PB_FMT_TEXT, 0, 0, NULL, 0};
    char err[2 * PATH_MAX];
    a.files = calloc((size_t)argc + 1, sizeof *a.files);
    if (!a.files) {
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    int rc = pb_opt_parse(&pb_compare_spec, argc, argv, on_option, &a, a.files, &a.nfiles, err, sizeof err);
    if (rc == PB_OPT_HELP) {
        pb_opt_help(stdout, &pb_compare_spec);
        free(a.files);
        return PB_EXIT_OK;
    }
    if (rc == PB_OK && !a.by_compiler && a.nfiles != 2) {
        snprintf(err, sizeof err, "compare needs two files, BASE.csv NEW.csv (got %d; see 'portbench help compare')",
                 a.nfiles);
        rc = PB_ERR;
    }
    if (rc == PB_OK && a.fail_on_regression && !a.by_compiler) {
        snprintf(err, sizeof err, "--fail-on-regression goes with --by compiler (BASE vs NEW fails on any regression)");
        rc = PB_ERR;
    }
    if (rc != PB_OK) {
        pb_errorf("%s", err);
        free(a.files);
        return PB_EXIT_USAGE;
    }
    pb_rowset base = {0}, cur = {0};
    int read_ok = 1;
    if (a.by_compiler) {
        for (int i = 0; i < a.nfiles && read_ok; ++i)
            read_ok = pb_results_read(a.files[i], &base, err, sizeof err) == 0;
    } else {
        read_ok = pb_results_read(a.files[0], &base, err, sizeof err) == 0 &&
                  pb_results_read(a.files[1], &cur, err, sizeof err) == 0;
    }
    if (!read_ok) {
        pb_errorf("%s", err);
        rc = PB_EXIT_USAGE;
    } else {
        rc = a.by_compiler ? compare_by_compiler(&a, &base, stdout) : compare_two(&a, &base, &cur, stdout);
    }
    pb_rowset_free(&base);
    pb_rowset_free(&cur);
    free(a.files);
    return rc;
}
