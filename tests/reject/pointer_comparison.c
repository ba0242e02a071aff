/* expect-error-at: 13:14: x[i] == y[i] addresses; 22:13: (y + i) - (x + i); 22:37: (y + i) - (x + i) */
/* Each array a marked loop reads has its own copy on the GPU: pointers
 * into two arrays that are equal on the host (two names for one buffer)
 * may differ there. Offsets within one array, and tests against null, are
 * the same everywhere. */
#include <stddef.h>

long same_element(const double *x, const double *y, long n)
{
    long s = 0;
#pragma reduce(+: s) in(x[0:n], y[0:n])
    for (long i = 0; i < n; i++)
        s += &x[i] == &y[i];
    return s;
}

long distance(const double *x, const double *y, long n)
{
    long s = 0;
#pragma reduce(max: s) in(x[0:n], y[0:n])
    for (long i = 0; i < n; i++)
        s = (y + i) - (x + i) > s ? (y + i) - (x + i) : s;
    return s;
}

/* accepted: one array's offsets, and null pointer tests */
long offsets(const double *x, long n)
{
    long s = 0;
#pragma reduce(+: s) in(x[0:n])
    for (long i = 0; i < n; i++)
        s += (&x[i] - x) + (x != NULL) + (&x[i] != 0);
    return s;
}
