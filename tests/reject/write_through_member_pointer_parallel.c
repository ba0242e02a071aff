/* expect-error-at: 20:16: own row; 30:16: *(p + i) */
/* XSBench's hash grid (GridInit.c): a parallel loop over e writes its own
 * row SD.index_grid[e * in.n_isotopes + i], through a pointer held in a
 * struct. The row is the iteration's own; the reason for the refusal is
 * the pointer stored in memory, and the message says so and what to do,
 * as for a read (write_through_member_pointer.c: reductions). */
typedef struct {
    long n_isotopes;
    long hash_bins;
} Inputs;

typedef struct {
    int *index_grid;
    double *grid;
} SimData;

void hash_grid(Inputs in, SimData SD, double du)
{
    long e;
#pragma reduce parallel
    for (e = 0; e < in.hash_bins; e++) {
        double energy = e * du;
        for (long i = 0; i < in.n_isotopes; i++)
            SD.index_grid[e * in.n_isotopes + i] = (int)(energy * 100) + (int)i;
    }
}

void scaled(const SimData *sd, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        *(sd->grid + i) = 2.0 * i;
}
