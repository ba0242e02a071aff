/* mpi_cg.c - conjugate gradients on a 1-D Laplacian spread over MPI ranks.
 *
 *   mpirun -np 4 ./mpi_cg [n] [out]     (default n = 1000000; n >= ranks)
 *
 * Solves (A + 0.1 I) x = b for the n x n matrix A = tridiag(-1, 2, -1)
 * (a rod's heat equation, one implicit step) with a fixed number of CG
 * iterations. Each rank owns a block of rows and keeps its block of every
 * vector, with one ghost entry on each side of p for its neighbours' ends,
 * exchanged by MPI_Sendrecv before each product. The products and vector
 * updates are `#pragma reduce parallel` loops; the dot products are
 * `#pragma reduce(+: ...) comm(MPI_COMM_WORLD)`, which completes each over
 * all ranks, so every rank gets the same alpha and beta. Rank 0 prints the
 * residual and a checksum of x; with `out`, every rank writes them to
 * out.RANK (tests/run-mpi.sh compares them with a one-rank run).
 *
 * Build and run (README, "MPI programs"):
 *   PRAGREDUCE_HOST_CC=mpicc tools/pragreduce-cc -O2 samples/mpi_cg.c -o mpi_cg -lm
 *   mpirun -np 4 ./mpi_cg 1000000
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define SHIFT 0.1
#define ITERATIONS 40

/* this rank's share of the rows, and its neighbours (MPI_PROC_NULL at the ends) */
typedef struct {
    long lo, m;
    int left, right;
} part_t;

/* q = (A + SHIFT I) p on this rank's rows (p with its ghosts) */
static void apply(double *q, const double *p, long m)
{
#pragma reduce parallel
    for (long k = 0; k < m; k++)
        q[k] = (2.0 + SHIFT) * p[k + 1] - p[k] - p[k + 2];
}

/* u . v over every rank's rows */
static double dot(const double *u, const double *v, long m)
{
    double s = 0.0;
#pragma reduce(+: s) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++)
        s += u[k] * v[k];
    return s;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    if (n < ranks) {
        if (rank == 0)
            fprintf(stderr, "mpi_cg: n (%ld) must be at least the number of ranks (%d)\n", n, ranks);
        MPI_Finalize();
        return 2;
    }
    part_t pt = {n * rank / ranks, n * (rank + 1) / ranks - n * rank / ranks,
                 rank > 0 ? rank - 1 : MPI_PROC_NULL, rank + 1 < ranks ? rank + 1 : MPI_PROC_NULL};
    long m = pt.m;
    double *x = calloc((size_t)m, sizeof *x);
    double *r = malloc((size_t)m * sizeof *r);
    double *p = calloc((size_t)m + 2, sizeof *p); /* p[1 .. m], ghosts p[0], p[m + 1] */
    double *q = malloc((size_t)m * sizeof *q);
    /* b: a smooth load with a bump; x = 0, so r = p = b */
    for (long k = 0; k < m; k++) {
        double t = (double)(pt.lo + k) / (double)n;
        r[k] = 1.0 + 4.0 * t * (1.0 - t) + (fabs(t - 0.3) < 0.05 ? 2.0 : 0.0);
        p[k + 1] = r[k];
    }
    double rr = dot(r, r, m);
    const double rr0 = rr;
    for (int it = 0; it < ITERATIONS; it++) {
        /* the ghosts p[0] and p[m + 1]: the neighbours' last and first
         * entries (zero past the rod's ends, where MPI_PROC_NULL leaves
         * them); written here in the loop, each call moves only its one
         * element between the host and the GPU */
        MPI_Sendrecv(&p[1], 1, MPI_DOUBLE, pt.left, 0, &p[pt.m + 1], 1, MPI_DOUBLE, pt.right, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&p[pt.m], 1, MPI_DOUBLE, pt.right, 1, &p[0], 1, MPI_DOUBLE, pt.left, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        apply(q, p, m);
        const double alpha = rr / dot(p + 1, q, m);
#pragma reduce parallel
        for (long k = 0; k < m; k++) {
            x[k] += alpha * p[k + 1];
            r[k] -= alpha * q[k];
        }
        const double rr_next = dot(r, r, m);
        const double beta = rr_next / rr;
        rr = rr_next;
#pragma reduce parallel
        for (long k = 0; k < m; k++)
            p[k + 1] = r[k] + beta * p[k + 1];
    }
    double xsum = 0.0;
#pragma reduce(+: xsum) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++)
        xsum += x[k];

    FILE *out = stdout;
    if (argc > 2) {
        char path[4096];
        snprintf(path, sizeof path, "%s.%d", argv[2], rank);
        out = fopen(path, "w");
    } else if (rank != 0) {
        out = NULL;
    }
    if (out) {
        fprintf(out, "relative_residual f32 %.9g\n", sqrt(rr / rr0));
        fprintf(out, "x_sum f64 %.17g\n", xsum);
        if (out != stdout)
            fclose(out);
    }
    free(x);
    free(r);
    free(p);
    free(q);
    MPI_Finalize();
    return 0;
}
