/* pb_check.h - the minimal check macros the C test programs share. Each program defines
 * `static int failures, checks;` (via PB_CHECK_STATE) and reports them at the end. */
#ifndef PB_CHECK_H
#define PB_CHECK_H

#include <math.h>
#include <stdio.h>

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

#endif
