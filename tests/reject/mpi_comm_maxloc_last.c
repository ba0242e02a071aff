/* expect-error-at: 8:24: ties keep the last index */
typedef struct comm_s *MPI_Comm; /* as <mpi.h> declares it */
extern MPI_Comm world;
long last_max(const double *a, long n)
{
    double m = -1.0;
    long at = -1;
#pragma reduce(maxloc: m, at) comm(world)
    for (long i = 0; i < n; i++)
        if (a[i] >= m) {
            m = a[i];
            at = i;
        }
    return at;
}
