/* Pointers held in structs copied before loops that follow one another
 * and beside element accumulators (issue 42, item 3): each loop's copies
 * open a block before its pragma and close it after the loop, so where
 * one loop ends and the next one's copies begin, and around an element
 * accumulator's scalar, the blocks must nest (a marked loop as the body
 * of an unmarked one, without braces, too). */
#include <stdio.h>
#include <stdlib.h>
typedef struct { long n; double *v; double *w; } Data;
static void f(Data *D, double *y, double *z, long m)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < D->n; i++)
        s += D->v[i];
#pragma reduce(+: y[0])
    for (long i = 0; i < D->n; i++)
        y[0] += D->w[i];
#pragma reduce(+: z[1])
    for (long i = 0; i < D->n; i++)
        z[1] += D->v[i] * 2;
#pragma reduce(+: y[1])
    for (long i = 0; i < D->n; i++)
        y[1] += 3 * i;
    for (long k = 0; k < m; k++)
#pragma reduce(+: z[k])
        for (long i = 0; i < D->n; i++)
            z[k] += D->w[i] * k;
    y[2] = s;
}
int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    Data D = {n, malloc((n + 1) * sizeof(double)), malloc((n + 1) * sizeof(double))};
    for (long i = 0; i < n; i++) { D.v[i] = i % 7; D.w[i] = i % 3; }
    double y[3] = {0}, z[4] = {0};
    f(&D, y, z, 4);
    printf("%g %g %g %g %g %g %g\n", y[0], y[1], y[2], z[0], z[1], z[2], z[3]);
    return 0;
}
