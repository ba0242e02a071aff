/* expect-error-at: 8:37: takes a NaN */
typedef struct comm_s *MPI_Comm; /* as <mpi.h> declares it */
extern MPI_Comm world;
double scale(double *y, const double *x, int n)
{
    double m = 0.0;
    /* a parallel loop's reduce() over the ranks is checked as a marked loop's */
#pragma reduce parallel reduce(max: m) comm(world)
    for (int i = 0; i < n; i++) {
        y[i] = 2.0 * x[i];
        m = m > y[i] ? m : y[i];
    }
    return m;
}
