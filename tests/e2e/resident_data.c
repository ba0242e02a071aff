/* Explicit data regions: `#pragma reduce data` keeps arrays on the GPU for
 * a block, across calls of functions with marked loops too; `#pragma
 * reduce update` copies what the host wrote. A call the analysis must
 * assume writes (a non-const pointer) does not drop a region's copies:
 * the user vouches for them. */
#include <stdio.h>
#include <stdlib.h>

static double sum(const double *x, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    return s;
}

/* reads only, but through a non-const pointer */
static double first(double *x, long n) { return n > 0 ? x[0] : 0.0; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    double *x = malloc((size_t)(n + 1) * sizeof *x);
    double *y = malloc((size_t)(n + 1) * sizeof *y);
    if (!x || !y)
        return 1;
    for (long i = 0; i < n; i++) {
        x[i] = (double)(i % 9);
        y[i] = (double)(i % 4);
    }
    double s = 0, d = 0;
#pragma reduce data in(x[0:n], y[0:n])
    {
        for (int r = 0; r < 3; r++) {
            s = 0;
            d = 0;
#pragma reduce(+: s, d)
            for (long i = 0; i < n; i++) {
                s += x[i];
                d += x[i] * y[i];
            }
            printf("round %d: %.1f %.1f %.1f\n", r, s, d, first(x, n));
            /* a function's own loop finds the region's copy */
            printf("sum(y) = %.1f\n", sum(y, n));
        }
        if (n > 0) {
            x[0] = 100.0;
#pragma reduce update in(x[0:1])
        }
        s = 0;
#pragma reduce(+: s)
        for (long i = 0; i < n; i++)
            s += x[i];
        printf("after update: %.1f\n", s);
        for (long i = 0; i < n; i++)
            y[i] = 1.0;
#pragma reduce update in(y[0:n])
        printf("sum(y) after update: %.1f\n", sum(y, n));
    }
    /* a region around a marked loop alone */
    s = 0;
#pragma reduce data in(y[0:n])
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += y[i];
    printf("single: %.1f\n", s);
    /* after the regions: ordinary residency again */
    if (n > 1)
        y[1] = 7.0;
    printf("sum(y) at the end: %.1f\n", sum(y, n));
    free(x);
    free(y);
    return 0;
}
