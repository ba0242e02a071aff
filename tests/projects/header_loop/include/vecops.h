/* Helpers with marked loops of their own, in a project header: each file
 * that includes it gets them transpiled (static inline, one per file). */
#ifndef VECOPS_H
#define VECOPS_H

static inline double vec_sum(const double *a, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i];
    return s;
}

static inline double vec_dot(const double *a, const double *b, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

static inline void vec_scale(double *a, double f, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        a[i] *= f;
}

double norm2(const double *a, long n);

#endif
