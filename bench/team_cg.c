/* team_cg.c - CG on the 2-D Poisson matrix (5-point stencil, plus 0.1 I),
 * matrix-free, in one process: issue 18's several-GPU figures
 * (PRAGREDUCE_GPUS=all against 1; bench/run-team.sh). Every loop's
 * subscripts are affine, so each GPU of a team keeps only its part of each
 * vector and a row of p on either side.
 *   team_cg NX NY ITERATIONS
 * Prints the relative residual, a checksum of x and the seconds of the
 * iterations (the first copies to the GPUs included), then those of the
 * first iteration (the copies) and of the others apart. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define SHIFT 0.1

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* q = (A + SHIFT I) p; p has a zero row above (row 0) and below (ny + 1) */
static void apply(double *q, const double *p, long nx, long ny)
{
#pragma omp parallel for
#pragma reduce parallel
    for (long k = 0; k < nx * ny; k++) {
        const long c = k + nx, i = k % nx;
        const double west = i > 0 ? p[c - 1] : 0.0, east = i < nx - 1 ? p[c + 1] : 0.0;
        q[k] = (4.0 + SHIFT) * p[c] - west - east - p[c - nx] - p[c + nx];
    }
}

static double dot(const double *u, const double *v, long n)
{
    double s = 0.0;
#pragma omp parallel for reduction(+: s)
#pragma reduce(+: s)
    for (long k = 0; k < n; k++)
        s += u[k] * v[k];
    return s;
}

int main(int argc, char **argv)
{
    const long nx = argc > 1 ? atol(argv[1]) : 4096, ny = argc > 2 ? atol(argv[2]) : 4096;
    const int iterations = argc > 3 ? atoi(argv[3]) : 100;
    if (nx < 1 || ny < 1 || iterations < 1) {
        fprintf(stderr, "usage: team_cg NX NY ITERATIONS\n");
        return 2;
    }
    const long n = nx * ny;
    double *x = calloc((size_t)n, sizeof *x);
    double *r = malloc((size_t)n * sizeof *r);
    double *p = calloc((size_t)(n + 2 * nx), sizeof *p);
    double *q = malloc((size_t)n * sizeof *q);
    if (!x || !r || !p || !q) {
        fprintf(stderr, "team_cg: out of memory\n");
        return 1;
    }
    for (long k = 0; k < n; k++) {
        const double s = (double)(k % nx) / (double)nx, t = (double)(k / nx) / (double)ny;
        r[k] = 1.0 + s * (1.0 - s) + t * (1.0 - t) + (fabs(t - 0.3) < 0.05 ? 2.0 : 0.0);
        p[k + nx] = r[k];
    }
    const double t0 = now_s();
    double rr = dot(r, r, n);
    const double rr0 = rr;
    double t1 = t0;
    for (int it = 0; it < iterations; it++) {
        if (it == 1)
            t1 = now_s();
        apply(q, p, nx, ny);
        const double alpha = rr / dot(p + nx, q, n);
#pragma omp parallel for
#pragma reduce parallel
        for (long k = 0; k < n; k++) {
            x[k] += alpha * p[k + nx];
            r[k] -= alpha * q[k];
        }
        const double rr_next = dot(r, r, n);
        const double beta = rr_next / rr;
        rr = rr_next;
#pragma omp parallel for
#pragma reduce parallel
        for (long k = 0; k < n; k++)
            p[k + nx] = r[k] + beta * p[k + nx];
    }
    double xsum = 0.0;
#pragma omp parallel for reduction(+: xsum)
#pragma reduce(+: xsum)
    for (long k = 0; k < n; k++)
        xsum += x[k];
    const double t2 = now_s(), secs = t2 - t0;
    if (iterations == 1)
        t1 = t2;
    printf("team_cg: grid %ld x %ld, iterations %d, residual %.6e, x sum %.10e, %.4f s (first %.4f, rest %.4f)\n",
           nx, ny, iterations, sqrt(rr / rr0), xsum, secs, t1 - t0, t2 - t1);
    free(x);
    free(r);
    free(p);
    free(q);
    return 0;
}
