/* comm(C, ordered): floating-point sums and products folded in rank order
 * on every rank, so every rank prints the same bits, run after run
 * (tests/run-mpi.sh checks both), and within rounding of the 1-rank sum.
 *   ordered N OUT */
#include "common.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    long n = argc > 1 ? atol(argv[1]) : 1000, lo, hi;
    block_of(n, rank, ranks, &lo, &hi);
    FILE *out = open_output(argc > 2 ? argv[2] : "ordered.out", MPI_COMM_WORLD);
    double s = 0.1;
    float f = 0.0f;
    double p = 1.0;
#pragma reduce(+: s, f) reduce(*: p) comm(MPI_COMM_WORLD, ordered)
    for (long i = lo; i < hi; i++) {
        double v = (double)(mix((unsigned long long)i) % 1000003) / 7.0 - 70000.0;
        s += v;
        f += (float)(v * 1e-3);
        p *= 1.0 + v * 1e-9;
    }
    fprintf(out, "sum f64 %.17g ordered %a\n", s, s);
    fprintf(out, "fsum f32 %.9g ordered %a\n", (double)f, (double)f);
    fprintf(out, "prod f64 %.17g ordered %a\n", p, p);
    fclose(out);
    MPI_Finalize();
    return 0;
}
