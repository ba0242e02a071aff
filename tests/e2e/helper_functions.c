/* Functions of the same file called from marked loops: static and not,
 * calling each other, with local variables, loops and early returns. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double sq(double x)
{
    return x * x;
}

/* clamps to [lo, hi] with an early return */
static inline double clamp(double x, double lo, double hi)
{
    if (x < lo)
        return lo;
    if (x > hi)
        return hi;
    return x;
}

int digit_sum(int v)
{
    int s = 0;
    if (v < 0)
        v = -v;
    while (v > 0) {
        s += v % 10;
        v /= 10;
    }
    return s;
}

static double weight(int i, double x)
{
    double w = (i % 3 == 0) ? 2.0 : 1.0;
    return w * sq(clamp(x, -4.0, 4.0));
}

static int poly(const int *coef, int k, int x)
{
    int r = 0;
    for (int j = k - 1; j >= 0; j--)
        r = r * x + coef[j];
    return r;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc((size_t)(n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    for (long i = 0; i < n; i++)
        a[i] = (double)((i * 7) % 13) - 6.0;

    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += sq(a[i]);
    printf("sum of squares = %.1f\n", s);

    double ws = 0.0;
#pragma reduce(+: ws)
    for (long i = 0; i < n; i++)
        ws += weight((int)i, a[i]);
    printf("weighted = %.1f\n", ws);

    long ds = 0;
    int dmax = 0;
#pragma reduce(+: ds) reduce(max: dmax)
    for (long i = 0; i < n; i++) {
        int d = digit_sum((int)(i * 37));
        ds += d;
        if (d > dmax)
            dmax = d;
    }
    printf("digit sums = %ld, max = %d\n", ds, dmax);

    long ps = 0;
#pragma reduce(+: ps)
    for (long i = 0; i < n; i++) {
        int coef[3] = {1, -2, 1};
        ps += poly(coef, 3, (int)(i % 100));
    }
    printf("poly = %ld\n", ps);
    free(a);
    return 0;
}
