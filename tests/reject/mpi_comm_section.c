/* expect-error-at: 7:19: array section */
typedef struct comm_s *MPI_Comm; /* as <mpi.h> declares it */
extern MPI_Comm world;
void histogram(long *h, const int *x, long n)
{
    /* each rank's histogram, not yet completed over ranks */
#pragma reduce(+: h[0:16]) comm(world)
    for (long i = 0; i < n; i++)
        h[x[i] & 15]++;
}
