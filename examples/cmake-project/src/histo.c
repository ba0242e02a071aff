/* Reductions of the histogram library, each a marked loop. */
#include "histo.h"

long count_in(const double *x, long n, double lo, double hi)
{
    long c = 0;
#pragma reduce(+: c)
    for (long i = 0; i < n; i++)
        c += (x[i] >= lo && x[i] < hi);
    return c;
}

double largest(const double *x, long n)
{
    double m = -1.0;
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = x[i] > m ? x[i] : m;
    return m;
}
