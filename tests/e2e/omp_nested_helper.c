/* pragreduce-flags: -fopenmp */
/* A marked loop with an OpenMP line whose body calls a helper holding a
 * marked loop of its own (kmeans' point loop and its nearest-centre
 * search): where the outer loop runs as written with OpenMP's threads
 * (its CPU path, or a fake launch), the helper's loop runs as written on
 * each of them instead of waiting for the GPU lock the outer call holds
 * (it hung with the fake device and 2+ threads). */
#include <stdio.h>
#include <stdlib.h>

static double rowsum(const double *r, int d)
{
    double s = 0.0;
#pragma reduce(+: s) in(r[0:d])
    for (int j = 0; j < d; j++)
        s += r[j];
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc(((size_t)n * 8 + 1) * sizeof *a);
    for (long k = 0; k < n * 8; k++)
        a[k] = (double)(k % 7);
    double t = 0.0;
#pragma omp parallel for reduction(+: t)
#pragma reduce(+: t) in(a[0:n * 8])
    for (long i = 0; i < n; i++)
        t += rowsum(&a[i * 8], 8);
    printf("n %ld t %.1f\n", n, t);
    free(a);
    return 0;
}
