/* A segmented nest (a parallel loop around a marked one) whose outer
 * bound and inner row bounds come from arrays a parallel loop just wrote:
 * the host reads the outer bound (nr[0]) for the launch (issue 40). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int rows = n / 4 + 1;
    int *nr = malloc(2 * sizeof *nr);
    int *start = malloc((size_t)(rows + 2) * sizeof *start);
    double *v = malloc((size_t)(n + 1) * sizeof *v);
    double *out = malloc((size_t)(rows + 1) * sizeof *out);
    if (!nr || !start || !v || !out)
        return 1;
    nr[0] = nr[1] = 0;
    for (int i = 0; i < n; i++)
        v[i] = (double)(i % 11);
    for (int r = 0; r <= rows; r++)
        out[r] = -1;
#pragma reduce parallel
    for (int k = 0; k < 2; k++)
        nr[k] = k == 0 ? rows - 1 : n;
#pragma reduce parallel
    for (int r = 0; r <= rows; r++)
        start[r] = r * 4 < n ? r * 4 : n;
#pragma reduce parallel in(v[0:n])
    for (int r = 0; r < nr[0]; r++) {
        double s = 0;
#pragma reduce(+: s)
        for (int j = start[r]; j < start[r + 1]; j++)
            s += v[j];
        out[r] = s;
    }
    double t = 0;
    for (int r = 0; r <= rows; r++)
        t += out[r] * (r % 3 + 1);
    printf("%d rows: %.1f\n", rows, t);
    return 0;
}
