#include <stdio.h>
#include <stdlib.h>

#include "vec.h"

double delete(double x) { return x - 1; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *v = malloc((n + 1) * sizeof *v);
    /* powers of two and -2: every partial sum is exact, so the GPU's
     * summation order prints the same digits as the loop's */
    for (long i = 0; i < n; i++)
        v[i] = i % 5 == 0 ? -2.0 : (double)(1 << (i % 4));
    class = 2;
    printf("norm %.17g rsqrt_sum %.17g class %d\n", norm(v, n), rsqrt_sum(v, n), class);
    free(v);
    return 0;
}
