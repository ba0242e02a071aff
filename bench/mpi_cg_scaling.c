/* mpi_cg_scaling.c - CG on the 2-D Poisson matrix (5-point stencil, plus
 * 0.1 I) over MPI ranks, for issue 18's scaling figures
 * (bench/run-mpi-scaling.sh).
 *
 *   mpirun -np R ./mpi_cg_scaling NX NY ITERATIONS [weak]
 *
 * The NX x NY grid is cut into blocks of whole rows, one per rank (weak: NY
 * rows per rank, so the grid grows with the ranks). Each rank keeps one
 * ghost row above and below its block of p, exchanged with MPI_Sendrecv
 * before each product. Rank 0 prints the relative residual, a checksum of x
 * and the seconds of the iterations (the slowest rank's, MPI_Wtime, the
 * first copies to the GPU included). Build the CPU reference with
 * -DCPU_REFERENCE.
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define SHIFT 0.1

/* q = (A + SHIFT I) p on this rank's rows; p has a ghost row above (row 0)
 * and below (row m + 1), zero past the grid's edges */
static void apply(double *q, const double *p, long nx, long m)
{
#pragma reduce parallel
    for (long k = 0; k < nx * m; k++) {
        const long c = k + nx, i = k % nx;
        const double west = i > 0 ? p[c - 1] : 0.0, east = i < nx - 1 ? p[c + 1] : 0.0;
        q[k] = (4.0 + SHIFT) * p[c] - west - east - p[c - nx] - p[c + nx];
    }
}

/* u . v over every rank's rows (the CPU build, -DCPU_REFERENCE, completes
 * it with MPI_Allreduce as a plain MPI program would: a C compiler ignores
 * the pragma and its comm clause) */
static double dot(const double *u, const double *v, long n)
{
    double s = 0.0;
#ifdef CPU_REFERENCE
    for (long k = 0; k < n; k++)
        s += u[k] * v[k];
    MPI_Allreduce(MPI_IN_PLACE, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#else
#pragma reduce(+: s) comm(MPI_COMM_WORLD)
    for (long k = 0; k < n; k++)
        s += u[k] * v[k];
#endif
    return s;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (argc < 4) {
        if (rank == 0)
            fprintf(stderr, "usage: mpi_cg_scaling NX NY ITERATIONS [weak]\n");
        MPI_Finalize();
        return 2;
    }
    const long nx = atol(argv[1]), ny_arg = atol(argv[2]);
    const int iterations = atoi(argv[3]);
    const int weak = argc > 4;
    const long ny = weak ? ny_arg * ranks : ny_arg;
    if (nx < 1 || ny < ranks || iterations < 1) {
        if (rank == 0)
            fprintf(stderr, "mpi_cg_scaling: need NX >= 1, NY >= ranks, ITERATIONS >= 1\n");
        MPI_Finalize();
        return 2;
    }
    const long row0 = ny * rank / ranks, m = ny * (rank + 1) / ranks - row0;
    const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank + 1 < ranks ? rank + 1 : MPI_PROC_NULL;
    const long n = nx * m;
    double *x = calloc((size_t)n, sizeof *x);
    double *r = malloc((size_t)n * sizeof *r);
    double *p = calloc((size_t)(n + 2 * nx), sizeof *p); /* rows 1 .. m, ghosts 0 and m + 1 */
    double *q = malloc((size_t)n * sizeof *q);
    if (!x || !r || !p || !q) {
        fprintf(stderr, "mpi_cg_scaling: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* b: a smooth load with a bump; x = 0, so r = p = b */
    for (long k = 0; k < n; k++) {
        const double s = (double)(k % nx) / (double)nx, t = (double)(row0 + k / nx) / (double)ny;
        r[k] = 1.0 + s * (1.0 - s) + t * (1.0 - t) + (fabs(t - 0.3) < 0.05 ? 2.0 : 0.0);
        p[k + nx] = r[k];
    }
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    double rr = dot(r, r, n);
    const double rr0 = rr;
    for (int it = 0; it < iterations; it++) {
        /* ghost rows: the first row goes up, the last row down */
        MPI_Sendrecv(&p[nx], (int)nx, MPI_DOUBLE, up, 0, &p[(m + 1) * nx], (int)nx, MPI_DOUBLE, down, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&p[m * nx], (int)nx, MPI_DOUBLE, down, 1, &p[0], (int)nx, MPI_DOUBLE, up, 1, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        apply(q, p, nx, m);
        const double alpha = rr / dot(p + nx, q, n);
#pragma reduce parallel
        for (long k = 0; k < n; k++) {
            x[k] += alpha * p[k + nx];
            r[k] -= alpha * q[k];
        }
        const double rr_next = dot(r, r, n);
        const double beta = rr_next / rr;
        rr = rr_next;
#pragma reduce parallel
        for (long k = 0; k < n; k++)
            p[k + nx] = r[k] + beta * p[k + nx];
    }
    double xsum = 0.0;
#ifdef CPU_REFERENCE
    for (long k = 0; k < n; k++)
        xsum += x[k];
    MPI_Allreduce(MPI_IN_PLACE, &xsum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#else
#pragma reduce(+: xsum) comm(MPI_COMM_WORLD)
    for (long k = 0; k < n; k++)
        xsum += x[k];
#endif
    double secs = MPI_Wtime() - t0, slowest = 0.0;
    MPI_Reduce(&secs, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("mpi_cg_scaling: ranks %d, grid %ld x %ld, iterations %d, residual %.6e, x sum %.12e, %.4f s\n",
               ranks, nx, ny, iterations, sqrt(rr / rr0), xsum, slowest);
    free(x);
    free(r);
    free(p);
    free(q);
    MPI_Finalize();
    return 0;
}
