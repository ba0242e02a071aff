/* OpenMP beside '#pragma reduce', built with -fopenmp on both sides (gcc
 * -fopenmp, nvcc -Xcompiler -fopenmp): `#pragma omp` lines before or after
 * the reduce line (a continued one too) run the loop's CPU fallback with
 * threads; OpenMP loops write arrays that marked loops read next (the
 * copies kept on the GPU must be invalidated by the thread that holds
 * them); a function with OpenMP writes through a pointer between marked
 * loops; marked loops called by every thread of a parallel region at once;
 * a clause naming a variable the CPU fallback lacks (dropped there).
 * tests/run-e2e.sh also builds it without -fopenmp (the omp lines taken,
 * re-emitted, then ignored by gcc and nvcc; no OpenMP library linked).
 * The values are small integers, so any order of the sums gives the same
 * result.
 * pragreduce-flags: -fopenmp
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double dot(const double *x, const double *y, int n)
{
    double s = 0;
    int i;
#pragma omp parallel for reduction(+: s)
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

/* OpenMP writing through a pointer: callers invalidate at the call */
static void scale(double *x, int n, double a)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        x[i] = x[i] * a;
}

/* every thread of the team runs the marked loop (taking turns on the GPU) */
static long each_thread(const long *v, int n, int *threads)
{
    long total = 0;
    int team = 0;
#pragma omp parallel
    {
        long mine = 0;
#pragma reduce(+: mine)
        for (int i = 0; i < n; i++)
            mine += v[i] % 7;
#pragma omp critical
        {
            total += mine;
            team++;
        }
    }
    *threads = team;
    return total;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    double *x = malloc(sizeof(double) * (size_t)(n + 1));
    double *y = malloc(sizeof(double) * (size_t)(n + 1));
    long *v = malloc(sizeof(long) * (size_t)(n + 1));
    int m = 4;
    long *grid = malloc(sizeof(long) * (size_t)(n + 1) * (size_t)m);
    for (int i = 0; i < n; i++) {
        x[i] = i % 5;
        y[i] = i % 3;
        v[i] = i;
    }
    double t = 0, u = 0, w = 0;
    long big = 0, lo = 1L << 40, hi = -1, g = 0;

#pragma reduce(+: t)
#pragma omp parallel for \
    reduction(+: t) schedule(static)
    for (int i = 0; i < n; i++)
        t += x[i] * y[i];

    /* written by OpenMP threads, read by the next marked loops */
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        x[i] = 2 * x[i] + 1;

#pragma omp parallel for simd reduction(+: u)
#pragma reduce(+: u)
    for (int i = 0; i < n; i++)
        u += x[i] * y[i];

#pragma omp parallel for reduction(min: lo) reduction(max: hi)
#pragma reduce(min: lo) reduce(max: hi) in(v[0:n])
    for (int i = 0; i < n; i++) {
        long e = v[(i * 7) % n] + (long)x[i];
        if (e < lo)
            lo = e;
        if (e > hi)
            hi = e;
    }

    scale(y, n, 3);
    w = dot(x, y, n);

#pragma omp parallel for
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            grid[(long)i * m + j] = (i + j) % 11;

#pragma omp simd reduction(+: big)
#pragma reduce(+: big)
    for (int i = 0; i < n; i++)
        big += v[i] * 3 + (long)x[i];

    int r, c;
#pragma omp parallel for collapse(2) reduction(+: g)
#pragma reduce(+: g) collapse(2)
    for (r = 0; r < n; r++)
        for (c = 0; c < m; c++)
            g += grid[(long)r * m + c] * (c + 1);

    /* a clause names a variable the loop does not use: the fallback, in a
     * function of its own, runs without OpenMP (a warning says so) */
    int nt = 3;
    long k2 = 0;
#pragma omp parallel for num_threads(nt) reduction(+: k2)
#pragma reduce(+: k2)
    for (int i = 0; i < n; i++)
        k2 += v[i] & 3;

    int threads = 0;
    long each = each_thread(v, n, &threads);
    int team_ok = threads >= 1 && each == threads * (each / (threads ? threads : 1));

    printf("t=%.17g u=%.17g w=%.17g\n", t, u, w);
    printf("big=%ld g=%ld k2=%ld\n", big, g, k2);
    if (n > 0)
        printf("lo=%ld hi=%ld\n", lo, hi);
    printf("each thread: %ld %s, threads %s\n", each / (threads ? threads : 1),
           team_ok ? "ok" : "WRONG",
#ifdef _OPENMP
           omp_get_max_threads() >= 1 ? "ok" : "none"
#else
           "ok"
#endif
    );
    free(x);
    free(y);
    free(v);
    free(grid);
    return 0;
}
