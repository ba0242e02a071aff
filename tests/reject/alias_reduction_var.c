/* expect-error-at: 19:22: ps; 29:22: gp; 40:14: x; 50:21: b.acc */
/* The loop reduces into its own copy of its variable (on the GPU and on
 * the CPU path): a pointer to the caller's variable would read a stale
 * value. */
#include <stddef.h>

typedef struct {
    double *acc;
} Box;

double *gp;

double through_local(const double *x, long n)
{
    double s = 0.0;
    double *ps = &s;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i] + *ps;
    return s;
}

double through_global(const double *x, long n)
{
    double s = 1.0;
    gp = &s;
#pragma reduce(*: s)
    for (long i = 0; i < n; i++)
        s *= x[i] - *gp;
    return s;
}

double through_parameter(const double *x, long n)
{
    double s = 0.0;
    if (n > 1000)
        x = &s;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    return s;
}

double through_struct(const double *x, long n)
{
    double s = 0.0;
    Box b = {&s};
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i] + b.acc[0];
    return s;
}
