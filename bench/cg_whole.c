/* Conjugate gradients on the 2-D Poisson matrix (5-point stencil, CSR),
 * ITERS iterations, marked the way a user marks an OpenMP code: every loop
 * keeps its OpenMP line and gets ours (`#pragma reduce parallel` for the
 * product and the vector updates, `#pragma reduce(+: v)` for the dot
 * products). The same file is the OpenMP build (gcc -fopenmp) and, through
 * pragreduce, the GPU build (issue 17's whole-program benchmark).
 *   cg_whole [GRID] [ITERS]     (GRID x GRID unknowns; default 2048 75)
 * Prints the residual, a checksum of x and the solve's wall time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* q = A p over the n rows of a CSR matrix with nnz entries */
static void spmv(const long *rowptr, const int *col, const double *val, const double *p, double *q,
                 long n, long nnz)
{
#pragma omp parallel for
#pragma reduce parallel in(p[0:n], val[0:nnz], col[0:nnz])
    for (long i = 0; i < n; i++) {
        double s = 0;
        for (long k = rowptr[i]; k < rowptr[i + 1]; k++)
            s += val[k] * p[col[k]];
        q[i] = s;
    }
}

static double dot(const double *a, const double *b, long n)
{
    double s = 0;
#pragma omp parallel for reduction(+: s)
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

/* x += alpha p, r -= alpha q */
static void update(double *x, double *r, const double *p, const double *q, double alpha, long n)
{
#pragma omp parallel for
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        x[i] += alpha * p[i];
        r[i] -= alpha * q[i];
    }
}

/* p = r + beta p */
static void direction(double *p, const double *r, double beta, long n)
{
#pragma omp parallel for
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        p[i] = r[i] + beta * p[i];
}

int main(int argc, char **argv)
{
    long g = argc > 1 ? atol(argv[1]) : 2048;
    int iters = argc > 2 ? atoi(argv[2]) : 75;
    if (g < 2 || iters < 1)
        return 2;
    long n = g * g;
    long *rowptr = malloc((size_t)(n + 1) * sizeof *rowptr);
    int *col = malloc((size_t)n * 5 * sizeof *col);
    double *val = malloc((size_t)n * 5 * sizeof *val);
    double *x = malloc((size_t)n * sizeof *x), *r = malloc((size_t)n * sizeof *r);
    double *p = malloc((size_t)n * sizeof *p), *q = malloc((size_t)n * sizeof *q);
    if (!rowptr || !col || !val || !x || !r || !p || !q)
        return 1;
    /* The matrix in CSR with five slots per row, as HPCG keeps a fixed
     * number per row: a neighbour past the grid's edge is an explicit zero
     * on the row's own column. Each row's slots are then known without a
     * running count, so the set-up is a parallel loop in both builds. */
    const long nnz = 5 * n;
#pragma omp parallel for
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        const long a = i / g, b = i % g;
        rowptr[i] = 5 * i;
        col[5 * i] = (int)(a > 0 ? i - g : i);
        val[5 * i] = a > 0 ? -1.0 : 0.0;
        col[5 * i + 1] = (int)(b > 0 ? i - 1 : i);
        val[5 * i + 1] = b > 0 ? -1.0 : 0.0;
        col[5 * i + 2] = (int)i;
        val[5 * i + 2] = 4.0;
        col[5 * i + 3] = (int)(b < g - 1 ? i + 1 : i);
        val[5 * i + 3] = b < g - 1 ? -1.0 : 0.0;
        col[5 * i + 4] = (int)(a < g - 1 ? i + g : i);
        val[5 * i + 4] = a < g - 1 ? -1.0 : 0.0;
    }
    rowptr[n] = nnz;
#pragma omp parallel for
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        const double b = 1.0 + (double)(i % 7) / 7.0; /* r = b - A x with x = 0 */
        x[i] = 0.0;
        r[i] = b;
        p[i] = b;
    }
    double rho = dot(r, r, n);
    const double t0 = now_s();
    for (int it = 0; it < iters; it++) {
        spmv(rowptr, col, val, p, q, n, nnz);
        const double alpha = rho / dot(p, q, n);
        update(x, r, p, q, alpha, n);
        const double rho_new = dot(r, r, n);
        direction(p, r, rho_new / rho, n);
        rho = rho_new;
    }
    const double t1 = now_s();
    double sum = 0;
#pragma omp parallel for reduction(+: sum)
#pragma reduce(+: sum)
    for (long i = 0; i < n; i++)
        sum += x[i];
    printf("cg: grid %ld, %d iterations, residual %.6e, sum(x) %.6e, solve %.3f s\n", g, iters,
           sqrt(rho), sum, t1 - t0);
    free(rowptr);
    free(col);
    free(val);
    free(x);
    free(r);
    free(p);
    free(q);
    return 0;
}
