/* expect-error-at: 8:5: the helper writes a global */
#include <stdio.h>

static long calls;

static double counted(double x)
{
    calls++;
    return x;
}

double total(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += counted(a[i]);
    return s;
}
