/* maxloc/minloc over ranks with many ties (the first index wins, as the
 * loop's `>` and `<` keep it), over global indices, with the value before
 * the loop among the candidates; a floating-point min/max whose data has
 * zeros of both signs and NaN (never taken by `if (x > m)`).
 *   loc N OUT */
#include <math.h>

#include "common.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    long n = argc > 1 ? atol(argv[1]) : 1000, lo, hi;
    block_of(n, rank, ranks, &lo, &hi);
    long m = hi - lo;
    double *a = malloc((size_t)(m + 1) * sizeof *a);
    int *b = malloc((size_t)(m + 1) * sizeof *b);
    for (long k = 0; k < m; k++) {
        unsigned long long r = mix((unsigned long long)(lo + k));
        a[k] = (double)(r % 50);                 /* each value about n/50 times */
        b[k] = (int)(r % 7) - 3;
        if (r % 97 == 5)
            a[k] = NAN;                          /* never taken by the tests below */
        if (r % 89 == 1)
            a[k] = (r & 1) ? 0.0 : -0.0;
    }
    FILE *out = open_output(argc > 2 ? argv[2] : "loc.out", MPI_COMM_WORLD);

    double best = -1.0;
    long at = -1;
#pragma reduce(maxloc: best, at) comm(MPI_COMM_WORLD)
    for (long i = lo; i < hi; i++) {
        if (a[i - lo] > best) {
            best = a[i - lo];
            at = i;
        }
    }
    PUT_DBL(out, "maxloc.value", "exact", best);
    PUT_INT(out, "maxloc.index", at);

    int low = 0;   /* ties with the data's -3 .. 3: the value before wins while nothing is smaller */
    long low_at = -7;
#pragma reduce(minloc: low, low_at) comm(MPI_COMM_WORLD)
    for (long i = lo; i < hi; i++)
        if (b[i - lo] < low) {
            low = b[i - lo];
            low_at = i;
        }
    PUT_INT(out, "minloc.value", low);
    PUT_INT(out, "minloc.index", low_at);

    double top = -1e300, bottom = 1e300;
#pragma reduce(max: top) reduce(min: bottom) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++) {
        if (a[k] > top)
            top = a[k];
        if (a[k] - 25.0 < bottom)
            bottom = a[k] - 25.0;
    }
    PUT_DBL(out, "max", "exact", top);
    PUT_DBL(out, "min", "exact", bottom);

    /* a NaN before the loop stays: `x > NaN` never holds */
    double stuck = NAN;
#pragma reduce(max: stuck) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++)
        if (a[k] > stuck)
            stuck = a[k];
    PUT_DBL(out, "nan-before", "exact", stuck);

    fclose(out);
    free(a);
    free(b);
    MPI_Finalize();
    return 0;
}
