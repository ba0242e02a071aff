/* OpenMP directives spelled _Pragma("omp ..."), through macros as code
 * that must build with and without OpenMP writes them, on the host loops
 * around marked loops.
 * - a host loop under one writes an array that the next marked loop reads:
 *   the function keeps no device copies (threads write what pragreduce
 *   does not read), so the second sum sees the new values;
 * - an outer loop under one holds a marked loop: it stays on the host (its
 *   directive would be left before a call), each inner loop runs alone.
 * pragreduce-flags: -fopenmp */
#include <stdio.h>
#include <stdlib.h>

#ifdef _OPENMP
#define PRAGMA(x) _Pragma(#x)
#else
#define PRAGMA(x)
#endif
#define PARALLEL_FOR PRAGMA(omp parallel for)

static double twice_summed(double *a, int n)
{
    double s = 0, t = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += a[i];
    PARALLEL_FOR
    for (int i = 0; i < n; i++)
        a[i] = a[i] * 2 + 1;
#pragma reduce(+: t)
    for (int i = 0; i < n; i++)
        t += a[i];
    return s * 1000 + t;
}

static void row_maxima(const int *m, int rows, int cols, int *best)
{
    PARALLEL_FOR
    for (int r = 0; r < rows; r++) {
        int b = -1;
#pragma reduce(max: b)
        for (int c = 0; c < cols; c++)
            b = m[r * cols + c] > b ? m[r * cols + c] : b;
        best[r] = b;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    double *a = malloc((n + 1) * sizeof *a);
    for (int i = 0; i < n; i++)
        a[i] = (double)(i % 13);
    for (int round = 0; round < 3; round++)
        printf("round %d: %.17g\n", round, twice_summed(a, n));
    int rows = n / 7 + 1, cols = 7;
    int *m = malloc((size_t)rows * cols * sizeof *m), *best = malloc(rows * sizeof *best);
    for (int i = 0; i < rows * cols; i++)
        m[i] = (i * 37) % 101;
    row_maxima(m, rows, cols, best);
    long total = 0;
    for (int r = 0; r < rows; r++)
        total += best[r] * (r % 5 + 1);
    printf("rows %d: %ld\n", rows, total);
    free(a);
    free(m);
    free(best);
    return 0;
}
