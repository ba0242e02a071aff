/* expect-error-at: 8:16: the helper reads a global, which is not on the GPU */
#include <stdio.h>

static double scale = 2.0;

static double scaled(double x)
{
    return x * scale;
}

double total(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += scaled(a[i]);
    return s;
}
