/* Column-major data (Fortran order): per-column sums and L1 norms in
 * double (multiples of 0.5), column maxima of absolute values with the row
 * (maxloc), and the column with the largest norm over the results. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int m = (int)(n % 500) + 1, ncol = (int)(n / 500) + 1;
    if (ncol > 400)
        ncol = 400;
    double *A = malloc(((size_t)m * ncol + 1) * sizeof *A);
    double *csum = malloc(ncol * sizeof *csum), *cl1 = malloc(ncol * sizeof *cl1);
    double *cmax = malloc(ncol * sizeof *cmax);
    int *crow = malloc(ncol * sizeof *crow);
    if (!A || !csum || !cl1 || !cmax || !crow)
        return 1;
    for (long k = 0; k < (long)m * ncol; k++)
        A[k] = (double)((k * 31 + n) % 41 - 20) * 0.5;
    for (int j = 0; j < ncol; j++) {
        const double *col = A + (long)j * m;
        double s = 0, l1 = 0;
#pragma reduce(+: s, l1)
        for (int i = 0; i < m; i++) {
            s += col[i];
            l1 += fabs(col[i]);
        }
        csum[j] = s;
        cl1[j] = l1;
        double best = -1;
        int at = -1;
#pragma reduce(maxloc: best, at)
        for (int i = 0; i < m; i++)
            if (fabs(A[(long)j * m + i]) > best) {
                best = fabs(A[(long)j * m + i]);
                at = i;
            }
        cmax[j] = best;
        crow[j] = at;
    }
    double big = -1;
    int bj = -1;
#pragma reduce(maxloc: big, bj)
    for (int j = 0; j < ncol; j++)
        if (cl1[j] > big) {
            big = cl1[j];
            bj = j;
        }
    double h = 0;
    long hr = 0;
    for (int j = 0; j < ncol; j++) {
        h += csum[j] * (j % 3 + 1) + cmax[j];
        hr += crow[j] * (j + 1);
    }
    printf("%d x %d: %.6g %ld big %.6g at %d\n", m, ncol, h, hr, big, bj);
    free(A); free(csum); free(cl1); free(cmax); free(crow);
    return 0;
}
