/* row_address.c - rows of a flat array handed to a helper as &x[i * DIM]
 * (and as x + i * DIM), with in() naming what the helper reads.
 *   ./row_address [n] */
#include <stdio.h>
#include <stdlib.h>

#define DIM 4

static double norm2(const double *p)
{
    double d = 0.0;
    for (int j = 0; j < DIM; j++)
        d += p[j] * p[j];
    return d;
}

static int count_positive(const int *row, int len)
{
    int c = 0;
    for (int j = 0; j < len; j++)
        c += row[j] > 0;
    return c;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    if (n < 0)
        n = 0;
    size_t count = n > 0 ? (size_t)n : 1;
    double *x = malloc(count * DIM * sizeof *x);
    int *v = malloc(count * DIM * sizeof *v);
    if (!x || !v)
        return 1;
    for (long i = 0; i < n * DIM; i++) {
        x[i] = (double)(i % 7) - 3.0;
        v[i] = (int)(i % 5) - 2;
    }
    double s = 0.0;
#pragma reduce(+: s) in(x[0:n * DIM])
    for (long i = 0; i < n; i++)
        s += norm2(&x[i * DIM]);

    double m = 0.0;
#pragma reduce(max: m) in(x[0:n * DIM])
    for (long i = 0; i < n; i++) {
        double d = norm2(x + i * DIM);
        m = d > m ? d : m;
    }

    long pos = 0;
#pragma reduce(+: pos) in(v[0:n * DIM])
    for (long i = 0; i < n; i++)
        pos += count_positive(&v[DIM * i], DIM);

    printf("sum %.1f max %.1f positive %ld\n", s, m, pos);
    free(x);
    free(v);
    return 0;
}
