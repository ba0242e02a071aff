/* A program of two files: this one plain MPI (built by mpicc through
 * pragreduce-cc, which passes files without marked loops on), norms.c with
 * the marked loops; linked by pragreduce-cc through mpicc.
 *   two_files N OUT */
#include "../common.h"

double norm1(const double *x, long m);
long long count_above(const double *x, long m, double level);

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    long n = argc > 1 ? atol(argv[1]) : 1000, lo, hi;
    block_of(n, rank, ranks, &lo, &hi);
    double *x = malloc((size_t)(hi - lo + 1) * sizeof *x);
    for (long i = lo; i < hi; i++)
        x[i - lo] = (double)(mix((unsigned long long)i) % 2001) - 1000.0;
    FILE *out = open_output(argc > 2 ? argv[2] : "two_files.out", MPI_COMM_WORLD);
    PUT_DBL(out, "norm1", "f64", norm1(x, hi - lo));
    PUT_INT(out, "above", count_above(x, hi - lo, 500.0));
    fclose(out);
    free(x);
    MPI_Finalize();
    return 0;
}
