/* PolyBench atax (y = A^T (A x)) and bicg (s = A^T r, q = A p), each
 * product a marked inner loop inside its loop over rows or columns.
 * atax in double over a flat pointer (PolyBench's A[i][j] of an N x M
 * array, written A[i * m + j]); bicg in float. Small integer entries keep
 * the sums exact. rows * cols ~ n. */
#include <stdio.h>
#include <stdlib.h>

static void atax(long rows, long cols, const double *A, const double *x, double *y, double *tmp)
{
    for (long i = 0; i < rows; i++) {
        double t = 0.0;
#pragma reduce(+: t)
        for (long j = 0; j < cols; j++)
            t += A[i * cols + j] * x[j];
        tmp[i] = t;
    }
    for (long j = 0; j < cols; j++) {
        double s = 0.0;
#pragma reduce(+: s)
        for (long i = 0; i < rows; i++)
            s += A[i * cols + j] * tmp[i];
        y[j] = s;
    }
}

static void bicg(int rows, int cols, const float *A, const float *r, const float *p, float *s,
                 float *q)
{
    for (int j = 0; j < cols; j++) {
        float acc = 0.0f;
#pragma reduce(+: acc)
        for (int i = 0; i < rows; i++)
            acc = acc + r[i] * A[i * cols + j];
        s[j] = acc;
    }
    for (int i = 0; i < rows; i++) {
        float acc = 0.0f;
#pragma reduce(+: acc)
        for (int j = 0; j < cols; j++)
            acc = acc + A[i * cols + j] * p[j];
        q[i] = acc;
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long cols = 1;
    while (cols * cols * 2 < n)
        cols++;
    long rows = n / cols;
    size_t na = (size_t)(rows * cols) + 1, nr = (size_t)rows + 1, nc = (size_t)cols + 1;
    double *A = malloc(na * sizeof *A), *x = malloc(nc * sizeof *x), *y = malloc(nc * sizeof *y),
           *tmp = malloc(nr * sizeof *tmp);
    float *B = malloc(na * sizeof *B), *r = malloc(nr * sizeof *r), *p = malloc(nc * sizeof *p),
          *s = malloc(nc * sizeof *s), *q = malloc(nr * sizeof *q);
    if (!A || !x || !y || !tmp || !B || !r || !p || !s || !q)
        return 1;
    for (long i = 0; i < rows; i++)
        for (long j = 0; j < cols; j++) {
            A[i * cols + j] = (double)((i + j) % 5) - 2.0;
            B[i * cols + j] = (float)((i * 2 + j) % 7) - 3.0f;
        }
    for (long j = 0; j < cols; j++) {
        x[j] = (double)(j % 3) - 1.0;
        p[j] = (float)(j % 4) * 0.5f;
    }
    for (long i = 0; i < rows; i++)
        r[i] = (float)(i % 3);

    atax(rows, cols, A, x, y, tmp);
    double ha = 0, ht = 0;
    for (long j = 0; j < cols; j++)
        ha += y[j] * (double)(j % 7 + 1);
    for (long i = 0; i < rows; i++)
        ht += tmp[i] * (double)(i % 3 + 1);
    printf("atax %ld x %ld: tmp %.1f y %.1f\n", rows, cols, ht, ha);

    bicg((int)rows, (int)cols, B, r, p, s, q);
    double hs = 0, hq = 0;
    for (long j = 0; j < cols; j++)
        hs += (double)s[j] * (double)(j % 5 + 1);
    for (long i = 0; i < rows; i++)
        hq += (double)q[i] * (double)(i % 2 + 1);
    printf("bicg: s %.1f q %.1f\n", hs, hq);
    free(A); free(x); free(y); free(tmp); free(B); free(r); free(p); free(s); free(q);
    return 0;
}
