/* Norm kernels: a marked loop per function; `class` and `this` as names. */
#include <math.h>

#include "bench.h"

double norm_l1(const double *x, long n, char class)
{
    double s = 0.0;
    long this;
#pragma reduce(+: s)
    for (this = 0; this < n; this++)
        s += fabs(x[this]) * (class == 'B' ? 2.0 : 1.0);
    return s;
}

double norm_inf(const double *x, long n)
{
    double m = 0.0;
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = fmax(m, fabs(x[i]));
    return m;
}
