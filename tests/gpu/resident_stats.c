/* Residency on the GPU (the bundle's run.sh checks PRAGREDUCE_PROFILE's
 * table): five marked loops over one array, which the host fills once,
 * must copy it to the GPU exactly once; the other four reuse the copy. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000000;
    double *x = malloc((size_t)(n + 1) * sizeof *x);
    if (!x)
        return 1;
    for (long i = 0; i < n; i++)
        x[i] = (double)((i * 7919) % 4096) / 64.0;
    double sum = 0, sumsq = 0, mn = HUGE_VAL, mx = -HUGE_VAL;
    long above = 0;
#pragma reduce(+: sum)
    for (long i = 0; i < n; i++)
        sum += x[i];
#pragma reduce(+: sumsq)
    for (long i = 0; i < n; i++)
        sumsq += x[i] * x[i];
#pragma reduce(min: mn)
    for (long i = 0; i < n; i++)
        mn = x[i] < mn ? x[i] : mn;
#pragma reduce(max: mx)
    for (long i = 0; i < n; i++)
        mx = x[i] > mx ? x[i] : mx;
    double mean = n > 0 ? sum / (double)n : 0.0;
#pragma reduce(+: above)
    for (long i = 0; i < n; i++)
        above += x[i] > mean;
    printf("n %ld sum %.4f sumsq %.4f min %.4f max %.4f above %ld\n", n, sum, sumsq, mn, mx, above);
    free(x);
    return 0;
}
