/* expect-error-at: 14:15: (uintptr_t)(x + i); 23:15: (const double *)base */
/* The GPU's copies of the arrays are at other addresses than the host's
 * data: an address turned into an integer (an alignment test) would differ,
 * and a pointer made from an integer would be a host address. A null
 * pointer constant is fine. */
#include <stddef.h>
#include <stdint.h>

long aligned_elements(const double *x, long n)
{
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += ((uintptr_t)(x + i) & 15) == 0;
    return s;
}

double from_address(uintptr_t base, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += ((const double *)base)[i];
    return s;
}

/* accepted: null pointer constants */
double null_checks(const double *x, long n)
{
    double s = 0.0;
#pragma reduce(+: s) in(x[0:n])
    for (long i = 0; i < n; i++) {
        const double *p = NULL;
        if (x != 0)
            p = &x[i];
        if (p)
            s += x[i];
    }
    return s;
}
