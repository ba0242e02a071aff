/* MPI calls written in the time loop itself, between marked loops without
 * comm(): a halo exchange with MPI_Sendrecv into ghost cells the next loop
 * reads, an MPI_Allreduce of a marked loop's local sum (and one in place),
 * an MPI_Bcast of a value rank 0 computes from a kernel's output, MPI_Send
 * and MPI_Recv around the ring, MPI_Wtime and MPI_Barrier. The arrays stay
 * on the GPU between them; what each call sends comes back first, what it
 * receives makes those bytes stale. A 1-D smoothing of a rod in blocks.
 *   halo_inline N OUT */
#include "common.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long lo, hi;
    block_of(n, rank, ranks, &lo, &hi);
    long m = hi - lo;
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank < ranks - 1 ? rank + 1 : MPI_PROC_NULL;
    /* u[0] and u[m + 1]: ghosts, 0 past the rod's ends */
    double *u = calloc((size_t)m + 2, sizeof *u), *v = calloc((size_t)m + 2, sizeof *v);
    if (!u || !v)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (long k = 0; k < m; k++)
        u[k + 1] = (double)(mix((unsigned long long)(lo + k)) % 16);
    const double t0 = MPI_Wtime();
    double total = 0, scale = 1.0;
    int ring_ok = 1;
    for (int step = 0; step < 6; step++) {
        /* an empty block (n < ranks) has no cells to send: its ghosts pass
         * zeros through, as a 1-rank run's ends see them */
        MPI_Sendrecv(&u[m > 0 ? 1 : 0], 1, MPI_DOUBLE, left, 0, &u[m + 1], 1, MPI_DOUBLE, right, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[m], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
#pragma reduce parallel
        for (long k = 1; k <= m; k++)
            v[k] = 0.25 * u[k - 1] + 0.5 * u[k] + 0.25 * u[k + 1];
        double local = 0;
#pragma reduce(+: local)
        for (long k = 1; k <= m; k++)
            local += v[k];
        double global = 0;
        MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        double again = local;
        MPI_Allreduce(MPI_IN_PLACE, &again, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        total += global + again;
        /* cell 0, written by the kernel, from the rank that owns it to every rank */
        int mine = m > 0 ? rank : ranks, owner = ranks;
        MPI_Allreduce(&mine, &owner, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        double first = m > 0 ? v[1] : 0.0;
        if (owner < ranks)
            MPI_Bcast(&first, 1, MPI_DOUBLE, owner, MPI_COMM_WORLD);
        else
            first = 0.0;
        scale = 1.0 + first / 64.0;
        /* the last cell to the next rank, around the ring, into v's ghost,
         * which a kernel then reads (an empty block passes its ghost on) */
        const double sent = v[m];
        if (ranks > 1) {
            if (rank % 2 == 0) {
                MPI_Send(&v[m], 1, MPI_DOUBLE, (rank + 1) % ranks, 2, MPI_COMM_WORLD);
                MPI_Recv(&v[0], 1, MPI_DOUBLE, (rank + ranks - 1) % ranks, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(&v[0], 1, MPI_DOUBLE, (rank + ranks - 1) % ranks, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(&v[m], 1, MPI_DOUBLE, (rank + 1) % ranks, 2, MPI_COMM_WORLD);
            }
        } else {
            v[0] = v[m];
        }
        double ghost = 0;
#pragma reduce(+: ghost)
        for (long k = 0; k < 1; k++)
            ghost += v[k];
        /* what the previous rank sent, again, into a scalar */
        double prev_sent = -1;
        MPI_Sendrecv(&sent, 1, MPI_DOUBLE, (rank + 1) % ranks, 3, &prev_sent, 1, MPI_DOUBLE,
                     (rank + ranks - 1) % ranks, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        ring_ok &= ghost == prev_sent;
#pragma reduce parallel
        for (long k = 1; k <= m; k++)
            u[k] = v[k] * scale;
        MPI_Barrier(MPI_COMM_WORLD);
    }
    double sum = 0;
#pragma reduce(+: sum) comm(MPI_COMM_WORLD)
    for (long k = 1; k <= m; k++)
        sum += u[k];
    FILE *f = open_output(argc > 2 ? argv[2] : "halo_inline.out", MPI_COMM_WORLD);
    PUT_DBL(f, "total", "f64", total);
    PUT_INT(f, "ring_ok", ring_ok);
    PUT_DBL(f, "sum", "f64", sum);
    PUT_INT(f, "clock_ran", MPI_Wtime() >= t0);
    fclose(f);
    free(u);
    free(v);
    MPI_Finalize();
    return 0;
}
