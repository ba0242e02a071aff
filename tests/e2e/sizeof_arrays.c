/* sizeof_arrays.c - sizeof of arrays of fixed size in marked loops (in the
 * bounds, the body, through macros): the array's size, as in C, on the CPU
 * path and in the kernel alike.
 *   ./sizeof_arrays [n] */
#include <stdio.h>
#include <stdlib.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const int weights[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static const short grid[4][6] = {{1, 2, 3, 4, 5, 6}, {7, 8, 9, 10, 11, 12},
                                 {13, 14, 15, 16, 17, 18}, {19, 20, 21, 22, 23, 24}};
#define NW (long)(sizeof weights / sizeof weights[0])

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    if (n < 0)
        n = 0;
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += weights[i % NW] * NW;

    int tab[16];
    for (int k = 0; k < 16; k++)
        tab[k] = k * k - 40;
    long t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++)
        t += tab[i % (sizeof tab / sizeof tab[0])] + (long)sizeof(tab);

    /* the bound itself: every element of the table, whatever n is */
    long w = 0;
#pragma reduce(+: w)
    for (unsigned k = 0; k < COUNT(weights); k++)
        w += weights[k] * (long)COUNT(weights);

    /* rows and columns of a 2-D table */
    long g = 0;
#pragma reduce(+: g)
    for (long i = 0; i < n; i++)
        g += grid[i % COUNT(grid)][i % COUNT(grid[0])] + (long)(sizeof grid / sizeof grid[0][0]);

    /* only the size is used: nothing of the array is read */
    double unused[12] = {0};
    long u = 0;
#pragma reduce(+: u)
    for (long i = 0; i < n; i++)
        u += (long)(sizeof unused / sizeof unused[0]);

    printf("s=%ld t=%ld w=%ld g=%ld u=%ld\n", s, t, w, g, u);
    return 0;
}
