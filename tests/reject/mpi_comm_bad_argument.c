/* expect-error-at: 7:34: expected ordered; 15:27: needs a communicator */
typedef struct comm_s *MPI_Comm; /* as <mpi.h> declares it */
extern MPI_Comm world;
double sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s) comm(world, fast)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
double sum2(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s) comm()
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
