/* expect-error-at: 11:22: not MPI_Comm; 19:22: shadowed by a long */
typedef struct comm_s *MPI_Comm; /* as <mpi.h> declares it */
extern MPI_Comm world;
double sum(const double *a, int n, int rank)
{
    double s = 0.0;
    {
        int world = 3; /* out of scope at the loops */
        (void)world;
    }
#pragma reduce(+: s) comm(rank)
    for (int i = 0; i < n; i++)
        s += a[i];
#pragma reduce(+: s) comm(world)
    for (int i = 0; i < n; i++)
        s += a[i];
    {
        long world = 2;
#pragma reduce(+: s) comm(world)
        for (int i = 0; i < n; i++)
            s += a[i];
    }
    return s;
}
