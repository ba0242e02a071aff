/* pragreduce-flags: -fopenmp */
/* A file with functions of its own named max and min (CUDA has both, so
 * they get new names in the C++ output): the operators `max` and `min` of
 * `#pragma reduce(...)` and of OpenMP's `reduction(...)` keep theirs. */
#include <stdio.h>
#include <stdlib.h>

static double max(double a, double b) { return a > b ? a : b; }
static double min(double a, double b) { return a < b ? a : b; }

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    double *x = malloc(((size_t)n + 1) * sizeof *x), hi = -1, lo = 1e9, s = 0;
    for (int i = 0; i < n; i++)
        x[i] = (double)((i * 37) % 101) * 0.5;
#pragma omp parallel for reduction(max: hi) reduction(min: lo)
#pragma reduce(max: hi) reduce(min: lo)
    for (int i = 0; i < n; i++) {
        if (x[i] > hi)
            hi = x[i];
        if (x[i] < lo)
            lo = x[i];
    }
#pragma omp parallel for reduction(+: s)
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += x[i];
    printf("n %d hi %.1f lo %.1f s %.1f clamp %.1f\n", n, hi, lo, s, max(min(hi, 40), lo));
    free(x);
    return 0;
}
