/* expect-error-at: 8:19: _Bool under ^ */
#include <stdbool.h>
typedef struct comm_s *MPI_Comm; /* as <mpi.h> declares it */
extern MPI_Comm world;
bool parity(const int *x, long n)
{
    bool odd = false;
#pragma reduce(^: odd) comm(world)
    for (long i = 0; i < n; i++)
        odd ^= x[i];
    return odd;
}
