#include "vec.h"

int class = 3;

double norm(const double *v, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += v[i] * v[i] * class;
    return delete(s + 1);
}

double rsqrt_sum(const double *v, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += v[i] > 0 ? 1.0 / v[i] : 0.0;
    return s;
}
