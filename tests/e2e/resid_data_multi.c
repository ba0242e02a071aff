/* Data regions naming two or three arrays (issue 14, item 2): when the
 * region ends, every array it held stops being kept as the user's, so host
 * writes after it that the analysis cannot bound (a call through a
 * pointer, a write through a pointer the statement moves) make each of
 * their copies stale, not only the first array's. */
#include <stdio.h>
#include <stdlib.h>

static void scale(double *v, long n, int k)
{
    for (long i = 0; i < n; i++)
        v[i] = (double)((i * k) % 7);
}

static double dot(const double *x, const double *y, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

static double total(const double *x, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    double *a = malloc((size_t)(n + 1) * sizeof *a);
    double *b = malloc((size_t)(n + 1) * sizeof *b);
    double *c = malloc((size_t)(n + 1) * sizeof *c);
    if (!a || !b || !c)
        return 1;
    for (long i = 0; i < n; i++) {
        a[i] = (double)(i % 3);
        b[i] = (double)(i % 5);
        c[i] = (double)(i % 4);
    }
    void (*writer)(double *, long, int) = scale;
    for (int round = 0; round < 3; round++) {
        double sa = 0.0, sb = 0.0, sc = 0.0, ab = 0.0;
#pragma reduce data in(a[0:n], b[0:n], c[0:n])
        {
            for (int it = 0; it < 2; it++) {
                ab += dot(a, b, n);
#pragma reduce(+: sb)
                for (long i = 0; i < n; i++)
                    sb += b[i];
#pragma reduce(+: sc)
                for (long i = 0; i < n; i++)
                    sc += c[i] * 2.0;
            }
#pragma reduce(+: sa)
            for (long i = 0; i < n; i++)
                sa += a[i];
        }
        printf("round %d in region: %.1f %.1f %.1f %.1f\n", round, sa, sb, sc, ab);

        /* after the region: writes the analysis cannot bound */
        writer(b, n, round + 2);
        double *p = c;
        for (long i = 0; i < n; i++)
            *p++ = (double)((i + round) % 6);

        double tb = 0.0, tc = 0.0;
#pragma reduce(+: tb)
        for (long i = 0; i < n; i++)
            tb += b[i];
#pragma reduce(+: tc)
        for (long i = 0; i < n; i++)
            tc += c[i];
        printf("round %d after: %.1f %.1f %.1f %.1f\n", round, tb, tc, total(b, n), dot(b, c, n));
        /* the next round's region starts from what the host wrote */
        writer(a, n, round + 3);
    }
    free(a);
    free(b);
    free(c);
    return 0;
}
