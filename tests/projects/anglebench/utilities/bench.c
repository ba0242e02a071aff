#include <stdio.h>

#include "bench.h"

int bench_allocations;
static double started;

void bench_timer_start() { started = 1.0; }

double bench_timer_stop() { return started; }

int bench_seed(int s) { return s * 3 + 1; }

void *bench_alloc(size_t bytes)
{
    bench_allocations++;
    return calloc(bytes ? bytes : 1, 1);
}

void bench_print(const char *name, double value)
{
    printf("%s %.17g\n", name, value);
}

double bench_checksum(const double *a, long n)
{
    double s = 0;
    long i;
    for (i = 0; i < n; i++)
        s += a[i] * (double)(i % 7 + 1);
    return s;
}
