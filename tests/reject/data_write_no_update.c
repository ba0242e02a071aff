/* expect-error-at: 16:13: host write to a region array with no update; 22:16: memset with no update; 38:14: a helper writes the array through its parameter */
#include <string.h>

/* A data region keeps its arrays on the GPU whatever the host does: a host
 * write to one of them needs '#pragma reduce update' after it. */
double f(double *a, double *b, long n)
{
    double s = 0;
#pragma reduce data in(a[0:n], b[0:n])
    {
#pragma reduce(+: s)
        for (long i = 0; i < n; i++)
            s += a[i] * b[i];
        for (long i = 0; i < n; i++) {
            b[i] = 1.0; /* updated below: fine */
            a[i] = 2.0;
        }
#pragma reduce update in(b[0:n])
#pragma reduce(+: s)
        for (long i = 0; i < n; i++)
            s += a[i] * b[i];
        memset(b, 0, 8);
    }
    return s;
}

static void fill(double *p, long n)
{
    for (long i = 0; i < n; i++)
        p[i] = 0.5;
}

double g(double *a, long n)
{
    double s = 0;
#pragma reduce data in(a[0:n])
    {
        fill(a, n);
#pragma reduce(+: s)
        for (long i = 0; i < n; i++)
            s += a[i];
    }
    return s;
}
