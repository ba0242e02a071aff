/* sum.c - sum and mean of an array of doubles.
 *
 *   ./sum [n]      (default n = 1000000)
 */
#include <stdio.h>
#include <stdlib.h>

static double sum(const double *a, long n)
{
    double total = 0.0;
#pragma reduce(+: total)
    for (long i = 0; i < n; i++) {
        total += a[i];
    }
    return total;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    if (n < 0)
        n = 0;

    double *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (!a) {
        perror("malloc");
        return 1;
    }
    /* values -6.0 .. 6.0 in steps of 0.5: every partial sum is exact */
    for (long i = 0; i < n; i++)
        a[i] = ((double)((i * 7) % 13) - 6.0) * 0.5 + (double)(i % 3) * 0.25;

    double s = sum(a, n);
    printf("sum = %.2f\n", s);
    if (n > 0)
        printf("mean = %.6f\n", s / (double)n);
    else
        printf("mean = (empty)\n");

    /* the same sum written inline, starting from a non-zero value */
    double s2 = 1000.0;
#pragma reduce(+: s2)
    for (long i = 0; i < n; i++)
        s2 = s2 + a[i] * 2.0;
    printf("1000 + 2*sum = %.2f\n", s2);

    free(a);
    return 0;
}
