/*
 * stats_once.c - mean, variance, min, max and a count over one double
 * array, in five separate marked loops, as a user writes them one after
 * the other (the data-residency issue: the array is copied to the GPU by
 * the first loop and, with residency, reused by the next four; with
 * PRAGREDUCE_RESIDENT=0 each loop copies it again). Run with
 * PRAGREDUCE_PROFILE=1 for the runtime's per-loop profile at exit.
 *
 *   ./stats_once [N]        (default N = 2^27: 1 GiB)
 * Prints:
 *   stats-once: n=.. init_s=.. loops_s=.. mean=.. var=.. min=.. max=.. above=..
 * The values are multiples of 1/4 below 64, so the sum and the sum of
 * squared deviations are exact: the printed results do not depend on
 * the order of the additions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1L << 27;
    if (n < 1)
        return 2;
    double t0 = now_s();
    double *a = malloc((size_t)n * sizeof *a);
    if (!a) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    for (long i = 0; i < n; i++)
        a[i] = (double)((i * 2654435761u) % 256) * 0.25;
    double t1 = now_s();

    double sum = 0.0;
#pragma reduce(+: sum)
    for (long i = 0; i < n; i++)
        sum += a[i];
    double mean = sum / n;

    double ss = 0.0;
#pragma reduce(+: ss)
    for (long i = 0; i < n; i++)
        ss += (a[i] - mean) * (a[i] - mean);
    double var = ss / n;

    double mn = a[0];
#pragma reduce(min: mn)
    for (long i = 0; i < n; i++)
        if (a[i] < mn)
            mn = a[i];

    double mx = a[0];
#pragma reduce(max: mx)
    for (long i = 0; i < n; i++)
        if (a[i] > mx)
            mx = a[i];

    long above = 0;
#pragma reduce(+: above)
    for (long i = 0; i < n; i++)
        if (a[i] > mean)
            above++;
    double t2 = now_s();

    printf("stats-once: n=%ld init_s=%.3f loops_s=%.3f mean=%.6f var=%.6f min=%.2f max=%.2f "
           "above=%ld\n",
           n, t1 - t0, t2 - t1, mean, var, mn, mx, above);
    free(a);
    return 0;
}
