/* The suite's runtime: allocation, timers, printing (built by gcc). */
#include <stdio.h>
#include <time.h>

#include "bench.h"

static double started;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

void *bench_alloc(size_t n, size_t elem)
{
    void *p = calloc(n + 1, elem);
    if (!p) {
        fprintf(stderr, "bench_alloc: out of memory\n");
        exit(1);
    }
    return p;
}

void bench_timer_start(void) { started = now(); }
double bench_timer_stop(void) { return now() - started; }

void bench_print(const char *name, char class, double value)
{
    printf("%-8s class %c  %.12g\n", name, class, value);
}
