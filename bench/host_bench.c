/* host_bench.c - end to end from host memory: a reduction over an array
 * that starts in ordinary (pageable) host memory, timed with the wall
 * clock around the whole call of the marked loop: the copy to the GPU, the
 * kernel and the result. Built by `make bench` as is and with --pin-host
 * (the malloc below then returns pinned memory).
 *
 *   ./host_bench [n] [reps]      (default n = 2^28, reps = 7)
 *
 * Prints one line per call and a summary line:
 *   host-e2e: elem=float n=268435456 bytes=1073741824 first_ms=.. median_ms=.. GBps=.. check=ok
 * ELEM is float (sum in float) or int (sum in long long: exact, checked). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef ELEM
#define ELEM float
#endif
#define STR2(x) #x
#define STR(x) STR2(x)

#if defined(ELEM_IS_INT)
typedef long long acc_t;
#else
typedef ELEM acc_t;
#endif

static acc_t total(const ELEM *a, long n)
{
    acc_t s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i];
    return s;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1L << 28;
    int reps = argc > 2 ? atoi(argv[2]) : 7;
    if (n < 1 || reps < 1)
        return 2;
    ELEM *a = malloc((size_t)n * sizeof *a);
    if (!a) {
        perror("malloc");
        return 1;
    }
    long long exact = 0;
    for (long i = 0; i < n; i++) {
        a[i] = (ELEM)((i * 7) % 16);
        exact += (i * 7) % 16;
    }
    double *ms = malloc((size_t)reps * sizeof *ms);
    acc_t s = 0;
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        s = total(a, n);
        ms[r] = now_ms() - t0;
        printf("call %d: %.2f ms\n", r, ms[r]);
    }
    double first = ms[0];
    qsort(ms + 1, (size_t)(reps - 1), sizeof *ms, compare);
    double median = reps > 1 ? ms[1 + (reps - 1) / 2] : first;
    double bytes = (double)n * sizeof(ELEM);
    /* float sums of 2^28 terms round; the check allows for that */
    double err = (double)s - (double)exact;
    if (err < 0)
        err = -err;
    int ok = err <= 1e-3 * (double)exact;
    printf("host-e2e: elem=%s n=%ld bytes=%.0f first_ms=%.2f median_ms=%.2f GBps=%.2f check=%s%s\n",
           STR(ELEM), n, bytes, first, median, bytes / (median * 1e6), ok ? "ok" : "WRONG",
           (double)s == (double)exact ? " exact" : "");
    free(ms);
    free(a);
    return ok ? 0 : 1;
}
