/* A 2-D diffusion time loop with a per-step reduction (the shape of
 * Rodinia's srad): STEPS steps over a W x W grid stored flat, each step a
 * Jacobi sweep (`#pragma reduce parallel` over the flat index, the edges
 * copied) followed by the grid's mean (`#pragma reduce(+: s)`), which
 * scales the next step. Every loop keeps its OpenMP line: the same file is
 * the OpenMP build (gcc -fopenmp) and, through pragreduce, the GPU build.
 *   stencil_whole [W] [STEPS]     (default 4096 100)
 * Prints the final mean, a checksum and the time loop's wall time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The neighbours' subscripts reach w elements before and after the grid at
 * the first and last rows, where the edge test keeps the loop from reading
 * them; in() says which elements it reads, so that pragreduce need not
 * assume the output (another block, perhaps right next to it) is among them. */
static void sweep(const double *in, double *out, long w, double k)
{
#pragma omp parallel for
#pragma reduce parallel in(in[0:w * w])
    for (long p = 0; p < w * w; p++) {
        long r = p / w, c = p % w;
        if (r == 0 || r == w - 1 || c == 0 || c == w - 1)
            out[p] = in[p];
        else
            out[p] = in[p] + k * (in[p - w] + in[p + w] + in[p - 1] + in[p + 1] - 4.0 * in[p]);
    }
}

static double mean(const double *g, long n)
{
    double s = 0;
#pragma omp parallel for reduction(+: s)
#pragma reduce(+: s)
    for (long p = 0; p < n; p++)
        s += g[p];
    return s / (double)n;
}

int main(int argc, char **argv)
{
    long w = argc > 1 ? atol(argv[1]) : 4096;
    int steps = argc > 2 ? atoi(argv[2]) : 100;
    if (w < 3 || steps < 1)
        return 2;
    long n = w * w;
    double *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
    if (!a || !b)
        return 1;
    for (long p = 0; p < n; p++)
        a[p] = (double)((p * 7919) % 1000) / 1000.0;
    double m = mean(a, n);
    const double t0 = now_s();
    for (int s = 0; s < steps; s++) {
        sweep(a, b, w, 0.1 / (1.0 + m));
        m = mean(b, n);
        double *t = a;
        a = b;
        b = t;
    }
    const double t1 = now_s();
    double check = 0;
    for (long p = 0; p < n; p += 97)
        check += a[p];
    printf("stencil: %ld x %ld, %d steps, mean %.9f, check %.6f, loop %.3f s\n", w, w, steps, m, check,
           t1 - t0);
    free(a);
    free(b);
    return 0;
}
