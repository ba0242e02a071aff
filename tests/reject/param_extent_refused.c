/* expect-error-at: 21:16: arrays of two sizes; 30:16: a pointer into an array; 40:16: an extern function; 50:16: the parameter changed; 60:16: address taken */
/* Pointer parameters read at unfollowed elements whose extent the calls
 * do not settle: each needs in(). */
#include <stdlib.h>

static int idx[64];
static double p[64], big[128];
double (*keep)(const int *, const double *, int);

/* gather(idx, big, n) may read big[100]: a copy of 64 would miss it */
static double sizes(const int *ix, const double *v, int n);
double use_sizes(int n)
{
    return sizes(idx, p, n) + sizes(idx, big, n);
}
static double sizes(const int *ix, const double *v, int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int k = 0; k < n; k++)
        s += v[ix[k]];
    return s;
}

static double offset(const int *ix, const double *v, int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int k = 0; k < n; k++)
        s += v[ix[k]];
    return s;
}
double use_offset(int n) { return offset(idx, &p[2], n); }

double external(const int *ix, const double *v, int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int k = 0; k < n; k++)
        s += v[ix[k]];
    return s;
}

static double changed(const int *ix, const double *v, int n)
{
    double s = 0;
    v++;
#pragma reduce(+: s)
    for (int k = 0; k < n; k++)
        s += v[ix[k]];
    return s;
}
double use_changed(int n) { return changed(idx, p, n); }

static double taken(const int *ix, const double *v, int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int k = 0; k < n; k++)
        s += v[ix[k]];
    return s;
}
double use_taken(int n) { keep = taken; return taken(idx, p, n); }
