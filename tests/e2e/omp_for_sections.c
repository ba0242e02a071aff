/* pragreduce-flags: -fopenmp */
/* Array sections reduced under '#pragma omp for' inside a parallel region:
 * NPB IS's key histogram, each thread counting its chunk into its own
 * prv[] (declared in the function the team calls) and adding it to the
 * total in a critical section; a shared histogram under OpenMP's own
 * reduction(+: h[0:K]); a floating-point section of each thread; one thread doing every iteration is a schedule
 * 'omp for' allows, so the totals are the same either way. */
#include <stdio.h>
#include <stdlib.h>
#define K 64
static void rank(const int *keys, int n, long *total)
{
    long prv[K];
    int i;
    for (i = 0; i < K; i++)
        prv[i] = 0;
#pragma omp for nowait
#pragma reduce(+: prv[0:K])
    for (i = 0; i < n; i++)
        prv[keys[i]]++;
#pragma omp critical
    {
        for (i = 0; i < K; i++)
            total[i] += prv[i];
    }
}
static long shared_histogram(const int *keys, int n);
static double float_sums(const int *keys, int n);

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int *keys = malloc((n > 0 ? n : 1) * sizeof *keys);
    long total[K] = {0};
    for (int i = 0; i < n; i++)
        keys[i] = (int)(((long)i * 7919) % K);
    for (int it = 0; it < 3; it++) {
#pragma omp parallel
        rank(keys, n, total);
    }
    long h = 0;
    for (int i = 0; i < K; i++)
        h = h * 31 + total[i];
    printf("private partials: %ld\n", h);
    printf("shared: %ld\n", shared_histogram(keys, n));
    printf("floating point: %.17g\n", float_sums(keys, n));
    free(keys);
    return 0;
}

static long shared_histogram(const int *keys, int n)
{
    long h[K];
    int i;
    for (i = 0; i < K; i++)
        h[i] = i;
    for (int it = 0; it < 3; it++) {
#pragma omp parallel private(i)
        {
#pragma omp for reduction(+: h[0:K])
#pragma reduce(+: h[0:K])
            for (i = 0; i < n; i++)
                h[keys[i]] += 2;
        }
    }
    long s = 0;
    for (int k = 0; k < K; k++)
        s = s * 31 + h[k];
    return s;
}

/* a floating-point section of each thread, summed by hand after the loop
 * (small integers: exact in any order) */
static double float_sums(const int *keys, int n)
{
    double all[8] = {0};
#pragma omp parallel
    {
        double part[8] = {0};
        int i;
#pragma omp for
#pragma reduce(+: part[0:8])
        for (i = 0; i < n; i++)
            part[keys[i] & 7] += (double)(i % 5);
#pragma omp critical
        for (int k = 0; k < 8; k++)
            all[k] += part[k];
    }
    double s = 0;
    for (int k = 0; k < 8; k++)
        s = s * 3 + all[k];
    return s;
}
