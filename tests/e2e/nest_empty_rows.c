/* Segmented reductions over rows of varying length, many of them empty:
 * an empty row must leave each variable as it was before the loop (5 stays
 * 5 under && and ||, not 1), a non-empty one folds it in as C does (5 && x
 * is 0 or 1). Every operator, starting values that are not identities. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int rows = (int)(n / 4) + 1;
    if (rows > 50000)
        rows = 50000;
    int *len = malloc(sizeof(int) * (size_t)rows);
    long *off = malloc(sizeof(long) * (size_t)rows);
    long total = 0;
    for (int r = 0; r < rows; r++) {
        /* empty rows every third one, and rows of 1, 2, 40 and 70 */
        static const int lens[6] = {0, 1, 0, 2, 40, 70};
        len[r] = lens[(r + n) % 6];
        off[r] = total;
        total += len[r];
    }
    int *x = malloc(sizeof(int) * (size_t)(total + 1));
    for (long k = 0; k < total; k++)
        x[k] = (int)((k * 37 + n) % 11) - 2; /* -2 .. 8, zeros included */
    long *out[9];
    for (int k = 0; k < 9; k++)
        out[k] = calloc((size_t)rows, sizeof(long));
    long *os = out[0], *op = out[1], *omn = out[2], *omx = out[3], *oa = out[4], *oo = out[5];
    long *oe = out[6], *oland = out[7], *olor = out[8];
    double *dsums = calloc((size_t)rows, sizeof(double)), *dprods = calloc((size_t)rows, sizeof(double));
    for (int r = 0; r < rows; r++) {
        int s = 5, p = -2, mn = 3, mx = -7, a = 6, o = 0x40, e = 5, land = 5, lor = -2;
        double ds = -3.0, dm = 2.0;
        const long o0 = off[r];
#pragma reduce(+: s) reduce(*: p) reduce(min: mn) reduce(max: mx) reduce(&: a) reduce(|: o) \
    reduce(^: e) reduce(&&: land) reduce(||: lor) reduce(+: ds) reduce(*: dm) in(x[0:total])
        for (int c = 0; c < len[r]; c++) {
            s += x[o0 + c];
            p *= x[o0 + c] % 2 == 0 ? 1 : -1;
            mn = x[o0 + c] < mn ? x[o0 + c] : mn;
            if (x[o0 + c] > mx)
                mx = x[o0 + c];
            a &= x[o0 + c] + 8;
            o |= x[o0 + c] + 2;
            e ^= x[o0 + c] * 3;
            land = land && x[o0 + c] != 0;
            lor = lor || x[o0 + c] > 7;
            ds += x[o0 + c];
            dm *= x[o0 + c] == 0 ? 1.0 : 0.5;
        }
        os[r] = s;
        op[r] = p;
        omn[r] = mn;
        omx[r] = mx;
        oa[r] = a;
        oo[r] = o;
        oe[r] = e;
        oland[r] = land;
        olor[r] = lor;
        dsums[r] = ds;
        dprods[r] = dm;
    }
    long check[9] = {0};
    double dsum = 0.0, msum = 0.0;
    int fives = 0, minus2 = 0;
    for (int r = 0; r < rows; r++) {
        for (int k = 0; k < 9; k++)
            check[k] += out[k][r] * (r % 7 + 1);
        fives += oland[r] == 5;
        minus2 += olor[r] == -2;
        dsum += dsums[r];
        msum += dprods[r] * 1024.0;
    }
    printf("rows %d, total %ld\n", rows, total);
    for (int k = 0; k < 9; k++)
        printf("op %d: %ld\n", k, check[k]);
    printf("&& kept 5 in %d rows, || kept -2 in %d rows\n", fives, minus2);
    printf("double sum %.1f, products %.1f\n", dsum, msum);
    /* the same over the whole data in one plain loop (empty at n = 0) */
    int land = 5, lor = -2, mx = -7;
#pragma reduce(&&: land) reduce(||: lor) reduce(max: mx)
    for (long k = 0; k < total; k++) {
        land = land && x[k] != 9;
        lor = lor || x[k] > 100;
        mx = x[k] > mx ? x[k] : mx;
    }
    printf("whole: && %d, || %d, max %d\n", land, lor, mx);
    free(len); free(off); free(x); for (int k = 0; k < 9; k++)
        free(out[k]);
    free(dsums); free(dprods);
    return 0;
}
