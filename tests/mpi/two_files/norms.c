/* The marked loops of tests/mpi/two_files: each over this rank's block,
 * completed over MPI_COMM_WORLD. */
#include <math.h>
#include <mpi.h>

double norm1(const double *x, long m)
{
    double s = 0.0;
#pragma reduce(+: s) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++)
        s += fabs(x[k]);
    return s;
}

long long count_above(const double *x, long m, double level)
{
    long long c = 0;
#pragma reduce(+: c) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++)
        c += x[k] > level;
    return c;
}
