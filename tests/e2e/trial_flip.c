/* A time loop of small marked loops called thousands of times, the kind
 * auto mode's trial times (PRAGREDUCE_ADAPT): its first calls run as the
 * thresholds choose, the next ones on the CPU, then the faster way keeps
 * them, so the arrays change sides in the middle of the loop (kernels'
 * writes come back, the host's go up again). Every result must be the
 * sequential program's at each step, whichever way won. The program asks
 * for PRAGREDUCE_ADAPT=2 (unless set): the CPU then always wins the
 * trial, so the switch happens wherever the thresholds sent calls to the
 * GPU (the fake device's runs at 100003, the GPU machine's). Integers and
 * small doubles: any order of summation gives the same bits.
 * pragreduce-flags: -fopenmp */
#include <stdio.h>
#include <stdlib.h>

static long dot(const long *a, const long *b, long n)
{
    long s = 0;
#pragma omp parallel for reduction(+: s)
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

static void update(long *x, long *r, const long *p, long k, long n)
{
#pragma omp parallel for
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        x[i] = (x[i] + k * p[i]) % 1000;
        r[i] = (r[i] + 7 - p[i]) % 101;
    }
}

static double half_sum(const long *r, double *h, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        h[i] = (double)r[i] * 0.5;
        s += h[i];
    }
    return s;
}

int main(int argc, char **argv)
{
    setenv("PRAGREDUCE_ADAPT", "2", 0); /* (before the first marked loop reads it) */
    long n = argc > 1 ? atol(argv[1]) : 1025;
    long *x = malloc(sizeof(long) * (size_t)(n + 1)), *r = malloc(sizeof(long) * (size_t)(n + 1));
    long *p = malloc(sizeof(long) * (size_t)(n + 1));
    double *h = malloc(sizeof(double) * (size_t)(n + 1));
    for (long i = 0; i < n; i++) {
        x[i] = i % 13;
        r[i] = (i * 7) % 101;
        p[i] = (i * 3) % 17;
    }
    long total = 0;
    double halves = 0;
    for (int step = 0; step < 700; step++) {
        long rp = dot(r, p, n);
        update(x, r, p, rp % 5 + 1, n);
        halves += half_sum(r, h, n);
        /* the host's own update of p between the calls */
        for (long i = 0; i < n; i++)
            p[i] = (r[i] + p[i] + rp % 3) % 17;
        total += rp % 1000003;
        if (step % 100 == 99)
            printf("step %d: dot %ld, x[0] %ld, x[n/2] %ld, h[n-1] %.1f, halves %.1f\n", step + 1, rp,
                   n ? x[0] : -1, n ? x[n / 2] : -1, n ? h[n - 1] : -1.0, halves);
    }
    printf("total %ld\n", total);
    free(x);
    free(r);
    free(p);
    free(h);
    return 0;
}
