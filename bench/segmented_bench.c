/*
 * Segmented reductions, the pragreduce side of bench/run-segmented.sh: one
 * reduction per row of a row-major matrix, written as a user would, the
 * pragma on the inner loop (inside the independent loop over rows):
 *
 *   mv      y = A x               (against cuBLAS gemv, bench/vendor_bench.cu)
 *   rowsum  out[r] = sum of row r (against CUB DeviceSegmentedReduce::Sum)
 *   mvouter y = A x marked on the outer loop instead (a row per thread, one
 *           launch today; for comparison)
 *
 *   ./segmented_bench OP ROWS COLS [REPS]
 *
 * ELEM is the element type (-DELEM=float, double or int), the accumulator
 * is ELEM too (as cuBLAS's Sgemv/Dgemv and CUB's Sum accumulate).
 * Matrix entries are small integers, so every row sum is exact and the
 * printed checksum equals vendor_bench's for the same shape.
 *
 * Timing: with PRAGREDUCE_BENCH=N in the environment each launch of a
 * marked loop prints its median kernel time with the data on the device
 * (runtime run_launch); the program itself times REPS calls of the whole
 * nest with the wall clock (clock_gettime around each call, median), which
 * counts launch overhead and, without data residency, the copies too.
 * Prints one line:
 *   segbench: op=mv elem=float rows=.. cols=.. reps=.. first_us=.. median_us=.. check=..
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef ELEM
#define ELEM float
#endif
#define STR2(x) #x
#define STR(x) STR2(x)

static void mv(const ELEM *A, const ELEM *x, ELEM *y, long rows, long cols)
{
    for (long i = 0; i < rows; i++) {
        ELEM s = 0;
#pragma reduce(+: s)
        for (long j = 0; j < cols; j++)
            s += A[i * cols + j] * x[j];
        y[i] = s;
    }
}

static void rowsum(const ELEM *A, ELEM *out, long rows, long cols)
{
    for (long i = 0; i < rows; i++) {
        ELEM s = 0;
#pragma reduce(+: s)
        for (long j = 0; j < cols; j++)
            s += A[i * cols + j];
        out[i] = s;
    }
}

/* the same product marked on the outer loop: one launch, a row per thread */
static ELEM mv_outer(const ELEM *A, const ELEM *x, ELEM *y, long rows, long cols)
{
    ELEM total = 0;
#pragma reduce(+: total)
    for (long i = 0; i < rows; i++) {
        ELEM s = 0;
        for (long j = 0; j < cols; j++)
            s += A[i * cols + j] * x[j];
        y[i] = s;
        total += s;
    }
    return total;
}

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int compare(const void *p, const void *q)
{
    double a = *(const double *)p, b = *(const double *)q;
    return (a > b) - (a < b);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s mv|rowsum|mvouter ROWS COLS [REPS]\n", argv[0]);
        return 2;
    }
    const char *op = argv[1];
    long rows = atol(argv[2]), cols = atol(argv[3]);
    int reps = argc > 4 ? atoi(argv[4]) : 5;
    if (rows < 1 || cols < 1 || reps < 1)
        return 2;
    size_t n = (size_t)rows * (size_t)cols;
    ELEM *A = malloc(n * sizeof *A);
    ELEM *x = malloc((size_t)cols * sizeof *x);
    ELEM *y = malloc((size_t)rows * sizeof *y);
    if (!A || !x || !y) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    /* the same values as vendor_bench.cu: entries -4..4, x 0..2 */
    for (size_t k = 0; k < n; k++)
        A[k] = (ELEM)(int)((k * 7) % 9) - (ELEM)4;
    for (long j = 0; j < cols; j++)
        x[j] = (ELEM)(int)(j % 3);

    double *us = malloc((size_t)reps * sizeof *us);
    for (int r = 0; r < reps; r++) {
        double t0 = now_us();
        if (!strcmp(op, "mv"))
            mv(A, x, y, rows, cols);
        else if (!strcmp(op, "rowsum"))
            rowsum(A, y, rows, cols);
        else if (!strcmp(op, "mvouter"))
            (void)mv_outer(A, x, y, rows, cols);
        else
            return 2;
        us[r] = now_us() - t0;
    }
    double check = 0;
    for (long i = 0; i < rows; i++)
        check += (double)y[i] * (double)(i % 7 + 1);
    double first = us[0];
    qsort(us, (size_t)reps, sizeof *us, compare);
    printf("segbench: op=%s elem=%s rows=%ld cols=%ld reps=%d first_us=%.1f median_us=%.1f "
           "check=%.0f\n",
           op, STR(ELEM), rows, cols, reps, first, us[reps / 2], check);
    free(us);
    free(A);
    free(x);
    free(y);
    return 0;
}
