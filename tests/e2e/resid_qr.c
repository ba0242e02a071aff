/* A modified Gram-Schmidt shaped solver (issue 14, item 3): the column
 * norm `nrm += A[i][k] * A[i][k]` and the dot products with the later
 * columns are marked loops inside the `k` loop; host loops then update
 * A[i][j] for j > k through a fixed-size 2-D array parameter, in triangular
 * ranges (j from k + 1, i from k), in row-major and column-walk order, and
 * through a row pointer. The arithmetic is kept exact (small integers,
 * fmod) so that every device gives the sequential program's output. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 40

static double mgs(double A[N][N], double R[N][N], int m)
{
    double trace = 0.0;
    for (int k = 0; k < m; k++) {
        double nrm = 0.0;
#pragma reduce(+: nrm)
        for (int i = 0; i < m; i++)
            nrm += A[i][k] * A[i][k];
        R[k][k] = nrm;
        trace += nrm;
        /* the later columns, one marked loop each, then their update */
        for (int j = k + 1; j < m; j++) {
            double d = 0.0;
#pragma reduce(+: d)
            for (int i = 0; i < m; i++)
                d += A[i][k] * A[i][j];
            R[k][j] = d;
            for (int i = 0; i < m; i++)
                A[i][j] = fmod(A[i][j] * 3.0 + fmod(d, 5.0) * A[i][k], 11.0);
        }
        /* a triangular host nest over rows below the diagonal, row-major */
        for (int i = k; i < m; i++)
            for (int j = k + 1; j < m; j++)
                A[i][j] = fmod(A[i][j] + nrm, 7.0);
        /* the same columns walked column by column */
        for (int j = k + 1; j < m; j++)
            for (int i = 0; i <= k; i++)
                A[i][j] -= 1.0;
    }
    return trace;
}

/* the textbook form: the dot products with the later columns as one
 * segmented nest (a column walk per segment), the update after it */
static double mgs_columns(double A[N][N], double R[N][N], int m)
{
    double trace = 0.0;
    for (int k = 0; k < m; k++) {
        double nrm = 0.0;
#pragma reduce(+: nrm)
        for (int i = 0; i < m; i++)
            nrm += A[i][k] * A[i][k];
        R[k][k] = nrm;
        trace += nrm;
        for (int j = k + 1; j < m; j++) {
            double d = 0.0;
#pragma reduce(+: d)
            for (int i = 0; i < m; i++)
                d += A[i][k] * A[i][j];
            R[k][j] = d;
        }
        for (int j = k + 1; j < m; j++)
            for (int i = 0; i < m; i++)
                A[i][j] = fmod(A[i][j] - fmod(R[k][j], 7.0) * A[i][k], 17.0);
    }
    return trace;
}

/* the same with the updates through a row pointer and a helper */
static void axpy_row(double *row, int from, int m, double a)
{
    for (int j = from; j < m; j++)
        row[j] = fmod(row[j] + a, 9.0);
}

static double mgs_rows(double A[N][N], int m)
{
    double sum = 0.0;
    for (int k = 0; k < m; k++) {
        double nrm = 0.0;
#pragma reduce(+: nrm)
        for (int i = 0; i < m; i++)
            nrm += A[i][k] * A[i][k];
        sum += nrm;
        for (int i = k; i < m; i++) {
            double *row = A[i];
            for (int j = k + 1; j < m; j++)
                row[j] = fmod(row[j] * 2.0 + 1.0, 13.0);
        }
        for (int i = 0; i < m; i += 2)
            axpy_row(A[i], k + 1, m, (double)(k % 3));
    }
    return sum;
}

static void fill(double A[N][N], int seed)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = (double)((i * 7 + j * 3 + seed) % 9) - 4.0;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    int m = n < N ? (int)n : N;
    static double A[N][N], R[N][N];
    for (int rep = 0; rep < 2; rep++) {
        fill(A, rep);
        double t = mgs(A, R, m);
        double check = 0.0;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++)
                check += A[i][j] * (double)(i + 2 * j + 1) + R[i][j];
        printf("mgs %d: trace %.1f check %.1f\n", rep, t, check);
        fill(A, rep + 3);
        t = mgs_columns(A, R, m);
        check = 0.0;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++)
                check += A[i][j] * (double)(i + 2 * j + 1) + R[i][j];
        printf("mgs_columns %d: trace %.1f check %.1f\n", rep, t, check);
        fill(A, rep + 5);
        double s = mgs_rows(A, m);
        check = 0.0;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++)
                check += A[i][j] * (double)(3 * i + j + 1);
        printf("mgs_rows %d: %.1f check %.1f\n", rep, s, check);
    }
    return 0;
}
