#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mat.h"

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 33;
    long m = ORDER(n), i, j;
    row_t *a = malloc(sizeof(row_t) * WIDTH), *orig = malloc(sizeof(row_t) * WIDTH);
    double *b = malloc(sizeof(double) * WIDTH), *rhs = malloc(sizeof(double) * WIDTH);
    double *x = malloc(sizeof(double) * WIDTH);
    long *piv = malloc(sizeof(long) * WIDTH);
    unsigned long s = (unsigned long)n * 2654435761u + 7;
    for (i = 0; i < WIDTH; i++) {
        for (j = 0; j < WIDTH; j++) {
            s = s * 6364136223846793005u + 1442695040888963407u;
            a[i][j] = (double)((s >> 33) % 2001) / 1000.0 - 1.0;
        }
        rhs[i] = (double)(i % 7) - 3.0;
    }
    memcpy(orig, a, sizeof(row_t) * WIDTH);
    memcpy(b, rhs, sizeof(double) * WIDTH);
    factor(a, m, piv);
    solve(a, m, piv, b, x);
    {
        long swaps = 0;
        for (i = 0; i < m; i++)
            swaps += piv[i] != i;
        /* the pivots are exact; the solution to 6 digits; the residual small */
        printf("order %ld, %ld row swaps, first pivot row %ld, x[0] %.6e, x[m-1] %.6e, residual %s\n", m,
               swaps, piv[0], x[0], x[m - 1], residual(orig, m, x, rhs) < 1e-8 ? "small" : "LARGE");
    }
    free(a);
    free(orig);
    free(b);
    free(rhs);
    free(x);
    free(piv);
    return 0;
}
