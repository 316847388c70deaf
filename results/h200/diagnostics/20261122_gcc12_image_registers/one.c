/* one target region: what a kernel's own offload image gives it */
void stream_one(long n, const double *b, const double *c, double *a, double s)
{
#pragma omp target teams distribute parallel for simd is_device_ptr(a, b, c)
    for (long i = 0; i < n; ++i)
        a[i] = b[i] + s * c[i];
}
