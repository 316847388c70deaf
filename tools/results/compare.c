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

enum { O_THRESHOLD, O_BY, O_BASELINE, O_NEW, O_FAIL_ON_REGRESSION, O_WIDE, O_MD, O_CSV };

static const pb_optdef compare_opts[] = {
    {"threshold", PB_OPT_VALUE, "X", "smallest change that counts: 5% or 0.05 (default 5%; 1% with the U test,\n"
                                     "when each side has 4 runs or more)",
     O_THRESHOLD, 0},
    {"by", PB_OPT_VALUE, "compiler",
     "one run instead of two: every OpenMP toolchain side by side per variant,\n"
     "CUDA as reference, each newer compiler version against the older one",
     O_BY, 0},
    {"baseline", PB_OPT_VALUE, "LIST", "with --by compiler: the reference toolchain(s), e.g. clang-19,gcc-12: every\n"
                                       "other toolchain is judged against the baseline of its compiler",
     O_BASELINE, 0},
    {"new", PB_OPT_NONE, NULL, "the files after it are NEW, the ones before it BASE: several runs per side\n"
                               "(compare A1.csv A2.csv A3.csv --new B1.csv B2.csv B3.csv)",
     O_NEW, 0},
    {"fail-on-regression", PB_OPT_NONE, NULL, "with --by compiler: exit 1 when a toolchain is slower than its\n"
                                              "reference, or fails where it passed (exit 3: only too noisy rows)",
     O_FAIL_ON_REGRESSION, 0},
    {"wide", PB_OPT_NONE, NULL, "with --by compiler: every column (times too), however wide", O_WIDE, 0},
    {"md", PB_OPT_NONE, NULL, "markdown tables", O_MD, 0},
    {"csv", PB_OPT_NONE, NULL, "one CSV table on standard output (every column; unmatched rows included)", O_CSV, 0},
    {NULL, 0, NULL, NULL, 0, 0},
};

static const char compare_details[] =
    "BASE vs NEW: rows are matched by benchmark, variant, backend, toolchain, dtype, size and\n"
    "params; where a compiler has one toolchain on each side and its major version changed\n"
    "(clang-19 -> clang-20), its rows are matched without the version and the note says so.\n"
    "Several runs per side (--new): the rows of one configuration in the runs of a side are\n"
    "that side's runs; a file must hold each configuration once.\n"
    "Several GPUs: when a file holds rows of several GPUs, each GPU's rows are rows of their own,\n"
    "matched by gpu_uuid, and a gpu column names the GPU (GPU index@host, MPI rank); a GPU of BASE\n"
    "missing in NEW fails like any row that passed and is missing, and is listed. Where the files\n"
    "share no GPU (other nodes), rows are matched by MPI rank and GPU index instead (the note\n"
    "says 'gpu A -> B'); rows of several MPI ranks without GPUs by rank.\n"
    "Each pair is compared on the clock every row has: the device time when all have one from\n"
    "the same source (device_clock), else the host time; the note names the clock.\n"
    "\n"
    "the rule (robust: one disturbed repetition moves neither a median nor a minimum):\n"
    "  per run, the median m and the minimum of its repetitions on that clock; per side, the\n"
    "  centre c (the median of its runs' m) and the interval [lowest minimum, highest m];\n"
    "  r = c_new / c_base.\n"
    "  SAME       1/(1+threshold) <= r <= 1+threshold\n"
    "  SLOWER     r > 1+threshold and the sides differ: with 4 runs or more on each side the\n"
    "             Mann-Whitney U test of the runs' medians at alpha 0.05 (threshold default 1%);\n"
    "             with fewer, the intervals are apart (NEW's lowest minimum above BASE's highest\n"
    "             median; threshold default 5%); FASTER mirrored\n"
    "  AMBIGUOUS  beyond the threshold but the intervals overlap, the U test finds no\n"
    "             difference, or (two or three runs a side) the change is within 2.576 sigma of\n"
    "             how far the runs move between processes (1.4826 x the median absolute\n"
    "             deviation of the runs' medians): too noisy to judge; or the\n"
    "             SM clocks differ by more than 1% and in clock cycles (time x SM clock) the\n"
    "             change is within the threshold (a clock change is not a code change)\n"
    "  FAIL (verification failed in a row of either side) and SKIP are never classified.\n"
    "One run per side cannot show run-to-run variation: some kernels of some toolchains move by\n"
    "more than the threshold between two identical runs (docs/nightly.md gives the measured\n"
    "figures); gate on several runs per side.\n"
    "\n"
    "--by compiler: per benchmark, variant, dtype, size and params, the time and rate of every\n"
    "OpenMP toolchain in the files (rows of one toolchain in several files are its runs), and each\n"
    "toolchain judged against its reference by the rule above: the --baseline toolchain of its\n"
    "compiler, else the next older version of its compiler (by compiler and compiler_version\n"
    "read from the rows; at the same version an id with a suffix, clang-19-nightly, is the newer)\n"
    "(REGRESSION when slower or failing where the reference passed, IMPROVED when faster,\n"
    "AMBIGUOUS when too noisy); the CUDA row of the same case is the reference for the ratios.\n"
    "With --fail-on-regression a toolchain that has no reference (no other toolchain of its\n"
    "compiler, or no --baseline of it) is an error (exit 2): a gate never passes unchecked.\n"
    "\n"
    "exit status: 0 nothing failed; 1 (BASE vs NEW) a SLOWER row, a row that fails in NEW, a row\n"
    "that passed in BASE and is missing or skipped in NEW, or a failing row found only in NEW;\n"
    "1 (--by compiler --fail-on-regression) a REGRESSION; 3 nothing of that, but some rows were\n"
    "too noisy to judge (AMBIGUOUS, listed with the reason); 2 usage or input error (a malformed\n"
    "CSV, an unknown 'verified' value, a configuration twice in one file, a toolchain without a\n"
    "reference). The failures are listed first.\n";

const pb_cmdspec pb_compare_spec = {
    "compare",
    "BASE.csv NEW.csv | BASE.csv... --new NEW.csv... | --by compiler RESULTS.csv...",
    "what got faster, slower or broken between two results CSVs (--by compiler: toolchains side by side)",
    {compare_opts},
    1,
    -1,
    compare_details,
};

typedef struct cmp_args {
    double threshold;
    pb_fmt fmt;
    int by_compiler, fail_on_regression, wide;
    const char *baseline;
    char **files;
    int nfiles;
    int new_at; /* index of the first NEW file (--new), -1 without it */
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
    case O_BASELINE:
        a->baseline = val;
        return PB_OK;
    case O_NEW:
        if (a->new_at >= 0) {
            snprintf(err, cap, "--new is given twice");
            return PB_ERR;
        }
        a->new_at = 0;
        while (a->files[a->new_at]) /* the files so far (the parser fills them in order) are BASE */
            ++a->new_at;
        return PB_OK;
    case O_FAIL_ON_REGRESSION:
        a->fail_on_regression = 1;
        return PB_OK;
    case O_WIDE:
        a->wide = 1;
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
    pb_tab_put_row_key(t, r);
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
    char buf[640];
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

/* "base", "new" or "base and new": the sides where some row has this status. */
static const char *sides_with(const pb_side *b, const pb_side *n, pb_verified verified)
{
    int in_b = 0, in_n = 0;
    for (size_t i = 0; i < b->n; ++i)
        in_b |= b->row[i]->verified == verified;
    for (size_t i = 0; i < n->n; ++i)
        in_n |= n->row[i]->verified == verified;
    return in_b && in_n ? "base and new" : in_b ? "base" : "new";
}

static int all_pass(const pb_side *s)
{
    for (size_t i = 0; i < s->n; ++i)
        if (s->row[i]->verified != PB_VERIFIED_PASS)
            return 0;
    return s->n > 0;
}

/* Which clock was compared, why a verdict is AMBIGUOUS, and what else changed between the
 * runs besides the code (told from the first row of each side). */
static void change_note(const pb_side *bs, const pb_side *ns, const pb_cmp *c, int tc_changed, unsigned inst, note *out)
{
    const pb_row *b = bs->row[0], *n = ns->row[0];
    out->len = 0;
    out->buf[0] = '\0';
    if (c->verdict == PB_FAILED)
        add(out, "FAIL in %s", sides_with(bs, ns, PB_VERIFIED_FAIL));
    if (c->verdict == PB_SKIPPED) { /* nothing was measured: other differences do not matter */
        add(out, "SKIP in %s", sides_with(bs, ns, PB_VERIFIED_SKIP));
        if (all_pass(bs))
            add(out, "passed in base, not measured in new");
        return;
    }
    if (c->verdict == PB_AMBIGUOUS) {
        char why[300];
        pb_cmp_why(c, why, sizeof why);
        add(out, "%s", why);
    }
    if (bs->n > 1 || ns->n > 1)
        add(out, "%zu vs %zu runs", bs->n, ns->n);
    if (b->clock != n->clock)
        add(out, "%s clock (clock column %s -> %s)", pb_clock_name(c->device),
            b->clock ? pb_rate_clock_name(b->clock) : "?", n->clock ? pb_rate_clock_name(n->clock) : "?");
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
    if (b->offload != n->offload)
        add(out, "offload %s -> %s", pb_offload_name(b->offload), pb_offload_name(n->offload));
    if (n->throttled == PB_TRI_YES || b->throttled == PB_TRI_YES)
        add(out, "throttled");
}

static void put_pair(pb_tab *t, const pb_side *b, const pb_side *n, int tc_changed, unsigned inst, const cmp_args *a,
                     pb_cmp *c)
{
    char x[64];
    note nt;
    pb_classify_sides(b, n, a->threshold, c);
    put_key_cells(t, b->row[0], inst);
    /* the time of a wrong result is no result: only passing sides show one */
    pb_tab_put(t, "%s", pb_fmt_time(all_pass(b) ? c->base_s : NAN, a->fmt, x, sizeof x));
    pb_tab_put(t, "%s", pb_fmt_time(all_pass(n) ? c->new_s : NAN, a->fmt, x, sizeof x));
    int timed = c->verdict != PB_SKIPPED && c->verdict != PB_FAILED;
    pb_tab_put(t, "%s", pb_fmt_num(timed ? c->ratio : NAN, "%.3f", a->fmt, x, sizeof x));
    double noise = timed ? c->noise : NAN;
    pb_tab_put(t, "%s", pb_fmt_num(a->fmt == PB_FMT_CSV ? noise : 100 * noise, "%.1f%%", a->fmt, x, sizeof x));
    pb_tab_put(t, "%s", pb_verdict_name(c->verdict));
    change_note(b, n, c, tc_changed, inst, &nt);
    pb_tab_put(t, "%s", nt.buf);
}

static void put_only(pb_tab *t, const pb_row *r, int in_base, unsigned inst, pb_fmt fmt)
{
    char x[64];
    const char *time = pb_fmt_time(r->verified == PB_VERIFIED_PASS ? pb_row_time(r) : NAN, fmt, x, sizeof x);
    put_key_cells(t, r, inst);
    pb_tab_put(t, "%s", in_base ? time : "");
    pb_tab_put(t, "%s", in_base ? "" : time);
    pb_tab_put(t, "%s", "");
    pb_tab_put(t, "%s", "");
    pb_tab_put(t, "%s", in_base ? "ONLY-BASE" : "ONLY-NEW");
    pb_tab_put(t, "%s%s", pb_verified_name(r->verified),
               in_base && r->verified == PB_VERIFIED_PASS    ? ": missing in new"
               : !in_base && r->verified == PB_VERIFIED_FAIL ? ": fails, only in new"
                                                             : "");
}

/* Lines for people, collected while the table is made and printed before it: what makes
 * compare exit 1, and the rows too noisy to judge. */
typedef struct lines {
    char **line;
    size_t n, cap;
} lines;

static void lines_add(lines *f, const char *what, const pb_row *r, unsigned inst, const char *why)
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
    if (asprintf(&s, "%s: %s%s%s", what, key, why && *why ? ": " : "", why ? why : "") >= 0)
        f->line[f->n++] = s;
}

static void lines_print(FILE *out, const lines *f, const char *title, pb_fmt fmt)
{
    if (!f->n)
        return;
    fprintf(out, fmt == PB_FMT_MD ? "\n**%s: %zu**\n\n" : "\n%s: %zu\n", title, f->n);
    for (size_t i = 0; i < f->n; ++i)
        fprintf(out, fmt == PB_FMT_MD ? "- %s\n" : "  %s\n", f->line[i]);
}

static void lines_free(lines *f)
{
    for (size_t i = 0; i < f->n; ++i)
        free(f->line[i]);
    free(f->line);
}

static void list_only(FILE *out, const pb_rowset *s, const long *partner, const char *what, unsigned inst, pb_fmt fmt)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; ++i)
        n += partner[i] < 0;
    if (!n)
        return;
    fprintf(out, fmt == PB_FMT_MD ? "\n**Only in %s** (%zu):\n\n" : "\nonly in %s (%zu):\n", what, n);
    for (size_t i = 0; i < s->n; ++i)
        if (partner[i] < 0) {
            char key[480];
            row_name(&s->rows[i], inst, key, sizeof key);
            fprintf(out, fmt == PB_FMT_MD ? "- `%s` (%s)\n" : "  %s (%s)\n", key,
                    pb_verified_name(s->rows[i].verified));
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
                rows += b[j]->verified == PB_VERIFIED_PASS;
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

/* The files of one side, read into one row set: the rows of each configuration, one per
 * run (file), and one row of each configuration (the first) to pair the sides by. */
typedef struct side_set {
    const char *name;     /* for messages: the file, or "N files" */
    pb_rowset rows;       /* every row of every file, in file order */
    size_t *file;         /* per row: its file */
    char *const *paths;
    pb_index ix;          /* the rows by configuration */
    pb_rowset first;      /* the first row of each configuration */
    size_t *first_at;     /* per configuration: its first row in rows */
} side_set;

static void side_free(side_set *s)
{
    pb_rowset_free(&s->rows);
    pb_rowset_free(&s->first);
    pb_index_free(&s->ix);
    free(s->file);
    free(s->first_at);
}

static int side_read(side_set *s, char *const *paths, int n, char *err, size_t cap)
{
    s->paths = paths;
    for (int f = 0; f < n; ++f) {
        size_t before = s->rows.n;
        if (pb_results_read(paths[f], &s->rows, err, cap) != 0)
            return -1;
        size_t *p = realloc(s->file, (s->rows.n + 1) * sizeof *p);
        if (!p) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
        s->file = p;
        for (size_t i = before; i < s->rows.n; ++i)
            s->file[i] = (size_t)f;
    }
    return 0;
}

/* Group by configuration; a configuration twice in one file is an input error. */
static int side_group(side_set *s, unsigned fields, char *err, size_t cap)
{
    if (pb_index_build(&s->ix, &s->rows, fields) != 0 || !(s->first_at = malloc((s->rows.n + 1) * sizeof *s->first_at))) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < s->rows.n; ++i) {
        if (pb_index_first(&s->ix, s->ix.key[i]) != (long)i)
            continue;
        for (long j = pb_index_next(&s->ix, (long)i); j >= 0; j = pb_index_next(&s->ix, j))
            for (long k = (long)i; k != j; k = pb_index_next(&s->ix, k))
                if (s->file[k] == s->file[j]) {
                    char key[480];
                    size_t start = (size_t)k; /* the rows of one file are together: its first row */
                    while (start > 0 && s->file[start - 1] == s->file[j])
                        --start;
                    row_name(&s->rows.rows[j], fields & (PB_KEY_GPU | PB_KEY_SLOT), key, sizeof key);
                    snprintf(err, cap, "%s holds %s twice (data rows %zu and %zu): a run holds each configuration once",
                             s->paths[s->file[j]], key, (size_t)k - start + 1, (size_t)j - start + 1);
                    return -1;
                }
        s->first_at[s->first.n] = i;
        if (pb_rowset_push(&s->first, &s->rows.rows[i]) != 0) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
    }
    return 0;
}

/* The rows of configuration c (an index into s->first) as a side. */
static size_t side_rows(const side_set *s, size_t c, const pb_row **buf, size_t cap)
{
    size_t n = 0;
    for (long j = (long)s->first_at[c]; j >= 0 && n < cap; j = pb_index_next(&s->ix, j))
        buf[n++] = &s->rows.rows[j];
    return n;
}

enum { MAX_RUNS = 64 };

static int compare_two(const cmp_args *a, side_set *base, side_set *cur, FILE *out)
{
    char err[2 * PATH_MAX];
    const unsigned inst = pb_pair_instance_key(&base->rows, &cur->rows);
    if (side_group(base, PB_KEY_ROW | inst, err, sizeof err) != 0 || side_group(cur, PB_KEY_ROW | inst, err, sizeof err) != 0) {
        pb_errorf("%s", err);
        return PB_EXIT_USAGE;
    }
    pb_pairing p;
    pb_tab t;
    lines fl = {0}, amb = {0};
    if (pb_pair_rows(&base->first, &cur->first, &p) != 0) {
        pb_pairing_free(&p);
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    pb_tab_init(&t, NCOLS - !inst);
    for (int c = 0; c < NCOLS; ++c)
        if (inst || c != GPU_COL)
            pb_tab_put(&t, "%s", a->fmt == PB_FMT_CSV ? cols_csv[c] : cols_text[c]);
    int count[PB_NOTIME + 1] = {0}, why[PB_WHY_FEW + 1] = {0};
    size_t matched = 0, only_b = 0, only_n = 0;
    for (size_t i = 0; i < base->first.n; ++i) {
        long j = p.of_base[i];
        if (j < 0)
            continue;
        const pb_row *rb[MAX_RUNS], *rn[MAX_RUNS];
        pb_side b = {rb, side_rows(base, i, rb, MAX_RUNS)}, n = {rn, side_rows(cur, (size_t)j, rn, MAX_RUNS)};
        pb_cmp c;
        put_pair(&t, &b, &n, p.toolchain_changed[i], inst, a, &c);
        ++count[c.verdict];
        ++matched;
        char what[64], reason[300];
        pb_cmp_why(&c, reason, sizeof reason);
        if (c.verdict == PB_SLOWER) {
            if (isnan(c.p))
                snprintf(what, sizeof what, "SLOWER x%.3f", c.ratio);
            else
                snprintf(what, sizeof what, "SLOWER x%.3f (U test of %zu and %zu runs: p = %.2g)", c.ratio, c.base_runs,
                         c.new_runs, c.p);
            lines_add(&fl, what, n.row[0], inst, NULL);
        } else if (c.verdict == PB_AMBIGUOUS) {
            ++why[c.why];
            lines_add(&amb, "AMBIGUOUS", n.row[0], inst, reason);
        } else if (c.verdict == PB_FAILED && strcmp(sides_with(&b, &n, PB_VERIFIED_FAIL), "base") != 0) {
            lines_add(&fl, "FAIL in new", n.row[0], inst, NULL);
        } else if (c.verdict == PB_SKIPPED && all_pass(&b)) {
            lines_add(&fl, "passed in base, skipped in new", b.row[0], inst, NULL);
        }
    }
    for (size_t i = 0; i < base->first.n; ++i)
        if (p.of_base[i] < 0) {
            ++only_b;
            if (base->first.rows[i].verified == PB_VERIFIED_PASS)
                lines_add(&fl, "passed in base, missing in new", &base->first.rows[i], inst, NULL);
            if (a->fmt == PB_FMT_CSV) /* one table for scripts: unmatched rows included */
                put_only(&t, &base->first.rows[i], 1, inst, a->fmt);
        }
    for (size_t j = 0; j < cur->first.n; ++j)
        if (p.of_new[j] < 0) {
            ++only_n;
            if (cur->first.rows[j].verified == PB_VERIFIED_FAIL)
                lines_add(&fl, "FAIL, only in new", &cur->first.rows[j], inst, NULL);
            if (a->fmt == PB_FMT_CSV)
                put_only(&t, &cur->first.rows[j], 0, inst, a->fmt);
        }
    int rc = 0;
    if (a->fmt != PB_FMT_CSV) {
        int md = a->fmt == PB_FMT_MD;
        pb_tab_hide_empty(&t);
        char thr[96];
        fprintf(out, md ? "Comparison of `%s` (base) and `%s` (new); threshold %s\n\n" : "base: %s\nnew:  %s\nthreshold %s\n",
                base->name, cur->name, pb_threshold_text(a->threshold, thr, sizeof thr));
        if (inst == PB_KEY_GPU)
            fprintf(out, "%srows of several GPUs: matched per GPU (gpu_uuid); the gpu column is GPU index@host%s\n",
                    md ? "\nNote: " : "", " (and MPI rank)");
        else if (inst)
            fprintf(out, "%s%s: matched by MPI rank and GPU index; the gpu column is where the base row ran\n",
                    md ? "\nNote: " : "",
                    pb_rows_multi_gpu(&base->rows) || pb_rows_multi_gpu(&cur->rows)
                        ? "the files share no GPU (other nodes, or a run without GPUs)"
                        : "rows of several MPI ranks");
        /* the verdict first: what a CI log reader looks for */
        fprintf(out, "\n%zu matched: %d SLOWER, %d FASTER, %d SAME, %d AMBIGUOUS, %d FAIL, %d SKIP%s; %zu only in base, %zu only in new\n",
                matched, count[PB_SLOWER], count[PB_FASTER], count[PB_SAME], count[PB_AMBIGUOUS], count[PB_FAILED],
                count[PB_SKIPPED], count[PB_NOTIME] ? " (some without a time)" : "", only_b, only_n);
        if (count[PB_AMBIGUOUS])
            fprintf(out, "%d too noisy to judge: %d within the runs' spread, %d not told apart by the U test, %d "
                         "explained by the SM clock\n",
                    count[PB_AMBIGUOUS], why[PB_WHY_OVERLAP] + why[PB_WHY_SPREAD], why[PB_WHY_TEST], why[PB_WHY_CLOCK]);
        lines_print(out, &fl, "failures (exit status 1)", a->fmt);
        lines_print(out, &amb, fl.n ? "too noisy to judge" : "too noisy to judge (exit status 3)", a->fmt);
        fputc('\n', out);
    }
    rc = pb_tab_print(out, &t, a->fmt);
    if (a->fmt != PB_FMT_CSV) {
        list_only(out, &base->first, p.of_base, base->name, inst, a->fmt);
        list_only(out, &cur->first, p.of_new, cur->name, inst, a->fmt);
        if (inst == PB_KEY_GPU)
            list_lost_gpus(out, &base->rows, &cur->rows, a->fmt);
    } else {
        for (size_t i = 0; i < fl.n; ++i) /* stdout is the CSV: the failures go to stderr */
            pb_errorf("%s", fl.line[i]);
        for (size_t i = 0; i < amb.n; ++i)
            pb_errorf("%s", amb.line[i]);
    }
    int failed = fl.n > 0, ambiguous = amb.n > 0;
    lines_free(&fl);
    lines_free(&amb);
    pb_tab_free(&t);
    pb_pairing_free(&p);
    if (rc != 0) {
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    return failed ? PB_EXIT_REGRESSION : ambiguous ? PB_EXIT_AMBIGUOUS : PB_EXIT_OK;
}

static int compare_by_compiler(const cmp_args *a, const pb_rowset *s, const size_t *file_of, FILE *out)
{
    pb_matrix m;
    pb_tab t;
    char err[1024];
    int rc = pb_matrix_build(&m, s, file_of, a->threshold, a->baseline, err, sizeof err);
    if (rc == -2) {
        pb_errorf("compare --by compiler: %s", err);
        return PB_EXIT_USAGE;
    }
    if (rc != 0 || pb_matrix_table(&m, a->fmt, a->wide, &t) != 0) {
        pb_matrix_free(&m);
        pb_errorf("out of memory");
        return PB_EXIT_USAGE;
    }
    if (m.ng == 0) {
        pb_errorf("compare --by compiler: no OpenMP rows (backend omp) in the input");
        pb_tab_free(&t);
        pb_matrix_free(&m);
        return a->fail_on_regression ? PB_EXIT_USAGE : PB_EXIT_OK;
    }
    /* a gate never passes unchecked: every toolchain it should judge needs a reference */
    if (a->fail_on_regression) {
        char list[600] = "";
        int must = 0;
        for (int i = 0; i < m.nunjudged; ++i) {
            const pb_matrix_tc *tc = &m.info[m.unjudged[i]];
            if (a->baseline || pb_matrix_tc_suffixed(tc) || m.nsteps == 0) {
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s (%s %s)", must++ ? ", " : "", tc->id,
                         tc->compiler, tc->version[0] ? tc->version : "?");
            }
        }
        if (must) {
            pb_errorf("compare --by compiler --fail-on-regression: no reference toolchain for %s: %s", list,
                      a->baseline ? "--baseline names none of its compiler"
                                  : "the input holds no other toolchain of its compiler (give --baseline ID)");
            pb_tab_free(&t);
            pb_matrix_free(&m);
            return PB_EXIT_USAGE;
        }
    }
    int md = a->fmt == PB_FMT_MD;
    char thr[96];
    if (a->fmt != PB_FMT_CSV) {
        pb_tab_hide_empty(&t);
        fprintf(out, "OpenMP toolchains side by side%s; rates in each row's unit on its clock%s\n",
                m.nruns > 1 ? " (the median of each toolchain's runs)" : "",
                a->wide || md ? "; X/Y = time of X over time of Y (> 1: X slower)" : "");
        for (int k = 0; k < m.nsteps; ++k)
            fprintf(out, "%s %s judged against %s %s%s\n", m.tc[m.step_new[k]], m.info[m.step_new[k]].version,
                    m.tc[m.step_old[k]], m.info[m.step_old[k]].version, a->wide || md ? "" : " (column '<id>/ref')");
        for (int i = 0; i < m.nunjudged; ++i)
            fprintf(out, "%s %s: no reference toolchain of %s in the input: not judged\n", m.tc[m.unjudged[i]],
                    m.info[m.unjudged[i]].version, m.info[m.unjudged[i]].compiler);
        if (m.instance)
            fprintf(out, "%s\n", m.instance == PB_KEY_GPU ? "Rows of several GPUs: one line per GPU (gpu: GPU index@host)."
                                                          : "Rows of several MPI ranks: one line per rank (gpu: rank@host).");
        if (m.nsteps > 0) /* the verdict first, then the failures, then the table */
            fprintf(out, "\n%zu regression(s), %zu improvement(s), %zu too noisy to judge (AMBIGUOUS); threshold %s\n",
                    m.nregressions, m.nimprovements, m.nambiguous, pb_threshold_text(a->threshold, thr, sizeof thr));
    }
    for (int pass = 0; pass < 2; ++pass)
        for (size_t i = 0; i < m.ng; ++i)
            for (int k = 0; k < m.nsteps; ++k) {
                pb_matrix_step want = pass == 0 ? PB_STEP_REGRESSION : PB_STEP_AMBIGUOUS;
                if (m.g[i].step[k] != want)
                    continue;
                const pb_matrix_group *g = &m.g[i];
                const pb_cmp *c = &g->step_cmp[k];
                const pb_row *n = g->tc[m.step_new[k]];
                char line[900], where[160] = "", why[300] = "";
                if (m.instance)
                    pb_row_gpu_label(n, where, sizeof where);
                if (want == PB_STEP_AMBIGUOUS)
                    pb_cmp_why(c, why, sizeof why);
                else if (!isnan(c->ratio) && c->verdict == PB_SLOWER)
                    snprintf(why, sizeof why, "slower x%.3f", c->ratio);
                else
                    snprintf(why, sizeof why, "fails");
                snprintf(line, sizeof line, "%s %s vs %s: %s %s %s %.0f%s%s%s%s%s (%s)", pb_matrix_step_name(want), n->toolchain,
                         m.tc[m.step_old[k]], n->benchmark, n->variant, n->dtype, n->size, n->params[0] ? " " : "",
                         n->params, where[0] ? " [" : "", where, where[0] ? "]" : "", why);
                if (a->fmt == PB_FMT_CSV)
                    pb_errorf("%s", line);
                else
                    fprintf(out, md ? "- %s\n" : "  %s\n", line);
            }
    if (a->fmt != PB_FMT_CSV)
        fputc('\n', out);
    /* the case columns (benchmark .. unit) lead every block when the text is fitted */
    rc = pb_tab_print_fit(out, &t, a->fmt, a->wide ? 0 : PB_TEXT_WIDTH, 6 + (m.instance != 0));
    size_t nreg = m.nregressions, namb = m.nambiguous;
    pb_tab_free(&t);
    pb_matrix_free(&m);
    if (rc != 0)
        return PB_EXIT_USAGE;
    if (!a->fail_on_regression)
        return PB_EXIT_OK;
    return nreg ? PB_EXIT_REGRESSION : namb ? PB_EXIT_AMBIGUOUS : PB_EXIT_OK;
}

/* ---- command ---- */

int pb_cmd_compare(int argc, char **argv)
{
    cmp_args a = {NAN, PB_FMT_TEXT, 0, 0, 0, NULL, NULL, 0, -1};
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
    if (rc == PB_OK && a.by_compiler && a.new_at >= 0) {
        snprintf(err, sizeof err, "--new goes with BASE vs NEW, not with --by compiler (its files are all one set)");
        rc = PB_ERR;
    }
    if (rc == PB_OK && !a.by_compiler && a.new_at < 0 && a.nfiles != 2) {
        snprintf(err, sizeof err,
                 "compare needs two files, BASE.csv NEW.csv, or BASE.csv... --new NEW.csv... (got %d; see 'portbench help "
                 "compare')",
                 a.nfiles);
        rc = PB_ERR;
    }
    if (rc == PB_OK && a.new_at >= 0 && (a.new_at == 0 || a.new_at == a.nfiles)) {
        snprintf(err, sizeof err, "--new needs files on both sides: BASE.csv... --new NEW.csv... (got %d and %d)", a.new_at,
                 a.nfiles - a.new_at);
        rc = PB_ERR;
    }
    if (rc == PB_OK && (a.fail_on_regression || a.baseline || a.wide) && !a.by_compiler) {
        snprintf(err, sizeof err, "--%s goes with --by compiler (BASE vs NEW fails on any regression)",
                 a.fail_on_regression ? "fail-on-regression" : a.baseline ? "baseline" : "wide");
        rc = PB_ERR;
    }
    if (rc != PB_OK) {
        pb_errorf("%s", err);
        free(a.files);
        return PB_EXIT_USAGE;
    }
    if (a.by_compiler) {
        side_set all;
        memset(&all, 0, sizeof all);
        if (side_read(&all, a.files, a.nfiles, err, sizeof err) != 0) {
            pb_errorf("%s", err);
            rc = PB_EXIT_USAGE;
        } else {
            rc = compare_by_compiler(&a, &all.rows, a.nfiles > 1 ? all.file : NULL, stdout);
        }
        side_free(&all);
    } else {
        int split = a.new_at >= 0 ? a.new_at : 1;
        side_set base, cur;
        char names[2][PATH_MAX + 32];
        memset(&base, 0, sizeof base);
        memset(&cur, 0, sizeof cur);
        if (split == 1)
            snprintf(names[0], sizeof names[0], "%s", a.files[0]);
        else
            snprintf(names[0], sizeof names[0], "%d runs: %s ...", split, a.files[0]);
        if (a.nfiles - split == 1)
            snprintf(names[1], sizeof names[1], "%s", a.files[split]);
        else
            snprintf(names[1], sizeof names[1], "%d runs: %s ...", a.nfiles - split, a.files[split]);
        base.name = names[0];
        cur.name = names[1];
        if (side_read(&base, a.files, split, err, sizeof err) != 0 ||
            side_read(&cur, a.files + split, a.nfiles - split, err, sizeof err) != 0) {
            pb_errorf("%s", err);
            rc = PB_EXIT_USAGE;
        } else {
            rc = compare_two(&a, &base, &cur, stdout);
        }
        side_free(&base);
        side_free(&cur);
    }
    free(a.files);
    return rc;
}
