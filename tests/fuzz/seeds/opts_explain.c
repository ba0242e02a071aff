//! --explain --pin-host -DN=8 -DT=double --gpu A100
/* dot.c - dot product of two double vectors.
 *
 *   ./dot [n]      (default n = 1000000)
 *
 * The data are small integers, so the sum is exact whatever order the
 * terms are added in. */
#include <stdio.h>
#include <stdlib.h>

static double dot(const double *x, const double *y, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

int main(int argc, char **argv)
{
    long n = 1000000;
    if (argc > 1)
        n = strtol(argv[1], NULL, 10);
    if (n < 0) {
        fprintf(stderr, "usage: %s [n >= 0]\n", argv[0]);
        return 1;
    }

    size_t count = n > 0 ? (size_t)n : 1;
    double *x = malloc(count * sizeof *x);
    double *y = malloc(count * sizeof *y);
    if (x == NULL || y == NULL) {
        fprintf(stderr, "out of memory for n = %ld\n", n);
        free(x);
        free(y);
        return 1;
    }

    for (long i = 0; i < n; i++) {
        x[i] = (double)((i * 7) % 13) - 6.0;
        y[i] = (double)((i * 5) % 11) - 5.0;
    }

    double d = dot(x, y, n);
    printf("n = %ld\n", n);
    printf("dot = %.1f\n", d);
    printf("x.x = %.1f\n", dot(x, x, n));

    free(x);
    free(y);
    return 0;
}
