/* What a marked loop costs when it stays on the CPU (issue 17 item 3): a
 * 34-iteration dot product called CALLS times from a host loop, as k-means
 * calls its distance loop per point and cluster. Built by gcc as plain C
 * and by pragreduce (auto mode: below the GPU threshold the loop runs in
 * place); the two times are compared by bench/run-overhead.sh.
 *   wrapper_overhead [CALLS]     (default 1000000)
 * Prints the sum and the nanoseconds per call. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define D 34

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double dist(const double *a, const double *b)
{
    double s = 0;
#pragma reduce(+: s)
    for (int j = 0; j < D; j++)
        s += (a[j] - b[j]) * (a[j] - b[j]);
    return s;
}

int main(int argc, char **argv)
{
    long calls = argc > 1 ? atol(argv[1]) : 1000000;
    const long pts = 4096;
    double *x = malloc((size_t)pts * D * sizeof *x), c[D];
    if (!x)
        return 1;
    for (long i = 0; i < pts * D; i++)
        x[i] = (double)((i * 7919) % 1000) / 1000.0;
    for (int j = 0; j < D; j++)
        c[j] = 0.5;
    double total = 0;
    const double t0 = now_s();
    for (long k = 0; k < calls; k++)
        total += dist(x + (k % pts) * D, c);
    const double t1 = now_s();
    printf("sum %.6f, %.1f ns per call\n", total, (t1 - t0) * 1e9 / (double)calls);
    free(x);
    return 0;
}
