/* portbench compiler probe (scripts/probe_clang/build.sh builds it per compiler and way): does a
 * target region run on the GPU and give the right answer? Offload, omp_is_initial_device, the
 * team count and a reduction; RESULT_OK and exit 0 only if the sum is exact on the device. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    enum { N = 1 << 20 };
    double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    for (int i = 0; i < N; i++) {
        x[i] = i % 1000;
        y[i] = 1.0;
    }
    int on_host = -1, teams = 0;
    double sum = 0.0;
#pragma omp target teams distribute parallel for map(to : x [0:N]) map(tofrom : y [0:N])
    for (int i = 0; i < N; i++)
        y[i] += 2.0 * x[i];
#pragma omp target map(from : on_host)
    on_host = omp_is_initial_device();
#pragma omp target teams map(from : teams)
    {
        if (omp_get_team_num() == 0)
            teams = omp_get_num_teams();
    }
#pragma omp target teams distribute parallel for reduction(+ : sum) map(to : y [0:N]) map(tofrom : sum)
    for (int i = 0; i < N; i++)
        sum += y[i];
    double want = 0.0;
    for (int i = 0; i < N; i++)
        want += 1.0 + 2.0 * (i % 1000);
    int ok = sum == want && on_host == 0;
    printf("%s sum=%.17g want=%.17g initial_device=%d teams=%d devices=%d\n", ok ? "RESULT_OK" : "RESULT_BAD", sum,
           want, on_host, teams, omp_get_num_devices());
    free(x);
    free(y);
    return ok ? 0 : 1;
}
