/* The harness: marked loops of its own, calls into vec.c (transpiled) and
 * util.c (plain C). */
#include <stdio.h>
#include <stdlib.h>

#include "vec.h"

static long count_positive(const double *x, long n)
{
    long c = 0;
#pragma reduce(+: c)
    for (long i = 0; i < n; i++)
        c += x[i] > 0;
    return c;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *x = malloc(sizeof(double) * (size_t)(n + 1));
    double *y = malloc(sizeof(double) * (size_t)(n + 1));
    util_fill(x, n, 1);
    util_fill(y, n, 4);
    double lo = 1e300;
#pragma reduce(min: lo)
    for (long i = 0; i < n; i++)
        lo = y[i] < lo ? y[i] : lo;
    printf("dot %.17g\n", vec_dot(x, y, n));
    printf("norm2 %.17g\n", util_norm2(x, n));
    printf("max %.17g min %.17g\n", vec_max(x, n), lo);
    printf("positive %ld\n", count_positive(y, n));
    /* y changes in util.c, which pragreduce never saw, between two loops
     * of this call: the second must not reuse the first one's copy */
    double sum = 0;
#pragma reduce(+: sum)
    for (long i = 0; i < n; i++)
        sum += y[i];
    util_fill(y, n, 9);
    double sum2 = 0;
#pragma reduce(+: sum2)
    for (long i = 0; i < n; i++)
        sum2 += y[i];
    printf("sums %.17g %.17g\n", sum, sum2);
    printf("calls %ld\n", vec_calls);
    free(x);
    free(y);
    return 0;
}
