/* expect-error-at: 7:21: takes a NaN */
typedef struct comm_s *MPI_Comm; /* as <mpi.h> declares it */
extern MPI_Comm world;
double top(const double *a, int n)
{
    double m = -1.0;
#pragma reduce(max: m) comm(world)
    for (int i = 0; i < n; i++)
        m = m > a[i] ? m : a[i];
    return m;
}
