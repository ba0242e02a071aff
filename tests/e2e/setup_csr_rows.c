/* A CSR matrix whose row pointers a parallel loop filled: a marked dot
 * product per row, its bounds rp[i] .. rp[i+1], called from a host loop
 * that carries a value from row to row (not a segmented nest). The host
 * reads the row bounds for each call: every row was empty with the row
 * pointers' newer bytes left on the GPU (issue 40). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int *rp = malloc((size_t)(n + 1) * sizeof *rp);
    int *col = malloc((size_t)(3 * n + 1) * sizeof *col);
    double *a = malloc((size_t)(3 * n + 1) * sizeof *a);
    double *x = malloc((size_t)(n + 1) * sizeof *x);
    double *y = malloc((size_t)(n + 1) * sizeof *y);
    if (!rp || !col || !a || !x || !y)
        return 1;
    /* row i holds i % 3 + 1 entries: rp[i] is the sum before it */
#pragma reduce parallel
    for (int i = 0; i <= n; i++)
        rp[i] = 2 * i - (i + 2) / 3 + (i > 0);
    for (int i = 0; i < n; i++)
        x[i] = 1.0 + (i % 7);
#pragma reduce parallel
    for (int j = 0; j < 3 * n; j++) {
        col[j] = (j * 7) % (n > 0 ? n : 1);
        a[j] = 0.25 * (j % 5);
    }
    double carry = 0;
    for (int i = 0; i < n; i++) {
        double d = 0;
#pragma reduce(+: d) in(x[0:n])
        for (int j = rp[i]; j < rp[i + 1]; j++)
            d += a[j] * x[col[j]];
        carry = 0.5 * carry + d;
        y[i] = carry;
    }
    double s = 0;
    for (int i = 0; i < n; i++)
        s += y[i];
    printf("rows %d: last %d, %.4f\n", n, n > 0 ? rp[n] : 0, s);
    return 0;
}
