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
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    for (long i = 0; i < n; i++) { a[i] = (double)(i % 7) - 3; b[i] = (double)(i % 5) - 2; }
    float m = -1e30f;
    int i;
#pragma reduce(max: m)
    for (i = 0; i < n; i += 2) {
        if ((float)a[i] > m) m = (float)a[i];
    }
    printf("dot = %.1f max = %g i = %d\n", dot(a, b, n), m, i);
    free(a); free(b);
    return 0;
}
