/* The fixed cost of a marked loop's call on the GPU, its arrays already
 * there (issue 17 item 3: what auto mode weighs against the CPU loop): a
 * double dot product and an axpy (`#pragma reduce parallel`) over N
 * elements, each called CALLS times in a host loop; the arrays are written
 * once, before, so every call finds them on the GPU.
 *   call_overhead [N] [CALLS]     (default 4096 20000)
 * Prints microseconds per call of each: with PRAGREDUCE_DEVICE=gpu the
 * GPU's fixed cost, with =cpu the CPU path's against the same file built by
 * gcc (PRAGREDUCE_CPU_THREADS=1: one thread). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double dot(const double *x, const double *y, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

static void axpy(double *y, const double *x, double a, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        y[i] += a * x[i];
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 4096;
    long calls = argc > 2 ? atol(argv[2]) : 20000;
    if (n < 1 || calls < 1)
        return 2;
    double *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
    if (!x || !y)
        return 1;
    for (long i = 0; i < n; i++) {
        x[i] = (double)(i % 5);
        y[i] = 0;
    }
    double s = dot(x, x, n); /* the copies made, the context warm */
    axpy(y, x, 1.0, n);
    /* read through a volatile each call: the C build may not hoist the
     * call out of the loop (dot is pure) */
    const double *volatile xv = x;
    double t0 = now_s();
    for (long c = 0; c < calls; c++)
        s += dot(xv, xv, n);
    double t1 = now_s();
    for (long c = 0; c < calls; c++)
        axpy(y, x, 1.0 / (double)(c + 1), n);
    double t2 = now_s();
    printf("n %ld: dot %.2f us per call, axpy %.2f us per call (checks %.0f %.3f)\n", n,
           (t1 - t0) * 1e6 / (double)calls, (t2 - t1) * 1e6 / (double)calls, s, y[n - 1]);
    free(x);
    free(y);
    return 0;
}
