/* Triangular loops (PolyBench trmv/trisolv, LU-style codes): the marked
 * inner loop runs over j < i, so its trip count grows with the row.
 *   - trmv: b = L x over the lower triangle of a flat row-major matrix;
 *   - trisolv: forward substitution L x = b, each row's marked loop
 *     reading the x[j] the previous rows produced (unit diagonal; b = L x
 *     for an integer x, so the solution comes back exactly);
 *   - the strictly upper part of a fixed-size 2-D array (j > i), float;
 *   - an int count over the triangle.
 * The dimension m is about sqrt(2 n): the triangle holds ~n elements. */
#include <stdio.h>
#include <stdlib.h>

#define UMAX 200

static float U[UMAX][UMAX];

int main(int argc, char **argv)
{
    long size = argc > 1 ? atol(argv[1]) : 1000;
    long m = 0;
    while ((m + 1) * (m + 2) / 2 <= size)
        m++;
    double *L = malloc(((size_t)(m * m) + 1) * sizeof *L);
    double *x = malloc(((size_t)m + 1) * sizeof *x), *b = malloc(((size_t)m + 1) * sizeof *b),
           *xs = malloc(((size_t)m + 1) * sizeof *xs);
    if (!L || !x || !b || !xs)
        return 1;
    for (long i = 0; i < m; i++) {
        for (long j = 0; j < m; j++)
            L[i * m + j] = j < i ? (double)((i + 2 * j) % 3) - 1.0 : (j == i ? 1.0 : 99.0);
        x[i] = (double)(i % 5) - 2.0;
    }
    /* trmv: b[i] = x[i] + sum over j < i of L[i][j] x[j] */
    for (long i = 0; i < m; i++) {
        double s = x[i];
#pragma reduce(+: s)
        for (long j = 0; j < i; j++)
            s += L[i * m + j] * x[j];
        b[i] = s;
    }
    double hb = 0;
    for (long i = 0; i < m; i++)
        hb += b[i] * (double)(i % 3 + 1);
    printf("m %ld: trmv checksum %.1f\n", m, hb);

    /* trisolv: xs[i] = (b[i] - sum over j < i of L[i][j] xs[j]) / L[i][i] */
    for (long i = 0; i < m; i++) {
        double s = b[i];
#pragma reduce(+: s)
        for (long j = 0; j < i; j++)
            s -= L[i * m + j] * xs[j];
        xs[i] = s / L[i * m + i];
    }
    long wrong = 0;
    for (long i = 0; i < m; i++)
        wrong += xs[i] != x[i];
    printf("trisolv: %ld of %ld differ from the solution\n", wrong, m);

    /* the strictly upper triangle of a 2-D float array, row sums */
    int mu = (int)(m < UMAX ? m : UMAX);
    for (int i = 0; i < mu; i++)
        for (int j = 0; j < mu; j++)
            U[i][j] = (float)((i * 3 + j) % 8) * 0.5f;
    double hu = 0;
    for (int i = 0; i < mu; i++) {
        float s = 0.0f;
#pragma reduce(+: s)
        for (int j = i + 1; j < mu; j++)
            s += U[i][j];
        hu += (double)s * (i % 4 + 1);
    }
    printf("upper row sums %d: checksum %.1f\n", mu, hu);

    /* int count: entries of the lower triangle equal to 1, row by row, descending */
    long ones = 0;
    for (long i = m - 1; i >= 0; i--) {
        int c = 0;
#pragma reduce(+: c)
        for (long j = i - 1; j >= 0; j--)
            if (L[i * m + j] == 1.0)
                c++;
        ones += c;
    }
    printf("ones below the diagonal: %ld\n", ones);
    free(L); free(x); free(b); free(xs);
    return 0;
}
