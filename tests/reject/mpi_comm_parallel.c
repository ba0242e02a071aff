/* expect-error-at: 7:38: not supported on parallel */
typedef struct comm_s *MPI_Comm; /* as <mpi.h> declares it */
extern MPI_Comm world;
double scale(double *y, const double *x, int n)
{
    double s = 0.0;
#pragma reduce parallel reduce(+: s) comm(world)
    for (int i = 0; i < n; i++) {
        y[i] = 2.0 * x[i];
        s += y[i];
    }
    return s;
}
