/* A floating-point max whose result is a zero met with both signs on
 * different ranks: which zero the loop keeps depends on the order, so the
 * program must stop with a message (tests/run-mpi.sh, 2 ranks) rather
 * than print either. One rank has one part: no question, it runs.
 *   zero_signs N OUT */
#include "../common.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    long n = argc > 1 ? atol(argv[1]) : 1000, lo, hi;
    block_of(n, rank, ranks, &lo, &hi);
    double m = -1.0;
#pragma reduce(max: m) comm(MPI_COMM_WORLD)
    for (long i = lo; i < hi; i++) {
        double z = i < n / 2 ? -0.0 : 0.0; /* -0 in the first half, +0 in the second */
        if (z > m)
            m = z;
    }
    FILE *out = open_output(argc > 2 ? argv[2] : "zero_signs.out", MPI_COMM_WORLD);
    PUT_DBL(out, "max", "exact", m);
    fclose(out);
    MPI_Finalize();
    return 0;
}
