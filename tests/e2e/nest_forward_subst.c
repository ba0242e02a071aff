/* Dependent nests that must NOT be segmented: forward substitution with a
 * unit lower-triangular matrix (x[i] reads x[j], j < i) and a row recurrence
 * through an aliased output pointer (y passed as the input too), then the
 * same product into a separate output (independent). Integer-valued. */
#include <stdio.h>
#include <stdlib.h>

static void forward(int n, const double *L, const double *b, double *x)
{
    for (int i = 0; i < n; i++) {
        double s = 0;
#pragma reduce(+: s) in(L[0:(long)n * n], x[0:n])
        for (int j = 0; j < i; j++)
            s += L[(long)i * n + j] * x[j];
        x[i] = b[i] - s;
    }
}

/* y[i] = sum_j A[i][j] * v[j]: with v == y the rows depend on each other */
static void rowmix(int n, const long *A, const long *v, long *y)
{
    for (int i = 0; i < n; i++) {
        long s = 0;
#pragma reduce(+: s)
        for (int j = 0; j < n; j++)
            s += A[(long)i * n + j] * v[j];
        y[i] = s % 1000 + 1;
    }
}

int main(int argc, char **argv)
{
    long sz = argc > 1 ? atol(argv[1]) : 100;
    int n = (int)(sz < 600 ? sz : 600);
    double *L = malloc(((size_t)n * n + 1) * sizeof *L);
    double *b = malloc((n + 1) * sizeof *b), *x = malloc((n + 1) * sizeof *x);
    long *A = malloc(((size_t)n * n + 1) * sizeof *A), *y = malloc((n + 1) * sizeof *y);
    long *z = malloc((n + 1) * sizeof *z);
    if (!L || !b || !x || !A || !y || !z)
        return 1;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            L[(long)i * n + j] = j == i - 1 ? 1.0 : (j == i - 3 ? -0.5 : 0.0);
            A[(long)i * n + j] = (i * 3 + j * 5) % 7 - 3;
        }
        b[i] = (double)(i % 4);
        x[i] = 0;
        y[i] = i % 5;
    }
    forward(n, L, b, x);
    double hx = 0;
    for (int i = 0; i < n; i++)
        hx += x[i] * (i % 7 + 1);
    rowmix(n, A, y, z);
    rowmix(n, A, y, y);
    long hy = 0;
    for (int i = 0; i < n; i++)
        hy = (hy * 7 + y[i] * 2 + z[i]) % 1000000007L;
    printf("n %d: x %.6g y %ld\n", n, hx, hy);
    free(L); free(b); free(x); free(A); free(y); free(z);
    return 0;
}
