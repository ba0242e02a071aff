#include <stdio.h>

#include "grid.h"

double checksum(const double *v, long n)
{
    double c = 0;
    for (long i = 0; i < n; i++)
        c += v[i] * (double)(i % 7 + 1);
    return c;
}

void report_step(int step, const double *v, long n)
{
    if (n > 0)
        printf("step %d: v[0] %.6f v[n-1] %.6f check %.6f\n", step, v[0], v[n - 1], checksum(v, n));
}
