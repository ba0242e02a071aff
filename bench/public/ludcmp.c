/*
 * Stand-in for PolyBench/C 4.2 ludcmp (LU decomposition in place, then
 * forward and back substitution), with PolyBench's initialization
 * (a lower-triangular L, then A = L L^T to make it positive definite).
 * Arrays have PolyBench's default prototypes (no POLYBENCH_USE_C99_PROTO):
 * fixed-size double A[N][N] with N the dataset's size (LARGE: 2000), the
 * loops bounded by the run-time n (PolyBench's _PB_N), here from argv.
 * Serial, as PolyBench's reference is; only the w reductions carry
 * #pragma reduce.
 *
 * pragreduce: rejected: with C99 variable-length parameters
 * (int n, double A[n][n], as POLYBENCH_USE_C99_PROTO builds) every marked
 * loop is rejected: "'A' has rows of run-time length (a variable-length
 * array); CUDA C++ cannot name its type: index it as a flat array", and
 * without the marks the parameters themselves: "a parameter with a
 * run-time row length (a variable-length 2-D array) is C only, and nvcc
 * compiles the output as C++: pass a pointer and index it as
 * 'p[r * cols + c]'".  Hence the fixed-size prototypes here.
 *
 * usage: ludcmp [n]   (default and largest: N = 2000, LARGE_DATASET)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef N
#define N 2000
#endif

static double wtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1.0e-9 * (double)ts.tv_nsec;
}

static void init_array(int n, double A[N][N], double b[N], double x[N],
                       double y[N], double B[N][N])
{
    int i, j, r, s, t;
    double fn = (double)n;

    for (i = 0; i < n; i++) {
        x[i] = 0;
        y[i] = 0;
        b[i] = (i + 1) / fn / 2.0 + 4;
    }

    for (i = 0; i < n; i++) {
        for (j = 0; j <= i; j++)
            A[i][j] = (double)(-j % n) / n + 1;
        for (j = i + 1; j < n; j++)
            A[i][j] = 0;
        A[i][i] = 1;
    }

    /* make the matrix positive semi-definite: B = A A^T */
    for (r = 0; r < n; ++r)
        for (s = 0; s < n; ++s)
            B[r][s] = 0;
    for (t = 0; t < n; ++t)
        for (r = 0; r < n; ++r)
            for (s = 0; s < n; ++s)
                B[r][s] += A[r][t] * A[s][t];
    for (r = 0; r < n; ++r)
        for (s = 0; s < n; ++s)
            A[r][s] = B[r][s];
}

static void kernel_ludcmp(int n, double A[N][N], double b[N], double x[N],
                          double y[N])
{
    int i, j, k;
    double w;

    for (i = 0; i < n; i++) {
        for (j = 0; j < i; j++) {
            w = A[i][j];
#pragma reduce(+: w)
            for (k = 0; k < j; k++)
                w -= A[i][k] * A[k][j];
            A[i][j] = w / A[j][j];
        }
        for (j = i; j < n; j++) {
            w = A[i][j];
#pragma reduce(+: w)
            for (k = 0; k < i; k++)
                w -= A[i][k] * A[k][j];
            A[i][j] = w;
        }
    }

    for (i = 0; i < n; i++) {
        w = b[i];
#pragma reduce(+: w)
        for (j = 0; j < i; j++)
            w -= A[i][j] * y[j];
        y[i] = w;
    }

    for (i = n - 1; i >= 0; i--) {
        w = y[i];
#pragma reduce(+: w)
        for (j = i + 1; j < n; j++)
            w -= A[i][j] * x[j];
        x[i] = w / A[i][i];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : N;
    int i;
    double (*A)[N], (*B)[N], *b, *x, *y;
    double sum = 0.0, asum = 0.0, t0, t1;

    if (n < 1 || n > N) {
        fprintf(stderr, "usage: %s [n], 1 <= n <= %d\n", argv[0], N);
        return 1;
    }
    A = malloc(sizeof(double) * N * N);
    B = malloc(sizeof(double) * N * N);
    b = malloc(sizeof(double) * N);
    x = malloc(sizeof(double) * N);
    y = malloc(sizeof(double) * N);
    if (!A || !B || !b || !x || !y) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }

    init_array(n, A, b, x, y, B);

    t0 = wtime();
    kernel_ludcmp(n, A, b, x, y);
    t1 = wtime();

    for (i = 0; i < n; i++) {
        sum += x[i];
        asum += fabs(x[i]);
    }
    printf("N = %d\n", n);
    printf("sum(x) = %.6e\n", sum);
    printf("sum(|x|) = %.6e\n", asum);
    printf("x[0] = %.6e x[n/2] = %.6e x[n-1] = %.6e\n", x[0], x[n / 2],
           x[n - 1]);

    free(A);
    free(B);
    free(b);
    free(x);
    free(y);

    printf("time = %.3f s\n", t1 - t0);
    return 0;
}
