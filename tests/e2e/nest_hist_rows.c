/* Histogram per row via counts: for every row and every bin, a marked loop
 * counts the row's values in the bin (three-level nest: rows x bins x
 * columns), written into a 2-D fixed-width array counts[r][b]; then the
 * most populated bin per row (maxloc over a fixed-size row). */
#include <stdio.h>
#include <stdlib.h>

#define NB 8

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int cols = 33, rows = (int)(n / cols) + 1;
    if (rows > 2000)
        rows = 2000;
    short *v = malloc(((size_t)rows * cols + 1) * sizeof *v);
    int (*counts)[NB] = malloc(((size_t)rows + 1) * sizeof *counts);
    int *mode = malloc((rows + 1) * sizeof *mode);
    if (!v || !counts || !mode)
        return 1;
    for (long k = 0; k < (long)rows * cols; k++)
        v[k] = (short)((k * k + 3 * k + n) % 37);
    for (int r = 0; r < rows; r++) {
        for (int b = 0; b < NB; b++) {
            int c = 0;
#pragma reduce(+: c)
            for (int j = 0; j < cols; j++)
                c += v[r * cols + j] / 5 == b;
            counts[r][b] = c;
        }
    }
    for (int r = 0; r < rows; r++) {
        int best = -1, at = -1;
#pragma reduce(maxloc: best, at)
        for (int b = 0; b < NB; b++)
            if (counts[r][b] > best) {
                best = counts[r][b];
                at = b;
            }
        mode[r] = at * 100 + best;
    }
    long h = 0;
    for (int r = 0; r < rows; r++) {
        h = h * 7 + mode[r];
        for (int b = 0; b < NB; b++)
            h += counts[r][b] * (b + 1);
        h %= 1000000007L;
    }
    printf("%d rows: %ld\n", rows, h);
    free(v); free(counts); free(mode);
    return 0;
}
