/* pragreduce-flags: -fopenmp -DMARK_OUTER */
/* Conditional directives among a pragma's lines and its loop, kept
 * balanced in the output: OpenMP lines under `#ifdef _OPENMP` before and
 * after the reduce line, a reduce line under `#ifdef` with `#endif` (and
 * `#else` with another reduce line for the other choice) before the loop,
 * an inactive reduce line (the loop stays as written), and the same inside
 * a parallel loop's body (the kernel's and the CPU path's copies of it). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000, i, j;
    double *a = malloc(((size_t)n + 1) * sizeof *a), s = 0, t = 0, u = 0, v = 0, w = 0;
    double *rows = malloc(64 * sizeof *rows);
    for (i = 0; i < n; i++)
        a[i] = (i % 13) * 0.25;
#ifdef _OPENMP
#pragma omp parallel for reduction(+: s)
#endif
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += a[i];
#pragma reduce(max: t)
#ifdef _OPENMP
#pragma omp parallel for reduction(max: t)
#endif
    for (i = 0; i < n; i++)
        if (a[i] * 2 > t)
            t = a[i] * 2;
#ifdef MARK_OUTER
#pragma reduce(+: u)
#else
#pragma reduce(+: u) collapse(1)
#endif
    for (i = 0; i < n; i++)
        u += a[i] * a[i];
#ifdef NOT_DEFINED
#pragma reduce(+: v)
#endif
    for (i = 0; i < n; i++)
        v += a[i] + 1;
#pragma reduce parallel
    for (j = 0; j < 64; j++) {
        double r = 0;
#if defined(MARK_OUTER) && !defined(NOT_DEFINED)
#pragma reduce(+: r)
#endif
        for (i = 0; i < n; i++)
            r += a[i] * (j + 1);
        rows[j] = r;
    }
#pragma reduce(+: w)
    for (j = 0; j < 64; j++)
        w += rows[j];
    printf("s %.3f t %.3f u %.3f v %.3f w %.3f\n", s, t, u, v, w);
    free(a);
    free(rows);
    return 0;
}
