/* A worker's variants, from the tables at the end of its kernel files (pb_registry.h). */
#include "pb_registry.h"
#include "pb_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Index of the variant in its benchmark's list, or of lib / baseline; -1 when the
 * benchmark does not list it. */
static int variant_rank(const pb_bench *b, const char *name)
{
    for (int k = 0; b->variants[k]; ++k)
        if (strcmp(b->variants[k], name) == 0)
            return k;
    if (strcmp(name, "lib") == 0 || strcmp(name, "baseline") == 0)
        return 1000;
    return -1;
}

/* The benchmark's group: the line of harness/benchmarks/pb_benchmarks.def where its kernel files
 * first appear (stream, copy, fill, fma and their strided kinds share micro's); -1 when
 * the list does not name it. */
#define PB_BENCH(id, file) #file,
static const char *const bench_files[] = {
#include "pb_benchmarks.def"
};
#undef PB_BENCH

static int bench_group(const char *name)
{
    for (size_t i = 0; i < pb_nbenches; ++i)
        if (strcmp(pb_benches[i]->name, name) == 0)
            for (size_t j = 0; j <= i; ++j)
                if (strcmp(bench_files[j], bench_files[i]) == 0)
                    return (int)j;
    return -1;
}

/* Is (backend, benchmark, name) already among the rows before `upto` of the tables, or in
 * a backend's own table? */
static const char *registered_before(const pb_registry_table *tables, const pb_registry_table *t,
                                     const pb_variant *upto, const pb_backend *const *backends, size_t nbackends)
{
    for (const pb_registry_table *u = tables; u <= t; ++u)
        for (const pb_variant *v = u->rows; v && v->benchmark && (u < t || v != upto); ++v)
            if (!strcmp(v->backend, upto->backend) && !strcmp(v->benchmark, upto->benchmark) &&
                !strcmp(v->name, upto->name))
                return u->file;
    for (size_t i = 0; i < nbackends; ++i)
        if (!strcmp(backends[i]->name, upto->backend))
            for (size_t k = 0; k < backends[i]->nvariants; ++k)
                if (!strcmp(backends[i]->variants[k].benchmark, upto->benchmark) &&
                    !strcmp(backends[i]->variants[k].name, upto->name))
                    return "its backend's own table";
    return NULL;
}

int pb_registry_check(const pb_registry_table *tables, const pb_backend *const *backends, size_t nbackends, char *err,
                      size_t cap)
{
    for (const pb_registry_table *t = tables; t->file; ++t)
        for (const pb_variant *v = t->rows; v && v->benchmark; ++v) {
            const pb_bench *b = pb_bench_find(v->benchmark);
            const char *twice;
            if (!b) {
                snprintf(
                    err, cap,
                    "%s registers '%s' for benchmark '%s', which harness/benchmarks/pb_benchmarks.def does not list",
                    t->file, v->name ? v->name : "(null)", v->benchmark);
                return PB_ERR;
            }
            if (!v->name || variant_rank(b, v->name) < 0) {
                snprintf(err, cap, "%s registers '%s', which benchmark %s does not list (its description's variants)",
                         t->file, v->name ? v->name : "(null)", v->benchmark);
                return PB_ERR;
            }
            if (!v->backend || !v->run) {
                snprintf(err, cap, "%s registers %s '%s' without a %s", t->file, v->benchmark, v->name,
                         v->backend ? "run function" : "backend");
                return PB_ERR;
            }
            if ((twice = registered_before(tables, t, v, backends, nbackends)) != NULL) {
                snprintf(err, cap, "%s registers %s '%s' of backend %s, which %s registers already", t->file,
                         v->benchmark, v->name, v->backend, twice);
                return PB_ERR;
            }
        }
    return PB_OK;
}

/* A row's place: its benchmark's group, then where the benchmark's first row is (the
 * benchmarks of a shared group, as micro's, in the order of their first rows), then its own
 * place in the tables: a benchmark's rows stay together when they come from several tables
 * of its group (cuda/micro.cu and micro_best.cu; omp_target/micro.c and best.c). */
typedef struct {
    pb_variant v;
    int group, first, seq;
} keyed;

static int keyed_cmp(const void *pa, const void *pb)
{
    const keyed *a = pa, *b = pb;
    if (a->group != b->group)
        return a->group < b->group ? -1 : 1;
    if (a->first != b->first)
        return a->first < b->first ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void keyed_set(keyed *k, const pb_variant *v, int seq)
{
    k->v = *v;
    k->group = bench_group(v->benchmark);
    k->seq = seq;
}

const pb_variant *pb_registry_variants(const pb_registry_table *tables, const pb_backend *be, size_t *n)
{
    /* made once per (tables, backend): a worker has a few backends */
    static struct {
        const pb_registry_table *tables;
        const pb_backend *be;
        pb_variant *rows;
        size_t n;
    } made[16];
    static size_t nmade;
    for (size_t i = 0; i < nmade; ++i)
        if (made[i].tables == tables && made[i].be == be) {
            *n = made[i].n;
            return made[i].rows;
        }
    size_t count = be->nvariants;
    for (const pb_registry_table *t = tables; t->file; ++t)
        for (const pb_variant *v = t->rows; v && v->benchmark; ++v)
            count += v->backend && strcmp(v->backend, be->name) == 0;
    *n = 0;
    keyed *k = calloc(count ? count : 1, sizeof *k);
    pb_variant *rows = calloc(count ? count : 1, sizeof *rows);
    if (!k || !rows || nmade == sizeof made / sizeof made[0]) {
        free(k);
        free(rows);
        return NULL;
    }
    size_t m = 0;
    for (size_t i = 0; i < be->nvariants; ++i, ++m)
        keyed_set(&k[m], &be->variants[i], (int)m);
    for (const pb_registry_table *t = tables; t->file; ++t)
        for (const pb_variant *v = t->rows; v && v->benchmark; ++v)
            if (v->backend && strcmp(v->backend, be->name) == 0) {
                keyed_set(&k[m], v, (int)m);
                ++m;
            }
    for (size_t i = 0; i < m; ++i)
        for (size_t j = 0; j <= i; ++j)
            if (strcmp(k[j].v.benchmark, k[i].v.benchmark) == 0) {
                k[i].first = k[j].seq;
                break;
            }
    qsort(k, m, sizeof *k, keyed_cmp);
    for (size_t i = 0; i < m; ++i)
        rows[i] = k[i].v;
    free(k);
    made[nmade].tables = tables;
    made[nmade].be = be;
    made[nmade].rows = rows;
    made[nmade].n = m;
    ++nmade;
    *n = m;
    return rows;
}
