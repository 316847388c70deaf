/* pb_match.c - reading, keys, the hash index, the common clock and the verdict rule. */
#define _GNU_SOURCE
#include "pb_match.h"
#include "pb_infer.h"
#include "pb_backends.h"
#include "pb_bench.h"
#include "pb_common.h"
#include "pb_tab.h"
#include "pb_table.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reading ---- */

/* The line number of data record k (0-based) of a CSV, counted as the reader counts
 * them: blank lines and '#' comments are no records, the first record is the header. */
static long record_line(const char *path, size_t k)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char buf[8192];
    long line = 0, found = 0;
    size_t seen = 0;
    int header = 1, at_start = 1;
    while (!found && fgets(buf, sizeof buf, f)) {
        int starts = at_start;
        at_start = strchr(buf, '\n') != NULL; /* a long line continues in the next read */
        if (!starts)
            continue;
        ++line;
        if (buf[0] == '\n' || buf[0] == '\r' || buf[0] == '#' || buf[0] == '\0')
            continue;
        if (header)
            header = 0;
        else if (seen++ == k)
            found = line;
    }
    fclose(f);
    return found;
}

int pb_results_read(const char *path, pb_rowset *out, char *err, size_t cap)
{
    size_t before = out->n;
    if (pb_csv_read_checked(path, out, err, cap) != 0)
        return -1;
    for (size_t i = before; i < out->n; ++i)
        if (out->rows[i].verified == PB_VERIFIED_NONE) { /* the reader refused other spellings */
            snprintf(err, cap, "%s:%ld: column 'verified': unknown value '' (PASS, FAIL or SKIP)", path,
                     record_line(path, i - before));
            return -1;
        }
    return 0;
}

/* ---- keys ---- */

enum { SEP = '\x1f' }; /* the ASCII unit separator: in no field of a portbench CSV */

void pb_toolchain_family(const char *toolchain, char *buf, size_t cap)
{
    snprintf(buf, cap, "%.*s", (int)strcspn(toolchain, "-"), toolchain);
}

void pb_toolchain_line(const char *toolchain, const char *compiler, char *buf, size_t cap)
{
    char fam[64];
    const char *suffix = "";
    if (!toolchain[0]) {
        snprintf(buf, cap, "%s", compiler);
        return;
    }
    pb_toolchain_family(toolchain, fam, sizeof fam);
    const char *p = toolchain + strlen(fam);
    if (*p == '-') {
        ++p;
        suffix = p + strspn(p, "0123456789");
    }
    snprintf(buf, cap, "%s%s", fam, suffix);
}

static char *put_str(char *p, char *end, const char *s)
{
    while (*s && p < end)
        *p++ = *s++;
    return p;
}

/* Sizes are integers: written by hand, since printf is the slowest part of keying
 * 200,000 rows. */
static char *put_num(char *p, char *end, double v)
{
    char tmp[40];
    if (v == floor(v) && fabs(v) < 1e15) {
        unsigned long long u = (unsigned long long)fabs(v);
        int n = 0;
        do
            tmp[n++] = (char)('0' + u % 10);
        while (u /= 10);
        if (v < 0 && p < end)
            *p++ = '-';
        while (n && p < end)
            *p++ = tmp[--n];
        return p;
    }
    snprintf(tmp, sizeof tmp, "%.17g", v);
    return put_str(p, end, tmp);
}

/* A library (cublas, cub, cudart) is the same series whichever compiler built its worker:
 * files written before the toolchain column derive none for it, newer ones carry the
 * worker's, and both must match. */
static int is_library(const char *backend)
{
    static char last[16];
    static int last_lib;
    if (strcmp(last, backend) != 0) {
        int i = pb_backend_of_row(backend, "");
        last_lib = i >= 0 && pb_backend_at((size_t)i)->library;
        pb_strlcpy(last, backend, sizeof last);
    }
    return last_lib;
}

void pb_row_key(const pb_row *r, unsigned fields, char *buf, size_t cap)
{
    char family[32] = "", slot[48] = "", *p = buf, *end = buf + cap - 1;
    if (is_library(r->backend)) {
        if (fields & PB_KEY_SERIES)
            fields = (fields & ~(unsigned)PB_KEY_SERIES) | PB_KEY_BACKEND;
        fields &= ~(unsigned)PB_KEY_FAMILY;
    }
    if (fields & PB_KEY_FAMILY)
        pb_toolchain_family(r->toolchain, family, sizeof family);
    /* a run outside MPI is rank 0; a file before gpu_index, GPU 0. A row without a GPU among
     * rows of several (a rank that found none) is told apart by its place too. */
    int gpu = (fields & PB_KEY_GPU) != 0, by_slot = (fields & PB_KEY_SLOT) || (gpu && !r->gpu_uuid[0]);
    if (by_slot)
        snprintf(slot, sizeof slot, "%.0f/%.0f", isnan(r->rank) ? 0 : r->rank, isnan(r->gpu_index) ? 0 : r->gpu_index);
    else if (fields & PB_KEY_INDEX)
        snprintf(slot, sizeof slot, "g%.0f", isnan(r->gpu_index) ? 0 : r->gpu_index);
    const char *field[] = {r->benchmark, r->dtype, NULL, r->params, fields & PB_KEY_VARIANT ? r->variant : "",
                           fields & (PB_KEY_SERIES | PB_KEY_BACKEND) ? r->backend : "",
                           fields & PB_KEY_SERIES ? r->toolchain : family, gpu ? r->gpu_uuid : "",
                           fields & PB_KEY_PROFILE ? r->gpu_profile : "", slot, fields & PB_KEY_HOST ? r->host : ""};
    for (size_t i = 0; i < sizeof field / sizeof *field; ++i) {
        if (i && p < end)
            *p++ = SEP;
        p = field[i] ? put_str(p, end, field[i]) : put_num(p, end, r->size);
    }
    *p = '\0';
}

void pb_tab_put_row_key(pb_tab *t, const pb_row *r)
{
    pb_tab_put(t, "%s", r->benchmark);
    pb_tab_put(t, "%s", r->variant);
    pb_tab_put(t, "%s", r->backend);
    pb_tab_put(t, "%s", r->toolchain);
    pb_tab_put(t, "%s", r->dtype);
    pb_tab_put(t, "%.0f", r->size);
    pb_tab_put(t, "%s", r->params);
}

void pb_row_series(const pb_row *r, char *buf, size_t cap) { pb_series_title(r->backend, r->toolchain, buf, cap); }

void pb_row_key_str(const pb_row *r, char *buf, size_t cap)
{
    char series[80];
    pb_row_series(r, series, sizeof series);
    snprintf(buf, cap, "%s %s %s %s %.0f%s%s", r->benchmark, r->variant, series, r->dtype, r->size,
             r->params[0] ? " " : "", r->params);
}

const char *pb_row_gpu_uuid(const pb_row *r) { return r->gpu_uuid; }

int pb_rows_multi_gpu(const pb_rowset *s)
{
    const char *first = NULL;
    for (size_t i = 0; i < s->n; ++i) {
        const char *u = s->rows[i].gpu_uuid;
        if (!u[0])
            continue;
        if (first && strcmp(first, u) != 0)
            return 1;
        first = u;
    }
    return 0;
}

int pb_rows_multi_rank(const pb_rowset *s)
{
    double first = NAN;
    for (size_t i = 0; i < s->n; ++i) {
        double k = s->rows[i].rank;
        if (isnan(k))
            continue;
        if (!isnan(first) && k != first)
            return 1;
        first = k;
    }
    return 0;
}

unsigned pb_rows_instance_key(const pb_rowset *s)
{
    return pb_rows_multi_gpu(s) ? PB_KEY_GPU : pb_rows_multi_rank(s) ? PB_KEY_SLOT : 0;
}

void pb_row_gpu_label(const pb_row *r, char *buf, size_t cap)
{
    char rank[24] = "";
    int has_gpu = r->gpu_uuid[0] != '\0' && !isnan(r->gpu_index);
    if (!isnan(r->rank))
        snprintf(rank, sizeof rank, "%sr%.0f", has_gpu ? " " : "", r->rank);
    if (has_gpu)
        snprintf(buf, cap, "g%.0f%s%s%s", r->gpu_index, r->host[0] ? "@" : "", r->host, rank);
    else if (rank[0])
        snprintf(buf, cap, "%s%s%s", rank, r->host[0] ? "@" : "", r->host);
    else if (r->gpu_uuid[0])
        snprintf(buf, cap, "%s", r->gpu_uuid); /* a GPU without an index: its UUID */
    else
        buf[0] = '\0';
}

static double or0(double v) { return isnan(v) ? 0 : v; }

int pb_row_same_instance(const pb_row *a, const pb_row *b, unsigned inst)
{
    if ((inst & PB_KEY_GPU) && (a->gpu_uuid[0] || b->gpu_uuid[0]))
        return strcmp(a->gpu_uuid, b->gpu_uuid) == 0;
    if (inst & (PB_KEY_GPU | PB_KEY_SLOT)) /* rows without a GPU: by their place, as pb_row_key */
        return or0(a->rank) == or0(b->rank) && or0(a->gpu_index) == or0(b->gpu_index);
    return 1;
}

static int num_cmp(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) - isnan(b);
    return (a > b) - (a < b);
}

int pb_row_gpu_cmp(const pb_row *a, const pb_row *b)
{
    int d = pb_natural_cmp(a->host, b->host);
    d = d ? d : num_cmp(a->rank, b->rank);
    d = d ? d : num_cmp(a->gpu_index, b->gpu_index);
    return d ? d : strcmp(a->gpu_uuid, b->gpu_uuid);
}

int pb_natural_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
            char *ea, *eb;
            unsigned long x = strtoul(a, &ea, 10), y = strtoul(b, &eb, 10);
            if (x != y)
                return x < y ? -1 : 1;
            a = ea, b = eb;
            continue;
        }
        if (*a != *b)
            return (unsigned char)*a - (unsigned char)*b;
        ++a, ++b;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

/* ---- the index: open addressing over the distinct keys, a chain per key ---- */

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; ++s)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* The slot holding key, or the empty slot where it would go. */
static size_t slot_of(const pb_index *ix, const char *key)
{
    size_t mask = ix->nslots - 1, s = (size_t)hash(key) & mask;
    while (ix->head[s] != ix->n && strcmp(ix->key[ix->head[s]], key) != 0)
        s = (s + 1) & mask;
    return s;
}

int pb_index_build(pb_index *ix, const pb_rowset *rows, unsigned fields)
{
    memset(ix, 0, sizeof *ix);
    ix->n = rows->n;
    ix->nslots = 16;
    while (ix->nslots < 2 * rows->n)
        ix->nslots *= 2;
    ix->key = calloc(rows->n + 1, sizeof *ix->key);
    ix->next = malloc((rows->n + 1) * sizeof *ix->next);
    ix->head = malloc(ix->nslots * sizeof *ix->head);
    ix->tail = malloc(ix->nslots * sizeof *ix->tail);
    ix->take = malloc(ix->nslots * sizeof *ix->take);
    if (!ix->key || !ix->next || !ix->head || !ix->tail || !ix->take) {
        pb_index_free(ix);
        return -1;
    }
    for (size_t s = 0; s < ix->nslots; ++s)
        ix->head[s] = ix->tail[s] = ix->take[s] = ix->n;
    for (size_t i = 0; i < rows->n; ++i) {
        char key[512];
        pb_row_key(&rows->rows[i], fields, key, sizeof key);
        if (!(ix->key[i] = strdup(key))) {
            pb_index_free(ix);
            return -1;
        }
        ix->next[i] = ix->n;
        size_t s = slot_of(ix, key);
        if (ix->head[s] == ix->n)
            ix->head[s] = ix->take[s] = i;
        else
            ix->next[ix->tail[s]] = i;
        ix->tail[s] = i;
    }
    return 0;
}

long pb_index_first(const pb_index *ix, const char *key)
{
    if (!ix->nslots)
        return -1;
    size_t s = slot_of(ix, key);
    return ix->head[s] == ix->n ? -1 : (long)ix->head[s];
}

long pb_index_next(const pb_index *ix, long row)
{
    return row < 0 || ix->next[row] == ix->n ? -1 : (long)ix->next[row];
}

long pb_index_take(pb_index *ix, const char *key)
{
    if (!ix->nslots)
        return -1;
    size_t s = slot_of(ix, key), t = ix->take[s];
    if (t == ix->n)
        return -1;
    ix->take[s] = ix->next[t];
    return (long)t;
}

void pb_index_free(pb_index *ix)
{
    for (size_t i = 0; ix->key && i < ix->n; ++i)
        free(ix->key[i]);
    free(ix->key);
    free(ix->next);
    free(ix->head);
    free(ix->tail);
    free(ix->take);
    memset(ix, 0, sizeof *ix);
}

/* ---- pairing two runs ---- */

/* Distinct toolchains of one backend and compiler in a row set: 0, 1 (its name in one),
 * or 2 (several). */
static int toolchains_of(const pb_rowset *s, const char *backend, const char *family, const char **one)
{
    int n = 0;
    *one = NULL;
    for (size_t i = 0; i < s->n && n < 2; ++i) {
        const pb_row *r = &s->rows[i];
        char f[32];
        pb_toolchain_family(r->toolchain, f, sizeof f);
        if (strcmp(r->backend, backend) != 0 || strcmp(f, family) != 0)
            continue;
        if (!*one)
            *one = r->toolchain, n = 1;
        else if (strcmp(*one, r->toolchain) != 0)
            n = 2;
    }
    return n;
}

/* Backends and compilers (at most 64) whose version changed between the files: one
 * toolchain of that compiler in each file, and they differ (clang-19 -> clang-20). Their
 * rows pair up without the major version: the "did the new compiler make it worse" case
 * across two runs. Two compilers (clang vs gcc) never pair. */
typedef struct changed_set {
    char what[64][48];
    char changed[64];
    int n;
} changed_set;

static int version_changed(changed_set *cs, const pb_rowset *base, const pb_rowset *cur, const pb_row *r)
{
    char family[32], what[48];
    pb_toolchain_family(r->toolchain, family, sizeof family);
    snprintf(what, sizeof what, "%.15s/%.31s", r->backend, family);
    for (int i = 0; i < cs->n; ++i)
        if (strcmp(cs->what[i], what) == 0)
            return cs->changed[i];
    const char *a, *b;
    int changed = family[0] && toolchains_of(base, r->backend, family, &a) == 1 &&
                  toolchains_of(cur, r->backend, family, &b) == 1 && strcmp(a, b) != 0;
    if (cs->n < 64) {
        pb_strlcpy(cs->what[cs->n], what, sizeof cs->what[0]);
        cs->changed[cs->n++] = (char)changed;
    }
    return changed;
}

static int cmp_cstr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* 1 when a GPU UUID occurs in both sets. */
static int share_gpu(const pb_rowset *a, const pb_rowset *b)
{
    const char **u = malloc((a->n + 1) * sizeof *u);
    size_t n = 0;
    if (!u)
        return 1;
    for (size_t i = 0; i < a->n; ++i)
        if (a->rows[i].gpu_uuid[0] && (n == 0 || strcmp(u[n - 1], a->rows[i].gpu_uuid) != 0))
            u[n++] = a->rows[i].gpu_uuid; /* rows of one GPU come together: few left */
    qsort(u, n, sizeof *u, cmp_cstr);
    int found = 0;
    for (size_t j = 0; j < b->n && !found; ++j) {
        const char *key = b->rows[j].gpu_uuid;
        found = key[0] && bsearch(&key, u, n, sizeof *u, cmp_cstr) != NULL;
    }
    free(u);
    return found;
}

unsigned pb_pair_instance_key(const pb_rowset *base, const pb_rowset *cur)
{
    if (pb_rows_multi_gpu(base) || pb_rows_multi_gpu(cur))
        return share_gpu(base, cur) ? PB_KEY_GPU : PB_KEY_SLOT;
    return pb_rows_multi_rank(base) || pb_rows_multi_rank(cur) ? PB_KEY_SLOT : 0;
}

int pb_pair_rows(const pb_rowset *base, const pb_rowset *cur, pb_pairing *p)
{
    unsigned gpu = pb_pair_instance_key(base, cur);
    memset(p, 0, sizeof *p);
    p->instance = gpu;
    p->of_base = malloc((base->n + 1) * sizeof *p->of_base);
    p->of_new = malloc((cur->n + 1) * sizeof *p->of_new);
    p->toolchain_changed = calloc(base->n + 1, 1);
    pb_index ix;
    if (!p->of_base || !p->of_new || !p->toolchain_changed || pb_index_build(&ix, cur, PB_KEY_ROW | gpu) != 0)
        return -1;
    for (size_t i = 0; i < base->n; ++i)
        p->of_base[i] = -1;
    for (size_t j = 0; j < cur->n; ++j)
        p->of_new[j] = -1;
    char key[512];
    size_t unpaired = 0;
    for (size_t i = 0; i < base->n; ++i) {
        pb_row_key(&base->rows[i], PB_KEY_ROW | gpu, key, sizeof key);
        long j = pb_index_take(&ix, key);
        if (j >= 0)
            p->of_base[i] = j, p->of_new[j] = (long)i;
        else
            ++unpaired;
    }
    pb_index_free(&ix);
    if (!unpaired)
        return 0;
    const unsigned by_family = PB_KEY_VARIANT | PB_KEY_BACKEND | PB_KEY_FAMILY | gpu;
    if (pb_index_build(&ix, cur, by_family) != 0)
        return -1;
    changed_set cs;
    cs.n = 0;
    for (size_t i = 0; i < base->n; ++i) {
        const pb_row *r = &base->rows[i];
        if (p->of_base[i] >= 0 || !version_changed(&cs, base, cur, r))
            continue;
        pb_row_key(r, by_family, key, sizeof key);
        long j;
        while ((j = pb_index_take(&ix, key)) >= 0 && p->of_new[j] >= 0)
            ;
        if (j >= 0)
            p->of_base[i] = j, p->of_new[j] = (long)i, p->toolchain_changed[i] = 1;
    }
    pb_index_free(&ix);
    return 0;
}

void pb_pairing_free(pb_pairing *p)
{
    free(p->of_base);
    free(p->of_new);
    free(p->toolchain_changed);
}

/* ---- clocks and the verdict rule ---- */

static int has_device_time(const pb_row *r) { return isfinite(r->device_time_median_s) && r->device_time_median_s > 0; }

/* Device times of two sources (CUPTI's first-to-last activity, CUDA events around the
 * launches) measure different intervals: only the same source compares. */
int pb_common_clock(const pb_row *a, const pb_row *b)
{
    return has_device_time(a) && has_device_time(b) && a->device_clock == b->device_clock;
}

const char *pb_clock_name(int device) { return device ? "device" : "host"; }

double pb_row_clock_time(const pb_row *r, int device) { return device ? r->device_time_median_s : r->time_median_s; }

double pb_row_clock_min(const pb_row *r, int device)
{
    double lo = device ? r->device_time_min_s : r->time_min_s, med = pb_row_clock_time(r, device);
    return isfinite(lo) && lo > 0 && lo <= med ? lo : med;
}

double pb_row_clock_spread(const pb_row *r, int device)
{
    double med = pb_row_clock_time(r, device);
    return med > 0 ? (med - pb_row_clock_min(r, device)) / med : 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of v[0..n) (sorted in place); NaN when n == 0. */
static double median_of(double *v, size_t n)
{
    if (!n)
        return NAN;
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* A side's centre, robust interval and SM clock on the given clock; the centre is NaN
 * when a row has no usable time. */
typedef struct side_stats {
    double centre, lo, hi, mhz;
} side_stats;

static side_stats side_of(const pb_side *s, int device)
{
    side_stats st = {NAN, INFINITY, -INFINITY, NAN};
    double med[64], mhz[64];
    size_t n = s->n < 64 ? s->n : 64, nclk = 0;
    for (size_t i = 0; i < n; ++i) {
        const pb_row *r = s->row[i];
        med[i] = pb_row_clock_time(r, device);
        if (!(isfinite(med[i]) && med[i] > 0))
            return st;
        st.lo = fmin(st.lo, pb_row_clock_min(r, device));
        st.hi = fmax(st.hi, med[i]);
        if (isfinite(r->sm_clock_mhz) && r->sm_clock_mhz > 0)
            mhz[nclk++] = r->sm_clock_mhz;
    }
    st.centre = median_of(med, n);
    st.mhz = nclk == n ? median_of(mhz, nclk) : NAN;
    return st;
}

static int side_has(const pb_side *s, pb_verified verified)
{
    for (size_t i = 0; i < s->n; ++i)
        if (s->row[i]->verified == verified)
            return 1;
    return 0;
}

/* 1 when every row of both sides has a device time from one source. */
static int sides_on_device(const pb_side *a, const pb_side *b)
{
    const pb_row *first = a->n ? a->row[0] : NULL;
    for (size_t i = 0; first && i < a->n + b->n; ++i)
        if (!pb_common_clock(first, i < a->n ? a->row[i] : b->row[i - a->n]))
            return 0;
    return first != NULL;
}

/* The relative spread of a side's runs: 1.4826 x the median absolute deviation of the
 * runs' medians over their median (the standard deviation where they are normal, and one
 * disturbed run does not widen it); NaN with one run, which shows none. */
static double runs_spread(const pb_side *s, int device)
{
    double m[64], d[64];
    size_t n = s->n < 64 ? s->n : 64;
    if (n < 2)
        return NAN;
    for (size_t i = 0; i < n; ++i)
        m[i] = pb_row_clock_time(s->row[i], device);
    double centre = median_of(m, n);
    for (size_t i = 0; i < n; ++i)
        d[i] = fabs(m[i] - centre);
    return centre > 0 ? 1.4826 * median_of(d, n) / centre : NAN;
}

/* The U test of the runs' medians; p NaN when a side has too few runs. */
static double runs_test(const pb_side *base, const pb_side *cur, int device)
{
    double x[64], y[64];
    size_t nx = base->n < 64 ? base->n : 64, ny = cur->n < 64 ? cur->n : 64;
    if (nx < PB_U_MIN_RUNS || ny < PB_U_MIN_RUNS)
        return NAN;
    for (size_t i = 0; i < nx; ++i)
        x[i] = pb_row_clock_time(base->row[i], device);
    for (size_t i = 0; i < ny; ++i)
        y[i] = pb_row_clock_time(cur->row[i], device);
    pb_mwu u;
    return pb_mwu_test(x, nx, y, ny, &u) == 0 ? u.p : NAN;
}

pb_verdict pb_classify_sides(const pb_side *base, const pb_side *cur, double threshold, pb_cmp *out)
{
    pb_cmp c;
    memset(&c, 0, sizeof c);
    c.base_runs = base->n;
    c.new_runs = cur->n;
    c.device = sides_on_device(base, cur);
    side_stats b = side_of(base, c.device), n = side_of(cur, c.device);
    c.base_s = b.centre, c.new_s = n.centre;
    c.base_lo = b.lo, c.base_hi = b.hi, c.new_lo = n.lo, c.new_hi = n.hi;
    c.ratio = b.centre > 0 && n.centre > 0 ? n.centre / b.centre : NAN;
    c.noise = isnan(c.ratio) ? NAN : fmax((b.hi - b.lo) / b.centre, (n.hi - n.lo) / n.centre);
    c.base_mhz = b.mhz, c.new_mhz = n.mhz;
    c.cycles_ratio = isfinite(b.mhz) && isfinite(n.mhz) ? c.ratio * n.mhz / b.mhz : NAN;
    int clocks_differ = isfinite(c.cycles_ratio) && fabs(n.mhz / b.mhz - 1) > 0.01;
    c.p = isnan(c.ratio) ? NAN : runs_test(base, cur, c.device);
    threshold = !isnan(threshold) ? threshold : !isnan(c.p) ? PB_DEFAULT_THRESHOLD_U : PB_DEFAULT_THRESHOLD;
    c.threshold = threshold;
    int apart = !isnan(c.p) ? c.p < 0.05 : c.ratio > 1 ? n.lo > b.hi : b.lo > n.hi;
    /* fewer runs than the U test needs, but two or more a side: the change must also stand
     * out from how far the runs move between processes (LNT's 2.576 sigma rule, on the
     * runs' robust spread) */
    double sb = runs_spread(base, c.device), sn = runs_spread(cur, c.device);
    if (isnan(sb) != isnan(sn)) /* one run on one side: its process moves as the other side's do */
        sb = isnan(sb) ? sn : sb, sn = isnan(sn) ? sb : sn;
    c.runs_noise = isnan(sb) ? NAN : sqrt(sb * sb + sn * sn);
    if (apart && isnan(c.p) && !isnan(c.runs_noise) && !(fabs(log(c.ratio)) > 2.576 * c.runs_noise))
        apart = -1; /* apart, but within the runs' spread */
    if (side_has(base, PB_VERIFIED_FAIL) || side_has(cur, PB_VERIFIED_FAIL))
        c.verdict = PB_FAILED;
    else if (side_has(base, PB_VERIFIED_SKIP) || side_has(cur, PB_VERIFIED_SKIP) || !base->n || !cur->n)
        c.verdict = PB_SKIPPED;
    else if (isnan(c.ratio))
        c.verdict = PB_NOTIME;
    else if (c.ratio <= (1 + threshold) * (1 + 1e-12) && c.ratio * (1 + threshold) * (1 + 1e-12) >= 1)
        c.verdict = PB_SAME; /* (1 + 1e-12): a ratio on the threshold is within it, whatever the rounding */
    else if (apart <= 0)
        c.verdict = PB_AMBIGUOUS, c.why = apart < 0 ? PB_WHY_SPREAD : isnan(c.p) ? PB_WHY_OVERLAP : PB_WHY_TEST;
    else if (clocks_differ && c.cycles_ratio <= (1 + threshold) * (1 + 1e-12) &&
             c.cycles_ratio * (1 + threshold) * (1 + 1e-12) >= 1)
        c.verdict = PB_AMBIGUOUS, c.why = PB_WHY_CLOCK;
    else
        c.verdict = c.ratio > 1 ? PB_SLOWER : PB_FASTER;
    if (out)
        *out = c;
    return c.verdict;
}

pb_verdict pb_classify(const pb_row *base, const pb_row *cur, double threshold, pb_cmp *out)
{
    const pb_row *b[1] = {base}, *n[1] = {cur};
    pb_side sb = {b, 1}, sn = {n, 1};
    return pb_classify_sides(&sb, &sn, threshold, out);
}

const char *pb_verdict_name(pb_verdict v)
{
    static const char *const names[] = {"SAME", "FASTER", "SLOWER", "AMBIGUOUS", "FAIL", "SKIP", "NO-TIME"};
    return (unsigned)v < sizeof names / sizeof *names ? names[v] : "?";
}

void pb_cmp_why(const pb_cmp *c, char *buf, size_t cap)
{
    char t[4][32];
    if (c->why == PB_WHY_OVERLAP)
        snprintf(buf, cap, "too noisy to judge: x%.3f is within the runs' spread (base %s-%s, new %s-%s)", c->ratio,
                 pb_fmt_time(c->base_lo, PB_FMT_TEXT, t[0], sizeof t[0]),
                 pb_fmt_time(c->base_hi, PB_FMT_TEXT, t[1], sizeof t[1]),
                 pb_fmt_time(c->new_lo, PB_FMT_TEXT, t[2], sizeof t[2]),
                 pb_fmt_time(c->new_hi, PB_FMT_TEXT, t[3], sizeof t[3]));
    else if (c->why == PB_WHY_FEW)
        snprintf(buf, cap, "too noisy to judge: x%.3f, but %zu earlier run%s cannot show how far it moves between runs",
                 c->ratio, c->base_runs, c->base_runs == 1 ? "" : "s");
    else if (c->why == PB_WHY_SPREAD)
        snprintf(buf, cap, "too noisy to judge: x%.3f, but the runs move by %.1f%% between processes (%zu and %zu runs; "
                 "2.576 sigma is %.1f%%)",
                 c->ratio, 100 * c->runs_noise, c->base_runs, c->new_runs, 100 * expm1(2.576 * c->runs_noise));
    else if (c->why == PB_WHY_TEST)
        snprintf(buf, cap, "too noisy to judge: x%.3f, but the U test of %zu and %zu runs gives p = %.2g", c->ratio,
                 c->base_runs, c->new_runs, c->p);
    else if (c->why == PB_WHY_CLOCK)
        snprintf(buf, cap, "SM clock %.0f -> %.0f MHz: in cycles x%.3f, within the threshold", c->base_mhz, c->new_mhz,
                 c->cycles_ratio);
    else if (cap)
        buf[0] = '\0';
}

const char *pb_threshold_text(double threshold, char *buf, size_t cap)
{
    if (isnan(threshold))
        snprintf(buf, cap, "%.3g%% (%.3g%% with the U test of %d runs a side)", 100 * PB_DEFAULT_THRESHOLD,
                 100 * PB_DEFAULT_THRESHOLD_U, PB_U_MIN_RUNS);
    else
        snprintf(buf, cap, "%.3g%%", 100 * threshold);
    return buf;
}

int pb_parse_threshold(const char *s, double *out, char *err, size_t cap)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    int pct = end != s && strcmp(end, "%") == 0;
    if (end == s || (*end && !pct) || errno == ERANGE || !isfinite(v)) {
        snprintf(err, cap, "--threshold '%s': use a percentage like 5%% or a fraction like 0.05", s);
        return -1;
    }
    if (pct)
        v /= 100;
    else if (v >= 1) {
        snprintf(err, cap, "--threshold '%s' is ambiguous: write %s%% or a fraction below 1 (0.05 = 5%%)", s, s);
        return -1;
    }
    if (v < 0 || v >= 1) {
        snprintf(err, cap, "--threshold '%s' must be at least 0 and below 100%%", s);
        return -1;
    }
    *out = v;
    return 0;
}

int pb_parse_alpha(const char *s, double *out, char *err, size_t cap)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v > 0 && v < 1)) {
        snprintf(err, cap, "--alpha '%s': a probability between 0 and 1 (e.g. 0.01)", s);
        return -1;
    }
    *out = v;
    return 0;
}

int pb_parse_by(const char *s, int *by_time, char *err, size_t cap)
{
    if (strcmp(s, "version") && strcmp(s, "time")) {
        snprintf(err, cap, "--by '%s': version or time", s);
        return -1;
    }
    *by_time = strcmp(s, "time") == 0;
    return 0;
}

/* ---- rates ---- */

/* pb_row_rate and pb_row_unit: pb_rate.c, one definition for the driver and the tools */

double pb_row_rate_on(const pb_row *r, int device)
{
    double t = pb_row_clock_time(r, device), own = pb_row_time(r);
    return t > 0 && own > 0 ? pb_row_rate(r) * own / t : NAN;
}

/* ---- the spread across GPUs ---- */

int pb_spread_of(const pb_row *const *rows, size_t n, pb_spread *out)
{
    memset(out, 0, sizeof *out);
    out->min = out->median = out->max = NAN;
    double *v = malloc((n + 1) * sizeof *v);
    if (!v)
        return -1;
    for (size_t i = 0; i < n; ++i) {
        const pb_row *r = rows[i];
        double rate = pb_row_rate(r);
        if (r->verified != PB_VERIFIED_PASS || !(rate > 0) || !isfinite(rate)) {
            ++out->others;
            continue;
        }
        if (!out->slowest || rate < pb_row_rate(out->slowest))
            out->slowest = r;
        if (!out->fastest || rate > pb_row_rate(out->fastest))
            out->fastest = r;
        v[out->n++] = rate;
    }
    if (out->n) {
        qsort(v, out->n, sizeof *v, cmp_double);
        size_t m = out->n / 2;
        out->min = v[0];
        out->max = v[out->n - 1];
        out->median = out->n % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
    }
    free(v);
    return 0;
}

double pb_spread_pct(const pb_spread *s) { return s->n && s->median > 0 ? 100 * (s->max - s->min) / s->median : NAN; }
