/* Loops that write some rows (or columns) of an array of arrays and read
 * others that no iteration writes: LU with partial pivoting (a row swap
 * over columns, the update of the rows below the pivot reading the pivot
 * row, each row's columns a parallel loop inside), Gauss-Jordan's update of the rows above it (a loop counting down),
 * ludcmp's segmented rows (A[i][k] with k < i beside A[i][j], j >= i), and
 * a 3-D array whose last level moves with the loop. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define M 48

static void fill(double (*a)[M], int n, int seed)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < M; j++)
            a[i][j] = (double)((i * 37 + j * 11 + seed) % 29) / 7.0 - 2.0 + (i == j ? 3.0 : 0.0);
}

static void lu(double (*a)[M], int n, int *piv)
{
    for (int k = 0; k < n; k++) {
        double best = -1.0;
        int p = k;
#pragma reduce(maxloc: best, p)
        for (int i = k; i < n; i++)
            if (fabs(a[i][k]) > best) {
                best = fabs(a[i][k]);
                p = i;
            }
        piv[k] = p;
        if (p != k) {
#pragma reduce parallel
            for (int j = 0; j < n; j++) {
                double t = a[k][j];
                a[k][j] = a[p][j];
                a[p][j] = t;
            }
        }
#pragma reduce parallel
        for (int i = k + 1; i < n; i++) {
            a[i][k] /= a[k][k];
#pragma reduce parallel
            for (int j = k + 1; j < n; j++)
                a[i][j] -= a[i][k] * a[k][j];
        }
    }
}

/* Gauss-Jordan without pivoting on a diagonally dominant matrix: after
 * the rows below (each row's columns shared by a warp or block: a
 * parallel loop in a parallel loop), the rows above the pivot, counted
 * down. */
static void jordan(double (*a)[M], int n)
{
    for (int k = 0; k < n; k++) {
#pragma reduce parallel
        for (int i = n - 1; i > k; i--) {
            double l = a[i][k] / a[k][k];
#pragma reduce parallel
            for (int j = k; j < n; j++)
                a[i][j] -= l * a[k][j];
        }
#pragma reduce parallel
        for (int i = k - 1; i >= 0; i--) {
            double l = a[i][k] / a[k][k];
            for (int j = k; j < n; j++)
                a[i][j] -= l * a[k][j];
        }
    }
}

/* PolyBench's ludcmp, its row i: the columns j >= i at once, each a dot
 * product over k < i of row i's earlier columns and column j's rows. */
static void ludcmp_rows(double (*A)[M], int n)
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
            double w = A[i][j];
#pragma reduce(+: w)
            for (int k = 0; k < j; k++)
                w -= A[i][k] * A[k][j];
            A[i][j] = w / A[j][j];
        }
        for (int j = i; j < n; j++) {
            double w = A[i][j];
#pragma reduce(+: w)
            for (int k = 0; k < i; k++)
                w -= A[i][k] * A[k][j];
            A[i][j] = w;
        }
    }
}

/* A 3-D array: plane 0 gets the sum of planes 1 and 2 at column c. */
static long planes(int (*t)[4][M], int n)
{
#pragma reduce parallel
    for (int c = 0; c < n; c++)
        for (int r = 0; r < 4; r++)
            t[0][r][c] = t[1][r][c] + t[2][r][c] * t[2][3 - r][c];
    long s = 0;
    for (int c = 0; c < n; c++)
        for (int r = 0; r < 4; r++)
            s += t[0][r][c] * (c + 1);
    return s;
}

static void print_matrix(const char *what, double (*a)[M], int n)
{
    double s = 0, d = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            s += a[i][j] * (double)((i + 2 * j) % 5 + 1);
            if (i == j)
                d += a[i][j];
        }
    printf("%s: checksum %.9g, trace %.9g\n", what, s, d);
}

int main(int argc, char **argv)
{
    long size = argc > 1 ? atol(argv[1]) : 40;
    int n = (int)(size % (M + 1));
    double (*a)[M] = malloc(sizeof(double[M]) * M);
    int piv[M] = {0};
    int (*t)[4][M] = malloc(sizeof(int[4][M]) * 3);
    if (!a || !t)
        return 1;
    fill(a, n, 3);
    lu(a, n, piv);
    print_matrix("lu", a, n);
    for (int k = 0; k < n; k++)
        printf("%d%s", piv[k], k + 1 == n ? "\n" : " ");
    fill(a, n, 5);
    jordan(a, n);
    print_matrix("jordan", a, n);
    fill(a, n, 7);
    ludcmp_rows(a, n);
    print_matrix("ludcmp", a, n);
    for (int p = 0; p < 3; p++)
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < M; c++)
                t[p][r][c] = (p + 1) * (r * M + c) % 17 - 8;
    printf("planes: %ld\n", planes(t, n));
    free(a);
    free(t);
    return 0;
}
