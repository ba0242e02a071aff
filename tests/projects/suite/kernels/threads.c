/* Kernels written for OpenMP first: the same loops carry '#pragma omp' and
 * '#pragma reduce' (either order), and an OpenMP loop fills the array the
 * marked loops then read. Built with or without -fopenmp. */
#ifdef _OPENMP
#include <omp.h>
#endif

#include "bench.h"

void fill_wave(double *x, long n, int phase)
{
    long i;
#pragma omp parallel for
    for (i = 0; i < n; i++)
        x[i] = bench_weight(i, phase) * 0.25;
}

double dot_threads(const double *x, const double *y, long n)
{
    double s = 0.0;
    long i;
#pragma omp parallel for reduction(+: s)
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

double range_threads(const double *x, long n)
{
    double lo = 1e300, hi = -1e300;
#pragma reduce(min: lo) reduce(max: hi)
#pragma omp parallel for reduction(min: lo) reduction(max: hi)
    for (long i = 0; i < n; i++) {
        if (x[i] < lo)
            lo = x[i];
        if (x[i] > hi)
            hi = x[i];
    }
    return n > 0 ? hi - lo : 0.0;
}

int threads_used(void)
{
#ifdef _OPENMP
    return omp_get_max_threads() > 0;
#else
    return 1;
#endif
}
