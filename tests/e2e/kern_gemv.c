/* Dense matrix-vector products the way PolyBench/C writes them, with the
 * reduction over a row marked on the inner loop (a segmented reduction:
 * one per row, inside an independent loop over the rows):
 *   - y = A x, row-major flat double matrix;
 *   - gemver-style y = alpha * A x + beta * y in float;
 *   - mvt: x1 += A y1 and x2 += A^T y2 over a fixed-size 2-D array.
 * Entries are small integers (and halves), so every sum is exact and the
 * GPU prints what the CPU prints. Size n from argv[1]: rows * cols ~ n. */
#include <stdio.h>
#include <stdlib.h>

#define NMAX 160

static double Amvt[NMAX][NMAX];

static void matvec(const double *A, const double *x, double *y, long rows, long cols)
{
    for (long i = 0; i < rows; i++) {
        double s = 0.0;
#pragma reduce(+: s)
        for (long j = 0; j < cols; j++)
            s += A[i * cols + j] * x[j];
        y[i] = s;
    }
}

static void gemv_ab(int rows, int cols, float alpha, float beta, const float *A, const float *x,
                    float *y)
{
    for (int i = 0; i < rows; i++) {
        float s = 0.0f;
#pragma reduce(+: s)
        for (int j = 0; j < cols; j++)
            s += A[i * cols + j] * x[j];
        y[i] = alpha * s + beta * y[i];
    }
}

static void mvt(int n, double x1[NMAX], double x2[NMAX], const double y1[NMAX],
                const double y2[NMAX])
{
    for (int i = 0; i < n; i++) {
        double s = x1[i];
#pragma reduce(+: s)
        for (int j = 0; j < n; j++)
            s = s + Amvt[i][j] * y1[j];
        x1[i] = s;
    }
    /* A^T y2 through the flat storage: Amvt[j][i] here is miscompiled
     * today (tests/e2e/KERN_REJECTED.md) */
    const double *a = &Amvt[0][0];
    for (int i = 0; i < n; i++) {
        double s = x2[i];
#pragma reduce(+: s)
        for (int j = 0; j < n; j++)
            s = s + a[j * NMAX + i] * y2[j];
        x2[i] = s;
    }
}

static double checksum(const double *v, long n)
{
    double h = 0;
    for (long i = 0; i < n; i++)
        h += v[i] * (double)(i % 7 + 1);
    return h;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long cols = 1;
    while (cols * cols < n)
        cols++;
    long rows = cols > 0 ? n / cols : 0;
    size_t na = (size_t)(rows * cols) + 1, nc = (size_t)cols + 1, nr = (size_t)rows + 1;
    double *A = malloc(na * sizeof *A), *x = malloc(nc * sizeof *x), *y = malloc(nr * sizeof *y);
    float *Af = malloc(na * sizeof *Af), *xf = malloc(nc * sizeof *xf), *yf = malloc(nr * sizeof *yf);
    if (!A || !x || !y || !Af || !xf || !yf)
        return 1;
    for (long i = 0; i < rows; i++)
        for (long j = 0; j < cols; j++) {
            A[i * cols + j] = (double)((i * 3 + j * 7) % 11) - 5.0;
            Af[i * cols + j] = (float)((i + j * 5) % 9) - 4.0f;
        }
    for (long j = 0; j < cols; j++) {
        x[j] = (double)(j % 5) - 2.0;
        xf[j] = (float)(j % 3) * 0.5f;
    }
    for (long i = 0; i < rows; i++)
        yf[i] = (float)(i % 4);

    matvec(A, x, y, rows, cols);
    printf("rows %ld cols %ld\n", rows, cols);
    printf("y = A x: checksum %.1f, y[0] %.1f, y[last] %.1f\n", checksum(y, rows),
           rows > 0 ? y[0] : 0.0, rows > 0 ? y[rows - 1] : 0.0);

    gemv_ab((int)rows, (int)cols, 2.0f, 0.5f, Af, xf, yf);
    double fs = 0;
    for (long i = 0; i < rows; i++)
        fs += (double)yf[i] * (double)(i % 3 + 1);
    printf("gemver y = 2 A x + 0.5 y: checksum %.2f\n", fs);

    int m = (int)(cols < NMAX ? cols : NMAX);
    static double x1[NMAX], x2[NMAX], y1[NMAX], y2[NMAX];
    for (int i = 0; i < m; i++) {
        x1[i] = (double)(i % 3);
        x2[i] = -(double)(i % 4);
        y1[i] = (double)(i % 6) - 3.0;
        y2[i] = (double)(i % 2) + 0.5;
        for (int j = 0; j < m; j++)
            Amvt[i][j] = (double)((i * j + 1) % 7) - 3.0;
    }
    mvt(m, x1, x2, y1, y2);
    printf("mvt n %d: x1 %.1f x2 %.1f\n", m, checksum(x1, m), checksum(x2, m));

    free(A); free(x); free(y); free(Af); free(xf); free(yf);
    return 0;
}
