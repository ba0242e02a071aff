/* expect-error-at: 15:19: stay one element; 24:19: other than; 32:19: the loop declares; 40:19: calls; 47:25: same element; 58:19: a helper uses its global; 67:35: address is taken; 78:19: preprocessor; 85:19: not updated */
/* Element and member accumulators the sequential loop would not match
 * (issue 16): an element that moves with the loop, a loop reading its
 * array's storage through a copy, sections of a row, calls in the subscript,
 * two elements that may be one, a global the helper reads, a scalar
 * accumulator that may be the element, a directive before the pragma, an
 * element the loop never updates. */
#include <stddef.h>

struct acc { double sum, vals[4]; };

double moving(const double *x, double *y, long n)
{
    long j;
#pragma reduce(+: y[j])
    for (j = 0; j < n; j++)
        y[j] += x[j];
    return y[0];
}

double copied_struct(const double *x, struct acc a, long n)
{
    double total = 0;
#pragma reduce(+: a.sum)
    for (long i = 0; i < n; i++)
        a.sum += x[i] + a.vals[i % 4];
    return a.sum + total;
}

void section(const double *x, double (*h)[4], long n)
{
#pragma reduce(+: h[i][0:4])
    for (long i = 0; i < n; i++)
        h[i][i % 4] += x[i];
}

long pick(long i) { return i / 2; }
void called(const double *x, double *y, long n, long i)
{
#pragma reduce(+: y[pick(i)])
    for (long k = 0; k < n; k++)
        y[pick(i)] += x[k];
}

void maybe_same(const double *x, double *y, long n, long a, long b)
{
#pragma reduce(+: y[a], y[b])
    for (long k = 0; k < n; k++) {
        y[a] += x[k];
        y[b] -= x[k];
    }
}

double g[8];
static double peek(long k) { return g[k % 8]; }
void global_read(const double *x, long n)
{
#pragma reduce(+: g[3])
    for (long k = 0; k < n; k++)
        g[3] += x[k] * peek(k);
}

double scalar_too(const double *x, long n, double **where)
{
    double s = 0, t[2] = {0, 0};
    *where = &s;
#pragma reduce(+: t[1]) reduce(+: s)
    for (long k = 0; k < n; k++) {
        t[1] += x[k];
        s += 2 * x[k];
    }
    return s + t[1];
}

void directive_before(const double *x, double *y, long n)
{
#define SCALE 2
#pragma reduce(+: y[1])
    for (long k = 0; k < n; k++)
        y[1] += SCALE * x[k];
}

void not_updated(const double *x, double *y, long n, double *s)
{
#pragma reduce(+: y[2])
    for (long k = 0; k < n; k++)
        *s += x[k];
}
