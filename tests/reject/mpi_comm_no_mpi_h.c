/* expect-error-at: 5:22: needs mpi.h */
double sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s) comm(MPI_COMM_WORLD)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
