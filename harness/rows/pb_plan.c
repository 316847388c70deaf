#define _GNU_SOURCE
#include "pb_plan.h"
#include "pb_cli.h"
#include "pb_energy.h"
#include "pb_version.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *const clock_names[] = {"auto", "host", "device"};

void pb_plan_init(pb_plan *p, const pb_bench *bench)
{
    static pb_options o;           /* static: pb_options holds several paths */
    pb_options_defaults(&o, NULL); /* the settings a plan leaves out are the options' defaults */
    memset(p, 0, sizeof *p);
    p->bench = bench;
    pb_plan_settings(p, &o);
}

pb_plan_clock pb_plan_clock_of(const char *option)
{
    return !strcmp(option, "host")     ? PB_PLAN_CLOCK_HOST
           : !strcmp(option, "device") ? PB_PLAN_CLOCK_DEVICE
                                       : PB_PLAN_CLOCK_AUTO;
}

void pb_plan_settings(pb_plan *p, const pb_options *o)
{
    p->warmup = o->warmup;
    p->reps = o->reps;
    p->time_budget = o->time_budget;
    p->max_noise = o->max_noise;
    p->seed = o->seed;
    p->threads = o->threads;
    p->clock = pb_plan_clock_of(o->clock);
    p->allow_host_fallback = o->allow_host_fallback;
    p->quiet = o->quiet;
    p->energy = o->energy;
    p->energy_window = o->energy_window;
    p->cooldown = o->cooldown;
    p->start_temp_c = o->start_temp_c;
    p->progress = !o->quiet;
    p->has_tune = o->tune[0] != '\0';
    pb_strlcpy(p->tune, o->tune, sizeof p->tune);
    p->gpu_index = o->device;
    pb_strlcpy(p->gpu_uuid, o->gpu_uuid, sizeof p->gpu_uuid);
    pb_strlcpy(p->gpu_profile, o->gpu_profile, sizeof p->gpu_profile);
}

void pb_plan_free(pb_plan *p)
{
    free(p->cases);
    free(p->items);
    p->cases = NULL;
    p->items = NULL;
    p->ncases = p->nitems = p->cases_cap = p->items_cap = 0;
}

int pb_plan_add_backend(pb_plan *p, const char *id, const char *name, const char *worker, int joined)
{
    if (p->nbackends == PB_PLAN_MAX_BACKENDS)
        return -1;
    pb_plan_backend *b = &p->backends[p->nbackends];
    memset(b, 0, sizeof *b);
    pb_strlcpy(b->id, id, sizeof b->id);
    pb_strlcpy(b->name, name, sizeof b->name);
    pb_strlcpy(b->worker, worker, sizeof b->worker);
    b->joined = joined;
    return p->nbackends++;
}

/* Room for one more element of a growing array. */
static int grow(void **v, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return 0;
    size_t c = *cap ? 2 * *cap : 64;
    void *nv = realloc(*v, c * size);
    if (!nv)
        return -1;
    *v = nv;
    *cap = c;
    return 0;
}

long pb_plan_add_case(pb_plan *p, const pb_plan_case *c)
{
    if (grow((void **)&p->cases, &p->cases_cap, p->ncases, sizeof *p->cases) != 0)
        return -1;
    p->cases[p->ncases] = *c;
    return (long)p->ncases++;
}

int pb_plan_add_item(pb_plan *p, long id, size_t cas, int backend, const char *variant)
{
    if (grow((void **)&p->items, &p->items_cap, p->nitems, sizeof *p->items) != 0)
        return -1;
    pb_plan_item *it = &p->items[p->nitems++];
    memset(it, 0, sizeof *it);
    it->id = id;
    it->cas = cas;
    it->backend = backend;
    pb_strlcpy(it->variant, variant, sizeof it->variant);
    return 0;
}

void pb_plan_case_of(const pb_plan *p, size_t k, pb_case *c)
{
    memset(c, 0, sizeof *c);
    c->bench = p->bench;
    c->dtype = p->cases[k].dtype;
    c->n = p->cases[k].n;
    memcpy(c->param, p->cases[k].param, sizeof c->param);
}

void pb_plan_item_row(const pb_plan *p, const pb_plan_item *it, const char *compiler, const char *compiler_version,
                      const char *toolchain, pb_row *r)
{
    pb_case c;
    pb_plan_case_of(p, it->cas, &c);
    pb_row_init(r);
    pb_strlcpy(r->benchmark, p->bench->name, sizeof r->benchmark);
    pb_strlcpy(r->variant, it->variant, sizeof r->variant);
    pb_strlcpy(r->backend, p->backends[it->backend].name, sizeof r->backend);
    pb_strlcpy(r->compiler, compiler, sizeof r->compiler);
    pb_strlcpy(r->compiler_version, compiler_version, sizeof r->compiler_version);
    pb_strlcpy(r->toolchain, toolchain, sizeof r->toolchain);
    pb_strlcpy(r->dtype, pb_dtype_name(c.dtype), sizeof r->dtype);
    r->size = (double)c.n;
    r->bytes = p->bench->bytes(&c);
    r->flops = p->bench->flops(&c);
    if (p->bench->elems)
        r->elems = p->bench->elems(&c);
    pb_case_params_string(&c, r->params, sizeof r->params);
    pb_strlcpy(r->git_sha, pb_git_sha, sizeof r->git_sha);
    gethostname(r->host, sizeof r->host - 1);
    r->gpu_index = p->gpu_index;
    pb_strlcpy(r->gpu_uuid, p->gpu_uuid, sizeof r->gpu_uuid);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(r->timestamp, sizeof r->timestamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* ---- writing ---- */

static int mine(const pb_plan *p, int backend, const char *worker)
{
    return !worker || strcmp(p->backends[backend].worker, worker) == 0;
}

int pb_plan_write(FILE *f, const pb_plan *p, const char *worker)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "format", PB_PLAN_FORMAT);
    cJSON_AddNumberToObject(root, "version", PB_PLAN_VERSION);
    cJSON_AddStringToObject(root, "bench", p->bench->name);
    cJSON *s = cJSON_AddObjectToObject(root, "settings");
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, p->seed);
    cJSON_AddNumberToObject(s, "warmup", p->warmup);
    cJSON_AddNumberToObject(s, "reps", p->reps);
    cJSON_AddNumberToObject(s, "time_budget_s", p->time_budget);
    cJSON_AddNumberToObject(s, "max_noise", p->max_noise);
    cJSON_AddStringToObject(s, "seed", seed);
    cJSON_AddNumberToObject(s, "threads", p->threads);
    cJSON_AddStringToObject(s, "clock", clock_names[p->clock]);
    cJSON_AddBoolToObject(s, "allow_host_fallback", p->allow_host_fallback);
    cJSON_AddBoolToObject(s, "quiet", p->quiet);
    cJSON_AddBoolToObject(s, "progress", p->progress);
    if (p->has_tune)
        cJSON_AddStringToObject(s, "tune", p->tune);
    else
        cJSON_AddNullToObject(s, "tune");
    cJSON_AddBoolToObject(s, "energy", p->energy);
    cJSON_AddNumberToObject(s, "energy_window_s", p->energy_window);
    if (p->cooldown == PB_COOLDOWN_AUTO)
        cJSON_AddStringToObject(s, "cooldown_s", "auto");
    else
        cJSON_AddNumberToObject(s, "cooldown_s", p->cooldown);
    if (isnan(p->start_temp_c))
        cJSON_AddNullToObject(s, "start_temp_c");
    else
        cJSON_AddNumberToObject(s, "start_temp_c", p->start_temp_c);
    cJSON *g = cJSON_AddObjectToObject(root, "gpu");
    cJSON_AddNumberToObject(g, "index", p->gpu_index);
    cJSON_AddStringToObject(g, "uuid", p->gpu_uuid);
    cJSON_AddStringToObject(g, "profile", p->gpu_profile);
    cJSON *bes = cJSON_AddArrayToObject(root, "backends");
    for (int b = 0; b < p->nbackends; ++b) {
        if (!mine(p, b, worker))
            continue;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", p->backends[b].id);
        cJSON_AddStringToObject(o, "name", p->backends[b].name);
        cJSON_AddStringToObject(o, "worker", p->backends[b].worker);
        cJSON_AddBoolToObject(o, "joined", p->backends[b].joined);
        cJSON_AddItemToArray(bes, o);
    }
    /* items grouped by case (a counting sort keeps their order within a case) */
    size_t *start = calloc(p->ncases + 1, sizeof *start), *order = malloc((p->nitems + 1) * sizeof *order);
    int rc = root && start && order ? PB_OK : PB_ERR;
    for (size_t i = 0; rc == PB_OK && i < p->nitems; ++i)
        start[p->items[i].cas + 1]++;
    for (size_t k = 0; rc == PB_OK && k < p->ncases; ++k)
        start[k + 1] += start[k];
    for (size_t i = 0; rc == PB_OK && i < p->nitems; ++i)
        order[start[p->items[i].cas]++] = i;
    cJSON *cases = cJSON_AddArrayToObject(root, "cases");
    for (size_t k = 0, i = 0; rc == PB_OK && k < p->ncases; ++k) {
        cJSON *items = NULL, *one = NULL;
        for (; i < p->nitems && p->items[order[i]].cas == k; ++i) {
            const pb_plan_item *it = &p->items[order[i]];
            if (!mine(p, it->backend, worker))
                continue;
            if (!one) {
                one = cJSON_CreateObject();
                cJSON_AddStringToObject(one, "dtype", pb_dtype_name(p->cases[k].dtype));
                cJSON_AddNumberToObject(one, "n", (double)p->cases[k].n);
                cJSON *params = cJSON_AddObjectToObject(one, "params");
                for (int q = 0; q < p->bench->nparams; ++q)
                    cJSON_AddNumberToObject(params, p->bench->params[q].name, (double)p->cases[k].param[q]);
                items = cJSON_AddArrayToObject(one, "items");
                cJSON_AddItemToArray(cases, one);
            }
            cJSON *o = cJSON_CreateObject();
            cJSON_AddNumberToObject(o, "id", (double)it->id);
            cJSON_AddStringToObject(o, "backend", p->backends[it->backend].id);
            cJSON_AddStringToObject(o, "variant", it->variant);
            cJSON_AddItemToArray(items, o);
        }
    }
    free(start);
    free(order);
    char *text = rc == PB_OK ? cJSON_Print(root) : NULL;
    rc = text && fputs(text, f) >= 0 && fputc('\n', f) != EOF && !ferror(f) ? PB_OK : PB_ERR;
    free(text);
    cJSON_Delete(root);
    return rc;
}

/* ---- reading ---- */

typedef struct reader {
    const char *name;
    char *err;
    size_t cap;
} reader;

static int bad(reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(reader *r, const char *fmt, ...)
{
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(r->err, r->cap, "%s: %s", r->name, what);
    return PB_ERR;
}

static const cJSON *get(const cJSON *o, const char *key) { return cJSON_GetObjectItemCaseSensitive(o, key); }

/* An integer in [lo, hi] (a JSON number without a fraction); a missing key keeps *out. */
static int get_long(reader *r, const cJSON *o, const char *where, const char *key, long lo, long hi, long *out,
                    int required)
{
    const cJSON *v = get(o, key);
    if (!v && !required)
        return PB_OK;
    if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) || v->valuedouble < (double)lo ||
        v->valuedouble > (double)hi)
        return bad(r, "%s\"%s\" must be an integer in [%ld, %ld]", where, key, lo, hi);
    *out = (long)v->valuedouble;
    return PB_OK;
}

static int get_bool(reader *r, const cJSON *o, const char *key, int *out)
{
    const cJSON *v = get(o, key);
    if (!v)
        return PB_OK;
    if (!cJSON_IsBool(v))
        return bad(r, "settings: \"%s\" must be true or false", key);
    *out = cJSON_IsTrue(v);
    return PB_OK;
}

static int get_str(reader *r, const cJSON *o, const char *where, const char *key, char *dst, size_t cap, int required)
{
    const cJSON *v = get(o, key);
    if (!v && !required)
        return PB_OK;
    if (!cJSON_IsString(v))
        return bad(r, "%s\"%s\" must be a string", where, key);
    if (strlen(v->valuestring) >= cap)
        return bad(r, "%s\"%s\" is longer than %zu characters", where, key, cap - 1);
    pb_strlcpy(dst, v->valuestring, cap);
    return PB_OK;
}

static int read_settings(reader *r, const cJSON *s, pb_plan *p)
{
    if (!s)
        return PB_OK;
    if (!cJSON_IsObject(s))
        return bad(r, "\"settings\" must be an object");
    static const char *const known[] = {"warmup",  "reps",   "time_budget_s",       "max_noise",  "seed",
                                        "threads", "clock",  "allow_host_fallback", "quiet",      "progress",
                                        "tune",    "energy", "energy_window_s",     "cooldown_s", "start_temp_c"};
    for (const cJSON *k = s->child; k; k = k->next) {
        size_t i = 0;
        while (i < sizeof known / sizeof *known && strcmp(k->string, known[i]) != 0)
            ++i;
        if (i == sizeof known / sizeof *known)
            return bad(r, "settings: unknown setting \"%.40s\"", k->string);
    }
    long v;
    if ((v = p->warmup, get_long(r, s, "settings: ", "warmup", 0, 1000000, &v, 0)) != PB_OK)
        return PB_ERR;
    p->warmup = (int)v;
    if ((v = p->reps, get_long(r, s, "settings: ", "reps", 1, 1000000, &v, 0)) != PB_OK)
        return PB_ERR;
    p->reps = (int)v;
    if ((v = p->threads, get_long(r, s, "settings: ", "threads", 0, 4096, &v, 0)) != PB_OK)
        return PB_ERR;
    p->threads = (int)v;
    const cJSON *tb = get(s, "time_budget_s");
    if (tb && (!cJSON_IsNumber(tb) || !(tb->valuedouble >= 0) || tb->valuedouble > 1e6))
        return bad(r, "settings: \"time_budget_s\" must be seconds >= 0 (0 = no limit)");
    if (tb)
        p->time_budget = tb->valuedouble;
    const cJSON *mn = get(s, "max_noise");
    if (mn && (!cJSON_IsNumber(mn) || !(mn->valuedouble >= 0) || mn->valuedouble > 1))
        return bad(r, "settings: \"max_noise\" must be a fraction in [0, 1] (0 = off)");
    if (mn)
        p->max_noise = mn->valuedouble;
    const cJSON *ew = get(s, "energy_window_s");
    if (ew &&
        (!cJSON_IsNumber(ew) || !(ew->valuedouble >= PB_ENERGY_WINDOW_MIN) || ew->valuedouble > PB_ENERGY_WINDOW_MAX))
        return bad(r, "settings: \"energy_window_s\" must be seconds in [%g, %g]", PB_ENERGY_WINDOW_MIN,
                   PB_ENERGY_WINDOW_MAX);
    if (ew)
        p->energy_window = ew->valuedouble;
    const cJSON *cd = get(s, "cooldown_s");
    if (cd && cJSON_IsString(cd) && strcmp(cd->valuestring, "auto") == 0)
        p->cooldown = PB_COOLDOWN_AUTO;
    else if (cd && (!cJSON_IsNumber(cd) || !(cd->valuedouble >= 0) || cd->valuedouble > PB_COOLDOWN_MAX))
        return bad(r, "settings: \"cooldown_s\" must be seconds in [0, %g] or \"auto\"", PB_COOLDOWN_MAX);
    else if (cd)
        p->cooldown = cd->valuedouble;
    const cJSON *st = get(s, "start_temp_c");
    if (st && !cJSON_IsNull(st) && (!cJSON_IsNumber(st) || !isfinite(st->valuedouble)))
        return bad(r, "settings: \"start_temp_c\" must be degrees C or null");
    if (st)
        p->start_temp_c = cJSON_IsNull(st) ? NAN : st->valuedouble;
    const cJSON *seed = get(s, "seed");
    if (seed) { /* a string of digits: a JSON number is a double, 2^63-1 is not one */
        char *end;
        errno = 0;
        unsigned long long x = cJSON_IsString(seed) ? strtoull(seed->valuestring, &end, 10) : 0;
        if (!cJSON_IsString(seed) || !seed->valuestring[0] || seed->valuestring[0] == '-' || *end || errno == ERANGE)
            return bad(r, "settings: \"seed\" must be a string of decimal digits (a 64-bit integer)");
        p->seed = (uint64_t)x;
    }
    char clock[16] = "auto";
    if (get_str(r, s, "settings: ", "clock", clock, sizeof clock, 0) != PB_OK)
        return PB_ERR;
    int c = 0;
    while (c < 3 && strcmp(clock, clock_names[c]) != 0)
        ++c;
    if (c == 3)
        return bad(r, "settings: \"clock\" must be auto, host or device, not \"%s\"", clock);
    p->clock = (pb_plan_clock)c;
    if (get_bool(r, s, "allow_host_fallback", &p->allow_host_fallback) != PB_OK ||
        get_bool(r, s, "quiet", &p->quiet) != PB_OK || get_bool(r, s, "progress", &p->progress) != PB_OK ||
        get_bool(r, s, "energy", &p->energy) != PB_OK)
        return PB_ERR;
    const cJSON *tune = get(s, "tune");
    p->has_tune = tune && !cJSON_IsNull(tune);
    if (p->has_tune && get_str(r, s, "settings: ", "tune", p->tune, sizeof p->tune, 1) != PB_OK)
        return PB_ERR;
    return PB_OK;
}

static int read_gpu(reader *r, const cJSON *g, pb_plan *p)
{
    if (!g || cJSON_IsNull(g))
        return PB_OK;
    if (!cJSON_IsObject(g))
        return bad(r, "\"gpu\" must be an object or null");
    long idx = 0;
    if (get_long(r, g, "gpu: ", "index", 0, 63, &idx, 0) != PB_OK ||
        get_str(r, g, "gpu: ", "uuid", p->gpu_uuid, sizeof p->gpu_uuid, 0) != PB_OK ||
        get_str(r, g, "gpu: ", "profile", p->gpu_profile, sizeof p->gpu_profile, 0) != PB_OK)
        return PB_ERR;
    p->gpu_index = (int)idx;
    return PB_OK;
}

static int read_backends(reader *r, const cJSON *bes, pb_plan *p)
{
    if (!cJSON_IsArray(bes))
        return bad(r, "\"backends\" must be a list");
    int k = 0;
    for (const cJSON *b = bes->child; b; b = b->next, ++k) {
        char where[48], id[48] = "", name[16] = "", worker[64] = "";
        snprintf(where, sizeof where, "backend %d: ", k + 1);
        int joined = 0;
        if (!cJSON_IsObject(b))
            return bad(r, "%smust be an object", where);
        if (get_str(r, b, where, "id", id, sizeof id, 1) != PB_OK ||
            get_str(r, b, where, "name", name, sizeof name, 1) != PB_OK ||
            get_str(r, b, where, "worker", worker, sizeof worker, 1) != PB_OK)
            return PB_ERR;
        const cJSON *j = get(b, "joined");
        if (j && !cJSON_IsBool(j))
            return bad(r, "%s\"joined\" must be true or false", where);
        joined = cJSON_IsTrue(j);
        for (int i = 0; i < p->nbackends; ++i)
            if (strcmp(p->backends[i].id, id) == 0)
                return bad(r, "%s\"%s\" is listed twice", where, id);
        if (pb_plan_add_backend(p, id, name, worker, joined) < 0)
            return bad(r, "more than %d backends", PB_PLAN_MAX_BACKENDS);
    }
    return PB_OK;
}

static int by_id(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

static int read_cases(reader *r, const cJSON *cases, pb_plan *p)
{
    const pb_bench *b = p->bench;
    if (!cJSON_IsArray(cases))
        return bad(r, "\"cases\" must be a list");
    int k = 0;
    for (const cJSON *c = cases->child; c; c = c->next, ++k) {
        char where[48], dt[16];
        snprintf(where, sizeof where, "case %d: ", k + 1);
        if (!cJSON_IsObject(c))
            return bad(r, "%smust be an object", where);
        pb_plan_case pc;
        memset(&pc, 0, sizeof pc);
        if (get_str(r, c, where, "dtype", dt, sizeof dt, 1) != PB_OK)
            return PB_ERR;
        if (pb_dtype_parse(dt, &pc.dtype) != PB_OK || !(b->dtypes & PB_DT(pc.dtype)))
            return bad(r, "%sdtype \"%s\" is not one of %s", where, dt, b->name);
        long n = 0;
        if (get_long(r, c, where, "n", 1, 1000000000000000L, &n, 1) != PB_OK)
            return PB_ERR;
        pc.n = (size_t)n;
        for (int q = 0; q < b->nparams; ++q)
            pc.param[q] = b->params[q].def;
        const cJSON *params = get(c, "params");
        if (params && !cJSON_IsObject(params))
            return bad(r, "%s\"params\" must be an object", where);
        for (const cJSON *v = params ? params->child : NULL; v; v = v->next) {
            int q = 0;
            while (q < b->nparams && strcmp(b->params[q].name, v->string) != 0)
                ++q;
            if (q == b->nparams)
                return bad(r, "%s%s has no parameter \"%.40s\"", where, b->name, v->string);
            if (get_long(r, params, where, v->string, b->params[q].min, b->params[q].max, &pc.param[q], 1) != PB_OK)
                return PB_ERR;
        }
        long ci = pb_plan_add_case(p, &pc);
        if (ci < 0)
            return bad(r, "out of memory");
        const cJSON *items = get(c, "items");
        if (!cJSON_IsArray(items))
            return bad(r, "%s\"items\" must be a list", where);
        int i = 0;
        for (const cJSON *it = items->child; it; it = it->next, ++i) {
            char iw[64], be[48], variant[32];
            snprintf(iw, sizeof iw, "case %d, item %d: ", k + 1, i + 1);
            long id = 0;
            if (!cJSON_IsObject(it))
                return bad(r, "%smust be an object", iw);
            if (get_long(r, it, iw, "id", 0, 1L << 52, &id, 1) != PB_OK ||
                get_str(r, it, iw, "backend", be, sizeof be, 1) != PB_OK ||
                get_str(r, it, iw, "variant", variant, sizeof variant, 1) != PB_OK)
                return PB_ERR;
            int bi = 0;
            while (bi < p->nbackends && strcmp(p->backends[bi].id, be) != 0)
                ++bi;
            if (bi == p->nbackends)
                return bad(r, "%sbackend \"%s\" is not in \"backends\"", iw, be);
            if (pb_plan_add_item(p, id, (size_t)ci, bi, variant) != 0)
                return bad(r, "out of memory");
        }
    }
    /* every id once: the rows are joined by it */
    long *ids = malloc((p->nitems + 1) * sizeof *ids);
    if (!ids)
        return bad(r, "out of memory");
    for (size_t i = 0; i < p->nitems; ++i)
        ids[i] = p->items[i].id;
    qsort(ids, p->nitems, sizeof *ids, by_id);
    for (size_t i = 1; i < p->nitems; ++i)
        if (ids[i] == ids[i - 1]) {
            long dup = ids[i];
            free(ids);
            return bad(r, "item id %ld is used twice", dup);
        }
    free(ids);
    return PB_OK;
}

int pb_plan_read(const char *text, size_t len, const char *name, pb_plan *p, char *err, size_t cap)
{
    reader r = {name, err, cap};
    pb_plan_init(p, NULL);
    cJSON *root = cJSON_ParseWithLength(text, len);
    int rc = PB_OK;
    const cJSON *fmt = get(root, "format"), *ver = get(root, "version"), *bench = get(root, "bench");
    if (!cJSON_IsObject(root))
        rc = bad(&r, "not a JSON object (a plan is what `portbench BENCH ... --dry-run` prints)");
    else if (!cJSON_IsString(fmt) || strcmp(fmt->valuestring, PB_PLAN_FORMAT) != 0)
        rc = bad(&r, "not a portbench plan (\"format\" is not \"%s\")", PB_PLAN_FORMAT);
    else if (!cJSON_IsNumber(ver) || ver->valuedouble != PB_PLAN_VERSION)
        rc = cJSON_IsNumber(ver) ? bad(&r,
                                       "plan version %g, this worker reads version %d (a driver and workers of "
                                       "different builds?)",
                                       ver->valuedouble, PB_PLAN_VERSION)
                                 : bad(&r, "no plan \"version\" (this worker reads version %d)", PB_PLAN_VERSION);
    else if (!cJSON_IsString(bench) || !pb_bench_find(bench->valuestring))
        rc = bad(&r, "unknown benchmark %s%.40s%s", cJSON_IsString(bench) ? "'" : "",
                 cJSON_IsString(bench) ? bench->valuestring : "(none)", cJSON_IsString(bench) ? "'" : "");
    if (rc == PB_OK) {
        pb_plan_init(p, pb_bench_find(bench->valuestring));
        if (read_settings(&r, get(root, "settings"), p) != PB_OK || read_gpu(&r, get(root, "gpu"), p) != PB_OK ||
            read_backends(&r, get(root, "backends"), p) != PB_OK || read_cases(&r, get(root, "cases"), p) != PB_OK)
            rc = PB_ERR;
    }
    cJSON_Delete(root);
    if (rc != PB_OK)
        pb_plan_free(p);
    return rc;
}

int pb_plan_read_file(const char *path, pb_plan *p, char *err, size_t cap)
{
    int std_in = strcmp(path, "-") == 0;
    FILE *f = std_in ? stdin : fopen(path, "r");
    if (!f) {
        snprintf(err, cap, "%s: cannot open: %s", path, strerror(errno));
        return PB_ERR;
    }
    char *text = NULL;
    size_t len = 0, cap2 = 0;
    char buf[65536];
    size_t n;
    int rc = PB_OK;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        if (len + n + 1 > cap2) {
            size_t c = cap2 ? 2 * cap2 : sizeof buf * 2;
            while (c < len + n + 1)
                c *= 2;
            char *t = realloc(text, c);
            if (!t) {
                rc = PB_ERR;
                snprintf(err, cap, "%s: out of memory", path);
                break;
            }
            text = t;
            cap2 = c;
        }
        memcpy(text + len, buf, n);
        len += n;
    }
    if (rc == PB_OK && ferror(f)) {
        snprintf(err, cap, "%s: cannot read: %s", path, strerror(errno));
        rc = PB_ERR;
    }
    if (!std_in)
        fclose(f);
    if (rc == PB_OK)
        rc = pb_plan_read(text ? text : "", len, std_in ? "standard input" : path, p, err, cap);
    free(text);
    return rc;
}
