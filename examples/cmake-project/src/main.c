/* histo_demo - a histogram of n samples, their sum and largest value.
 *
 *   histo_demo [n]     (default n = 1000000)
 */
#include <stdio.h>
#include <stdlib.h>

#include "histo.h"

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000000;
    if (n < 0) {
        fprintf(stderr, "n must be >= 0\n");
        return 1;
    }
    double *x = malloc((n > 0 ? n : 1) * sizeof *x);
    if (x == NULL) {
        fprintf(stderr, "cannot allocate %ld doubles\n", n);
        return 1;
    }
    make_samples(x, n);

    double sum = 0.0;
#pragma reduce(+: sum)
    for (long i = 0; i < n; i++)
        sum += x[i];

    printf("n = %ld, sum = %.1f, largest = %.6f\n", n, sum, largest(x, n));
    for (int b = 0; b < HISTO_BINS; b++) {
        double lo = (double)b / HISTO_BINS, hi = (double)(b + 1) / HISTO_BINS;
        printf("[%.3f, %.3f) %ld\n", lo, hi, count_in(x, n, lo, hi));
    }
    free(x);
    return 0;
}
