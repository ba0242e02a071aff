/* Transposed products y = A^T x over a row-major matrix: the marked inner
 * loop walks down a column (stride cols), inside the loop over columns.
 * Double over a flat pointer, float with an int count of the nonzero
 * products fused in, and column sums of a fixed-size 2-D array. Entries
 * are small integers, so the sums are exact. rows * cols ~ n. */
#include <stdio.h>
#include <stdlib.h>

#define CMAX 128

static void matvec_t(const double *A, const double *x, double *y, long rows, long cols)
{
    for (long j = 0; j < cols; j++) {
        double s = 0.0;
#pragma reduce(+: s)
        for (long i = 0; i < rows; i++)
            s += A[i * cols + j] * x[i];
        y[j] = s;
    }
}

/* float, with the nonzero terms counted in the same pass */
static int matvec_t_count(const float *A, const float *x, float *y, int rows, int cols)
{
    int nonzero_total = 0;
    for (int j = 0; j < cols; j++) {
        float s = 0.0f;
        int nz = 0;
#pragma reduce(+: s, nz)
        for (int i = 0; i < rows; i++) {
            float t = A[(long)i * cols + j] * x[i];
            s += t;
            if (t != 0.0f)
                nz++;
        }
        y[j] = s;
        nonzero_total += nz;
    }
    return nonzero_total;
}

static double M[1024][CMAX];

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long rows = 1;
    while (rows * rows < n)
        rows++;
    long cols = n / rows;
    size_t na = (size_t)(rows * cols) + 1;
    double *A = malloc(na * sizeof *A), *x = malloc((size_t)rows * sizeof *x),
           *y = malloc(((size_t)cols + 1) * sizeof *y);
    float *Af = malloc(na * sizeof *Af), *xf = malloc((size_t)rows * sizeof *xf),
          *yf = malloc(((size_t)cols + 1) * sizeof *yf);
    if (!A || !x || !y || !Af || !xf || !yf)
        return 1;
    for (long i = 0; i < rows; i++) {
        x[i] = (double)(i % 7) - 3.0;
        xf[i] = (float)(i % 4) * 0.25f;
        for (long j = 0; j < cols; j++) {
            A[i * cols + j] = (double)((i * 5 + j * 3) % 13) - 6.0;
            Af[i * cols + j] = (float)((i * j) % 5) - 2.0f;
        }
    }
    matvec_t(A, x, y, rows, cols);
    double h = 0;
    for (long j = 0; j < cols; j++)
        h += y[j] * (double)(j % 5 + 1);
    printf("rows %ld cols %ld: A^T x checksum %.1f\n", rows, cols, h);

    int nz = matvec_t_count(Af, xf, yf, (int)rows, (int)cols);
    double hf = 0;
    for (long j = 0; j < cols; j++)
        hf += (double)yf[j] * (double)(j % 3 + 1);
    printf("float A^T x checksum %.2f, nonzero terms %d\n", hf, nz);

    /* column sums of a fixed-size 2-D array, PolyBench's A[i][j] */
    int r2 = (int)(rows < 1024 ? rows : 1024), c2 = (int)(cols < CMAX ? cols : CMAX);
    for (int i = 0; i < r2; i++)
        for (int j = 0; j < c2; j++)
            M[i][j] = (double)((i + 2 * j) % 9) * 0.5;
    double colsum_h = 0;
    for (int j = 0; j < c2; j++) {
        double cs = 0;
#pragma reduce(+: cs)
        for (int i = 0; i < r2; i++)
            cs += M[i][j];
        colsum_h += cs * (j % 4 + 1);
    }
    printf("2-D column sums %d x %d: checksum %.1f\n", r2, c2, colsum_h);
    free(A); free(x); free(y); free(Af); free(xf); free(yf);
    return 0;
}
