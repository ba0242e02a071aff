/* Marked loops in a library file; the same loop numbers as main.c's
 * (pr_loop0, pr_loop1): their kernels must not collide at link time. */
#include "vec.h"

long vec_calls = 0;

double vec_dot(const double *x, const double *y, long n)
{
    double s = 0;
    vec_calls++;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

double vec_max(const double *x, long n)
{
    double m = -1e300;
    vec_calls++;
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = x[i] > m ? x[i] : m;
    return m;
}
