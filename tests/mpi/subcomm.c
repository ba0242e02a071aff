/* Communicators other than MPI_COMM_WORLD, from MPI_Comm_split: the even
 * and the odd ranks each reduce all n values among themselves (blocks by
 * their rank in the half), and a communicator of every rank in reverse
 * order; comm(...) is an expression. With 3 ranks one half has one rank; n
 * = 0 or 3 leaves ranks without iterations.
 *   subcomm N OUT */
#include "common.h"

struct comms {
    MPI_Comm half, reversed;
};

static long long half_sum(const struct comms *c, long n)
{
    int rank, ranks;
    MPI_Comm_rank(c->half, &rank);
    MPI_Comm_size(c->half, &ranks);
    long lo, hi;
    block_of(n, rank, ranks, &lo, &hi);
    long long s = 11;
#pragma reduce(+: s) comm(c->half)
    for (long i = lo; i < hi; i++)
        s += (long long)(mix((unsigned long long)i) % 1000);
    return s;
}

static double reversed_max(MPI_Comm comm, long n, long *where)
{
    int rank, ranks;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    long lo, hi;
    block_of(n, rank, ranks, &lo, &hi);
    double best = -1.0;
    long at = -1;
#pragma reduce(maxloc: best, at) comm(comm)
    for (long i = lo; i < hi; i++) {
        double v = (double)(mix((unsigned long long)i) % 20);
        if (v > best) {
            best = v;
            at = i;
        }
    }
    *where = at;
    return best;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long n = argc > 1 ? atol(argv[1]) : 1000;
    struct comms c;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &c.half);
    MPI_Comm_split(MPI_COMM_WORLD, 0, -rank, &c.reversed);
    FILE *out = open_output(argc > 2 ? argv[2] : "subcomm.out", MPI_COMM_WORLD);
    PUT_INT(out, "half.sum", half_sum(&c, n));
    long at;
    double best = reversed_max(c.reversed, n, &at);
    PUT_DBL(out, "reversed.max", "exact", best);
    PUT_INT(out, "reversed.at", at);
    fclose(out);
    MPI_Comm_free(&c.half);
    MPI_Comm_free(&c.reversed);
    MPI_Finalize();
    return 0;
}
