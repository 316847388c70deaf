/* pb_check.h - the minimal check macros the C test programs share. Each program defines
 * `static int failures, checks;` (via PB_CHECK_STATE) and reports them at the end. */
#ifndef PB_CHECK_H
#define PB_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PB_CHECK_STATE static int failures, checks

#define CHECK(cond)                                                                                          \
    do {                                                                                                     \
        ++checks;                                                                                            \
        if (!(cond)) {                                                                                       \
            ++failures;                                                                                      \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);                         \
        }                                                                                                    \
    } while (0)

#define CHECK_NEAR(a, b, tol) CHECK(fabs((double)(a) - (double)(b)) <= (tol))

/* A program's groups of tests (`prog GROUP ...` runs GROUP's functions, in order). */
typedef struct pb_check_group {
    const char *name;
    void (*fn[8])(void);
} pb_check_group;

/* main's end: runs the group named name of the array groups, prints how many checks failed
 * and gives the exit status (1: a check failed, 2: no such group). */
#define PB_CHECK_RUN_GROUP(name, groups) \
    pb_check_run_group_(name, groups, sizeof(groups) / sizeof *(groups), &checks, &failures)

static inline int pb_check_run_group_(const char *name, const pb_check_group *g, size_t n, const int *checks,
                                      const int *failures)
{
    int found = 0;
    for (size_t i = 0; i < n; ++i) {
        if (strcmp(name, g[i].name) != 0)
            continue;
        found = 1;
        for (int k = 0; k < 8 && g[i].fn[k]; ++k)
            g[i].fn[k]();
    }
    if (!found) {
        fprintf(stderr, "unknown group '%s'\n", name);
        return 2;
    }
    printf("%s: %d checks, %d failed\n", name, *checks, *failures);
    return *failures ? 1 : 0;
}

#endif
