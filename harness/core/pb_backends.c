#define _GNU_SOURCE
#include "pb_backends.h"
#include "pb_common.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static pb_backend_spec specs[PB_MAX_BACKENDS];
static size_t nspecs;

typedef struct alias {
    const char *spelling, *cli;
} alias;

static const alias aliases[] = {
#define PB_BACKEND(...)
#define PB_OMP(...)
#define PB_ALIAS(s, c) {s, c},
#include "pb_backends.def"
#undef PB_BACKEND
#undef PB_OMP
#undef PB_ALIAS
};

static void add(const char *cli, const char *backend, const char *toolchain, const char *worker, const char *compiler,
                int gpu, int library, int is_default, const char *color, int marker, int discovered)
{
    if (nspecs == PB_MAX_BACKENDS)
        return;
    pb_backend_spec *s = &specs[nspecs++];
    pb_strlcpy(s->cli, cli, sizeof s->cli);
    pb_strlcpy(s->backend, backend, sizeof s->backend);
    pb_strlcpy(s->toolchain, toolchain, sizeof s->toolchain);
    pb_strlcpy(s->worker, worker, sizeof s->worker);
    pb_strlcpy(s->compiler, compiler, sizeof s->compiler);
    s->gpu = gpu;
    s->library = library;
    s->is_default = is_default;
    pb_strlcpy(s->color, color, sizeof s->color);
    s->marker = marker;
    s->discovered = discovered;
}

static void load(void)
{
    if (nspecs)
        return;
#define PB_BACKEND(cli, be, worker, comp, gpu, lib, def, color, marker) \
    add(cli, be, "", worker, comp, gpu, lib, def, color, marker, 0);
#define PB_OMP(tc, comp, def, color, marker) \
    add("omp@" tc, "omp", tc, "pb-omp-" tc, comp, 1, 0, def, color, marker, 0);
#define PB_ALIAS(s, c)
#include "pb_backends.def"
#undef PB_BACKEND
#undef PB_OMP
#undef PB_ALIAS
}

size_t pb_backend_count(void)
{
    load();
    return nspecs;
}

const pb_backend_spec *pb_backend_at(size_t i)
{
    load();
    return i < nspecs ? &specs[i] : NULL;
}

int pb_backend_find(const char *cli)
{
    load();
    for (size_t a = 0; a < sizeof aliases / sizeof aliases[0]; ++a)
        if (strcmp(aliases[a].spelling, cli) == 0)
            cli = aliases[a].cli;
    for (size_t i = 0; i < nspecs; ++i)
        if (strcmp(specs[i].cli, cli) == 0)
            return (int)i;
    return -1;
}

int pb_backend_of_row(const char *backend, const char *toolchain)
{
    load();
    int is_omp = strcmp(backend, "omp") == 0;
    for (size_t i = 0; i < nspecs; ++i)
        if (strcmp(specs[i].backend, backend) == 0 && (!is_omp || strcmp(specs[i].toolchain, toolchain) == 0))
            return (int)i;
    return -1;
}

const char *pb_backend_cli_list(void)
{
    static char buf[1024];
    load();
    buf[0] = '\0';
    for (size_t i = 0; i < nspecs; ++i) {
        char one[128];
        size_t used = strlen(buf);
        snprintf(one, sizeof one, "%s%.47s", i ? ", " : "", specs[i].cli);
        for (size_t a = 0; a < sizeof aliases / sizeof aliases[0]; ++a)
            if (strcmp(aliases[a].cli, specs[i].cli) == 0 && !strchr(aliases[a].spelling, '@')) {
                snprintf(one, sizeof one, "%s%.20s (= %.47s)", i ? ", " : "", aliases[a].spelling, specs[i].cli);
                break;
            }
        snprintf(buf + used, sizeof buf - used, "%s", one);
    }
    return buf;
}

pb_backend_mask pb_backend_defaults(void)
{
    load();
    pb_backend_mask m = 0;
    for (size_t i = 0; i < nspecs; ++i)
        if (specs[i].is_default)
            m |= (pb_backend_mask)1 << i;
    return m;
}

int pb_backend_built(const pb_backend_spec *s, const char *dir)
{
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, s->worker) >= sizeof path)
        return 0;
    return access(path, X_OK) == 0;
}

/* A colour for a toolchain the table does not know: a stable pick from a palette the
 * table does not use, by the name's hash. */
static const char *derived_color(const char *name, int *marker)
{
    static const char *const palette[] = {"#9467bd", "#8c564b", "#e377c2", "#bcbd22", "#393b79", "#637939",
                                          "#8c6d31", "#843c39"};
    uint32_t h = 2166136261u;
    for (const char *p = name; *p; ++p)
        h = (h ^ (unsigned char)*p) * 16777619u;
    *marker = 1 + (int)(h >> 8) % 3;
    return palette[h % (sizeof palette / sizeof palette[0])];
}

void pb_backends_discover(const char *dir)
{
    load();
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, "pb-omp-", 7) != 0 || strlen(e->d_name) >= 48)
            continue;
        const char *tc = e->d_name + 7, *dash = strchr(tc, '-');
        if (!dash || dash == tc || !isdigit((unsigned char)dash[1]))
            continue; /* a toolchain id is <compiler>-<major>[...] */
        char cli[64];
        snprintf(cli, sizeof cli, "omp@%s", tc);
        if (pb_backend_find(cli) >= 0)
            continue;
        char path[4096];
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= sizeof path || access(path, X_OK) != 0)
            continue;
        char family[16];
        pb_strlcpy(family, tc, sizeof family);
        family[strcspn(family, "-")] = '\0';
        int marker;
        const char *color = derived_color(tc, &marker);
        add(cli, "omp", tc, e->d_name, family, 1, 0, 0, color, marker, 1);
    }
    closedir(d);
}

void pb_series_title(const char *backend, const char *toolchain, char *buf, size_t cap)
{
    if (toolchain && toolchain[0] && (strcmp(backend, "omp") == 0 || strcmp(backend, "cpu") == 0))
        snprintf(buf, cap, "%s(%s)", backend, toolchain);
    else
        snprintf(buf, cap, "%s", backend);
}

void pb_series_style(const char *backend, const char *toolchain, const char **color, int *marker, int *rank)
{
    int i = pb_backend_of_row(backend, toolchain ? toolchain : "");
    if (i >= 0) {
        *color = specs[i].color;
        *marker = specs[i].marker;
        *rank = i;
        return;
    }
    char name[64];
    pb_series_title(backend, toolchain, name, sizeof name);
    *color = derived_color(name, marker);
    *rank = PB_MAX_BACKENDS; /* after the known ones; callers order equals by name */
}
