/* expect-error-at: 14:16: *(p + i) */
/* A parallel loop writing through a pointer held in a struct: the
 * pointer is copied to a variable before the loop (XSBench's hash grid,
 * SD.index_grid[e * n + i], runs: tests/e2e/member_pointers.c), and the
 * store is then judged as one through that variable: `*(p + i)` is not
 * a form of its own element the message accepts. */
typedef struct {
    int *index_grid;
    double *grid;
} SimData;

void scaled(const SimData *sd, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        *(sd->grid + i) = 2.0 * i;
}
