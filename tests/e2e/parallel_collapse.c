/* #pragma reduce parallel collapse(N): 2-D and 3-D sweeps whose rows are
 * independent too run with the rows shared by each outer iteration's
 * group of threads (one launch for the nest, not a thread per plane);
 * flat subscripts v[i * n + j] over [0, n)^2, a 7-point stencil over a
 * 3-D grid in two sweeps (heat-3d's shape) with collapse(3) and (2), C89
 * induction variables declared at the top (their values after the nest),
 * a braced body, an accumulator beside the nest, and a nest whose inner
 * bound follows the outer variable (a triangle of rows). */
#include <stdio.h>
#include <stdlib.h>
#define N 24
static double A[N][N][N], B[N][N][N];
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) % 61 + 3 : 40;
    int i, j, k, t;
    double *v = malloc(sizeof(double) * (size_t)n * n), *w = malloc(sizeof(double) * (size_t)n * n);
    for (i = 0; i < n * n; i++)
        w[i] = (i * 7) % 13 - 6;
#pragma reduce parallel collapse(2)
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            v[i * n + j] = 2.0 * w[i * n + j] + (i == j);
    printf("after the flat sweep i=%d j=%d v[n+1]=%g\n", i, j, v[n + 1]);
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            for (k = 0; k < N; k++)
                A[i][j][k] = (i * 7 + j * 3 + k) % 11;
    for (t = 0; t < 3; t++) {
#pragma reduce parallel collapse(3)
        for (i = 1; i < N - 1; i++) {
            for (j = 1; j < N - 1; j++) {
                for (k = 1; k < N - 1; k++)
                    B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                                 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                                 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) + A[i][j][k];
            }
        }
#pragma reduce parallel collapse(2)
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++)
                for (k = 1; k < N - 1; k++)
                    A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) + B[i][j][k];
    }
    double s = 0;
#pragma reduce(+: s) collapse(3)
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            for (k = 0; k < N; k++)
                s += A[i][j][k];
    printf("stencil sum %.10f\n", s);
    /* the lower triangle of a 2-D array, row by row */
#pragma reduce parallel collapse(2)
    for (i = 0; i < N; i++)
        for (j = 0; j <= i; j++)
            A[i][j][0] = B[j][i][1] - 1.0;
    double u = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            u += A[i][j][0] * (j % 5 + 1);
    printf("triangle %.3f\n", u);
    free(v);
    free(w);
    return 0;
}
