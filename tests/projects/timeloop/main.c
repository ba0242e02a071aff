#include <stdio.h>
#include <stdlib.h>

#include "grid.h"

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long m = n > 0 ? n : 1;
    double *a = malloc((size_t)m * sizeof *a), *b = malloc((size_t)m * sizeof *b);
    if (!a || !b)
        return 1;
    for (long i = 0; i < n; i++)
        a[i] = (double)((i * 37) % 101) - 50.0;
    /* calls from here: the grid back in host memory after each */
    relax(a, b, n);
    printf("first %.6f %.6f\n", n > 0 ? b[n / 2] : 0.0, checksum(b, n));
    run(a, b, n, 5);
    printf("norm %.6f, a[1] %.6f\n", norm1(a, n), n > 1 ? a[1] : 0.0);
    for (int k = 0; k < 5; k++)
        printf("history %d: %.6f\n", k, history[k]);
    free(a);
    free(b);
    return 0;
}
