#define _GNU_SOURCE
#include "pb_stream.h"
#include "pb_common.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const status_names[] = {"ok", "skip", "error"};

const char *pb_backend_status_name(pb_backend_status s)
{
    return (int)s >= 0 && s <= PB_BACKEND_ERROR ? status_names[s] : "?";
}

/* ---- writing ---- */

/* One record as one line (the caller flushes it: a worker does after each record, so that
 * the driver reads what a crashed worker wrote, and names the error of a full disk). */
static int put(FILE *f, cJSON *o)
{
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    int rc = text && fputs(text, f) >= 0 && fputc('\n', f) != EOF && !ferror(f) ? PB_OK : PB_ERR;
    free(text);
    cJSON_Delete(o);
    return rc;
}

static cJSON *record(const char *type)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "t", type);
    return o;
}

/* A number exactly (the shortest of 15 to 17 digits that reads back to the same double:
 * cJSON's own printing allows an error of an ulp), or null where it is missing (NaN) or
 * not finite. */
static cJSON *exact(double v)
{
    if (!isfinite(v))
        return cJSON_CreateNull();
    char text[32];
    for (int digits = 15; digits <= 17; ++digits) {
        snprintf(text, sizeof text, "%.*g", digits, v);
        if (strtod(text, NULL) == v)
            break;
    }
    return cJSON_CreateRaw(text);
}

static void add_num(cJSON *o, const char *key, double v) { cJSON_AddItemToObject(o, key, exact(v)); }

int pb_stream_write_hello(FILE *f, const pb_stream_hello *h)
{
    cJSON *o = record("hello");
    cJSON_AddStringToObject(o, "format", PB_STREAM_FORMAT);
    cJSON_AddNumberToObject(o, "version", PB_STREAM_VERSION);
    cJSON_AddStringToObject(o, "worker", h->worker);
    cJSON_AddStringToObject(o, "toolchain", h->toolchain);
    cJSON_AddStringToObject(o, "git_sha", h->git_sha);
    cJSON_AddStringToObject(o, "build_flags", h->build_flags);
    cJSON_AddStringToObject(o, "device_clock", h->device_clock);
    return put(f, o);
}

int pb_stream_write_backend(FILE *f, const pb_stream_backend *b)
{
    cJSON *o = record("backend");
    cJSON_AddStringToObject(o, "backend", b->backend);
    cJSON_AddStringToObject(o, "compiler", b->compiler);
    cJSON_AddStringToObject(o, "compiler_version", b->compiler_version);
    cJSON_AddStringToObject(o, "status", pb_backend_status_name(b->status));
    cJSON_AddStringToObject(o, "why", b->why);
    cJSON_AddStringToObject(o, "device", b->device);
    cJSON_AddStringToObject(o, "device_uuid", b->device_uuid);
    cJSON_AddNumberToObject(o, "threads", b->threads);
    cJSON_AddStringToObject(o, "detail", b->detail);
    return put(f, o);
}

int pb_stream_write_row(FILE *f, long id, const pb_row *r)
{
    cJSON *o = record("row");
    cJSON_AddNumberToObject(o, "id", (double)id);
    for (size_t i = 0; i < pb_csv_ncolumns(); ++i) {
        const char *name = pb_csv_column_name(i);
        if (pb_csv_column_is_number(i))
            add_num(o, name, pb_row_num(r, i));
        else
            cJSON_AddStringToObject(o, name, pb_row_str(r, i));
    }
    if (r->nsamples) {
        cJSON *smp = cJSON_AddArrayToObject(o, "samples");
        for (size_t k = 0; k < r->nsamples; ++k) {
            cJSON *one = cJSON_CreateArray();
            const double v[3] = {r->samples[k].host_s, r->samples[k].device_s, r->samples[k].sm_clock_mhz};
            for (int j = 0; j < 3; ++j)
                cJSON_AddItemToArray(one, exact(v[j]));
            cJSON_AddItemToArray(smp, one);
        }
    }
    if (isfinite(r->elems)) /* not a column: what elems_per_s is derived from (pb_derive.h) */
        add_num(o, "elems", r->elems);
    if (r->shape_source != PB_SHAPE_NONE) { /* a best variant's launch shape: which, and from where */
        cJSON_AddStringToObject(o, "shape", r->shape);
        cJSON_AddStringToObject(o, "shape_source", pb_shape_source_name(r->shape_source));
    }
    return put(f, o);
}

int pb_stream_write_end(FILE *f, const pb_stream_end *e)
{
    cJSON *o = record("end");
    cJSON_AddNumberToObject(o, "rows", (double)e->rows);
    cJSON_AddNumberToObject(o, "failed", (double)e->failed);
    if (e->run_failed) /* a driver's run's; a worker's stream stays as it was */
        cJSON_AddTrueToObject(o, "run_failed");
    if (e->interrupted)
        cJSON_AddNumberToObject(o, "interrupted", e->interrupted);
    if (e->bound[0])
        cJSON_AddStringToObject(o, "bound", e->bound);
    return put(f, o);
}

int pb_stream_write_meta(FILE *f, const void *meta)
{
    if (!cJSON_IsObject((const cJSON *)meta))
        return PB_ERR;
    cJSON *o = record("meta");
    cJSON_AddItemReferenceToObject(o, "meta", (cJSON *)meta); /* put() frees the reference, not meta */
    return put(f, o);
}

int pb_stream_write_rowset(FILE *f, const pb_stream_hello *h, const pb_rowset *rows, const void *meta, pb_stream_end *e)
{
    int rc = pb_stream_write_hello(f, h);
    e->rows = (long)rows->n;
    e->failed = 0;
    for (size_t i = 0; i < rows->n && rc == PB_OK; ++i) {
        e->failed += rows->rows[i].verified == PB_VERIFIED_FAIL;
        rc = pb_stream_write_row(f, (long)i, &rows->rows[i]);
    }
    if (rc == PB_OK && meta)
        rc = pb_stream_write_meta(f, meta);
    if (rc == PB_OK)
        rc = pb_stream_write_end(f, e);
    return rc == PB_OK && fflush(f) == 0 ? PB_OK : PB_ERR;
}

/* ---- reading ---- */

typedef struct line_ctx {
    const char *name;
    long line;
    char *err;
    size_t cap;
} line_ctx;

static int bad(line_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(line_ctx *c, const char *fmt, ...)
{
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(c->err, c->cap, "%s:%ld: %s", c->name, c->line, what);
    return PB_ERR;
}

static const cJSON *get(const cJSON *o, const char *key) { return cJSON_GetObjectItemCaseSensitive(o, key); }

/* A string field (missing: left as it is). */
static int get_str(line_ctx *c, const cJSON *o, const char *key, char *dst, size_t cap)
{
    const cJSON *v = get(o, key);
    if (!v)
        return PB_OK;
    if (!cJSON_IsString(v))
        return bad(c, "\"%s\" is not a string", key);
    pb_strlcpy(dst, v->valuestring, cap);
    return PB_OK;
}

/* An integer field in [0, 2^52] (required when asked). */
static int get_count(line_ctx *c, const cJSON *o, const char *key, long *out, int required)
{
    const cJSON *v = get(o, key);
    if (!v && !required)
        return PB_OK;
    if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) || v->valuedouble < 0 ||
        v->valuedouble > 4503599627370496.0)
        return bad(c, "\"%s\" is not an integer >= 0", key);
    *out = (long)v->valuedouble;
    return PB_OK;
}

static int read_hello(line_ctx *c, const cJSON *o, pb_stream *s)
{
    const cJSON *fmt = get(o, "format"), *ver = get(o, "version");
    if (!cJSON_IsString(fmt) || strcmp(fmt->valuestring, PB_STREAM_FORMAT) != 0)
        return bad(c, "hello: not a portbench rows stream (\"format\" is not \"%s\")", PB_STREAM_FORMAT);
    if (!cJSON_IsNumber(ver))
        return bad(c, "hello: no \"version\" (this reader takes version %d)", PB_STREAM_VERSION);
    if (ver->valuedouble != PB_STREAM_VERSION)
        return bad(c,
                   "hello: rows stream version %g, this reader takes version %d (a driver and workers of different "
                   "builds?)",
                   ver->valuedouble, PB_STREAM_VERSION);
    pb_stream_hello *h = &s->hello;
    memset(h, 0, sizeof *h);
    if (get_str(c, o, "worker", h->worker, sizeof h->worker) != PB_OK ||
        get_str(c, o, "toolchain", h->toolchain, sizeof h->toolchain) != PB_OK ||
        get_str(c, o, "git_sha", h->git_sha, sizeof h->git_sha) != PB_OK ||
        get_str(c, o, "build_flags", h->build_flags, sizeof h->build_flags) != PB_OK ||
        get_str(c, o, "device_clock", h->device_clock, sizeof h->device_clock) != PB_OK)
        return PB_ERR;
    s->has_hello = 1;
    return PB_OK;
}

static int read_backend(line_ctx *c, const cJSON *o, pb_stream *s)
{
    pb_stream_backend b;
    memset(&b, 0, sizeof b);
    char status[16] = "";
    if (get_str(c, o, "backend", b.backend, sizeof b.backend) != PB_OK ||
        get_str(c, o, "compiler", b.compiler, sizeof b.compiler) != PB_OK ||
        get_str(c, o, "compiler_version", b.compiler_version, sizeof b.compiler_version) != PB_OK ||
        get_str(c, o, "status", status, sizeof status) != PB_OK || get_str(c, o, "why", b.why, sizeof b.why) != PB_OK ||
        get_str(c, o, "device", b.device, sizeof b.device) != PB_OK ||
        get_str(c, o, "device_uuid", b.device_uuid, sizeof b.device_uuid) != PB_OK ||
        get_str(c, o, "detail", b.detail, sizeof b.detail) != PB_OK)
        return PB_ERR;
    if (!b.backend[0])
        return bad(c, "backend: no \"backend\" name");
    int k = 0;
    while (k < 3 && strcmp(status, status_names[k]) != 0)
        ++k;
    if (k == 3)
        return bad(c, "backend %s: \"status\" is not ok, skip or error", b.backend);
    b.status = (pb_backend_status)k;
    long threads = 0;
    if (get_count(c, o, "threads", &threads, 0) != PB_OK)
        return PB_ERR;
    b.threads = (int)threads;
    pb_stream_backend *nb = realloc(s->backends, (s->nbackends + 1) * sizeof *nb);
    if (!nb)
        return bad(c, "out of memory");
    s->backends = nb;
    s->backends[s->nbackends++] = b;
    return PB_OK;
}

/* The samples: a list of [host_s, device_s, sm_clock_mhz], each a number or null. */
static int read_samples(line_ctx *c, const cJSON *v, pb_row *r)
{
    if (!v)
        return PB_OK;
    if (!cJSON_IsArray(v))
        return bad(c, "\"samples\" is not a list");
    size_t n = (size_t)cJSON_GetArraySize(v), k = 0;
    pb_sample *smp = n ? malloc(n * sizeof *smp) : NULL;
    if (n && !smp)
        return bad(c, "out of memory");
    for (const cJSON *one = v->child; one; one = one->next, ++k) {
        double x[3];
        int ok = cJSON_IsArray(one) && cJSON_GetArraySize(one) == 3;
        const cJSON *e = ok ? one->child : NULL;
        for (int j = 0; ok && j < 3; ++j, e = e->next) {
            ok = cJSON_IsNumber(e) || cJSON_IsNull(e);
            x[j] = cJSON_IsNumber(e) ? e->valuedouble : NAN;
        }
        if (!ok) {
            free(smp);
            return bad(c, "sample %zu is not [host_s, device_s, sm_clock_mhz] (numbers or null)", k + 1);
        }
        smp[k] = (pb_sample){x[0], x[1], x[2]};
    }
    free(r->samples);
    r->samples = smp;
    r->nsamples = n;
    return PB_OK;
}

/* The shape a best variant ran (a string of pb_shape_format's, no longer than the row
 * holds) or where it came from (a spelling of pb_shape_source_name). */
static int read_shape(line_ctx *c, const cJSON *v, pb_row *r)
{
    if (!cJSON_IsString(v))
        return bad(c, "\"%s\" is not a string", v->string);
    if (!strcmp(v->string, "shape_source"))
        return pb_shape_source_parse(v->valuestring, &r->shape_source) == 0
                   ? PB_OK
                   : bad(c, "\"shape_source\": unknown value '%.60s' (table, tune, ignored or empty)", v->valuestring);
    if (strlen(v->valuestring) >= sizeof r->shape)
        return bad(c, "\"shape\" is longer than %zu characters", sizeof r->shape - 1);
    pb_strlcpy(r->shape, v->valuestring, sizeof r->shape);
    return PB_OK;
}

/* Column i of r from v: a number column takes a number or null, the others a string (an
 * enum column one of its spellings) or null. */
static int set_column(line_ctx *c, pb_row *r, size_t i, const cJSON *v)
{
    const char *name = pb_csv_column_name(i);
    if (cJSON_IsNull(v))
        return pb_row_set(r, name, "") == 0 ? PB_OK : bad(c, "column '%s': null is not one of its values", name);
    if (pb_csv_column_is_number(i)) {
        char text[40];
        if (!cJSON_IsNumber(v))
            return bad(c, "column '%s': not a number", name);
        snprintf(text, sizeof text, "%.17g", v->valuedouble); /* exact */
        return pb_row_set(r, name, text) == 0 ? PB_OK : bad(c, "column '%s': '%s' is not a number", name, text);
    }
    if (!cJSON_IsString(v))
        return bad(c, "column '%s': not a string", name);
    if (pb_row_set(r, name, v->valuestring) != 0)
        return bad(c, "column '%s': unknown value '%.60s'", name, v->valuestring);
    return PB_OK;
}

static int push_row(line_ctx *c, pb_stream *s, long id, pb_row *r)
{
    if (s->rows.n == s->ids_cap) {
        size_t cap = s->ids_cap ? 2 * s->ids_cap : 64;
        long *ids = realloc(s->ids, cap * sizeof *ids);
        if (ids)
            s->ids = ids;
        long *lines = ids ? realloc(s->lines, cap * sizeof *lines) : NULL;
        if (lines)
            s->lines = lines;
        if (!ids || !lines)
            return bad(c, "out of memory");
        s->ids_cap = cap;
    }
    if (pb_rowset_push(&s->rows, r) != 0)
        return bad(c, "out of memory");
    s->ids[s->rows.n - 1] = id;
    s->lines[s->rows.n - 1] = c->line;
    return PB_OK;
}

static int read_row(line_ctx *c, const cJSON *o, pb_stream *s)
{
    long id = 0;
    if (get_count(c, o, "id", &id, 1) != PB_OK)
        return PB_ERR;
    pb_row r;
    pb_row_init(&r);
    int rc = PB_OK;
    size_t ncols = pb_csv_ncolumns();
    for (const cJSON *v = o->child; v && rc == PB_OK; v = v->next) {
        if (!strcmp(v->string, "t") || !strcmp(v->string, "id"))
            continue;
        if (!strcmp(v->string, "samples")) {
            rc = read_samples(c, v, &r);
            continue;
        }
        if (!strcmp(v->string, "elems")) {
            if (!cJSON_IsNumber(v) && !cJSON_IsNull(v))
                rc = bad(c, "\"elems\" is not a number");
            r.elems = cJSON_IsNumber(v) ? v->valuedouble : NAN;
            continue;
        }
        if (!strcmp(v->string, "shape") || !strcmp(v->string, "shape_source")) {
            rc = read_shape(c, v, &r);
            continue;
        }
        size_t i = 0;
        while (i < ncols && strcmp(pb_csv_column_name(i), v->string) != 0)
            ++i;
        if (i < ncols) /* a key that is no column: from a newer writer, as the CSV reader skips one */
            rc = set_column(c, &r, i, v);
    }
    if (rc == PB_OK)
        rc = push_row(c, s, id, &r);
    free(r.samples);
    return rc;
}

static int read_end(line_ctx *c, const cJSON *o, pb_stream *s)
{
    long interrupted = 0;
    const cJSON *run_failed = get(o, "run_failed");
    if (get_count(c, o, "rows", &s->end.rows, 1) != PB_OK || get_count(c, o, "failed", &s->end.failed, 1) != PB_OK ||
        get_count(c, o, "interrupted", &interrupted, 0) != PB_OK ||
        get_str(c, o, "bound", s->end.bound, sizeof s->end.bound) != PB_OK)
        return PB_ERR;
    if (interrupted > 64)
        return bad(c, "\"interrupted\" is not a signal number");
    if (run_failed && !cJSON_IsBool(run_failed))
        return bad(c, "\"run_failed\" is not true or false");
    s->end.interrupted = (int)interrupted;
    s->end.run_failed = cJSON_IsTrue(run_failed);
    s->has_end = 1;
    return PB_OK;
}

static int read_meta(line_ctx *c, cJSON *o, pb_stream *s)
{
    if (s->meta)
        return bad(c, "a second \"meta\"");
    if (!cJSON_IsObject(get(o, "meta")))
        return bad(c, "\"meta\" is not an object");
    s->meta = cJSON_DetachItemFromObjectCaseSensitive(o, "meta");
    return PB_OK;
}

static int read_record(line_ctx *c, const char *line, size_t len, pb_stream *s)
{
    cJSON *o = cJSON_ParseWithLength(line, len);
    const cJSON *t = get(o, "t");
    int rc;
    if (!cJSON_IsObject(o))
        rc = bad(c, "not a JSON object");
    else if (!cJSON_IsString(t))
        rc = bad(c, "no record type \"t\"");
    else if (strcmp(t->valuestring, "hello") && strcmp(t->valuestring, "backend") && strcmp(t->valuestring, "row") &&
             strcmp(t->valuestring, "meta") && strcmp(t->valuestring, "end"))
        rc = bad(c, "unknown record type \"%.40s\"", t->valuestring);
    else if (s->has_end)
        rc = bad(c, "a record after \"end\"");
    else if (!strcmp(t->valuestring, "hello"))
        rc = s->has_hello ? bad(c, "a second \"hello\"") : read_hello(c, o, s);
    else if (!s->has_hello)
        rc = bad(c, "no \"hello\" record first");
    else if (!strcmp(t->valuestring, "backend"))
        rc = read_backend(c, o, s);
    else if (!strcmp(t->valuestring, "row"))
        rc = read_row(c, o, s);
    else if (!strcmp(t->valuestring, "meta"))
        rc = read_meta(c, o, s);
    else
        rc = read_end(c, o, s);
    cJSON_Delete(o);
    return rc;
}

int pb_stream_read_text(const char *text, size_t len, const char *name, pb_stream *s, char *err, size_t cap)
{
    memset(s, 0, sizeof *s);
    line_ctx c = {name, 0, err, cap};
    for (size_t at = 0; at < len;) {
        ++c.line;
        const char *p = text + at, *nl = memchr(p, '\n', len - at);
        if (!nl || memchr(p, '\0', (size_t)(nl - p)))
            break; /* the torn tail of a writer that did not finish */
        size_t n = (size_t)(nl - p);
        at += n + 1;
        if (n == 0 || (n == 1 && p[0] == '\r'))
            continue;
        if (read_record(&c, p, n, s) != PB_OK)
            return -1;
    }
    return 0;
}

int pb_stream_read_file(const char *path, pb_stream *s, char *err, size_t cap)
{
    memset(s, 0, sizeof *s);
    int std_in = strcmp(path, "-") == 0;
    FILE *f = std_in ? stdin : fopen(path, "r");
    if (!f) {
        snprintf(err, cap, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    char buf[65536];
    size_t n;
    int rc = m ? 0 : -1;
    while (m && (n = fread(buf, 1, sizeof buf, f)) > 0)
        if (fwrite(buf, 1, n, m) != n)
            rc = -1;
    if (m && fclose(m) != 0)
        rc = -1;
    if (rc != 0)
        snprintf(err, cap, "%s: out of memory", path);
    else if (ferror(f)) {
        snprintf(err, cap, "%s: cannot read: %s", path, strerror(errno));
        rc = -1;
    }
    if (!std_in)
        fclose(f);
    if (rc == 0)
        rc = pb_stream_read_text(text ? text : "", len, path, s, err, cap);
    free(text);
    return rc;
}

void pb_stream_free(pb_stream *s)
{
    pb_rowset_free(&s->rows);
    cJSON_Delete(s->meta);
    free(s->backends);
    free(s->ids);
    free(s->lines);
    memset(s, 0, sizeof *s);
}
