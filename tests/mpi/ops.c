/* Every operator over ranks, on the types it takes: sums, products,
 * min/max, bitwise and logical, wrapping integers, a value before the loop
 * that differs by rank (folded in once: each rank prints the difference),
 * several variables of one pragma, a collapsed nest with an OpenMP line.
 *   ops N OUT */
#include <limits.h>
#include <math.h>
#include <stdbool.h>

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
    long long *w = malloc((size_t)(m + 1) * sizeof *w);
    double *x = malloc((size_t)(m + 1) * sizeof *x);
    float *y = malloc((size_t)(m + 1) * sizeof *y);
    for (long k = 0; k < m; k++) {
        unsigned long long r = mix((unsigned long long)(lo + k));
        w[k] = (long long)(r % 2000001) - 1000000;
        x[k] = (double)(r % 1000003) / 1000003.0 - 0.5;
        y[k] = (float)((r >> 20) % 4099) / 4099.0f;
    }
    FILE *out = open_output(argc > 2 ? argv[2] : "ops.out", MPI_COMM_WORLD);

    long long isum = 5, lmax = LLONG_MIN;
    double dsum = 0.25;
#pragma reduce(+: isum, dsum) reduce(max: lmax) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++) {
        isum += w[k];
        dsum += x[k];
        if (w[k] > lmax)
            lmax = w[k];
    }
    PUT_INT(out, "isum", isum);
    PUT_DBL(out, "dsum", "f64", dsum);
    PUT_INT(out, "lmax", lmax);

    unsigned usum = 7u;
    signed char csum = 3;
#pragma reduce(+: usum, csum) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++) {
        usum += (unsigned)w[k] * 2654435761u;
        csum += (signed char)(w[k] & 0x7f);
    }
    PUT_UNS(out, "usum", usum);
    PUT_INT(out, "csum", csum);

    float fsum = 1.0f;
#pragma reduce(+: fsum) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++)
        fsum += y[k];
    PUT_DBL(out, "fsum", "f32", fsum);

    double prod = 2.0;
    unsigned long long uprod = 3;
#pragma reduce(*: prod, uprod) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++) {
        prod *= 1.0 + x[k] * 1e-3;
        uprod *= (unsigned long long)w[k] | 1u;
    }
    PUT_DBL(out, "prod", "f64", prod);
    PUT_UNS(out, "uprod", uprod);

    int imin = 999999;
    short smax = -32768;
#pragma reduce(min: imin) reduce(max: smax) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++) {
        imin = (int)w[k] < imin ? (int)w[k] : imin;
        if ((short)(w[k] % 30000) > smax)
            smax = (short)(w[k] % 30000);
    }
    PUT_INT(out, "imin", imin);
    PUT_INT(out, "smax", smax);

    double dmin = 10.0;
    float fmx = -1.0f;
#pragma reduce(min: dmin) reduce(max: fmx) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++) {
        if (x[k] < dmin)
            dmin = x[k];
        fmx = fmaxf(fmx, y[k]);
    }
    PUT_DBL(out, "dmin", "exact", dmin);
    PUT_DBL(out, "fmx", "exact", fmx);

    unsigned band = ~0u;
    unsigned long bor = 0x100000000UL;
    long bxor = 12345;
#pragma reduce(&: band) reduce(|: bor) reduce(^: bxor) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++) {
        band &= (unsigned)w[k] | 0x80000001u;
        bor |= (unsigned long)(w[k] & 0x3f0);
        bxor ^= w[k];
    }
    PUT_UNS(out, "band", band);
    PUT_UNS(out, "bor", bor);
    PUT_INT(out, "bxor", bxor);

    /* && and ||: 7 stays 7 when no update runs anywhere */
    int none_huge = 7, any_neg = 0, any_huge = 9;
    bool all_small = true;
#pragma reduce(&&: none_huge, all_small) reduce(||: any_neg, any_huge) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++) {
        if (w[k] > 2000000)
            none_huge = 0;
        all_small = all_small && w[k] < 999990;
        if (w[k] < 0)
            any_neg = 1;
        if (w[k] > 2000000)
            any_huge = 1;
    }
    PUT_INT(out, "none_huge", none_huge);
    PUT_INT(out, "all_small", all_small);
    PUT_INT(out, "any_neg", any_neg);
    PUT_INT(out, "any_huge", any_huge);

    /* each rank's own value before the loop, folded in once */
    long long mine = 1000LL * rank + 3, before = mine;
    unsigned mask = 0xf0f0u + (unsigned)rank, mask_before = mask;
#pragma reduce(+: mine) reduce(^: mask) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++) {
        mine += w[k] % 1000;
        mask ^= (unsigned)w[k];
    }
    PUT_INT(out, "mine-before", mine - before);
    PUT_UNS(out, "mask^before", mask ^ mask_before);

    /* a 2-D nest made one iteration space (collapse), with an OpenMP line
     * for the CPU path's build */
    long cols = 5, grid = 0;
#pragma omp parallel for reduction(+: grid)
#pragma reduce(+: grid) collapse(2) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++)
        for (long c = 0; c < cols; c++)
            grid += (w[k] >> c) & 7;
    PUT_INT(out, "grid", grid);

    fclose(out);
    free(w);
    free(x);
    free(y);
    MPI_Finalize();
    return 0;
}
