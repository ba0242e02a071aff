/* LU factorisation with partial pivoting and a solve (the shape of
 * LAPACK's unblocked dgetf2/dgetrs and of PolyBench's lu and ludcmp), on an
 * n x n matrix stored as rows of N doubles (`double (*a)[N]`):
 *   for each column k: the pivot, the largest |a[i][k]| for i >= k
 *   (`#pragma reduce(maxloc: ...)`; OpenMP has no maxloc, so its build
 *   searches on one thread); the swap of rows k and p (a parallel loop over
 *   columns); the rows below scaled and updated with the pivot row (a
 *   parallel loop over rows that reads row k, which no iteration writes,
 *   each row's columns a parallel loop inside it, which a warp or block of
 *   the GPU shares);
 * then L y = P b and U x = y, row by row, each row a dot product
 * (`#pragma reduce(+: w)`), and the solution's error against the x that
 * made b. Every loop keeps its OpenMP line: the same file is the OpenMP
 * build (gcc -fopenmp) and, through pragreduce, the GPU build.
 *   lu_whole [n]     (default and largest N = 4096; -DN=... for others)
 * Prints the solution's largest error, a checksum and the wall time of the
 * factorisation and solve. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef N
#define N 4096
#endif

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void factor(double (*a)[N], long n, long *piv)
{
    for (long k = 0; k < n; k++) {
        double best = -1.0;
        long p = k;
#pragma reduce(maxloc: best, p)
        for (long i = k; i < n; i++)
            if (fabs(a[i][k]) > best) {
                best = fabs(a[i][k]);
                p = i;
            }
        piv[k] = p;
        if (p != k) {
#pragma omp parallel for
#pragma reduce parallel
            for (long j = 0; j < n; j++) {
                double t = a[k][j];
                a[k][j] = a[p][j];
                a[p][j] = t;
            }
        }
#pragma omp parallel for
#pragma reduce parallel
        for (long i = k + 1; i < n; i++) {
            double l = a[i][k] / a[k][k];
            a[i][k] = l;
#pragma reduce parallel
            for (long j = k + 1; j < n; j++)
                a[i][j] -= l * a[k][j];
        }
    }
}

static void solve(double (*a)[N], long n, const long *piv, double *b, double *y, double *x)
{
    for (long k = 0; k < n; k++) {
        double t = b[k];
        b[k] = b[piv[k]];
        b[piv[k]] = t;
    }
    for (long i = 0; i < n; i++) {
        double w = b[i];
#pragma omp parallel for reduction(+: w)
#pragma reduce(+: w)
        for (long j = 0; j < i; j++)
            w -= a[i][j] * y[j];
        y[i] = w;
    }
    for (long i = n - 1; i >= 0; i--) {
        double w = y[i];
#pragma omp parallel for reduction(+: w)
#pragma reduce(+: w)
        for (long j = i + 1; j < n; j++)
            w -= a[i][j] * x[j];
        x[i] = w / a[i][i];
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : N;
    if (n < 1 || n > N)
        return 2;
    double (*a)[N] = malloc(sizeof(double[N]) * (size_t)n);
    long *piv = malloc(sizeof(long) * (size_t)n);
    double *b = malloc(sizeof(double) * (size_t)n), *y = malloc(sizeof(double) * (size_t)n);
    double *x = malloc(sizeof(double) * (size_t)n), *want = malloc(sizeof(double) * (size_t)n);
    if (!a || !piv || !b || !y || !x || !want)
        return 1;
    unsigned s = 2024u;
    for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++) {
            s = s * 1664525u + 1013904223u;
            a[i][j] = (double)(s >> 8) / 16777216.0 - 0.5;
        }
    for (long j = 0; j < n; j++)
        want[j] = 1.0 + (double)(j % 10) / 10.0;
    for (long i = 0; i < n; i++) {
        double r = 0;
        for (long j = 0; j < n; j++)
            r += a[i][j] * want[j];
        b[i] = r;
    }
    const double t0 = now_s();
    factor(a, n, piv);
    solve(a, n, piv, b, y, x);
    const double t1 = now_s();
    double err = 0, check = 0;
    for (long i = 0; i < n; i++) {
        err = fmax(err, fabs(x[i] - want[i]));
        check += a[i][(i * 13) % n];
    }
    printf("lu: n %ld, max error %.2e, check %.6f, loop %.3f s\n", n, err, check, t1 - t0);
    return 0;
}
