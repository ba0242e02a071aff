/*
 * power_iter_omp.c - power_iter.c with OpenMP: the rows of y = A x split
 * over the threads (`parallel for`), the norm a `reduction(+: ...)`, the
 * matrix initialised in parallel (first touch spreads its pages over the
 * threads' memory). Same values, same precision (float rows, double norm).
 *
 *   gcc -O3 -march=native -fopenmp power_iter_omp.c -o power_iter_omp -lm
 *   OMP_NUM_THREADS=16 ./power_iter_omp [N] [ITERS]
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
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
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++)
            A[i * n + j] = (float)(1 + ((i + j) & 7) + ((i * j) & 3)) * 0.125f;
    for (long i = 0; i < n; i++)
        x[i] = 1.0f / sqrtf((float)n);
    double t1 = now_s();
    double lambda = 0.0;
    for (int it = 0; it < iters; it++) {
#pragma omp parallel for schedule(static)
        for (long i = 0; i < n; i++) {
            float s = 0.0f;
            for (long j = 0; j < n; j++)
                s += A[i * n + j] * x[j];
            y[i] = s;
        }
        double s = 0.0;
#pragma omp parallel for reduction(+: s) schedule(static)
        for (long i = 0; i < n; i++)
            s += (double)y[i] * y[i];
        double nrm = sqrt(s);
        lambda = nrm;
        for (long i = 0; i < n; i++)
            x[i] = (float)(y[i] / nrm);
    }
    double t2 = now_s();
    printf("power-iter: impl=openmp threads=%d n=%ld iters=%d init_s=%.3f iter_s=%.3f "
           "per_iter_ms=%.3f lambda=%.6g\n",
           omp_get_max_threads(), n, iters, t1 - t0, t2 - t1, 1e3 * (t2 - t1) / iters, lambda);
    free(A);
    free(x);
    free(y);
    return 0;
}
