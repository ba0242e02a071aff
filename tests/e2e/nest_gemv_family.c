/* Dense and structured matrix-vector products: gemv, gemv transposed
 * (outer loop over columns), symmetric with upper storage (in()), banded,
 * lower triangular with in(). Small integer values in double: exact. */
#include <stdio.h>
#include <stdlib.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

static void gemv(int m, int n, const double *A, const double *x, double *y)
{
    for (int i = 0; i < m; i++) {
        double s = 0;
#pragma reduce(+: s)
        for (int j = 0; j < n; j++)
            s += A[(long)i * n + j] * x[j];
        y[i] = 2 * s - y[i];
    }
}

static void gemv_t(int m, int n, const double *A, const double *x, double *y)
{
    for (int j = 0; j < n; j++) {
        double s = 0;
#pragma reduce(+: s)
        for (int i = 0; i < m; i++)
            s += A[(long)i * n + j] * x[i];
        y[j] = s;
    }
}

/* symmetric: only the upper triangle (j >= i) of S is used */
static void symv(int n, const double *S, const double *x, double *y)
{
    for (int i = 0; i < n; i++) {
        double s = 0;
#pragma reduce(+: s) in(S[0:(long)n * n])
        for (int j = 0; j < n; j++)
            s += (j >= i ? S[(long)i * n + j] : S[(long)j * n + i]) * x[j];
        y[i] = s;
    }
}

/* band of half-width bw */
static void gbmv(int n, int bw, const double *A, const double *x, double *y)
{
    for (int i = 0; i < n; i++) {
        double s = 0;
#pragma reduce(+: s) in(A[0:(long)n * n], x[0:n])
        for (int j = MAX(0, i - bw); j <= MIN(n - 1, i + bw); j++)
            s += A[(long)i * n + j] * x[j];
        y[i] = s;
    }
}

static void trmv(int n, const double *L, const double *x, double *y)
{
    for (int i = 0; i < n; i++) {
        double s = 0;
#pragma reduce(+: s) in(L[0:(long)n * n], x[0:n])
        for (int j = 0; j <= i; j++)
            s += L[(long)i * n + j] * x[j];
        y[i] = s;
    }
}

static double hash(const double *y, int n)
{
    double h = 0;
    for (int i = 0; i < n; i++)
        h += y[i] * (i % 7 + 1);
    return h;
}

int main(int argc, char **argv)
{
    long sz = argc > 1 ? atol(argv[1]) : 100;
    int n = 1;
    while ((long)n * n < sz && n < 700)
        n++;
    if (sz == 0)
        n = 0;
    int m = n + 3;
    double *A = malloc(((size_t)m * n + 1) * sizeof *A);
    double *x = malloc((m + 1) * sizeof *x), *y = malloc((m + 1) * sizeof *y);
    if (!A || !x || !y)
        return 1;
    for (long k = 0; k < (long)m * n; k++)
        A[k] = (double)((k * 13) % 9) - 4;
    for (int k = 0; k < m; k++) {
        x[k] = (double)(k % 5) - 2;
        y[k] = (double)(k % 3);
    }
    gemv(m, n, A, x, y);
    printf("gemv %d x %d: %.6g\n", m, n, hash(y, m));
    gemv_t(m, n, A, x, y);
    printf("gemvT: %.6g\n", hash(y, n));
    symv(n, A, x, y);
    printf("symv: %.6g\n", hash(y, n));
    gbmv(n, 3, A, x, y);
    printf("gbmv: %.6g\n", hash(y, n));
    trmv(n, A, x, y);
    printf("trmv: %.6g\n", hash(y, n));
    free(A); free(x); free(y);
    return 0;
}
