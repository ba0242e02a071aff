/*
 * power_iter.c - power iteration for the dominant eigenvalue of a dense
 * N x N float matrix, a whole program for the data-residency issue:
 *
 *   repeat ITERS times:
 *       y = A x          a marked loop over each row (segmented: one
 *                        reduction per row inside the loop over rows)
 *       norm = ||y||     a marked loop
 *       x = y / norm     on the host (so x changes every iteration,
 *                        A never does)
 *
 * With data residency, A (1 GiB at N = 16384) is copied to the GPU once and
 * stays there: each iteration moves only x (64 KiB) in and y out. With
 * PRAGREDUCE_RESIDENT=0 every product copies A again.
 *
 * Precision: A and x are float, each row's dot product accumulates in
 * float (as cublasSgemv and the OpenMP version, power_iter_omp.c, do); the
 * norm accumulates in double. A[i][j] = (1 + (i + j) % 8 + (i j) % 4) / 8 is symmetric
 * with positive entries, so the iteration converges to the Perron root.
 *
 *   ./power_iter [N] [ITERS]        (default N = 16384, ITERS = 100)
 * Prints:
 *   power-iter: impl=.. n=.. iters=.. init_s=.. iter_s=.. per_iter_ms=.. lambda=..
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef IMPL
#define IMPL "pragreduce"
#endif

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void matvec(const float *A, const float *x, float *y, long n)
{
    for (long i = 0; i < n; i++) {
        float s = 0.0f;
#pragma reduce(+: s)
        for (long j = 0; j < n; j++)
            s += A[i * n + j] * x[j];
        y[i] = s;
    }
}

static double norm2(const float *y, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += (double)y[i] * y[i];
    return sqrt(s);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 16384;
    int iters = argc > 2 ? atoi(argv[2]) : 100;
    if (n < 1 || iters < 1)
        return 2;
    double t0 = now_s();
    float *A = malloc((size_t)n * (size_t)n * sizeof *A);
    float *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
    if (!A || !x || !y) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++)
            A[i * n + j] = (float)(1 + ((i + j) & 7) + ((i * j) & 3)) * 0.125f;
    for (long i = 0; i < n; i++)
        x[i] = 1.0f / sqrtf((float)n);
    double t1 = now_s();
    double lambda = 0.0;
    for (int it = 0; it < iters; it++) {
        matvec(A, x, y, n);
        double nrm = norm2(y, n);
        lambda = nrm; /* ||A x|| with ||x|| = 1 */
        for (long i = 0; i < n; i++)
            x[i] = (float)(y[i] / nrm);
    }
    double t2 = now_s();
    printf("power-iter: impl=%s n=%ld iters=%d init_s=%.3f iter_s=%.3f per_iter_ms=%.3f "
           "lambda=%.6g\n",
           IMPL, n, iters, t1 - t0, t2 - t1, 1e3 * (t2 - t1) / iters, lambda);
    free(A);
    free(x);
    free(y);
    return 0;
}
