/* Three-level nests batch x rows x cols. (1) The batch loop accumulates a
 * total over the batch, so it is not independent; the row loop inside it
 * is. (2) Every batch independent, writing bmax[b], rows inside each
 * segment. (3) rows independent inside batches, written as out[b][r]. */
#include <stdio.h>
#include <stdlib.h>

#define R 12

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int nb = (int)(n / 200) + 2, cols = (int)(n % 50) + 1;
    if (nb > 400)
        nb = 400;
    int *x = malloc(((size_t)nb * R * cols + 1) * sizeof *x);
    long *rowsum = malloc(((size_t)nb * R + 1) * sizeof *rowsum);
    long *bmax = malloc((nb + 1) * sizeof *bmax);
    long (*out)[R] = malloc(((size_t)nb + 1) * sizeof *out);
    if (!x || !rowsum || !bmax || !out)
        return 1;
    for (long k = 0; k < (long)nb * R * cols; k++)
        x[k] = (int)((k * 41 + n) % 19) - 9;
    long total = 0;
    for (int b = 0; b < nb; b++) {
        for (int r = 0; r < R; r++) {
            long s = 0;
#pragma reduce(+: s)
            for (int c = 0; c < cols; c++)
                s += x[((long)b * R + r) * cols + c];
            rowsum[b * R + r] = s;
        }
        for (int r = 0; r < R; r++)
            total += rowsum[b * R + r] * (r + 1);
    }
    for (int b = 0; b < nb; b++) {
        long best = -1000000;
        for (int r = 0; r < R; r++) {
            long s = 0;
#pragma reduce(+: s)
            for (int c = 0; c < cols; c++)
                s += x[((long)b * R + r) * cols + c] * (c % 4);
            if (s > best)
                best = s;
        }
        bmax[b] = best;
    }
    for (int b = 0; b < nb; b++)
        for (int r = 0; r < R; r++) {
            long s = 0;
#pragma reduce(+: s)
            for (int c = 0; c < cols; c++)
                s += (long)x[((long)b * R + r) * cols + c] * x[((long)b * R + r) * cols + c];
            out[b][r] = s;
        }
    long h = total;
    for (int b = 0; b < nb; b++) {
        h = h * 5 + bmax[b];
        for (int r = 0; r < R; r++)
            h += out[b][r] * (r + 1);
        h %= 1000000007L;
    }
    printf("%d batches x %d cols: %ld\n", nb, cols, h);
    free(x); free(rowsum); free(bmax); free(out);
    return 0;
}
