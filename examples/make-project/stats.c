/* Reductions over an int array, each a marked loop. */
#include <limits.h>

#include "stats.h"

long long sum_of(const int *v, long n)
{
    long long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += v[i];
    return s;
}

int max_of(const int *v, long n)
{
    int m = INT_MIN;
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        if (v[i] > m)
            m = v[i];
    return m;
}

int min_of(const int *v, long n)
{
    int m = INT_MAX;
#pragma reduce(min: m)
    for (long i = 0; i < n; i++)
        if (v[i] < m)
            m = v[i];
    return m;
}
