/* Parallel loops over triangles (PolyBench's syrk, syr2k, symm, lu): inner
 * loops whose bounds read the parallel loop's variable (`j <= i`, `k = i +
 * 1`, `n - i`), so the elements the loop reads are the union of each
 * iteration's rows; with the outer loop running up or down, under C89
 * scratch, in 2-D arrays of a fixed width and in flat ones. Each iteration
 * writes its own row. A bound that reads memory (`j < cnt[i]`) takes
 * in(), as tests/reject/parallel_bound_of_iv_reads_memory.c advises.
 * Sizes from the command line. */
#include <stdio.h>
#include <stdlib.h>

#define W 64

static double checksum(const double *v, long n)
{
    double s = 0;
    long k;
    for (k = 0; k < n; k++)
        s += v[k] * (double)(k % 5 + 1);
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 48;
    int m = 40;
    int i, j, k;
    double (*A)[W], (*C)[W];
    double *x, *y, *up, *anti, *half, *counted;
    int *cnt;
    if (n > W)
        n = W;
    A = malloc(sizeof(double[W]) * W);
    C = malloc(sizeof(double[W]) * W);
    x = malloc(sizeof(double) * (size_t)n + 8);
    y = malloc(sizeof(double) * (size_t)n + 8);
    up = malloc(sizeof(double) * (size_t)n + 8);
    anti = malloc(sizeof(double) * (size_t)n + 8);
    half = malloc(sizeof(double) * (size_t)n + 8);
    counted = malloc(sizeof(double) * (size_t)n + 8);
    cnt = malloc(sizeof(int) * (size_t)n + 8);
    for (i = 0; i < W; i++)
        for (j = 0; j < W; j++) {
            A[i][j] = (double)((i * 7 + j * 3) % 11) - 5;
            C[i][j] = (double)((i + j) % 3);
        }
    for (i = 0; i < n; i++) {
        x[i] = (double)(i % 9) - 4;
        cnt[i] = (i * 7) % (n + 1);
    }

    /* syrk: the lower triangle of C += A A^T, reading rows 0..i of A */
#pragma reduce parallel
    for (i = 0; i < n; i++) {
        for (j = 0; j <= i; j++)
            C[i][j] *= 0.5;
        for (k = 0; k < m; k++)
            for (j = 0; j <= i; j++)
                C[i][j] += A[i][k] * A[j][k];
    }
    /* the upper part of a row: x[j] for j from i + 1 */
#pragma reduce parallel
    for (i = 0; i < n; i++) {
        double t = 0;
        for (j = i + 1; j < n; j++)
            t += A[i][j] * x[j];
        up[i] = t;
    }
    /* the outer loop downward, the inner one from i to the end */
#pragma reduce parallel
    for (i = n - 1; i >= 0; i--) {
        double t = x[i];
        for (j = i; j < n; j++)
            t -= A[j][i] * x[j];
        y[i] = t;
    }
    /* an anti-triangle: x[i + j] for j below n - i */
#pragma reduce parallel
    for (i = 0; i < n; i++) {
        double t = 0;
        for (j = 0; j < n - i; j++)
            t += x[i + j] * (double)(j + 1);
        anti[i] = t;
    }
    /* a bound of the iteration's own value divided by a constant */
#pragma reduce parallel
    for (i = 0; i < n; i++) {
        double t = 0;
        for (j = i / 2; j <= i; j++)
            t += x[j] * A[i][j];
        half[i] = t;
    }
    /* a bound read from memory: the elements named by in() */
#pragma reduce parallel in(x[0:n])
    for (i = 0; i < n; i++) {
        double t = 0;
        for (j = 0; j < cnt[i]; j++)
            t += x[j];
        counted[i] = t;
    }
    printf("C %.17g\n", checksum(&C[0][0], (long)W * W));
    printf("half %.17g counted %.17g\n", checksum(half, n), checksum(counted, n));
    printf("up %.17g y %.17g anti %.17g\n", checksum(up, n), checksum(y, n), checksum(anti, n));
    free(A);
    free(C);
    free(x);
    free(y);
    free(up);
    free(anti);
    free(half);
    free(counted);
    free(cnt);
    return 0;
}
