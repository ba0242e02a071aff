#include <math.h>

#include "mat.h"

/* a row swap over every column: row k and row p are read and written by
 * the same column's iteration only (p may be k) */
static void swap_rows(row_t *a, long k, long p)
{
    long j;
#pragma omp parallel for
#pragma reduce parallel
    for (j = 0; j < WIDTH; j++) {
        double t = a[k][j];
        a[k][j] = a[p][j];
        a[p][j] = t;
    }
}

void factor(row_t *a, long m, long *piv)
{
    long k;
    for (k = 0; k < m; k++) {
        double best = -1.0;
        long p = k;
        long i;
#pragma reduce(maxloc: best, p)
        for (i = k; i < m; i++)
            if (fabs(a[i][k]) > best) {
                best = fabs(a[i][k]);
                p = i;
            }
        piv[k] = p;
        if (p != k)
            swap_rows(a, k, p);
        /* rows below k: each iteration writes its own row, reads row k */
#pragma omp parallel for
#pragma reduce parallel
        for (i = k + 1; i < m; i++) {
            double l = a[i][k] / a[k][k];
            long j;
            a[i][k] = l;
#pragma reduce parallel
            for (j = k + 1; j < m; j++)
                a[i][j] -= l * a[k][j];
        }
    }
}
