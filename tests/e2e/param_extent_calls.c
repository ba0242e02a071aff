/* Pointer parameters read at elements no subscript tells (a sparse row's
 * p[col[k]], a table lookup t[key[i]]), in functions with internal
 * linkage whose every call passes a constant-size array: the loop copies
 * what the smallest argument leaves, as NPB CG's conj_grad(..., p, ...)
 * called with the global `double p[NA+3]`. Forms: two global arrays of
 * one size and a local array of main of that size; a function passing its
 * own parameter on (two levels); a parallel loop over rows around a
 * marked row sum; `T *p`, `T p[]` and `T p[8]` parameters; host writes
 * between calls. Values are small integers, so the sums are exact.
 * (Arrays of two sizes, or `&p[2]`, are refused: tests/reject/
 * param_extent_refused.c.) */
#include <stdio.h>
#include <stdlib.h>

#define NROWS 64
#define NNZ (NROWS * 4)

static int colidx[NNZ];
static int rowstr[NROWS + 1];
static double a[NNZ];
static double p[NROWS + 3];
static double q[NROWS + 3];
static double r[NROWS + 3];

static double gather(const int *idx, const double v[], int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int k = 0; k < n; k++)
        s += v[idx[k]];
    return s;
}

/* passes its parameter on, a level down */
static double gather_twice(const int idx[], const double v[8], int n)
{
    return gather(idx, v, n) + gather(idx, v, n);
}

/* q = A.p over the rows, each row's sum a marked loop */
static void matvec(const int cols[], const int rows[], const double vals[], const double x[],
                   double y[], int nrows)
{
    int j, k;
    double sum;
#pragma reduce parallel
    for (j = 0; j < nrows; j++) {
        sum = 0.0;
#pragma reduce(+: sum)
        for (k = rows[j]; k < rows[j + 1]; k++)
            sum = sum + vals[k] * x[cols[k]];
        y[j] = sum;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    if (n > NNZ)
        n = NNZ;
    if (n < 0)
        n = 0;
    double local[NROWS + 3];
    for (int i = 0; i < NROWS + 3; i++)
        p[i] = i % 7;
    for (int i = 0; i < NROWS + 3; i++) {
        r[i] = i % 5;
        local[i] = i % 3;
    }
    for (int k = 0; k < NNZ; k++) {
        colidx[k] = (k * 37) % (NROWS + 3);
        a[k] = k % 4;
    }
    for (int j = 0; j <= NROWS; j++)
        rowstr[j] = j * n / NROWS;

    printf("gather p: %g\n", gather(colidx, p, n));
    printf("gather r: %g\n", gather(colidx, r, n));
    printf("gather local: %g\n", gather(colidx, local, n));
    printf("gather twice: %g\n", gather_twice(colidx, p, n));
    for (int step = 0; step < 3; step++) {
        matvec(colidx, rowstr, a, p, q, NROWS);
        double s = 0;
        for (int j = 0; j < NROWS; j++)
            s += q[j];
        printf("step %d: sum q = %g\n", step, s);
        /* a host write between calls reaches the next one */
        p[step] += 1.0;
    }
    return 0;
}
