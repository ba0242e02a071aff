/* expect-error-at: 6:5: the helper calls printf */
#include <stdio.h>

static double noisy(double x)
{
    printf("%g\n", x);
    return x;
}

double total(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += noisy(a[i]);
    return s;
}
