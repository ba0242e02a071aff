/*
 * The benchmark loops, written as a user would: ELEM is the element type
 * (-DT=float, double or int). Run with PRAGREDUCE_BENCH=20 in the
 * environment, each marked loop prints the median kernel time with its data
 * already on the GPU; the program itself prints the results, so a run also
 * checks them against the gcc build.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef ELEM
#define ELEM float
#endif
#define MIN(a, b) ((a) < (b) ? (a) : (b))

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1 << 20;
    ELEM *a = malloc((size_t)(2 * n + 1) * sizeof *a);
    ELEM *b = malloc((size_t)(n + 1) * sizeof *b);
    if (!a || !b) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    for (long i = 0; i < 2 * n + 1; i++)
        a[i] = (ELEM)((i * 7) % 13) - (ELEM)6;
    for (long i = 0; i < n + 1; i++)
        b[i] = (ELEM)((i * 5) % 11) - (ELEM)5;

    ELEM sum = 0;
#pragma reduce(+: sum)
    for (long i = 0; i < n; i++)
        sum += a[i];

    ELEM mn = a[0];
#pragma reduce(min: mn)
    for (long i = 0; i < n; i++)
        mn = MIN(mn, a[i]);

    ELEM mx = a[0];
#pragma reduce(max: mx)
    for (long i = 0; i < n; i++)
        if (a[i] > mx)
            mx = a[i];

    ELEM dot = 0;
#pragma reduce(+: dot)
    for (long i = 0; i < n; i++)
        dot += a[i] * b[i];

    double l2 = 0;
#pragma reduce(+: l2)
    for (long i = 0; i < n; i++)
        l2 += (double)a[i] * a[i];

    long count = 0;
#pragma reduce(+: count)
    for (long i = 0; i < n; i++)
        if (a[i] > 2)
            count++;

    ELEM s1 = 0, s2 = 0;
#pragma reduce(+: s1, s2)
    for (long i = 0; i < n; i++) {
        s1 += a[i];
        s2 += a[i] * a[i];
    }

    ELEM strided = 0;
#pragma reduce(+: strided)
    for (long i = 0; i < n; i++)
        strided += a[2 * i];

    /* a row-major matrix of n elements, 1024 to a row, marked on the outer
     * loop as OpenMP users write it (no in(): the extent is inferred; until
     * 2026-11-26 this loop had in(a[0:rows * cols]), which the analysis
     * then needed) */
    long cols = 1024, rows = n / cols;
    ELEM total = 0;
#pragma reduce(+: total)
    for (long r = 0; r < rows; r++)
        for (long c = 0; c < cols; c++)
            total += a[r * cols + c];

    /* the same sum, the nest collapsed into one iteration space */
    ELEM total2 = 0;
#pragma reduce(+: total2) collapse(2)
    for (long r = 0; r < rows; r++)
        for (long c = 0; c < cols; c++)
            total2 += a[r * cols + c];

    printf("n=%ld sum=%.1f min=%.1f max=%.1f dot=%.1f l2=%.1f count=%ld s1=%.1f s2=%.1f "
           "strided=%.1f total=%.1f total2=%.1f\n",
           n, (double)sum, (double)mn, (double)mx, (double)dot, l2, count, (double)s1,
           (double)s2, (double)strided, (double)total, (double)total2);
    free(a);
    free(b);
    return 0;
}
