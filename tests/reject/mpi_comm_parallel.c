/* expect-error-at: 7:25: has none */
typedef struct comm_s *MPI_Comm; /* as <mpi.h> declares it */
extern MPI_Comm world;
void scale(double *y, const double *x, int n)
{
    /* comm() on a parallel loop completes its reduce() over the ranks: here there is none */
#pragma reduce parallel comm(world)
    for (int i = 0; i < n; i++)
        y[i] = 2.0 * x[i];
}
