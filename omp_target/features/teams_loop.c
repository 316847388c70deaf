/* Configure test of `target teams loop` (CMakeLists.txt, pb_omp_features): compiled with a
 * worker's compiler and flags and -Werror, run under host fallback; exit 0 when every
 * iteration ran. clang-16 accepts the construct and emits no code for it (nothing runs, no
 * diagnostic), so its workers have no method 1 (omp_target/omp_common.h). */
#include <omp.h>

int main(void)
{
    enum { N = 37 };
    int a[N] = {0};
    long n = N;
#pragma omp target teams loop num_teams(2) thread_limit(32) map(tofrom : a)
    for (long i = 0; i < n; ++i)
        a[i] += (int)i + 1;
    for (long i = 0; i < n; ++i)
        if (a[i] != i + 1)
            return 1;
    return 0;
}
