/* Shapes from linear-algebra and stencil codes whose edits once overlapped
 * (an internal error at splice.c): a marked loop inside host loops that also
 * writes a fused output (symm's C[k][j] += ...), and `#pragma reduce
 * parallel` loops nested without braces (correlation, covariance, gemver,
 * 2-D stencil sweeps). C89 declarations, sizes from macros. */
#include <stdio.h>
#include <stdlib.h>

#define NI 48
#define NJ 40

static double A[NI][NI], B[NI][NJ], C[NI][NJ];
static double data[NI][NJ], mean[NJ], cov[NJ][NJ];
static double G[NI][NI], u1[NI], v1[NI], u2[NI], v2[NI];
static double P[NI][NJ], Q[NI][NJ];

static void init(int m, int n)
{
    int i, j;
    for (i = 0; i < NI; i++)
        for (j = 0; j < NJ; j++) {
            C[i][j] = (double)((i + j) % 100) / m;
            B[i][j] = (double)((NJ + i - j) % 100) / m;
            data[i][j] = (double)(i * j % 17) / n + 0.25;
            P[i][j] = (double)((i * 7 + j * 3) % 11);
            Q[i][j] = 0;
        }
    for (i = 0; i < NI; i++) {
        u1[i] = i * 0.5;
        v1[i] = (i % 5) * 0.25;
        u2[i] = (i % 3) + 1.0;
        v2[i] = 1.0 / (i + 1);
        for (j = 0; j < NI; j++) {
            A[i][j] = (double)((i + j) % 100) / m;
            G[i][j] = (double)(i - j) / (n + 1);
        }
    }
}

/* symm: the marked loop reduces temp2 and writes column j of C above row i */
static void symm(int m, int n, double alpha, double beta)
{
    int i, j, k;
    double temp2;
    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++) {
            temp2 = 0;
#pragma reduce(+: temp2)
            for (k = 0; k < i; k++) {
                C[k][j] += alpha * B[i][j] * A[i][k];
                temp2 += B[k][j] * A[i][k];
            }
            C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
        }
}

/* covariance: column means, centring without braces, then the matrix */
static void covariance(int m, int n)
{
    int i, j;
#pragma reduce parallel
    for (j = 0; j < m; j++) {
        mean[j] = 0.0;
#pragma reduce(+: mean[j])
        for (i = 0; i < n; i++)
            mean[j] += data[i][j];
        mean[j] /= n;
    }
#pragma reduce parallel
    for (i = 0; i < n; i++)
#pragma reduce parallel
        for (j = 0; j < m; j++)
            data[i][j] -= mean[j];
    for (i = 0; i < m; i++) /* a third level of parallel loops is refused */
#pragma reduce parallel
        for (j = 0; j < m; j++) {
            double s = 0.0;
            int k;
#pragma reduce(+: s)
            for (k = 0; k < n; k++)
                s += data[k][i] * data[k][j];
            cov[i][j] = s / (n - 1);
        }
}

/* gemver's first update */
static void gemver(int n)
{
    int i, j;
#pragma reduce parallel
    for (i = 0; i < n; i++)
#pragma reduce parallel
        for (j = 0; j < n; j++)
            G[i][j] = G[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
}

/* a 2-D Jacobi sweep in a time loop, both sweeps unbraced */
static void jacobi(int steps, int n, int m)
{
    int t, i, j;
    for (t = 0; t < steps; t++) {
#pragma reduce parallel
        for (i = 1; i < n - 1; i++)
#pragma reduce parallel
            for (j = 1; j < m - 1; j++)
                Q[i][j] = 0.2 * (P[i][j] + P[i][j - 1] + P[i][j + 1] + P[i + 1][j] + P[i - 1][j]);
#pragma reduce parallel
        for (i = 1; i < n - 1; i++)
#pragma reduce parallel
            for (j = 1; j < m - 1; j++)
                P[i][j] = 0.2 * (Q[i][j] + Q[i][j - 1] + Q[i][j + 1] + Q[i + 1][j] + Q[i - 1][j]);
    }
}

static double checksum(const double *a, int count)
{
    double s = 0;
    int i;
    for (i = 0; i < count; i++)
        s += a[i] * ((i % 7) + 1);
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int ni = (int)(n % NI) + 2, nj = (int)(n % NJ) + 2;
    init(ni, nj);
    symm(ni, nj, 1.5, 1.2);
    printf("symm %.9g\n", checksum(&C[0][0], NI * NJ));
    covariance(nj, ni);
    printf("covariance %.9g %.9g\n", checksum(mean, NJ), checksum(&cov[0][0], NJ * NJ));
    gemver(ni);
    printf("gemver %.9g\n", checksum(&G[0][0], NI * NI));
    jacobi((int)(n % 5) + 1, ni, nj);
    printf("jacobi %.9g\n", checksum(&P[0][0], NI * NJ));
    return 0;
}
