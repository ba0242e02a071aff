/* Timers in a time loop keep the arrays on the GPU: the file's own
 * clock_gettime and gettimeofday helpers write only their locals,
 * omp_get_wtime and clock touch nothing of the program's. The residency
 * report must list no invalidation for them. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>

static double mono(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double wall(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + 1e-6 * (double)tv.tv_usec;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc((size_t)n * sizeof *a);
    for (long i = 0; i < n; i++)
        a[i] = (double)(i % 7);
    const double t0 = omp_get_wtime(), m0 = mono(), w0 = wall();
    double s = 0;
    for (int step = 0; step < 100; step++) {
#pragma reduce parallel
        for (long i = 0; i < n; i++)
            a[i] = a[i] * 0.5 + 1.0;
        double part = 0;
#pragma reduce(+: part)
        for (long i = 0; i < n; i++)
            part += a[i];
        s += part;
        if (step % 10 == 0)
            fprintf(stderr, "step %d: %.3f %.3f %.3f s, %ld ticks\n", step, omp_get_wtime() - t0, mono() - m0,
                    wall() - w0, (long)clock());
    }
    printf("%f\n", s);
    free(a);
    return 0;
}
