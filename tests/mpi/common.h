/* What the MPI tests share: the block of global indices [lo, hi) this rank
 * owns (n need not divide evenly; a rank may own none), data made from the
 * global index alone, and one output file per rank (OUT.RANK), each line
 * `name tolerance value` (tests/run-mpi.sh compares them with a 1-rank run
 * of the same program built by mpicc, the pragmas ignored). */
#ifndef MPI_TEST_COMMON_H
#define MPI_TEST_COMMON_H

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void block_of(long n, int rank, int ranks, long *lo, long *hi)
{
    *lo = n * rank / ranks;
    *hi = n * (rank + 1) / ranks;
}

/* a well-mixed 64-bit value for global index i */
static unsigned long long mix(unsigned long long i)
{
    i += 0x9e3779b97f4a7c15ULL;
    i = (i ^ (i >> 30)) * 0xbf58476d1ce4e5b9ULL;
    i = (i ^ (i >> 27)) * 0x94d049bb133111ebULL;
    return i ^ (i >> 31);
}

static FILE *open_output(const char *prefix, MPI_Comm comm)
{
    int rank;
    MPI_Comm_rank(comm, &rank);
    char path[4096];
    snprintf(path, sizeof path, "%s.%d", prefix, rank);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        MPI_Abort(comm, 1);
    }
    return f;
}

/* exact: the same text; f64, f32: relative tolerances for sums and
 * products the ranks add in another order */
#define PUT_INT(f, name, v) fprintf(f, "%s exact %lld\n", name, (long long)(v))
#define PUT_UNS(f, name, v) fprintf(f, "%s exact %llu\n", name, (unsigned long long)(v))
#define PUT_DBL(f, name, tol, v) fprintf(f, "%s %s %.17g\n", name, tol, (double)(v))

#endif
