/* pragreduce-flags: -fopenmp */
/* `#pragma omp parallel` blocks without marked loops in a function that
 * keeps device copies: their writes (through an index table, inside `omp
 * single`, `omp critical` and a plain `omp for`) are invalidated before
 * the block's directive, and what kernels wrote is brought back before
 * the team reads it; the marked loops after each block must see the
 * team's writes. Values are small integers. */
#include <stdio.h>
#include <stdlib.h>

static long run(int n, int *idx, double *x, double *y, int rounds)
{
    long total = 0;
    int i, r;
    for (r = 0; r < rounds; r++) {
        double s = 0.0;
#pragma reduce parallel
        for (i = 0; i < n; i++)
            y[i] = x[i] + (double)(i % 3);
#pragma reduce(+: s)
        for (i = 0; i < n; i++)
            s += y[i];
        total += (long)s;
#pragma omp parallel
        {
            int j;
#pragma omp for
            for (j = 0; j < n; j++)
                x[idx[j]] = y[j] - (double)(j % 2);
#pragma omp single
            {
                if (n > 0)
                    y[0] = y[0] + 5.0;
            }
#pragma omp critical
            {
                if (n > 1)
                    x[1] = x[1] + 1.0;
            }
        }
        s = 0.0;
#pragma reduce(+: s)
        for (i = 0; i < n; i++)
            s += x[i] * 2.0 + y[i];
        total += (long)s;
    }
    return total;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int *idx = malloc(((size_t)n + 1) * sizeof *idx);
    double *x = malloc(((size_t)n + 1) * sizeof *x);
    double *y = malloc(((size_t)n + 1) * sizeof *y);
    int i;
    for (i = 0; i < n; i++) {
        idx[i] = (i * 7 + 3) % n;
        x[i] = (double)(i % 5);
        y[i] = 0.0;
    }
    /* idx a permutation when 7 and n share no factor */
    if (n % 7 == 0)
        for (i = 0; i < n; i++)
            idx[i] = i;
    printf("total %ld\n", run(n, idx, x, y, 4));
    free(idx);
    free(x);
    free(y);
    return 0;
}
