#define _GNU_SOURCE
#include "pb_ceilings.h"
#include "pb_common.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void pb_ceilings_default_path(const char *uuid, char *buf, size_t cap)
{
    const char *dir = getenv("PORTBENCH_CEILINGS_DIR"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (dir && *dir)
        snprintf(buf, cap, "%s/ceilings-%s.txt", dir, uuid);
    else if (xdg && *xdg)
        snprintf(buf, cap, "%s/portbench/ceilings-%s.txt", xdg, uuid);
    else
        snprintf(buf, cap, "%s/.cache/portbench/ceilings-%s.txt", home && *home ? home : "/tmp", uuid);
}

/* mkdir -p of the directory part of path */
static void make_parents(const char *path)
{
    char tmp[4096];
    pb_strlcpy(tmp, path, sizeof tmp);
    for (char *p = tmp + 1; *p; ++p)
        if (*p == '/') {
            *p = '\0';
            mkdir(tmp, 0755);
            *p = '/';
        }
}

typedef struct field {
    const char *key;
    size_t off, cap; /* cap 0: a number */
} field;

#define STRF(f) {#f, offsetof(pb_ceilings, f), sizeof(((pb_ceilings *)0)->f)}
#define NUMF(f) {#f, offsetof(pb_ceilings, f), 0}
static const field fields[] = {
    STRF(device),     STRF(uuid),       STRF(profile),         STRF(measured_utc),    STRF(git_sha), STRF(clock),
    NUMF(stream_gbs), STRF(stream_from), NUMF(memcpy_gbs), NUMF(fma_fp32_gflops), NUMF(fma_fp64_gflops),
    NUMF(read_gbs),   STRF(read_from),   NUMF(write_gbs),  STRF(write_from),
};
enum { NFIELDS = sizeof fields / sizeof fields[0] };

int pb_ceilings_write(const char *path, const pb_ceilings *c, char *err, size_t cap)
{
    make_parents(path);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, cap, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    fprintf(f, "# portbench ceilings: measured on this GPU by `portbench ceilings`;\n"
               "# the benchmark commands read it for pct_measured_bw and pct_measured_flops.\n"
               "# Bandwidth ceiling per access pattern (pb_bench.pattern):\n"
               "#   stream_gbs  read + write (stream kernels; for stream, copy, the strided and fma benchmarks)\n"
               "#   read_gbs    read only (a sum: reduce best and CUB; for dmvm and reduce)\n"
               "#   write_gbs   write only (fill best and cudaMemset; for fill)\n"
               "# memcpy_gbs (cudaMemcpy device to device, read + write) is shown for reference.\n");
    for (int i = 0; i < NFIELDS; ++i) {
        const char *p = (const char *)c + fields[i].off;
        if (fields[i].cap)
            fprintf(f, "%s = %s\n", fields[i].key, p);
        else
            fprintf(f, "%s = %.10g\n", fields[i].key, *(const double *)p);
    }
    errno = 0;
    int e = fflush(f) != 0 || ferror(f) ? (errno ? errno : EIO) : 0;
    if (fclose(f) != 0 && !e)
        e = errno ? errno : EIO;
    if (e) { /* a full disk: said, with the reason */
        snprintf(err, cap, "cannot write %s: %s", path, strerror(e));
        return -1;
    }
    return 0;
}

int pb_ceilings_read(const char *path, pb_ceilings *c, char *err, size_t cap)
{
    memset(c, 0, sizeof *c);
    c->stream_gbs = c->memcpy_gbs = c->fma_fp32_gflops = c->fma_fp64_gflops = NAN;
    c->read_gbs = c->write_gbs = NAN; /* absent from files written before they were measured */
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, cap, "cannot read ceilings file %s: %s", path, strerror(errno));
        return -1;
    }
    char line[512];
    int lineno = 0, rc = 0;
    size_t len;
    while (rc == 0 && (len = pb_read_line(f, line, sizeof line)) > 0) {
        ++lineno;
        if (memchr(line, '\0', len)) { /* "12<NUL>34" would read as 12 */
            snprintf(err, cap, "%s:%d: a NUL byte (a torn or binary file, not a ceilings file)", path, lineno);
            rc = -1;
            break;
        }
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            snprintf(err, cap, "%s:%d: line longer than %zu characters", path, lineno, sizeof line - 1);
            rc = -1;
            break;
        }
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0] || line[0] == '#')
            continue;
        char *eq = strstr(line, " = ");
        int known = 0;
        for (int i = 0; eq && i < NFIELDS && !known; ++i) {
            if (strncmp(line, fields[i].key, (size_t)(eq - line)) != 0 || strlen(fields[i].key) != (size_t)(eq - line))
                continue;
            known = 1;
            char *val = eq + 3, *end;
            if (fields[i].cap) {
                pb_strlcpy((char *)c + fields[i].off, val, fields[i].cap);
            } else {
                double v = strtod(val, &end);
                if (end == val || *end)
                    known = 0;
                else
                    *(double *)((char *)c + fields[i].off) = v;
            }
        }
        if (!known) {
            snprintf(err, cap, "%s:%d: not a 'key = value' line of a ceilings file", path, lineno);
            rc = -1;
        }
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, cap, "cannot read ceilings file %s: %s", path, strerror(errno));
        rc = -1;
    }
    fclose(f);
    return rc;
}

double pb_ceilings_bw(const pb_ceilings *c, pb_pattern p)
{
    double v = p == PB_PATTERN_READ ? c->read_gbs : p == PB_PATTERN_WRITE ? c->write_gbs : c->stream_gbs;
    return v > 0 ? v : NAN;
}

void pb_ceilings_for_derive(const pb_ceilings *c, const char *gpu_uuid, pb_derive_ceilings *d)
{
    memset(d, 0, sizeof *d);
    pb_strlcpy(d->gpu_uuid, gpu_uuid, sizeof d->gpu_uuid);
    for (int p = 0; p < PB_NPATTERNS; ++p)
        d->bw_gbs[p] = pb_ceilings_bw(c, (pb_pattern)p);
    d->fp32_gflops = c->fma_fp32_gflops;
    d->fp64_gflops = c->fma_fp64_gflops;
}

void *pb_ceilings_to_json(const pb_derive_ceilings *c, size_t n)
{
    cJSON *a = cJSON_CreateArray();
    for (size_t i = 0; i < n; ++i) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "gpu_uuid", c[i].gpu_uuid);
        cJSON_AddItemToObject(o, "bw_gbs", cJSON_CreateDoubleArray(c[i].bw_gbs, PB_NPATTERNS)); /* NaN: null */
        cJSON_AddNumberToObject(o, "fp32_gflops", c[i].fp32_gflops);
        cJSON_AddNumberToObject(o, "fp64_gflops", c[i].fp64_gflops);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

static double json_num(const cJSON *v) { return cJSON_IsNumber(v) ? v->valuedouble : NAN; }

int pb_ceilings_from_json(const void *json, pb_derive_ceilings **out, size_t *n)
{
    const cJSON *o;
    cJSON_ArrayForEach(o, (const cJSON *)json)
    {
        const cJSON *u = cJSON_GetObjectItemCaseSensitive(o, "gpu_uuid");
        if (!cJSON_IsString(u) || !u->valuestring[0]) /* never every row of every rank */
            continue;
        pb_derive_ceilings *t = realloc(*out, (*n + 1) * sizeof *t);
        if (!t)
            return PB_ERR;
        *out = t;
        pb_derive_ceilings *d = &t[(*n)++];
        memset(d, 0, sizeof *d);
        pb_strlcpy(d->gpu_uuid, u->valuestring, sizeof d->gpu_uuid);
        const cJSON *bw = cJSON_GetObjectItemCaseSensitive(o, "bw_gbs");
        for (int p = 0; p < PB_NPATTERNS; ++p)
            d->bw_gbs[p] = json_num(cJSON_GetArrayItem(bw, p));
        d->fp32_gflops = json_num(cJSON_GetObjectItemCaseSensitive(o, "fp32_gflops"));
        d->fp64_gflops = json_num(cJSON_GetObjectItemCaseSensitive(o, "fp64_gflops"));
    }
    return PB_OK;
}

/* Keep the larger of best and the row's rate, naming where it came from. */
static void take_max(double *best, char *from, size_t cap, const pb_row *r)
{
    if (!(r->gbs > *best))
        return;
    *best = r->gbs;
    snprintf(from, cap, "%s/%s %s %s n=%.0f", r->backend, r->compiler, r->variant, r->dtype, r->size);
}

void pb_ceilings_from_rows(const pb_rowset *rows, pb_ceilings *c)
{
    c->stream_gbs = c->memcpy_gbs = c->fma_fp32_gflops = c->fma_fp64_gflops = 0;
    c->read_gbs = c->write_gbs = 0;
    for (size_t i = 0; i < rows->n; ++i) {
        const pb_row *r = &rows->rows[i];
        if (r->verified != PB_VERIFIED_PASS || r->offload != PB_OFFLOAD_DEVICE)
            continue;
        if (strcmp(r->benchmark, "stream") == 0 && r->gbs > c->stream_gbs) {
            c->stream_gbs = r->gbs;
            snprintf(c->stream_from, sizeof c->stream_from, "%s/%s %s n=%.0f", r->backend, r->compiler, r->dtype,
                     r->size);
        } else if (strcmp(r->benchmark, "copy") == 0 && strcmp(r->variant, "lib") == 0 && r->gbs > c->memcpy_gbs) {
            c->memcpy_gbs = r->gbs;
        } else if (strcmp(r->benchmark, "reduce") == 0) {
            take_max(&c->read_gbs, c->read_from, sizeof c->read_from, r);
        } else if (strcmp(r->benchmark, "fill") == 0) {
            take_max(&c->write_gbs, c->write_from, sizeof c->write_from, r);
        } else if (strcmp(r->benchmark, "fma") == 0) {
            double *best = strcmp(r->dtype, "double") == 0 ? &c->fma_fp64_gflops : &c->fma_fp32_gflops;
            if (r->gflops > *best)
                *best = r->gflops;
        }
    }
}
