/* Timers inside a time loop (clock_gettime or gettimeofday in the file's
 * own helper, omp_get_wtime, clock) leave the arrays on the GPU: their
 * calls write only the helper's locals and read nothing a kernel wrote.
 * Beside them, helpers that look like timers but do touch the arrays: one
 * reads an element the last kernel wrote (it must come back first), one
 * writes an element of an array the next loop reads (the copy must go
 * stale), one stores the time through a pointer parameter. Every value
 * printed is exact (halves and integers), whatever the order of the sums.
 * pragreduce-flags: -fopenmp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static double *shared_a; /* the array the loops work on, seen by helpers */

static double mono_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double wall_s(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + 1e-6 * (double)tv.tv_usec;
}

/* a "timer" that reads what the kernels wrote */
static double stamp_reading(long k)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return shared_a[k] + 0.0 * (double)t.tv_nsec;
}

/* a "timer" that writes an element the next loop reads */
static void stamp_writing(long k)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    shared_a[k] = 3.0 + 0.0 * (double)t.tv_sec;
}

/* the time through a pointer parameter, into the caller's local */
static void stamp_into(double *out)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    *out = (double)t.tv_sec;
}

static double omp_now(void)
{
#ifdef _OPENMP
    return omp_get_wtime();
#else
    return (double)clock() / CLOCKS_PER_SEC;
#endif
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc((size_t)(n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    shared_a = a;
    for (long i = 0; i < n; i++)
        a[i] = (double)(i % 7);
    const double t0 = mono_s(), w0 = wall_s(), o0 = omp_now();
    const clock_t c0 = clock();
    double total = 0, read_back = 0;
    int ordered = 1;
    for (int step = 0; step < 12; step++) {
#pragma omp parallel for
#pragma reduce parallel
        for (long i = 0; i < n; i++)
            a[i] = a[i] * 0.5 + 1.0;
        double part = 0;
#pragma omp parallel for reduction(+: part)
#pragma reduce(+: part)
        for (long i = 0; i < n; i++)
            part += a[i];
        total += part;
        /* the timers: nothing comes back, nothing goes stale */
        double t = mono_s(), w = wall_s(), o = omp_now(), stamp = 0;
        stamp_into(&stamp);
        ordered &= t >= t0 && w >= w0 - 1.0 && o >= o0 && clock() >= c0 && stamp >= 0;
        if (n > 0 && step % 4 == 1)
            read_back += stamp_reading(n / 2); /* the kernel's value, brought back */
        if (n > 0 && step % 4 == 2)
            stamp_writing(n - 1); /* the next loop reads 3.0 there */
    }
    printf("n %ld: total %.6f, read back %.6f, last %.6f, timers in order %d\n", n, total, read_back,
           n > 0 ? a[n - 1] : 0.0, ordered);
    free(a);
    return 0;
}
