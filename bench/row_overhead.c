/* What a marked row sum costs when it stays on the CPU with its bounds read
 * from row pointers a parallel loop filled (issue 40: the bounds are host
 * reads of what kernels may keep on the GPU): NPB CG's shape, rows of 8.
 *   row_overhead [CALLS]     (default 4000000)
 * Prints the sum and the nanoseconds per call. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ROWS 4096
#define W 8

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    long calls = argc > 1 ? atol(argv[1]) : 4000000;
    int *rp = malloc((ROWS + 1) * sizeof *rp);
    double *a = malloc((size_t)ROWS * W * sizeof *a);
    if (!rp || !a)
        return 1;
#pragma reduce parallel
    for (int i = 0; i <= ROWS; i++)
        rp[i] = i * W;
    for (long j = 0; j < (long)ROWS * W; j++)
        a[j] = (double)((j * 7919) % 1000) / 1000.0;
    double total = 0;
    const double t0 = now_s();
    for (long k = 0; k < calls; k++) {
        const int i = (int)(k % ROWS);
        double s = 0;
#pragma reduce(+: s)
        for (int j = rp[i]; j < rp[i + 1]; j++)
            s += a[j];
        total += s;
    }
    const double t1 = now_s();
    printf("sum %.6f, %.1f ns per call\n", total, (t1 - t0) * 1e9 / (double)calls);
    free(rp);
    free(a);
    return 0;
}
