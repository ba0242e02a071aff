/* An MPI program whose marked loops have no comm() clause: each rank
 * reduces its own block and combines the parts itself with MPI_Allreduce,
 * as MPI programs are written without pragreduce. The output must build
 * (<mpi.h>'s C++ bindings stay out of the extern "C" block) and the
 * partial sums' addresses, taken after their loops, must not block them.
 *   no_comm N OUT */
#include "common.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long lo, hi;
    block_of(n, rank, ranks, &lo, &hi);
    long m = hi - lo;
    double *x = malloc((size_t)(m > 0 ? m : 1) * sizeof *x);
    long *c = malloc((size_t)(m > 0 ? m : 1) * sizeof *c);
    if (!x || !c)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (long k = 0; k < m; k++) {
        x[k] = (double)(mix((unsigned long long)(lo + k)) % 1000) * 0.125;
        c[k] = (long)(mix((unsigned long long)(lo + k) + 7u) % 100);
    }
    double local = 0.0, global = 0.0;
#pragma reduce(+: local)
    for (long k = 0; k < m; k++)
        local += x[k] * x[k];
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    long top = -1, all_top = -1;
#pragma reduce(max: top)
    for (long k = 0; k < m; k++)
        if (c[k] > top)
            top = c[k];
    MPI_Allreduce(&top, &all_top, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
    FILE *f = open_output(argc > 2 ? argv[2] : "no_comm.out", MPI_COMM_WORLD);
    PUT_DBL(f, "sum_of_squares", "f64", global);
    PUT_INT(f, "max", all_top);
    fclose(f);
    free(x);
    free(c);
    MPI_Finalize();
    return 0;
}
